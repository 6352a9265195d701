#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Similar functions whose constants do not fit in argument registers share
# a body through constant tables: C helpers that take five arguments and
# differ in the two messages they print on their error paths and in one
# constant, as CTMark's lencod's allocators do, in one unit and across two
# units. Linked with --lto-merge-functions --lto-merge-similar-functions,
# full LTO and ThinLTO, the listing says the values travel in constant
# tables, and the program prints what it prints unmerged, every helper its
# own messages. With -mllvm -lto-merge-functions-similar-constant-tables=false
# nothing needs a table and the twins stay apart.
source "$(dirname "$0")/common.bash"

cat > helpers.h <<'C'
#include <stdio.h>
#define HELPER(NAME, TOO_WIDE, TOO_TALL, SALT)                               \
  __attribute__((noinline)) long NAME(long *out, long a, long b, long c,    \
                                      long d) {                             \
    long n = a * b;                                                          \
    if (n > 4000) {                                                          \
      puts(TOO_WIDE);                                                        \
      n = 4000;                                                              \
    }                                                                        \
    long m = c * d;                                                          \
    if (m > 900) {                                                           \
      puts(TOO_TALL);                                                        \
      m = 900;                                                               \
    }                                                                        \
    long s = 0;                                                              \
    for (long i = 0; i < n; ++i) {                                           \
      s += ((i ^ m) ^ SALT) * 3 + (s >> 3);                                 \
      s ^= s << 2;                                                           \
      s = s % 1000003;                                                       \
    }                                                                        \
    for (long i = 0; i < m; ++i) {                                           \
      s = (s * 7 + i) % 999983;                                              \
      if (s & 4)                                                             \
        s += i / 3;                                                          \
      else                                                                   \
        s -= i % 5;                                                          \
      s ^= (s >> 5) + (i << 1);                                              \
    }                                                                        \
    if (s < 0) {                                                             \
      puts("negative");                                                      \
      s = -s;                                                                \
    }                                                                        \
    *out = s + m;                                                            \
    return s + n;                                                            \
  }
C

cat > a.c <<'C'
#include "helpers.h"
HELPER(alloc_pel, "alloc_pel: too wide", "alloc_pel: too tall", 3)
HELPER(alloc_short, "alloc_short: too wide", "alloc_short: too tall", 5)
long alloc_int(long *out, long a, long b, long c, long d);

/* Volatile, so that the optimizer cannot fold the arguments into the
   helpers before the merge sees them. */
volatile long dims[3][4] = {{71, 80, 40, 30}, {10, 21, 50, 40}, {90, 61, 2, 3}};

int main(void) {
  long r[3], s = 0;
  s += alloc_pel(&r[0], dims[0][0], dims[0][1], dims[0][2], dims[0][3]);
  s += alloc_short(&r[1], dims[1][0], dims[1][1], dims[1][2], dims[1][3]);
  s += alloc_int(&r[2], dims[2][0], dims[2][1], dims[2][2], dims[2][3]);
  printf("%ld %ld %ld %ld\n", s, r[0], r[1], r[2]);
  return 0;
}
C

cat > b.c <<'C'
#include "helpers.h"
HELPER(alloc_int, "alloc_int: too wide", "alloc_int: too tall", 7)
C

MERGE=(-Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions
       -Wl,--print-merged-functions)
NO_TABLES=(-Wl,-mllvm,-lto-merge-functions-similar-constant-tables=false)

for lto in full thin; do
  "$CC" -O2 -flto=$lto -c a.c -o a-$lto.o
  "$CC" -O2 -flto=$lto -c b.c -o b-$lto.o
  run_ok "plain link ($lto)" link_c plain-$lto a-$lto.o b-$lto.o
  run_ok "similar merging ($lto)" link_c tables-$lto a-$lto.o b-$lto.o \
    "${MERGE[@]}"
  cp run.out listing-$lto.txt
  run_ok "no constant tables ($lto)" link_c no-tables-$lto a-$lto.o \
    b-$lto.o "${MERGE[@]}" "${NO_TABLES[@]}"
  cp run.out listing-no-tables-$lto.txt
  expect_no_grep "no merge without tables ($lto)" "merged similar functions" \
    listing-no-tables-$lto.txt
  ./plain-$lto >out.plain-$lto
  for exe in tables-$lto no-tables-$lto; do
    ./$exe >out.$exe
    expect_eq "$exe prints what the plain link prints" \
      "$(cat out.plain-$lto)" "$(cat out.$exe)"
  done
done

check_text "full LTO: the three helpers share one body through tables" \
  listing-full.txt <<'CHECK'
CHECK: merged similar functions into {{alloc_[a-z]+}}.lmf.similar (3 parameters, 3 of them in constant tables, about {{[0-9]+}} bytes saved)
CHECK-DAG: sharing body with similar function alloc_pel
CHECK-DAG: sharing body with similar function alloc_short
CHECK-DAG: sharing body with similar function alloc_int
CHECK
check_text "ThinLTO: the units' helpers share one body across modules" \
  listing-thin.txt <<'CHECK'
CHECK: merged similar functions into alloc_pel.lmf.similar across modules ({{[0-9]+}} parameters, {{[0-9]+}} of them in constant tables, about {{[0-9]+}} bytes saved)
CHECK-DAG: sharing body with similar function alloc_pel in a-thin.o (thunk)
CHECK-DAG: sharing body with similar function alloc_int in b-thin.o (thunk)
CHECK
check_text "every helper prints its own messages" out.plain-full <<'CHECK'
CHECK: alloc_pel: too wide
CHECK: alloc_short: too tall
CHECK: alloc_int: too wide
CHECK
