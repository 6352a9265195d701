#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A PGO build whose optimizer promotes a virtual call behind a test of its
# target's address (issue 53; the program of llvm-project pull request
# 221121): Ptr::get and Ref::get have one body, the profile says the call in
# use() goes to Ref::get, and the promoted path, with Ref::get inlined,
# drops the null check. Folding Ref::get into Ptr::get by address (erased,
# an alias) would send a Ptr holding null down that path. The program is
# built with IR PGO (-fprofile-generate, a training run, llvm-profdata
# merge, -fprofile-use) in three units, so that in ThinLTO the comparison
# sits in one backend and the twins in another, and is linked with every
# configuration, full LTO and ThinLTO: it must print 42 each time.
source "$(dirname "$0")/common.bash"
SRC="$E2E_DIR/inputs/pgo-promoted-call"
UNITS=(classes use main)

for unit in "${UNITS[@]}"; do
  "$CXX" -O2 -fprofile-generate -c "$SRC/$unit.cpp" -o "gen-$unit.o"
done
"$CXX" -fprofile-generate -fuse-ld=lld --ld-path="$STOCK_LD" \
  gen-*.o -o trainer
LLVM_PROFILE_FILE="$WORK/train.profraw" ./trainer 1000 >/dev/null
"$LLVM_TOOLS/llvm-profdata" merge -o train.profdata train.profraw

for lto in full thin; do
  for unit in "${UNITS[@]}"; do
    "$CXX" -O2 -flto=$lto -fprofile-use="$WORK/train.profdata" \
      -Wno-backend-plugin -c "$SRC/$unit.cpp" -o "$lto-$unit.o"
  done
  objects=("$lto-classes.o" "$lto-use.o" "$lto-main.o")
  run_ok "plain $lto link" link_cxx "plain-$lto" "${objects[@]}"
  expect_eq "plain $lto program" 42 "$(./plain-$lto 3)"
  configs=("--lto-merge-functions"
    "--lto-merge-functions=all"
    "--lto-merge-functions --lto-merge-similar-functions"
    "--lto-merge-functions --lto-merge-similar-functions --lto-merge-aligned-functions"
    "--lto-smallest-binary")
  for config in "${configs[@]}"; do
    flags=()
    for option in $config; do flags+=("-Wl,$option"); done
    run_ok "$lto link with $config" link_cxx merged "${objects[@]}" \
      "${flags[@]}" -Wl,--print-merged-functions
    expect_no_grep "$lto link with $config" \
      '_ZNK3Ref3getEv \((erased|alias)\)' "$WORK/run.out"
    out=$(./merged 3) || fail "$lto, $config: the program failed ($?)"
    expect_eq "$lto, $config" 42 "$out"
  done
  note "$lto LTO: 42 in ${#configs[@]} configurations"
done
