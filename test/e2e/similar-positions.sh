#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The kinds of positions of similar merging as users get them: a C program
# whose twins differ in the bounds and steps of their loops (integer operand
# positions) or in the function they call (callee positions), linked with
# --lto-merge-functions --lto-merge-similar-functions. Both kinds merge by
# default and the program prints what it prints unmerged; each kind can be
# turned off with its -mllvm option; a program built with
# -fcf-protection=branch keeps its direct calls (no callee positions) and
# still merges the integer twins.
source "$(dirname "$0")/common.bash"

cat > prog.c <<'C'
#include <stdio.h>

/* Twins that differ only in integer constants: a bound, a step, a mask. */
#define SCALER(NAME, BOUND, STEP, MASK)                                      \
  __attribute__((noinline)) long NAME(long x) {                              \
    long acc = 0;                                                            \
    for (long i = 0; i < x; ++i) {                                           \
      long v = (i + STEP) ^ (acc >> 2);                                      \
      if (v > BOUND)                                                         \
        v = v - BOUND;                                                       \
      acc += (v | MASK) + i * 3;                                             \
      acc ^= acc << 3;                                                       \
    }                                                                        \
    return acc;                                                              \
  }
SCALER(scale_small, 100, 3, 1023)
SCALER(scale_large, 1000, 7, 4095)

__attribute__((noinline)) long square(long x) { return x * x + 1; }
__attribute__((noinline)) long cube(long x) { return x * x * x - 2; }

/* Twins that differ only in the function they call. */
#define FOLDER(NAME, F)                                                      \
  __attribute__((noinline)) long NAME(long n) {                              \
    long acc = 17;                                                           \
    for (long i = 0; i < n; ++i) {                                           \
      acc = acc * 31 + F(i ^ acc);                                           \
      acc ^= acc >> 7;                                                       \
      acc += (acc & 255) * i;                                                \
    }                                                                        \
    return acc;                                                              \
  }
FOLDER(fold_squares, square)
FOLDER(fold_cubes, cube)

int main(int argc, char **argv) {
  (void)argv;
  printf("%ld %ld\n", scale_small(2000 + argc), scale_large(3000 + argc));
  printf("%ld %ld\n", fold_squares(500 + argc), fold_cubes(600 + argc));
  return 0;
}
C

MERGE=(-Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions
       -Wl,--print-merged-functions)
cc_lto prog.o prog.c
cc_lto prog-cf.o prog.c -fcf-protection=branch

run_ok "plain link" link_c plain prog.o
run_ok "similar merging" link_c similar prog.o "${MERGE[@]}"
cp run.out listing.txt
run_ok "without integer positions" link_c no-integers prog.o "${MERGE[@]}" \
  -Wl,-mllvm,-lto-merge-functions-similar-integers=false
cp run.out listing-no-integers.txt
run_ok "without callee positions" link_c no-callees prog.o "${MERGE[@]}" \
  -Wl,-mllvm,-lto-merge-functions-similar-callees=false
cp run.out listing-no-callees.txt
run_ok "indirect-branch tracking" link_c similar-cf prog-cf.o "${MERGE[@]}"
cp run.out listing-cf.txt

./plain >out.plain
for exe in similar no-integers no-callees similar-cf; do
  ./$exe >out.$exe
  expect_eq "$exe prints what the plain link prints" "$(cat out.plain)" \
    "$(cat out.$exe)"
done

INTEGER_CLASS='sharing body with similar function scale_large'
CALLEE_CLASS='sharing body with similar function fold_cubes'
check_text "the integer and the callee twins share a body" listing.txt <<CHECK
CHECK-DAG: $INTEGER_CLASS
CHECK-DAG: $CALLEE_CLASS
CHECK
expect_no_grep "integer positions turned off" "$INTEGER_CLASS" \
  listing-no-integers.txt
check_text "callees still merge without integer positions" \
  listing-no-integers.txt <<<"CHECK: $CALLEE_CLASS"
expect_no_grep "callee positions turned off" "$CALLEE_CLASS" \
  listing-no-callees.txt
check_text "integers still merge without callee positions" \
  listing-no-callees.txt <<<"CHECK: $INTEGER_CLASS"
expect_no_grep "no callee positions under -fcf-protection=branch" \
  "$CALLEE_CLASS" listing-cf.txt
check_text "integer twins merge under -fcf-protection=branch" \
  listing-cf.txt <<<"CHECK: $INTEGER_CLASS"
note ".text: plain $(text_size plain), similar $(text_size similar)"
echo "PASS: similar positions"
