#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# C++ exceptions thrown through merged functions, with destructors run
# during unwinding, and virtual calls through vtables whose entries point to
# merged functions. The merged program must print what the plain one prints.
source "$(dirname "$0")/common.bash"

cat > prog.cpp <<'CPP'
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>

static int Live = 0;
struct Guard {
  Guard() { ++Live; }
  ~Guard() { --Live; }
};

__attribute__((noinline)) int parseLeft(int X) {
  Guard G;
  if (X % 3 == 0)
    throw std::runtime_error("bad value " + std::to_string(X));
  return X * 2 + 1;
}
__attribute__((noinline)) int parseRight(int X) {
  Guard G;
  if (X % 3 == 0)
    throw std::runtime_error("bad value " + std::to_string(X));
  return X * 2 + 1;
}

struct Animal {
  virtual ~Animal() = default;
  virtual int legs(int N) const = 0;
  virtual int risky(int N) const = 0;
};
struct Dog : Animal {
  int legs(int N) const override {
    int S = 0;
    for (int I = 0; I < N; ++I)
      S += (I * 4) ^ (S >> 1);
    return S;
  }
  int risky(int N) const override {
    Guard G;
    if (N < 0)
      throw std::invalid_argument("negative " + std::to_string(N));
    return N * 4 + legs(N);
  }
};
struct Cat : Animal {
  int legs(int N) const override {
    int S = 0;
    for (int I = 0; I < N; ++I)
      S += (I * 4) ^ (S >> 1);
    return S;
  }
  int risky(int N) const override {
    Guard G;
    if (N < 0)
      throw std::invalid_argument("negative " + std::to_string(N));
    return N * 4 + legs(N);
  }
};
struct Bird : Animal {
  int legs(int N) const override { return 2 * N; }
  int risky(int N) const override {
    if (N < -1)
      throw std::invalid_argument("bird");
    return N;
  }
};

int main(int Argc, char **) {
  long Sum = 0;
  int Caught = 0;
  std::string Last;
  for (int I = Argc; I < 12; ++I) {
    try {
      Sum += parseLeft(I) + parseRight(I + 1);
    } catch (const std::runtime_error &E) {
      ++Caught;
      Last = E.what();
    }
  }
  std::vector<std::unique_ptr<Animal>> Zoo;
  Zoo.push_back(std::make_unique<Dog>());
  Zoo.push_back(std::make_unique<Cat>());
  Zoo.push_back(std::make_unique<Bird>());
  for (auto &A : Zoo)
    for (int N = -3; N < 6; ++N) {
      try {
        Sum += A->legs(N) + A->risky(N);
      } catch (const std::invalid_argument &E) {
        const Animal &Ref = *A;
        ++Caught;
        Last += std::string(" ") + typeid(Ref).name() + ":" + E.what();
      }
    }
  std::printf("sum %ld caught %d live %d\nlast %s\n", Sum, Caught, Live,
              Last.c_str());
  return 0;
}
CPP
cxx_lto prog.o prog.cpp
run_ok "plain link" link_cxx plain prog.o
run_ok "merging link" link_cxx merged prog.o -Wl,--lto-merge-functions \
  -Wl,--print-merged-functions
cp run.out listing.txt

check_text "throwing twins merged" listing.txt <<'CHECK'
CHECK: {{^}}selected function _Z{{(9parseLeft|10parseRight)}}i{{$}}
CHECK-NEXT: {{^  removing identical function _Z(9parseLeft|10parseRight)i }}
CHECK
check_text "virtual legs merged" listing.txt <<'CHECK'
CHECK: {{^}}selected function _ZNK3{{(Dog|Cat)}}4legsEi{{$}}
CHECK-NEXT: {{^  removing identical function _ZNK3(Dog|Cat)4legsEi }}
CHECK
check_text "virtual risky merged" listing.txt <<'CHECK'
CHECK: {{^}}selected function _ZNK3{{(Dog|Cat)}}5riskyEi{{$}}
CHECK-NEXT: {{^  removing identical function _ZNK3(Dog|Cat)5riskyEi }}
CHECK

./plain > plain.txt
./merged > merged.txt
check_text "plain run caught the exceptions" plain.txt <<'CHECK'
CHECK: caught {{[1-9][0-9]*}} live 0
CHECK
cmp -s plain.txt merged.txt || { diff plain.txt merged.txt >&2; fail "merged program prints something else"; }
