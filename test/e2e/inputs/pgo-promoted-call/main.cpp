#include "classes.h"
#include <cstdio>
#include <cstdlib>
// Trains on Ref objects; then asks a Ptr holding null, which must print 42.
int main(int argc, char **argv) {
  int X = 7;
  Base *R = makeRef(X), *P = makePtr(nullptr);
  int N = argc > 1 ? std::atoi(argv[1]) : 0;
  long Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += use(R);
  std::printf("%d\n", use(P));
  return Sum != 7L * N;
}
