#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Function-pointer identity. Two identical functions whose addresses are
# taken and compared at run time: in safe mode they are merged (the listing
# says so) yet their addresses still compare unequal; in all mode they are
# merged into one function and, as documented, the addresses compare equal.
source "$(dirname "$0")/common.bash"

cat > twins.c <<'C'
#include <stdio.h>
typedef long (*Fn)(const long *, int);
__attribute__((noinline)) long sum_a(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i] * (i + 3) ^ (s >> 2);
  return s;
}
__attribute__((noinline)) long sum_b(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i] * (i + 3) ^ (s >> 2);
  return s;
}
/* volatile: the compiler cannot know which functions are compared. */
Fn volatile pa = sum_a, pb = sum_b;
int main(void) {
  long v[5] = {1, 2, 3, 4, 5};
  printf("results %ld %ld %ld %ld\n", sum_a(v, 5), sum_b(v, 4), pa(v, 5), pb(v, 4));
  printf("equal %d\n", pa == pb);
  return 0;
}
C
cc_lto twins.o twins.c
run_ok "plain link" link_c plain twins.o
expected_results=$(./plain | grep results)
expect_eq "plain build keeps pointers distinct" "equal 0" "$(./plain | grep equal)"

for mode in safe all; do
  run_ok "$mode link" link_c "$mode" twins.o -Wl,--lto-merge-functions=$mode \
    -Wl,--print-merged-functions
  cp run.out "listing-$mode.txt"
  check_text "$mode listing" "listing-$mode.txt" <<'CHECK'
CHECK: {{^}}selected function sum_{{(a|b)$}}
CHECK-NEXT: {{^  removing identical function sum_(a|b) }}
CHECK
  expect_eq "$mode results" "$expected_results" "$(./"$mode" | grep results)"
done

expect_eq "safe mode keeps address-taken twins distinct" "equal 0" "$(./safe | grep equal)"
expect_no_grep "safe mode never erases an address-taken twin" '\(erased\)' listing-safe.txt
expect_eq "all mode merges address-taken twins into one address" "equal 1" "$(./all | grep equal)"
check_text "all mode erases the twin" listing-all.txt <<'CHECK'
CHECK: {{^}}selected function sum_{{(a|b)$}}
CHECK-NEXT: {{^  removing identical function sum_(a|b) \(erased\)$}}
CHECK

# The last of --lto-merge-functions[=mode] / --no-lto-merge-functions wins.
run_ok "last wins: all then safe" link_c last-safe twins.o -Wl,--lto-merge-functions=all \
  -Wl,--lto-merge-functions -Wl,--print-merged-functions
expect_eq "--lto-merge-functions after =all means safe" "equal 0" "$(./last-safe | grep equal)"
run_ok "last wins: no- last" link_c last-off twins.o -Wl,--lto-merge-functions=all \
  -Wl,--no-lto-merge-functions
cmp -s plain last-off || fail "--no-lto-merge-functions last: output differs from a plain link"
