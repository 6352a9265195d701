#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# IR fuzzing through the core API (lmf-ircheck, IRCheck.cpp): llvm-stress
# modules, csmith programs as bitcode, the lit tests' modules and the seeds
# of corpus/, each with families of mutated clones (one change per clone;
# --similar-clones of them aimed at similar merging: a global, a callee, a
# stored value or an argument). Checks that exact copies compare and hash
# equal, changes that matter compare unequal, the total-order laws hold on
# every triple of each family and hash bucket, the verifier passes after
# merging, serial and parallel merges agree, no fold mixes functions that
# differ, and the merge oracles hold; and with the wildcards of similar
# merging, that changes at parameter positions compare equal, others
# unequal, and the laws hold.
#
# Usage: run-ir-fuzz.sh [--stress N] [--csmith N] [--seed S|auto] [--clones N]
#                       [--similar-clones N] [--bench CORPORA] [--tool PATH]
#   --bench: also the bench corpus's bitcode (bench/example, and the corpora
#            of bench/size/corpus.py: generated,headeronly,googletest;
#            default none, which is bench/example only)
#   --tool: default $LMF_BUILD/bin/lmf-ircheck
source "$(dirname "$0")/common.bash"

STRESS_COUNT=150 CSMITH_COUNT=15 SEED="${LMF_FUZZ_SEED:-1}" CLONES=12 BENCH=none
SIMILAR_CLONES=3
TOOL="$LMF_BUILD/bin/lmf-ircheck"
while (($#)); do
  case "$1" in
  --stress) STRESS_COUNT="$2"; shift 2 ;;
  --csmith) CSMITH_COUNT="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  --clones) CLONES="$2"; shift 2 ;;
  --similar-clones) SIMILAR_CLONES="$2"; shift 2 ;;
  --bench) BENCH="$2"; shift 2 ;;
  --tool) TOOL="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
SEED="$(resolve_seed "$SEED")"
need "$TOOL" "$STRESS"

start=$(date +%s)
stress_modules stress "$SEED" "$STRESS_COUNT"
csmith_modules csmith "$SEED" "$CSMITH_COUNT"
inputs=(stress/*.ll)
[[ -d csmith ]] && inputs+=(csmith/*.bc)
inputs+=("$SRC_ROOT"/test/lit/{core/*,plugin}/*.ll "$FUZZ_DIR"/corpus/*.ll)
# Real C++ (templates, EH, vtables, comdats): the bench corpus's bitcode.
python3 "$SRC_ROOT/test/reliability/bench_corpus.py" "$WORK/bench" "$BENCH" >bench.json 2>bench.log ||
  { cat bench.log >&2; fail "building the bench corpus ($BENCH) failed"; }
mapfile -t bench_objects < <(python3 -c '
import json
for p in json.load(open("bench.json")):
    print("\n".join(p["objects"]))' | sort -u)
inputs+=("${bench_objects[@]}")
note "$STRESS_COUNT llvm-stress modules (seeds $SEED..), $CSMITH_COUNT csmith modules, the lit modules and corpus seeds, ${#bench_objects[@]} bench objects ($BENCH); $CLONES clones and $SIMILAR_CLONES similar clones per function"
rc=0
"$TOOL" --seed="$SEED" --clones="$CLONES" --similar-clones="$SIMILAR_CLONES" \
  --artifacts="$LMF_ARTIFACTS/ir-fuzz" "${inputs[@]}" 2> >(grep -v '^TBB Warning\|^$' >&2) || rc=$?
note "$(($(date +%s) - start))s"
((rc == 0)) || fail "lmf-ircheck found problems (status $rc); failing modules are in $LMF_ARTIFACTS/ir-fuzz"
echo "PASS: IR fuzzing"
