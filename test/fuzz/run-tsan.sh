#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ThreadSanitizer over the parallel phases (lmf-tsan-merge, TsanMerge.cpp)
# on large generated modules: llvm-stress functions linked together, grown
# into families of mutated clones with callers (lmf-mutate), merged
# serially, on TBB arenas of 2, 4 and 8 threads and on std::threads, and
# twice at once. First a self-test: a deliberate race in a task body must be
# reported on both runners, so the suppressions (tsan.supp) cannot hide
# races in our code.
#
# Usage: run-tsan.sh [--modules N] [--functions N] [--seed S]
#   --modules: generated modules (default 2)
#   --functions: llvm-stress functions per module before cloning (default 8)
source "$(dirname "$0")/common.bash"

MODULES=2 FUNCTIONS=8 SEED="${LMF_FUZZ_SEED:-1}"
while (($#)); do
  case "$1" in
  --modules) MODULES="$2"; shift 2 ;;
  --functions) FUNCTIONS="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
SEED="$(resolve_seed "$SEED")"
TSAN_TOOL="$LMF_BUILD/sanitized-thread/lmf-tsan-merge"
need "$TSAN_TOOL" "$LMF_BUILD/bin/lmf-mutate" "$STRESS"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 suppressions=$FUZZ_DIR/tsan.supp"

for runner in std tbb; do
  rc=0
  "$TSAN_TOOL" --self-test="$runner" >self.txt 2>&1 || rc=$?
  ((rc == 66)) && grep -q 'WARNING: ThreadSanitizer: data race' self.txt ||
    { cat self.txt >&2; fail "self-test: a deliberate race on the $runner runner was not reported (status $rc)"; }
done
note "self-test: deliberate races reported on the std::thread and TBB runners"

start=$(date +%s)
inputs=()
for ((m = 0; m < MODULES; m++)); do
  files=()
  for ((f = 0; f < FUNCTIONS; f++)); do
    s=$((SEED * 1000 + m * FUNCTIONS + f))
    "$STRESS" -seed="$s" -size=$((40 + s % 80)) -o "m$m-f$f.ll"
    files+=("m$m-f$f.ll")
  done
  "$LLVM_TOOLS/llvm-link" "${files[@]}" -o "m$m.bc"
  "$LMF_BUILD/bin/lmf-mutate" "m$m.bc" -o "big$m.bc" --seed $((SEED + m)) \
    --functions 0 --clones 10 --rounds 2 >/dev/null
  inputs+=("big$m.bc")
done
functions=$("$LLVM_TOOLS/llvm-dis" big0.bc -o - | grep -c '^define')
note "$MODULES modules of about $functions functions each (seed $SEED)"
rc=0
"$TSAN_TOOL" "${inputs[@]}" >tsan.txt 2>&1 || rc=$?
grep -v '^TBB Warning\|^$' tsan.txt | tail -n 60
note "$(($(date +%s) - start))s"
((rc == 0)) || fail "lmf-tsan-merge failed (status $rc; 66 means a data race)"
echo "PASS: no data race in the parallel phases"
