#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Generated many-unit C++ programs (inputs/template-families/generate.py):
# class templates whose instantiations differ only in constants, each
# instantiated in a random subset of the units, so that similar classes
# with constant tables spread over three to six ThinLTO modules in every
# arrangement of members, callers and the copies ThinLTO keeps. Each
# program is linked plain and with every configuration, ThinLTO and full
# LTO: every link must succeed without a warning and the program must
# print what the plain link prints. Until issue 54 the tables of members
# in a comdat were left undefined in half of these programs (seeds 2, 4,
# 6, 7, 10 of the first ten). LMF_FAMILY_SEEDS picks other seeds (by hand:
# `LMF_FAMILY_SEEDS="$(seq 1 300)"`).
source "$(dirname "$0")/common.bash"
GENERATE="$E2E_DIR/inputs/template-families/generate.py"
SEEDS=(${LMF_FAMILY_SEEDS:-2 4 6})
configs=("--lto-merge-functions"
  "--lto-merge-functions --lto-merge-similar-functions"
  "--lto-merge-functions --lto-merge-similar-functions --lto-merge-aligned-functions"
  "--lto-smallest-binary")
links=0
across=0
for seed in "${SEEDS[@]}"; do
  dir="$WORK/seed$seed"
  units=$(python3 "$GENERATE" --seed "$seed" --out "$dir") ||
    fail "seed $seed: generator failed"
  for lto in thin full; do
    objects=()
    for unit in $units; do
      "$CXX" -O2 -flto=$lto -c "$dir/$unit.cpp" -o "$dir/$lto-$unit.o" ||
        fail "seed $seed: $unit.cpp does not compile"
      objects+=("$dir/$lto-$unit.o")
    done
    run_ok "seed $seed $lto plain" link_cxx "$dir/plain" "${objects[@]}"
    expected=$("$dir/plain")
    for config in "${configs[@]}"; do
      flags=()
      for option in $config; do flags+=("-Wl,$option"); done
      run_ok "seed $seed, $lto, $config" link_cxx "$dir/merged" \
        "${objects[@]}" "${flags[@]}" -Wl,-v
      expect_no_grep "seed $seed, $lto, $config" 'warning|error' "$WORK/run.err"
      grep -Eq 'across modules: .* [1-9][0-9]* in [0-9]+ similar classes merged' \
        "$WORK/run.out" "$WORK/run.err" && across=$((across + 1))
      expect_eq "seed $seed, $lto, $config" "$expected" "$("$dir/merged")"
      links=$((links + 1))
    done
  done
done
((across > 0)) || fail "no link merged similar functions across modules"
note "${#SEEDS[@]} programs, $links links: every one linked and printed what the plain link prints ($across merged similar classes across modules)"
