#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Aligned merging as users run it: a C program whose functions differ in a
# few instructions (an extra step, another operation, a branch only one of
# them takes, a loop that accumulates differently, calls to other
# functions), linked with --lto-merge-functions,
# --lto-merge-similar-functions and --lto-merge-aligned-functions in full
# LTO and in ThinLTO. The byte model says none of these small pairs saves
# enough (a branch on the identifier costs about 23 bytes on x86-64,
# core/aligned/AlignedCost.cpp), so by default the stage merges none and
# `.text` is no larger than with similar merging alone; with
# -lto-merge-functions-aligned-min-gain=-1000 it merges every pair it may,
# and then the program prints the same as without merging, function
# pointers of merged functions stay distinct, the listing shows the aligned
# classes, and the binary is the same for --threads=1 and 2.
source "$(dirname "$0")/common.bash"

cat > prog.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct account { long balance, limit, fees; int flags; char name[24]; };
static long audit_sum;
volatile int sink;

/* Two updaters: the second charges a fee and logs large amounts. */
__attribute__((noinline)) long deposit(struct account *a, long v, int k) {
  long before = a->balance;
  a->balance += v;
  if (a->balance > a->limit) a->balance = a->limit;
  for (int i = 0; i < k; ++i) {
    audit_sum += (a->balance >> i) ^ (v * (i + 1));
    a->flags ^= (int)(audit_sum & 0xff);
  }
  snprintf(a->name, sizeof a->name, "dep%ld", a->balance % 1000);
  audit_sum += (long)strlen(a->name) * 3 + before;
  if (a->flags & 4) audit_sum -= a->fees;
  return a->balance - before;
}
__attribute__((noinline)) long withdraw(struct account *a, long v, int k) {
  long before = a->balance;
  a->balance -= v + a->fees;
  if (v > 500) printf("large withdrawal %ld\n", v);
  if (a->balance < -a->limit) a->balance = -a->limit;
  for (int i = 0; i < k; ++i) {
    audit_sum += (a->balance >> i) + (v * (i + 2));
    a->flags ^= (int)(audit_sum & 0x7f);
  }
  snprintf(a->name, sizeof a->name, "wd%ld", a->balance % 1000);
  audit_sum += (long)strlen(a->name) * 5 + before;
  if (a->flags & 4) audit_sum -= a->fees;
  return before - a->balance;
}

/* Two checksums over a buffer, with different mixing steps. */
__attribute__((noinline)) unsigned mix_fnv(const unsigned char *p, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; ++i) {
    h ^= p[i];
    h *= 16777619u;
    if ((h & 15) == 3) h += (unsigned)i;
  }
  for (int r = 0; r < 4; ++r) { h ^= h >> 13; h *= 0x5bd1e995u; sink = (int)h; }
  return h;
}
__attribute__((noinline)) unsigned mix_sum(const unsigned char *p, int n) {
  unsigned h = 2166136261u;
  for (int i = 0; i < n; ++i) {
    h += p[i];
    h *= 16777619u;
    if ((h & 15) == 5) h ^= (unsigned)i;
  }
  for (int r = 0; r < 4; ++r) { h ^= h >> 15; h *= 0x5bd1e995u; sink = (int)h; }
  return h;
}

/* Address taken: their pointers must stay distinct. */
__attribute__((noinline)) int by_balance(const void *x, const void *y) {
  const struct account *a = x, *b = y;
  if (a->balance != b->balance) return a->balance < b->balance ? -1 : 1;
  if (a->fees != b->fees) return a->fees < b->fees ? -1 : 1;
  if (a->flags != b->flags) return a->flags < b->flags ? -1 : 1;
  return strcmp(a->name, b->name);
}
__attribute__((noinline)) int by_name(const void *x, const void *y) {
  const struct account *a = x, *b = y;
  int c = strcmp(a->name, b->name);
  if (c) return c;
  if (a->balance != b->balance) return a->balance < b->balance ? -1 : 1;
  if (a->fees != b->fees) return a->fees < b->fees ? -1 : 1;
  return a->flags - b->flags;
}

int main(int argc, char **argv) {
  (void)argv;
  struct account acc[6];
  memset(acc, 0, sizeof acc);
  for (int i = 0; i < 6; ++i) {
    acc[i].limit = 2000 + 100 * i;
    acc[i].fees = i + argc;
    acc[i].flags = i * 5;
  }
  long moved = 0;
  for (int r = 0; r < 40; ++r)
    for (int i = 0; i < 6; ++i) {
      moved += deposit(&acc[i], 37 * r + i, r % 7);
      moved += withdraw(&acc[i], (13 * r + 5 * i) % 700, r % 5);
    }
  unsigned char buf[300];
  for (int i = 0; i < 300; ++i) buf[i] = (unsigned char)(i * 11 + argc);
  int (*volatile cmp1)(const void *, const void *) = by_balance;
  int (*volatile cmp2)(const void *, const void *) = by_name;
  qsort(acc, 6, sizeof acc[0], cmp1);
  printf("first by balance %s %ld\n", acc[0].name, acc[0].balance);
  qsort(acc, 6, sizeof acc[0], cmp2);
  printf("first by name %s %ld\n", acc[0].name, acc[0].balance);
  printf("moved %ld audit %ld mix %u %u\n", moved, audit_sum, mix_fnv(buf, 300),
         mix_sum(buf, 280));
  printf("pointers %s\n", cmp1 == cmp2 ? "equal" : "distinct");
  return 0;
}
C

for lto in full thin; do
  cc_lto prog-$lto.o prog.c -flto=$lto
  run_ok "plain link ($lto)" link_c plain-$lto prog-$lto.o -flto=$lto
  run_ok "similar merging ($lto)" link_c similar-$lto prog-$lto.o -flto=$lto \
    -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions
  run_ok "aligned merging by default ($lto)" link_c default-$lto prog-$lto.o \
    -flto=$lto -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions \
    -Wl,--lto-merge-aligned-functions
  run_ok "aligned merging of every pair ($lto)" link_c aligned-$lto \
    prog-$lto.o -flto=$lto \
    -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions \
    -Wl,--lto-merge-aligned-functions -Wl,--print-merged-functions \
    -Wl,--lto-merge-functions-report=aligned-$lto.json -Wl,--threads=1 \
    -Wl,-mllvm,-lto-merge-functions-verify \
    -Wl,-mllvm,-lto-merge-functions-aligned-min-gain=-1000
  cp run.out listing-$lto.txt
  ./plain-$lto >out.plain-$lto
  ./aligned-$lto >out.aligned-$lto
  expect_eq "the program prints the same ($lto)" "$(cat out.plain-$lto)" \
    "$(cat out.aligned-$lto)"
  check_text "merged function pointers stay distinct ($lto)" out.aligned-$lto <<'CHECK'
CHECK: {{^pointers distinct$}}
CHECK
  check_text "the aligned classes ($lto)" listing-$lto.txt <<'CHECK'
CHECK-DAG: {{^}}merged aligned functions into deposit{{.*}}.lmf.aligned ({{[0-9]+}} matched, {{[0-9]+}} unmatched instructions
CHECK-DAG: {{^}}  sharing body with aligned function withdraw{{.*}} (thunk)
CHECK-DAG: {{^}}merged aligned functions into mix_fnv{{.*}}.lmf.aligned
CHECK-DAG: {{^}}  sharing body with aligned function by_name{{.*}} (thunk)
CHECK
  ./default-$lto >out.default-$lto
  expect_eq "the program prints the same, default gain ($lto)" \
    "$(cat out.plain-$lto)" "$(cat out.default-$lto)"
  similar_text=$(text_size similar-$lto) default_text=$(text_size default-$lto)
  note ".text ($lto): plain $(text_size plain-$lto), similar $similar_text," \
    "aligned $default_text, every pair aligned $(text_size aligned-$lto)"
  ((default_text <= similar_text)) ||
    fail "aligned merging grew .text ($lto: $default_text vs $similar_text)"
done

run_ok "aligned merging, 2 threads" link_c aligned2 prog-full.o \
  -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions \
  -Wl,--lto-merge-aligned-functions -Wl,--threads=2 \
  -Wl,-mllvm,-lto-merge-functions-verify \
  -Wl,-mllvm,-lto-merge-functions-aligned-min-gain=-1000
cmp -s aligned-full aligned2 || fail "--threads=1 and --threads=2 give different binaries"
echo "PASS: aligned functions"
