// Two virtual functions with one body: Ptr::get returns a pointer member,
// Ref::get the address of a reference member (so its result is nonnull).
struct Base {
  virtual int *get() const = 0;
  virtual ~Base() {}
};
Base *makeRef(int &R);
Base *makePtr(int *P);
int use(const Base *B);
