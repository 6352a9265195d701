#include "classes.h"
// With a profile that says B->get() is Ref::get, the optimizer promotes the
// call behind a test of its target and drops the null check on that path.
__attribute__((noinline)) int use(const Base *B) {
  int *P = B->get();
  if (P)
    return *P;
  return 42;
}
