#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Differential testing with csmith: a program must print the same checksum
# whether it is linked with --lto-merge-functions (safe or all, safe with
# --lto-merge-similar-functions, and that with --lto-merge-aligned-functions)
# or without.
#
# For every csmith program (seeds SEED, SEED+1, ...):
#  1. as generated: clang -O2 -flto, linked four ways, run, compared;
#  2. pre-link mutants: compiled with -fno-inline-functions so its functions
#     survive, then lmf-mutate --exec clones some functions with one
#     mutation each and spreads their callers over the clones; linked three
#     ways (every other mutant with --export-dynamic, so clones stay
#     exported and keep their linkage), run, compared;
#  3. post-LTO mutants: the same, but on the module after the LTO pipeline
#     (--save-temps), relinked with --lto-O0 so the twins reach the merger
#     exactly as mutated (every other one with --export-dynamic too);
#  4. (ThinLTO only) across modules: the program compiled twice as two
#     units (its `main` renamed in each) and the next seed's program as a
#     third, with -fno-inline-functions, linked with a driver that runs
#     all three: every function of the first two units has a twin in the
#     other unit (equal unless it touches its unit's `static` state), and
#     csmith's `static` runtime helpers have twins in all three, so folding
#     across modules rewrites every unit.
# --target aarch64 or riscv64 cross-compiles every program and link with
# clang-22 for that target and runs it under qemu-user (the e2e cross tests'
# setup: Debian's cross libraries, position-dependent code).
# Mutations add no undefined behaviour, except stored-value changes
# (--semantic): a mutant whose plain build crashes or times out is dropped.
#
# --lto thin compiles with -flto=thin, so the merge runs in the ThinLTO
# backend; --lto dtlto also distributes the backends (test/dtlto's
# sandboxing distributor; the plain link's jobs run clang, the merging
# links' run lmf-thinlto-backend). The mutants are given a summary again
# (opt -module-summary) to stay ThinLTO modules; step 3 needs the whole
# program in one module and runs only with --lto full.
#
# Usage: csmith-diff.sh [--programs N] [--mutants N] [--seed N|auto]
#                       [--budget SECONDS] [--timeout SECONDS]
#                       [--lto full|thin|dtlto] [--target x86_64|aarch64|riscv64]
# A failing case is kept under $LMF_ARTIFACTS/csmith-<seed>-<variant>/
# with a repro.sh; minimize it with reduce-case.sh.
source "$(dirname "$0")/common.bash"

PROGRAMS=10 MUTANTS=2 SEED="${LMF_FUZZ_SEED:-1}" BUDGET=0 TIMEOUT=10 LTO=full
TARGET=x86_64
while (($#)); do
  case "$1" in
  --lto) LTO="$2"; shift 2 ;;
  --target) TARGET="$2"; shift 2 ;;
  --programs) PROGRAMS="$2"; shift 2 ;;
  --mutants) MUTANTS="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  --budget) BUDGET="$2"; shift 2 ;;
  --timeout) TIMEOUT="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done

SEED="$(resolve_seed "$SEED")"
use_target "$TARGET"
[[ $TARGET == x86_64 || $LTO != dtlto ]] ||
  fail "--lto dtlto runs its backends natively: use it with --target x86_64"
# How objects are compiled, and what every link, plain or merging, adds.
case "$LTO" in
full) COMPILE_LTO=-flto LINK_ALL=() LINK_PLAIN=() ;;
thin | dtlto)
  COMPILE_LTO=-flto=thin LINK_ALL=(-flto=thin) LINK_PLAIN=()
  if [[ $LTO == dtlto ]]; then
    LINK_ALL+=(-Wl,--thinlto-distributor="$(command -v python3)"
      -Wl,--thinlto-distributor-arg="$SRC_ROOT/test/dtlto/local_distributor.py")
    LINK_PLAIN=(-Wl,--thinlto-remote-compiler="$LLVM_TOOLS/clang")
  fi
  ;;
*) fail "--lto: expected full, thin or dtlto, not '$LTO'" ;;
esac
CSMITH="$(command -v csmith)" ||
  fail "csmith is not installed (Debian: csmith libcsmith-dev; .ci/install-deps installs them)"
CSMITH_INC=/usr/include/csmith
need "$CSMITH_INC/csmith.h" "$LMF_MUTATE"

programs=0 discarded=0 variants=0 mutants=0 mutations=0 runs=0
folds_safe=0 folds_all=0 similar_merged=0 aligned_merged=0 across_classes=0
failures=0
start=$(now)

# keep_case ID WHY FILES...: saves a failing case and says where.
keep_case() {
  local id="$1" why="$2" dir
  shift 2
  dir="$LMF_ARTIFACTS/csmith-$id"
  mkdir -p "$dir"
  cp -f "$@" "$dir/" 2>/dev/null || true
  printf '%s\n' "$why" >"$dir/WHY"
  failures=$((failures + 1))
  echo "FAIL: csmith case $id: $why" >&2
  echo "      kept in $dir (see repro.sh there)" >&2
}

# merge_flags VARIANT: the linker options of a merging variant.
merge_flags() {
  case "$1" in
  safe) echo "-Wl,--lto-merge-functions" ;;
  all) echo "-Wl,--lto-merge-functions=all" ;;
  # Every similar class merges, however small: the byte model would keep
  # most of csmith's functions apart, and this test is about correctness.
  similar) echo "-Wl,--lto-merge-functions,--lto-merge-similar-functions,-mllvm,-lto-merge-functions-similar-min-gain=-1000000" ;;
  # The same for aligned pairs: every pair the aligner accepts merges.
  aligned) echo "$(merge_flags similar),--lto-merge-aligned-functions,-mllvm,-lto-merge-functions-aligned-min-gain=-1000000" ;;
  esac
}

# check_variants ID INPUT [link args...]: links INPUT plain, safe, all,
# similar and aligned, runs each and compares. Returns 0 (also when the case is discarded).
check_variants() {
  local id="$1" input="$2" v rc
  shift 2
  variants=$((variants + 1))
  rm -f prog.* listing.* out.* link.*
  if ! lmf_link prog.plain "$input" "${LINK_ALL[@]}" "${LINK_PLAIN[@]}" "$@" \
    2>link.plain; then
    discarded=$((discarded + 1))
    note "case $id: the plain link fails, dropped: $(head -n 2 link.plain)"
    return 0
  fi
  if ! run_prog out.plain ./prog.plain "$TIMEOUT" ||
    ! grep -q '^checksum = ' out.plain; then
    discarded=$((discarded + 1))
    return 0
  fi
  runs=$((runs + 1))
  for v in safe all similar aligned; do
    local mode
    mode="$(merge_flags "$v")"
    rc=0
    lmf_link "prog.$v" "$input" "${LINK_ALL[@]}" "$@" "$mode" \
      -Wl,--print-merged-functions \
      >"listing.$v" 2>"link.$v" || rc=$?
    if ((rc != 0)); then
      write_repro "$input" "$@"
      keep_case "$id-$v" "link with $mode failed (status $rc): $(grep -m1 -E 'error|Stack|LLVM ERROR' "link.$v" || true)" \
        "$input" "link.$v" repro.sh p.c mutants.log "$@"
      continue
    fi
    local n
    n=$(grep -c 'removing identical function' "listing.$v" || true)
    case $v in
    safe)
      folds_safe=$((folds_safe + n))
      across_classes=$((across_classes + $(grep -c ' across modules$' "listing.$v" || true)))
      ;;
    all) folds_all=$((folds_all + n)) ;;
    similar) similar_merged=$((similar_merged + $(grep -c 'sharing body with similar function' "listing.$v" || true))) ;;
    aligned) aligned_merged=$((aligned_merged + $(grep -c 'sharing body with aligned function' "listing.$v" || true))) ;;
    esac
    run_merged_prog "out.$v" "./prog.$v" "$((TIMEOUT * 3))" "$((TIMEOUT * 10))"
    runs=$((runs + 1))
    if ! cmp -s out.plain "out.$v"; then
      write_repro "$input" "$@"
      keep_case "$id-$v" "output differs with $mode: $(tr '\n' ' ' <out.plain) vs $(tr '\n' ' ' <"out.$v")" \
        "$input" out.plain "out.$v" "listing.$v" repro.sh p.c mutants.log "$@"
    fi
  done
  return 0
}

# write_repro INPUT [link args...]: a script that rebuilds and compares.
write_repro() {
  local input v
  input="$(basename "$1")"
  shift
  {
    echo '#!/bin/bash'
    echo "# Links $input with and without merging and compares the outputs."
    echo 'set -u; cd "$(dirname "$0")"'
    echo "LD=\${LMF_LD:-$LMF_LD}"
    echo "link() { $CC -flto ${TARGET_LDFLAGS[*]} ${LINK_ALL[*]} -fuse-ld=lld --ld-path=\"\$LD\" $input $* \"\$@\"; }"
    echo "run() { timeout 30 ${RUN_UNDER[*]} ./\$1; echo \"status \$?\"; }"
    echo "link -o plain ${LINK_PLAIN[*]} || exit 2"
    echo 'a=$(run plain); echo "plain:   $a"; same=1'
    for v in safe all similar aligned; do
      echo "link -o $v $(merge_flags $v) || exit 2"
      echo "b=\$(run $v); echo \"$v: \$b\"; [[ \"\$a\" == \"\$b\" ]] || same=0"
    done
    echo '((same))'
  } >repro.sh
  chmod +x repro.sh
}

# mutate ID INPUT OUT.bc SEED: one mutant; counts its clones.
mutate() {
  local id="$1" in="$2" out="$3" seed="$4"
  if ! "$LMF_MUTATE" "$in" -o "$out" --exec --semantic --seed "$seed" \
    --functions 6 --clones 3 >mutants.log 2>mutate.err; then
    cat mutate.err >&2
    keep_case "$id" "lmf-mutate failed (a harness bug)" "$in" mutate.err
    return 1
  fi
  mutants=$((mutants + 1))
  mutations=$((mutations + $(wc -l <mutants.log)))
}

for ((i = 0; i < PROGRAMS; i++)); do
  if ((BUDGET > 0 && $(now) - start >= BUDGET)); then
    note "time budget of ${BUDGET}s used up after $programs programs"
    break
  fi
  seed=$((SEED + i))
  ((i % 10 == 0 && i > 0)) &&
    note "$i programs, $mutants mutants, $failures failures, $(($(now) - start))s"
  rm -f ./*.o ./*.bc ./*.log ./post.*
  "$CSMITH" --seed "$seed" --output p.c >/dev/null
  programs=$((programs + 1))
  : >mutants.log

  # 1. The program as generated.
  "$CC" "${TARGET_CFLAGS[@]}" -O2 $COMPILE_LTO -w -I"$CSMITH_INC" -c p.c -o p.o
  check_variants "$seed-plain" p.o

  # 4. Twins across modules (ThinLTO): three units and a driver.
  if [[ $LTO != full ]]; then
    "$CSMITH" --seed $((seed + 1)) --output q.c >/dev/null
    for unit in a b; do
      "$CC" "${TARGET_CFLAGS[@]}" -O2 $COMPILE_LTO -fno-inline-functions -w \
        -I"$CSMITH_INC" -Dmain=main_$unit -c p.c -o "unit_$unit.o"
    done
    "$CC" "${TARGET_CFLAGS[@]}" -O2 $COMPILE_LTO -fno-inline-functions -w \
      -I"$CSMITH_INC" -Dmain=main_c -c q.c -o unit_c.o
    printf '%s\n' 'int main_a(int, char **), main_b(int, char **), main_c(int, char **);' \
      'int main(int argc, char **argv) { main_a(argc, argv); main_b(argc, argv); return main_c(argc, argv); }' >units.c
    "$CC" "${TARGET_CFLAGS[@]}" -O2 $COMPILE_LTO -c units.c -o units.o
    check_variants "$seed-units" units.o unit_a.o unit_b.o unit_c.o
  fi
  ((MUTANTS > 0)) || continue

  # 2. Mutants of the compiled program, before the LTO pipeline.
  "$CC" "${TARGET_CFLAGS[@]}" -O2 $COMPILE_LTO -fno-inline-functions -w \
    -I"$CSMITH_INC" -c p.c -o pn.o
  for ((m = 1; m <= MUTANTS; m++)); do
    mutate "$seed-pre$m" pn.o "pre$m.bc" $((seed * 1000 + m)) || continue
    if [[ $LTO != full ]]; then
      "$LLVM_TOOLS/opt" -module-summary "pre$m.bc" -o "pre$m.thin.bc" &&
        mv "pre$m.thin.bc" "pre$m.bc"
    fi
    extra=()
    ((m % 2 == 0)) && extra=(-Wl,--export-dynamic)
    check_variants "$seed-pre$m" "pre$m.bc" "${extra[@]}"
  done

  # 3. Mutants of the module the merger sees, relinked without the pipeline.
  [[ $LTO == full ]] || continue
  lmf_link post.exe pn.o -Wl,--save-temps 2>/dev/null || continue
  for ((m = 1; m <= MUTANTS; m++)); do
    mutate "$seed-post$m" post.exe.0.4.opt.bc "post$m.bc" $((seed * 1000 + 500 + m)) || continue
    extra=()
    ((m % 2 == 1)) && extra=(-Wl,--export-dynamic)
    check_variants "$seed-post$m" "post$m.bc" -Wl,--lto-O0 -Wl,--lto-CGO2 "${extra[@]}"
  done
done

note "csmith ($LTO LTO, $TARGET): $programs programs (seeds $SEED..$((SEED + programs - 1))), $mutants mutants with $mutations mutated clones"
note "        $variants builds compared ($discarded dropped: plain build failed, crashed or timed out), $runs runs"
note "        $folds_safe folds in safe mode ($across_classes classes across modules), $folds_all in all mode, $similar_merged functions sharing similar bodies, $aligned_merged aligned, $(($(now) - start))s"
((failures == 0)) || fail "$failures csmith cases differ; see $LMF_ARTIFACTS"
echo "PASS: csmith differential testing"
