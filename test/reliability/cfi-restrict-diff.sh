#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Differential testing of CFI programs and of inlined restrict loops
# (issue 55): a program must print the same, and exit the same way, whether
# it is linked by Debian's stock ld.lld-22 without merging or by our ld.lld
# with --lto-merge-functions (safe or all, safe with
# --lto-merge-similar-functions, and that with --lto-merge-aligned-functions).
#
# For every seed SEED, SEED+1, ... and every kind (--kinds):
#  cfi       a C++ program from cfi_restrict_twins.py --kind cfi (class
#            hierarchies in anonymous and hidden namespaces with twin
#            classes, virtual and member-pointer calls, derived and
#            unrelated casts, indirect calls to twins of one type and of
#            different types), built with -fsanitize=cfi
#            -fvisibility=hidden (odd seeds also -fwhole-program-vtables);
#  restrict  a C program from cfi_restrict_twins.py --kind restrict
#            (restrict kernels inlined into twin callers: noalias scope
#            declarations, !alias.scope and !noalias; callers passing
#            overlapping pointers where that is well defined).
# Seeds that are 0 mod 3 are one unit, 1 mod 3 two units where the second
# repeats the first (every function has a twin in the other module: with
# --lto thin, twins across modules, and internal classes whose type ids are
# distinct in each module), 2 mod 3 two units of their own.
# Each program is compiled once with clang-22 -O2 (-flto or -flto=thin),
# linked plain with ld.lld-22 (clang's -fuse-ld=lld --ld-path, as
# csmith-diff.sh picks its linker) and four ways with our ld.lld, each with
# a merge report; every binary runs under a timeout and its stdout and exit
# status are compared with the plain one's (in `all` mode without the
# `addr` lines, which compare function addresses, as --icf=all may change
# them). The plain build must exit 0 and print a checksum: the programs are
# well defined, so anything else is a bug of the generator and fails the
# campaign.
#
# The campaign also fails when it could pass vacuously: when no CFI object
# holds a type test, no restrict object a noalias scope declaration, or the
# reports of either kind's merging links count no fold at all.
#
# Usage: cfi-restrict-diff.sh [--programs N] [--seed N|auto] [--budget SECONDS]
#                             [--timeout SECONDS] [--lto full|thin]
#                             [--kinds cfi,restrict]
# (--programs N: N seeds, each giving one program of every kind.) A failing
# case is kept under $LMF_ARTIFACTS/cfi-restrict-<kind>-<seed>-<lto>-<mode>/
# with its sources, objects, listing, report, outputs and a repro.sh.
# LMF_STOCK_LD overrides the plain linker (default /usr/bin/ld.lld-22).
source "$(dirname "$0")/common.bash"

PROGRAMS=4 SEED="${LMF_FUZZ_SEED:-1}" BUDGET=0 TIMEOUT=10 LTO=full
KINDS=cfi,restrict
while (($#)); do
  case "$1" in
  --lto) LTO="$2"; shift 2 ;;
  --programs) PROGRAMS="$2"; shift 2 ;;
  --seed) SEED="$2"; shift 2 ;;
  --budget) BUDGET="$2"; shift 2 ;;
  --timeout) TIMEOUT="$2"; shift 2 ;;
  --kinds) KINDS="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
SEED="$(resolve_seed "$SEED")"
case "$LTO" in
full) COMPILE_LTO=-flto ;;
thin) COMPILE_LTO=-flto=thin ;;
*) fail "--lto: expected full or thin, not '$LTO'" ;;
esac
IFS=, read -r -a KIND_LIST <<<"$KINDS"
for kind in "${KIND_LIST[@]}"; do
  [[ $kind == cfi || $kind == restrict ]] ||
    fail "--kinds: expected cfi and/or restrict, not '$kind'"
done
STOCK_LD="${LMF_STOCK_LD:-/usr/bin/ld.lld-22}"
GEN="$REL_DIR/cfi_restrict_twins.py"
need "$STOCK_LD" "$GEN"
MODES=(safe all similar aligned)

# merge_flags MODE: our linker's options for a merging mode (every similar
# class and aligned pair merges, however small: this is about correctness).
merge_flags() {
  case "$1" in
  safe) echo "-Wl,--lto-merge-functions" ;;
  all) echo "-Wl,--lto-merge-functions=all" ;;
  similar) echo "-Wl,--lto-merge-functions,--lto-merge-similar-functions,-mllvm,-lto-merge-functions-similar-min-gain=-1000000" ;;
  aligned) echo "$(merge_flags similar),--lto-merge-aligned-functions,-mllvm,-lto-merge-functions-aligned-min-gain=-1000000" ;;
  esac
}

# fold_counts REPORT KIND: "identical similar aligned cross marked" from a
# full-LTO or ThinLTO report; marked counts the folded or merged members
# that matter most for KIND (restrict: the callers c<unit>_<n> and w<unit>_<f>_<variant>, which
# inlined the kernels; cfi: the bodies of address-taken functions, .cfi).
fold_counts() {
  python3 - "$1" "$2" <<'EOF'
import json, re, sys
r = json.load(open(sys.argv[1]))
mark = re.compile(r"^[cw]\d+_\d+" if sys.argv[2] == "restrict" else r"\.cfi$")
ident = similar = aligned = marked = 0
for m in r.get("modules", [r]):
    ident += m["functions_folded"]
    similar += m.get("similar", {}).get("functions_merged", 0)
    aligned += m.get("aligned", {}).get("functions_merged", 0)
    members = [x for g in m["groups"] for x in g["members"]]
    for stage in ("similar", "aligned"):
        for c in m.get(stage, {}).get("classes", []):
            members += c["members"][1:]
    marked += sum(1 for x in members if mark.search(x["name"]))
xm = r.get("cross_module", {})
cross = xm.get("functions_folded", 0) + xm.get("similar_functions_merged", 0)
print(ident, similar, aligned, cross, marked)
EOF
}

# Counters: per kind, then per kind and mode.
declare -A generated built links folds marked
failures=0 typed=0 scoped=0
for kind in "${KIND_LIST[@]}"; do
  generated[$kind]=0 built[$kind]=0
  for m in "${MODES[@]}"; do
    links[$kind.$m]=0 folds[$kind.$m]=0 marked[$kind.$m]=0
  done
done
declare -A fold_kinds=([identical]=0 [similar]=0 [aligned]=0 [cross]=0)
start=$(now)

# keep_case ID WHY: copies the case directory's files to the artifacts.
keep_case() {
  local id="$1" why="$2" keep
  keep="$LMF_ARTIFACTS/cfi-restrict-$id"
  mkdir -p "$keep"
  cp -f "$dir"/* "$keep/" 2>/dev/null || true
  printf '%s\n' "$why" >"$keep/WHY"
  failures=$((failures + 1))
  echo "FAIL: case $id: $why" >&2
  echo "      kept in $keep (see repro.sh there)" >&2
}

# write_repro MODE: $dir/repro.sh, which compiles the sources, links them
# plain and with MODE and compares what the two print.
write_repro() {
  local mode="$1" filter=cat
  [[ $mode == all ]] && filter="grep -v '^addr '"
  {
    echo '#!/bin/bash'
    echo "# $kind seed $seed, $LTO LTO: plain (ld.lld-22) against --lto-merge-functions mode $mode."
    echo 'set -u; cd "$(dirname "$0")"'
    echo "LD=\${LMF_LD:-$LMF_LD}"
    echo "STOCK=\${LMF_STOCK_LD:-$STOCK_LD}"
    echo "for s in ${sources[*]}; do $COMPILER -O2 $COMPILE_LTO ${kflags[*]} -w -c \$s -o \${s%.*}.o || exit 2; done"
    echo "link() { ld=\"\$1\"; shift; $COMPILER $COMPILE_LTO ${kflags[*]} -fuse-ld=lld --ld-path=\"\$ld\" ${objs[*]} \"\$@\"; }"
    echo "run() { timeout $((TIMEOUT * 3)) ./\$1 | $filter; echo \"status \${PIPESTATUS[0]}\"; }"
    echo 'link "$STOCK" -o plain || exit 2'
    echo "link \"\$LD\" -o $mode $(merge_flags "$mode") -Wl,--print-merged-functions >listing.repro.$mode || exit 2"
    echo "a=\$(run plain); b=\$(run $mode)"
    echo "diff <(echo \"\$a\") <(echo \"\$b\") && echo same"
  } >"$dir/repro.sh"
  chmod +x "$dir/repro.sh"
}

# compare_outputs MODE: 0 when out.plain and out.MODE print the same.
compare_outputs() {
  if [[ $1 == all ]]; then
    cmp -s <(grep -v '^addr ' "$dir/out.plain") <(grep -v '^addr ' "$dir/out.$1")
  else
    cmp -s "$dir/out.plain" "$dir/out.$1"
  fi
}

# check_program KIND SEED: generates, builds, links and compares one program.
check_program() {
  kind="$1" seed="$2"
  dir="$WORK/$kind-$seed"
  local units=1 gen_args=() ext=c v rc n counts
  case $((seed % 3)) in
  1) units=2 gen_args=(--copy-units) ;;
  2) units=2 ;;
  esac
  mkdir -p "$dir"
  python3 "$GEN" --kind "$kind" --seed "$seed" --units "$units" \
    "${gen_args[@]}" --out "$dir" >/dev/null
  generated[$kind]=$((generated[$kind] + 1))
  kflags=()
  if [[ $kind == cfi ]]; then
    ext=cpp COMPILER="$CXX" kflags=(-fsanitize=cfi -fvisibility=hidden)
    ((seed % 2 == 1)) && kflags+=(-fwhole-program-vtables)
  else
    COMPILER="$CC"
  fi
  sources=() objs=()
  for ((u = 0; u < units; u++)); do
    sources+=("u$u.$ext") objs+=("u$u.o")
  done
  # Compile (in $dir, so that repro.sh's relative names work).
  for s in "${sources[@]}"; do
    if ! (cd "$dir" && "$COMPILER" -O2 $COMPILE_LTO "${kflags[@]}" -w -c "$s" \
      -o "${s%.*}.o") 2>"$dir/compile.log"; then
      keep_case "$kind-$seed-$LTO-compile" "clang failed on the generated $s (a generator bug): $(head -n 3 "$dir/compile.log")"
      return 0
    fi
  done
  if [[ $kind == cfi ]]; then
    grep -qa 'llvm.type.test' "$dir"/u*.o && typed=$((typed + 1))
  else
    grep -qa 'llvm.experimental.noalias.scope.decl' "$dir"/u*.o &&
      scoped=$((scoped + 1))
  fi
  # The plain reference: stock ld.lld-22, no merging.
  if ! (cd "$dir" && "$COMPILER" $COMPILE_LTO "${kflags[@]}" -fuse-ld=lld \
    --ld-path="$STOCK_LD" "${objs[@]}" -o plain) 2>"$dir/link.plain"; then
    keep_case "$kind-$seed-$LTO-plain" "the plain link with $STOCK_LD failed: $(head -n 3 "$dir/link.plain")"
    return 0
  fi
  rc=0
  run_prog "$dir/out.plain" "$dir/plain" "$TIMEOUT" || rc=1
  if ((rc != 0)) || ! grep -q '^exit status 0$' "$dir/out.plain" ||
    ! grep -q '^checksum = ' "$dir/out.plain"; then
    write_repro safe
    keep_case "$kind-$seed-$LTO-plain" "the plain build did not exit 0 with a checksum (a generator bug): $(tail -n 1 "$dir/out.plain")"
    return 0
  fi
  built[$kind]=$((built[$kind] + 1))
  for v in "${MODES[@]}"; do
    rc=0
    (cd "$dir" && "$COMPILER" $COMPILE_LTO "${kflags[@]}" -fuse-ld=lld \
      --ld-path="$LMF_LD" "${objs[@]}" -o "$v" "$(merge_flags "$v")" \
      -Wl,--print-merged-functions \
      -Wl,--lto-merge-functions-report="report.$v.json") \
      >"$dir/listing.$v" 2>"$dir/link.$v" || rc=$?
    links[$kind.$v]=$((links[$kind.$v] + 1))
    if ((rc != 0)); then
      write_repro "$v"
      keep_case "$kind-$seed-$LTO-$v" "link with $(merge_flags "$v") failed (status $rc): $(grep -m1 -E 'error|Stack|LLVM ERROR|Assertion' "$dir/link.$v" || true)"
      continue
    fi
    read -r -a counts <<<"$(fold_counts "$dir/report.$v.json" "$kind")"
    n=$((counts[0] + counts[1] + counts[2] + counts[3]))
    folds[$kind.$v]=$((folds[$kind.$v] + n))
    marked[$kind.$v]=$((marked[$kind.$v] + counts[4]))
    fold_kinds[identical]=$((fold_kinds[identical] + counts[0]))
    fold_kinds[similar]=$((fold_kinds[similar] + counts[1]))
    fold_kinds[aligned]=$((fold_kinds[aligned] + counts[2]))
    fold_kinds[cross]=$((fold_kinds[cross] + counts[3]))
    run_merged_prog "$dir/out.$v" "$dir/$v" "$((TIMEOUT * 3))" "$((TIMEOUT * 10))"
    if ! compare_outputs "$v"; then
      write_repro "$v"
      keep_case "$kind-$seed-$LTO-$v" "output differs with $(merge_flags "$v"): $(diff "$dir/out.plain" "$dir/out.$v" | head -n 6 | tr '\n' ' ')"
    fi
  done
  return 0
}

for ((i = 0; i < PROGRAMS; i++)); do
  if ((BUDGET > 0 && $(now) - start >= BUDGET)); then
    note "time budget of ${BUDGET}s used up after $i seeds"
    break
  fi
  ((i % 5 == 0 && i > 0)) &&
    note "$i seeds, $failures failures, $(($(now) - start))s"
  for kind in "${KIND_LIST[@]}"; do
    check_program "$kind" $((SEED + i))
  done
  # Keep the work directory small: only failing cases matter.
  rm -rf "$WORK"/*-$((SEED + i))
done

for kind in "${KIND_LIST[@]}"; do
  line="$kind ($LTO LTO): ${generated[$kind]} programs generated, ${built[$kind]} built and run plain; links/folds:"
  for m in "${MODES[@]}"; do
    line+=" $m ${links[$kind.$m]}/${folds[$kind.$m]}"
  done
  if [[ $kind == cfi ]]; then
    line+="; .cfi bodies folded:"
  else
    line+="; callers folded:"
  fi
  for m in "${MODES[@]}"; do
    line+=" $m ${marked[$kind.$m]}"
  done
  note "$line"
done
note "folds by stage (all modes): identical ${fold_kinds[identical]}, similar ${fold_kinds[similar]}, aligned ${fold_kinds[aligned]}, across modules ${fold_kinds[cross]}"
note "$typed CFI programs with type tests, $scoped restrict programs with noalias scope declarations, $failures differences, $(($(now) - start))s"
((failures == 0)) || fail "$failures cases differ; see $LMF_ARTIFACTS"
for kind in "${KIND_LIST[@]}"; do
  ((built[$kind] > 0)) || fail "no $kind program was built"
  total=0
  for m in "${MODES[@]}"; do
    total=$((total + folds[$kind.$m]))
  done
  ((total > 0)) || fail "no $kind program folded anything: the campaign tested nothing"
done
[[ ! " ${KIND_LIST[*]} " =~ " cfi " ]] || ((typed > 0)) ||
  fail "no CFI object held a type test"
[[ ! " ${KIND_LIST[*]} " =~ " restrict " ]] || ((scoped > 0)) ||
  fail "no restrict object held a noalias scope declaration"
echo "PASS: CFI and restrict differential testing"
