#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Exported twins in a ThinLTO link, a C program of two translation units.
# Our ld.lld reads the link's inputs and tells the backends which functions
# no input takes the address of: scale_a and scale_b, only called, become
# one function (aliases: the same address in the binary), while id_a and
# id_b, whose addresses the other unit stores and compares at run time,
# stay distinct, in process and with distributed (DTLTO) backends alike.
# The program prints what it prints without merging.
source "$(dirname "$0")/common.bash"

cat > twins.c <<'C'
__attribute__((noinline)) long scale_a(long x) { return x * 13 + (x >> 3); }
__attribute__((noinline)) long scale_b(long x) { return x * 13 + (x >> 3); }
__attribute__((noinline)) long id_a(long x) { return x * 29 - (x >> 5); }
__attribute__((noinline)) long id_b(long x) { return x * 29 - (x >> 5); }
C
cat > main.c <<'C'
#include <stdio.h>
long scale_a(long), scale_b(long), id_a(long), id_b(long);
typedef long (*Fn)(long);
/* volatile: the compiler cannot know which functions are compared. */
Fn volatile pa = id_a, pb = id_b;
int main(int argc, char **argv) {
  long x = argc + 40;
  printf("results %ld %ld %ld %ld\n", scale_a(x), scale_b(x + 1), pa(x), pb(x));
  printf("equal %d\n", pa == pb);
  return 0;
}
C
"$CC" -O2 -flto=thin -c twins.c -o twins.o
"$CC" -O2 -flto=thin -c main.c -o main.o
run_ok "plain link" "$CC" -flto=thin -fuse-ld=lld --ld-path="$LMF_LD" \
  twins.o main.o -o plain
expected=$(./plain)
expect_eq "plain build keeps pointers distinct" "equal 0" "$(./plain | grep equal)"

run_ok "merging link" "$CC" -flto=thin -fuse-ld=lld --ld-path="$LMF_LD" \
  twins.o main.o -o merged -Wl,--lto-merge-functions \
  -Wl,--print-merged-functions -Wl,-v
cp "$WORK/run.out" listing.txt
check_text "inputs read" listing.txt <<'CHECK'
CHECK: functions' addresses unused in 2 ThinLTO modules
CHECK
check_text "only called: an alias" listing.txt <<'CHECK'
CHECK: {{^}}selected function scale_{{(a|b)$}}
CHECK-NEXT: {{^  removing identical function scale_(a|b) \(alias\)$}}
CHECK
check_text "address compared: a thunk" listing.txt <<'CHECK'
CHECK: {{^}}selected function id_{{(a|b)$}}
CHECK-NEXT: {{^  removing identical function id_(a|b) \(callers-redirected\)$}}
CHECK
expect_eq "program output" "$expected" "$(./merged)"

address() { "$LLVM_TOOLS/llvm-nm" "$1" | awk -v s="$2" '$3 == s { print $1 }'; }
expect_eq "scale_a and scale_b share one address" \
  "$(address merged scale_a)" "$(address merged scale_b)"
[[ "$(address merged id_a)" != "$(address merged id_b)" ]] ||
  fail "id_a and id_b share an address"

run_ok "DTLTO link" "$CC" -flto=thin -fuse-ld=lld --ld-path="$LMF_LD" \
  twins.o main.o -o distributed -Wl,--lto-merge-functions \
  -Wl,--thinlto-distributor="$(command -v python3)" \
  -Wl,--thinlto-distributor-arg="$E2E_DIR/../dtlto/local_distributor.py"
cmp -s merged distributed || fail "DTLTO output differs from the in-process one"
echo "-- scale_a/scale_b folded into one address; id_a/id_b kept apart"
