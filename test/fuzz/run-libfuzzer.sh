#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# libFuzzer over the merger (lmf-fuzz-merge, FuzzMerge.cpp; ASan + UBSan on
# core/ and parallel/), for a bounded time. The corpus starts from the seeds
# in corpus/, the lit tests' modules, a few llvm-stress modules, and the
# same as bitcode; inputs are IR text or bitcode. Then the IR fuzzer under
# ASan (lmf-ircheck-asan) on a few modules.
#
# Usage: run-libfuzzer.sh [--seconds N] [--seed S] [--corpus DIR]
#   --corpus: keep the grown corpus in DIR (default: a temporary directory)
# A crashing input is kept in $LMF_ARTIFACTS/libfuzzer/; replay it with
#   $LMF_BUILD/sanitized-fuzzer/lmf-fuzz-merge <file>
source "$(dirname "$0")/common.bash"

SECONDS_BUDGET=60 SEED="${LMF_FUZZ_SEED:-1}" KEEP=""
while (($#)); do
  case "$1" in
  --seconds) SECONDS_BUDGET="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  --corpus) KEEP="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
SEED="$(resolve_seed "$SEED")"
FUZZER="$LMF_BUILD/sanitized-fuzzer/lmf-fuzz-merge"
ASAN_IRCHECK="$LMF_BUILD/sanitized-fuzzer/lmf-ircheck-asan"
need "$FUZZER" "$ASAN_IRCHECK" "$STRESS"

mkdir -p seeds
cp "$FUZZ_DIR"/corpus/*.ll "$SRC_ROOT"/test/lit/{core/*,plugin}/*.ll seeds/
stress_modules seeds "$SEED" 8
for f in seeds/*.ll; do
  "$LLVM_TOOLS/llvm-as" "$f" -o "${f%.ll}.bc" 2>/dev/null || true
done
corpus="${KEEP:-$WORK/corpus}"
mkdir -p "$corpus" "$LMF_ARTIFACTS/libfuzzer"
note "$(ls seeds | wc -l) seed inputs, ${SECONDS_BUDGET}s of fuzzing (seed $SEED)"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
rc=0
"$FUZZER" -seed="$SEED" -max_total_time="$SECONDS_BUDGET" -rss_limit_mb=2560 \
  -max_len=65536 -timeout=60 -print_final_stats=1 -close_fd_mask=1 \
  -artifact_prefix="$LMF_ARTIFACTS/libfuzzer/" "$corpus" seeds >fuzz.txt 2>&1 || rc=$?
grep -E '^stat::|lmf-fuzz-merge:|^#[0-9]+ +DONE' fuzz.txt || true
if ((rc != 0)); then
  grep -B5 -A60 -E 'ERROR: |lmf-fuzz-merge: ' fuzz.txt | head -n 150 >&2
  fail "libFuzzer found a failure (status $rc); the input is in $LMF_ARTIFACTS/libfuzzer/"
fi

# The IR fuzzer's checks with ASan and UBSan watching.
mkdir -p asan
stress_modules asan $((SEED + 5000)) 30
rc=0
"$ASAN_IRCHECK" --seed="$SEED" --clones=8 --artifacts="$LMF_ARTIFACTS/ir-fuzz-asan" \
  asan/*.ll "$SRC_ROOT"/test/lit/{core/*,plugin}/*.ll >asan.txt 2>&1 || rc=$?
grep -v '^TBB Warning\|^$' asan.txt | tail -n 40
((rc == 0)) || fail "lmf-ircheck under ASan/UBSan failed (status $rc)"
echo "PASS: libFuzzer and ASan/UBSan"
