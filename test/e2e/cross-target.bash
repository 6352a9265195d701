# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by cross-aarch64.sh and cross-riscv64.sh (the .bash suffix keeps
# it out of ctest's *.sh glob): one C program cross-built for another
# target with clang-22, linked with our ld.lld (full LTO and ThinLTO) and
# run under qemu's user-mode emulation with Debian's cross libraries. The
# program has identical twins, similar twins (one unit's pair, and a pair
# across two units), and similar helpers of seven arguments that differ in
# three strings and a constant: on these targets eight registers hold the
# seven arguments and a table's address, so the values travel in constant
# tables. A third link merges the aligned twins too (two loops that differ
# in an operation and a step), every pair the aligned stage may (the byte
# model would not take so small a pair). The listings must show each kind
# of fold, and the merged programs must print what the plain links print.
#
# The sourcing script sets CROSS_TARGET (aarch64 or riscv64);
# cross_target (test/lib/setup.bash) fails, naming the package, when the
# emulator or the cross libraries are missing.
source "$(dirname "${BASH_SOURCE[0]}")/common.bash"
cross_target "$CROSS_TARGET"

cat > twins.h <<'C'
#include <stdio.h>
/* Similar helpers of six arguments and an output pointer that differ in
   the two messages of their error paths and in one constant: seven own
   arguments and a table's address fill the eight argument registers, so
   the three values travel in a table. */
#define HELPER(NAME, TOO_WIDE, TOO_TALL, SALT)                               \
  __attribute__((noinline)) long NAME(long *out, long a, long b, long c,     \
                                      long d, long e, long f) {              \
    long n = a * b + e;                                                      \
    if (n > 4000) {                                                          \
      puts(TOO_WIDE);                                                        \
      n = 4000;                                                              \
    }                                                                        \
    long m = c * d - f;                                                      \
    if (m > 900) {                                                           \
      puts(TOO_TALL);                                                        \
      m = 900;                                                               \
    }                                                                        \
    long s = 0;                                                              \
    for (long i = 0; i < n; ++i) {                                           \
      s += ((i ^ m) ^ SALT) * 3 + (s >> 3);                                  \
      s ^= s << 2;                                                           \
      s = s % 1000003;                                                       \
    }                                                                        \
    for (long i = 0; i < m; ++i) {                                           \
      s = (s * 7 + i) % 999983;                                              \
      if (s & 4)                                                             \
        s += i / 3;                                                          \
      else                                                                   \
        s -= i % 5;                                                          \
    }                                                                        \
    *out = s + m;                                                            \
    return s + n;                                                            \
  }

/* Similar twins: the same work counted in another variable, printed
   with another message. */
#define SCALE(NAME, COUNTER, MSG)                                            \
  long COUNTER;                                                              \
  __attribute__((noinline)) long NAME(long x) {                              \
    long s = 0;                                                              \
    for (int i = 0; i < 8; ++i)                                              \
      s = s * 31 + ((x + i) & 7) * (i + 1);                                  \
    if (s < 0)                                                               \
      s = -s;                                                                \
    COUNTER += s;                                                            \
    printf(MSG, s % 1000007, COUNTER);                                       \
    return s % 1000003;                                                      \
  }
C

cat > a.c <<'C'
#include "twins.h"
HELPER(alloc_pel, "alloc_pel: too wide", "alloc_pel: too tall", 3)
HELPER(alloc_short, "alloc_short: too wide", "alloc_short: too tall", 5)
long alloc_int(long *out, long a, long b, long c, long d, long e, long f);
long scale_b(long x);

SCALE(scale_a, count_a, "scale_a %ld %ld\n")
SCALE(scale_c, count_c, "scale_c %ld %ld\n")

/* Identical twins. */
__attribute__((noinline)) long sum_sq(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * v[i] + (s >> 7);
  return s;
}
__attribute__((noinline)) long norm2(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * v[i] + (s >> 7);
  return s;
}

/* Aligned twins: the same loop but for an operation and one more step. */
__attribute__((noinline)) long mix_up(const long *v, int n) {
  long s = 1;
  for (int i = 0; i < n; ++i) {
    s = s * 5 + v[i];
    s ^= s >> 3;
  }
  return s;
}
__attribute__((noinline)) long mix_down(const long *v, int n) {
  long s = 1;
  for (int i = 0; i < n; ++i) {
    s = s * 5 - v[i];
    s ^= s >> 3;
    s += i;
  }
  return s;
}

/* Volatile, so that the optimizer cannot fold the arguments into the
   functions before the merge sees them. */
volatile long dims[3][6] = {{71, 80, 40, 30, 1, 2},
                            {10, 21, 50, 40, 3, 4},
                            {90, 61, 2, 3, 5, 6}};
volatile int lengths[2] = {5, 4};

int main(void) {
  long r[3], s[3], v[5];
  s[0] = alloc_pel(&r[0], dims[0][0], dims[0][1], dims[0][2], dims[0][3],
                   dims[0][4], dims[0][5]);
  s[1] = alloc_short(&r[1], dims[1][0], dims[1][1], dims[1][2], dims[1][3],
                     dims[1][4], dims[1][5]);
  s[2] = alloc_int(&r[2], dims[2][0], dims[2][1], dims[2][2], dims[2][3],
                   dims[2][4], dims[2][5]);
  for (int i = 0; i < 5; ++i)
    v[i] = dims[i % 3][i];
  for (int i = 0; i < 3; ++i)
    printf("helper %d: %ld %ld\n", i, s[i], r[i]);
  long k = scale_a(dims[0][0]);
  k += scale_b(dims[1][1]);
  k += scale_c(dims[2][2]);
  printf("scales: %ld\n", k);
  printf("sums: %ld %ld\n", sum_sq(v, lengths[0]), norm2(v + 1, lengths[1]));
  printf("mixes: %ld %ld\n", mix_up(v, lengths[0]), mix_down(v + 1, lengths[1]));
  return 0;
}
C

cat > b.c <<'C'
#include "twins.h"
HELPER(alloc_int, "alloc_int: too wide", "alloc_int: too tall", 7)
SCALE(scale_b, count_b, "scale_b %ld %ld\n")
C

MERGE=(-Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions
       -Wl,--print-merged-functions)
ALIGNED=("${MERGE[@]}" -Wl,--lto-merge-aligned-functions
         -Wl,-mllvm,-lto-merge-functions-aligned-min-gain=-1000)

# cross_cc OUT SRC LTO: compile for the target. Position-dependent code:
# in a PIE every address in a constant table costs a dynamic relocation,
# which the byte model counts, and these small helpers would not pay.
cross_cc() {
  "$CC" --target="$CROSS_TRIPLE" -O2 -fno-pic -flto="$3" -c "$2" -o "$1"
}

# cross_link OUT LTO [flags...]: link a.o and b.o of that LTO kind with our
# ld.lld.
cross_link() {
  local out="$1" lto="$2"
  shift 2
  "$CC" --target="$CROSS_TRIPLE" -no-pie -flto="$lto" -fuse-ld=lld \
    --ld-path="$LMF_LD" a-"$lto".o b-"$lto".o "$@" -o "$out"
}

cross_run() {
  "$CROSS_QEMU" -L "$CROSS_SYSROOT" "$@"
}

for lto in full thin; do
  run_ok "compile a.c ($lto)" cross_cc a-$lto.o a.c $lto
  run_ok "compile b.c ($lto)" cross_cc b-$lto.o b.c $lto
  run_ok "plain link ($lto)" cross_link plain-$lto $lto
  run_ok "merging link ($lto)" cross_link merged-$lto $lto "${MERGE[@]}"
  cp run.out listing-$lto.txt
  run_ok "plain program runs ($lto)" cross_run ./plain-$lto
  cp run.out out.plain-$lto
  run_ok "merged program runs ($lto)" cross_run ./merged-$lto
  cp run.out out.merged-$lto
  expect_eq "merged program prints what the plain one prints ($lto)" \
    "$(cat out.plain-$lto)" "$(cat out.merged-$lto)"
  expect_text_shrinks plain-$lto merged-$lto "$CROSS_TRIPLE, $lto LTO"
  run_ok "aligned merging link ($lto)" cross_link aligned-$lto $lto \
    "${ALIGNED[@]}"
  cp run.out listing-aligned-$lto.txt
  run_ok "aligned-merged program runs ($lto)" cross_run ./aligned-$lto
  expect_eq "aligned-merged program prints what the plain one prints ($lto)" \
    "$(cat out.plain-$lto)" "$(cat run.out)"
  check_text "the aligned twins share a body ($lto)" \
    listing-aligned-$lto.txt <<'CHECK'
CHECK: merged aligned functions into mix_{{up|down}}.lmf.aligned
CHECK-DAG: sharing body with aligned function mix_up
CHECK-DAG: sharing body with aligned function mix_down
CHECK
done

# The plain program's own output, which a merge that mixed up two members'
# values would change.
cat > expected.txt <<'OUT'
alloc_pel: too wide
alloc_pel: too tall
alloc_short: too tall
alloc_int: too wide
helper 0: 149938 146838
helper 1: 621452 622139
helper 2: 988320 984320
scale_a 696700 192682045460
scale_b 446377 148814488068
scale_c 779656 60713204640
scales: 531544
sums: 6570 1370
mixes: 44585 1603
OUT
for lto in full thin; do
  expect_eq "the plain program prints what the same C does natively ($lto)" \
    "$(cat expected.txt)" "$(cat out.plain-$lto)"
done
check_text "full LTO: identical twins fold" listing-full.txt <<'CHECK'
CHECK: removing identical function {{sum_sq|norm2}}
CHECK
check_text "full LTO: the helpers share a body through constant tables" \
  listing-full.txt <<'CHECK'
CHECK: merged similar functions into {{alloc_[a-z]+}}.lmf.similar ({{[0-9]+}} parameters, {{[0-9]+}} of them in constant tables, about {{[0-9]+}} bytes saved)
CHECK-DAG: sharing body with similar function alloc_pel
CHECK-DAG: sharing body with similar function alloc_short
CHECK-DAG: sharing body with similar function alloc_int
CHECK
check_text "full LTO: the scale twins share a body" listing-full.txt <<'CHECK'
CHECK: merged similar functions into scale_{{[abc]}}.lmf.similar
CHECK-DAG: sharing body with similar function scale_a
CHECK-DAG: sharing body with similar function scale_b
CHECK-DAG: sharing body with similar function scale_c
CHECK
check_text "ThinLTO: identical twins fold in their backend" listing-thin.txt <<'CHECK'
CHECK: removing identical function {{sum_sq|norm2}}
CHECK
check_text "ThinLTO: the helpers share a body across modules through tables" \
  listing-thin.txt <<'CHECK'
CHECK: merged similar functions into {{[A-Za-z_0-9]+}}.lmf.similar across modules ({{[0-9]+}} parameters, {{[0-9]+}} of them in constant tables, about {{[0-9]+}} bytes saved)
CHECK-DAG: sharing body with similar function alloc_pel in a-thin.o (thunk)
CHECK-DAG: sharing body with similar function alloc_int in b-thin.o (thunk)
CHECK
check_text "ThinLTO: the scale twins share a body across modules" \
  listing-thin.txt <<'CHECK'
CHECK: merged similar functions into {{[A-Za-z_0-9]+}}.lmf.similar across modules (2 parameters, about {{[0-9]+}} bytes saved)
CHECK-DAG: sharing body with similar function scale_{{[ac]}} in a-thin.o (thunk)
CHECK-DAG: sharing body with similar function scale_b in b-thin.o (thunk)
CHECK
