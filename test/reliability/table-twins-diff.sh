#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Differential test of constant tables (core/similar/ConstantTables.h): generated C
# programs (table_twins.py) whose similar functions take four or five
# arguments and differ in more constants than argument registers hold, so
# that merging them passes values in tables, in one module and across
# ThinLTO modules. Each program is built full LTO and ThinLTO, linked plain
# and with --lto-merge-functions --lto-merge-similar-functions, run, and
# the outputs compared; the ThinLTO merge is also linked with distributed
# backends (DTLTO, test/dtlto's local distributor), whose .text must be the
# in-process link's to the byte. A case that differs is kept under
# $LMF_ARTIFACTS/table-twins-<seed>-<lto>/. The campaign fails, too, when
# no link used a table: then it tests nothing.
#
# Usage: table-twins-diff.sh [--programs N] [--seed N|auto] [--units N]
source "$(dirname "$0")/common.bash"

PROGRAMS=6 SEED="${LMF_FUZZ_SEED:-1}" UNITS=3
while (($#)); do
  case "$1" in
  --programs) PROGRAMS="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  --units) UNITS="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
SEED="$(resolve_seed "$SEED")"
MERGE=(-Wl,--lto-merge-functions,--lto-merge-similar-functions
       -Wl,--print-merged-functions)

failures=0 links=0 table_links=0
for ((p = 0; p < PROGRAMS; ++p)); do
  seed=$((SEED + p))
  dir="$WORK/p$seed"
  python3 "$REL_DIR/table_twins.py" "$seed" "$dir" "$UNITS"
  for lto in full thin; do
    objs=()
    for ((u = 0; u < UNITS; ++u)); do
      "$CC" -O2 -flto=$lto -c "$dir/u$u.c" -o "$dir/u$u-$lto.o"
      objs+=("$dir/u$u-$lto.o")
    done
    lmf_link "$dir/plain-$lto" -flto=$lto "${objs[@]}"
    lmf_link "$dir/merged-$lto" -flto=$lto "${objs[@]}" "${MERGE[@]}" \
      >"$dir/listing-$lto.txt"
    links=$((links + 1))
    grep -q "in constant tables" "$dir/listing-$lto.txt" &&
      table_links=$((table_links + 1))
    run_prog "$dir/out.plain-$lto" "$dir/plain-$lto" || true
    run_prog "$dir/out.merged-$lto" "$dir/merged-$lto" || true
    if [[ $lto == thin ]]; then
      lmf_link "$dir/merged-dtlto" -flto=thin "${objs[@]}" "${MERGE[@]}" \
        -Wl,--thinlto-distributor="$(command -v python3)" \
        -Wl,--thinlto-distributor-arg="$SRC_ROOT/test/dtlto/local_distributor.py" \
        >/dev/null
      for exe in merged-thin merged-dtlto; do
        "$LLVM_TOOLS/llvm-objcopy" -O binary --only-section=.text \
          "$dir/$exe" "$dir/$exe.text"
      done
      if ! cmp -s "$dir/merged-thin.text" "$dir/merged-dtlto.text"; then
        echo "FAIL: seed $seed: DTLTO .text differs from in-process" >&2
        failures=$((failures + 1))
      fi
    fi
    if ! cmp -s "$dir/out.plain-$lto" "$dir/out.merged-$lto"; then
      keep="$LMF_ARTIFACTS/table-twins-$seed-$lto"
      mkdir -p "$keep"
      cp -f "$dir"/u*.c "$dir/listing-$lto.txt" "$dir/out.plain-$lto" \
        "$dir/out.merged-$lto" "$keep/"
      echo "FAIL: seed $seed, $lto: output differs; kept in $keep" >&2
      failures=$((failures + 1))
    fi
  done
done
note "table twins: $PROGRAMS programs, $links merging links, $table_links with constant tables, $failures differing"
((failures == 0)) || fail "$failures table-twin programs differ; see $LMF_ARTIFACTS"
((table_links > 0)) || fail "no link passed values in constant tables"
