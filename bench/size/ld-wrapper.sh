#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Linker wrapper for the LLVM test-suite run (bench/size/testsuite.py): runs
# the linker named by $LMF_BENCH_LD with the same arguments and, next to the
# output file <out>, writes <out>.link-seconds (the link's wall time) and,
# when the link merges (--lto-merge-functions... or --lto-smallest-binary,
# which merges too), asks for the merge report
# <out>.lmf-report.json. One build-wide CMAKE_EXE_LINKER_FLAGS can then give
# every program its own report.
set -u
: "${LMF_BENCH_LD:?set LMF_BENCH_LD to the linker to run}"
out=""
merge=0
prev=""
for a in "$@"; do
  case "$prev" in -o) out="$a" ;; esac
  case "$a" in
    -o?*) out="${a#-o}" ;;
    --lto-merge-functions|--lto-merge-functions=*|-lto-merge-functions|-lto-merge-functions=*) merge=1 ;;
    --lto-smallest-binary|-lto-smallest-binary) merge=1 ;;
    --no-lto-merge-functions|-no-lto-merge-functions) merge=0 ;;
  esac
  prev="$a"
done
extra=()
if [ "$merge" = 1 ] && [ -n "$out" ]; then
  extra+=("--lto-merge-functions-report=$out.lmf-report.json")
fi
start=$(date +%s%N)
"$LMF_BENCH_LD" "$@" "${extra[@]}"
rc=$?
end=$(date +%s%N)
if [ -n "$out" ] && [ $rc -eq 0 ]; then
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", (e - s) / 1e9 }' \
    > "$out.link-seconds"
fi
exit $rc
