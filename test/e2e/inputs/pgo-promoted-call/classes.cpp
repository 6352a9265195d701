#include "classes.h"
struct Ptr : Base {
  int *P;
  explicit Ptr(int *P) : P(P) {}
  int *get() const override { return P; }
};
struct Ref : Base {
  int &R;
  explicit Ref(int &R) : R(R) {}
  int *get() const override { return &R; }
};
Base *makeRef(int &R) { return new Ref(R); }
Base *makePtr(int *P) { return new Ptr(P); }
