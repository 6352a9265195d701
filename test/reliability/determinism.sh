#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Merging never makes a build irreproducible: for every program of the bench
# corpus (bench/**/*.c, *.cpp with a main) and for a generated program with
# hundreds of foldable functions, linking with --lto-merge-functions (safe,
# all, and safe with --lto-merge-similar-functions) at --threads=1, 2, 4
# and 8, twice each, gives byte-identical executables, fold listings and
# reports (timings aside), in full-LTO links and, for the generated program, in ThinLTO links. The same holds for
# opt-22 on a large generated IR module with -lto-merge-functions-threads.
#
# Usage: determinism.sh [--repeats N] [--functions N] [--corpora LIST]
#                       [--gen-groups N]
#   --functions: size of the generated C program (default 600 functions)
#   --corpora: bench corpora to build (bench/size/corpus.py: generated,
#              headeronly, googletest; default generated), or none
#   --gen-groups: size of the generated bench program (default 12)
source "$(dirname "$0")/common.bash"

REPEATS=2 FUNCTIONS=600 CORPORA=generated GEN_GROUPS=12
while (($#)); do
  case "$1" in
  --repeats) REPEATS="$2"; shift 2 ;;
  --functions) FUNCTIONS="$2"; shift 2 ;;
  --corpora) CORPORA="$2"; shift 2 ;;
  --gen-groups) GEN_GROUPS="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
need "$LMF_MUTATE"
THREADS=(1 2 4 8)
failures=0 links=0

# A C program whose functions come in families of near twins, called
# directly and through a table, so that erasing, aliases, thunks and
# redirected callers all happen and the parallel phases have work.
generate_program() {
  local n="$1" i
  echo '#include <stdio.h>'
  echo 'typedef long (*fn)(long);'
  for ((i = 0; i < n; i++)); do
    local k=$((i % 7)) c=$(((i / 7) % 5)) link=""
    ((i % 3 == 0)) && link="static "
    echo "${link}__attribute__((noinline)) long f$i(long x) {"
    echo "  long s = x; for (int j = 0; j < $((3 + k)); j++) s = s * $((31 + c)) + (j ^ $k);"
    echo "  return s ^ (s >> $((k + 1)));"
    echo "}"
  done
  echo "fn table[] = {"
  for ((i = 0; i < n; i += 4)); do echo "  f$i,"; done
  echo "};"
  echo 'int main(int argc, char **argv) {'
  echo '  long r = argc;'
  for ((i = 1; i < n; i += 4)); do echo "  r += f$i(r & 1023);"; done
  echo '  for (unsigned i = 0; i < sizeof table / sizeof *table; i++) r ^= table[i](i + argc);'
  echo '  printf("%ld\n", r);'
  echo '  return 0;'
  echo '}'
}

# link_mode_flags MODE: safe, all, or similar (safe with similar merging).
link_mode_flags() {
  case "$1" in
  similar) echo "-Wl,--lto-merge-functions=safe,--lto-merge-similar-functions" ;;
  *) echo "-Wl,--lto-merge-functions=$1" ;;
  esac
}

# opt_mode_flags MODE: the same for the pass in opt.
opt_mode_flags() {
  case "$1" in
  similar) echo "-lto-merge-functions-mode=safe -lto-merge-functions-similar" ;;
  *) echo "-lto-merge-functions-mode=$1" ;;
  esac
}

# check_program NAME OBJECT... -- LINKFLAGS...: links the objects every
# way (with $LINK_DRIVER, default clang) and compares.
check_program() {
  local name="$1" mode t rep ref objs=() driver="${LINK_DRIVER:-$CC}"
  shift
  while (($#)) && [[ $1 != -- ]]; do objs+=("$1"); shift; done
  (($#)) && shift
  for mode in safe all similar; do
    ref=""
    for t in "${THREADS[@]}"; do
      for ((rep = 1; rep <= REPEATS; rep++)); do
        local tag="$name.$mode.t$t.r$rep"
        if ! "$driver" -flto -fuse-ld=lld --ld-path="$LMF_LD" -o "$tag.exe" \
          "${objs[@]}" "$@" -Wl,--threads="$t" \
          $(link_mode_flags "$mode") -Wl,--print-merged-functions \
          -Wl,--lto-merge-functions-report="$tag.json" >"$tag.listing" 2>"$tag.err"; then
          cat "$tag.err" >&2
          fail "$name: link with --threads=$t ($mode) failed"
        fi
        links=$((links + 1))
        report_without_times "$tag.json" >"$tag.report"
        if [[ -z $ref ]]; then
          ref="$tag"
          continue
        fi
        local what
        for what in exe listing report; do
          if ! cmp -s "$ref.$what" "$tag.$what"; then
            echo "FAIL: $name ($mode): the $what of --threads=$t run $rep differs from $ref" >&2
            [[ $what == exe ]] || diff "$ref.$what" "$tag.$what" | head -n 20 >&2
            failures=$((failures + 1))
            mkdir -p "$LMF_ARTIFACTS/determinism-$name"
            cp -f "${objs[@]}" "$ref.$what" "$tag.$what" "$LMF_ARTIFACTS/determinism-$name/"
          fi
        done
      done
    done
    note "$name ($mode): $(grep -c 'removing identical' "$ref.listing" || true) folds, identical for --threads=${THREADS[*]} x $REPEATS"
  done
}

# The bench corpus, built by bench/size/corpus.py (bench_corpus.py lists
# it), plus bench/example.
python3 "$REL_DIR/bench_corpus.py" "$WORK/bench" "$CORPORA" \
  --gen-groups "$GEN_GROUPS" >corpus.json 2>corpus.log ||
  { cat corpus.log >&2; fail "building the bench corpus ($CORPORA) failed"; }
count=$(python3 -c 'import json; print(len(json.load(open("corpus.json"))))')
for ((p = 0; p < count; p++)); do
  mapfile -t prog < <(python3 -c '
import json, sys
p = json.load(open("corpus.json"))[int(sys.argv[1])]
print(p["name"])
for x in p["objects"] + ["--"] + p["link_args"]:
    print(x)' "$p")
  name="${prog[0]}"
  objs=() args=() seen=""
  for x in "${prog[@]:1}"; do
    if [[ $x == -- ]]; then seen=1
    elif [[ -z $seen ]]; then objs+=("$x")
    else args+=("$x"); fi
  done
  LINK_DRIVER="$CXX" check_program "$name" "${objs[@]}" -- "${args[@]}"
done

# A generated program large enough for the parallel phases.
generate_program "$FUNCTIONS" >many.c
"$CC" -O2 -flto -c many.c -o many.o
check_program many many.o --
considered=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["functions_considered"])' many.safe.t1.r1.json)
((considered >= 256)) ||
  fail "the generated program has only $considered candidates, too few for the parallel phases"

# The same program as a ThinLTO module, beside a second one with twins:
# each backend merges its own module, and the program, the listing and the
# report (gathered in module order) are the same for any number of backend
# jobs, which follow --threads.
"$CC" -O2 -flto=thin -c many.c -o many-thin.o
cat >twins.c <<'C'
__attribute__((noinline)) static long twin_a(long x) { long s = 0; for (long i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) static long twin_b(long x) { long s = 0; for (long i = 0; i < x; i++) s += i * i ^ s; return s; }
long twins_entry(long x) { return twin_a(x) + twin_b(x + 1); }
C
"$CC" -O2 -flto=thin -c twins.c -o twins-thin.o
check_program thinlto many-thin.o twins-thin.o -- -Wl,-u,twins_entry
grep -q 'removing identical function twin_b' thinlto.safe.t1.r1.listing ||
  fail "the ThinLTO backend of twins.c folded nothing"

# opt-22 on a large generated IR module: llvm-stress functions with families
# of mutated clones and their callers.
for s in 1 2 3 4 5 6; do
  "$LLVM_TOOLS/llvm-stress" -seed="$s" -size=60 -o "stress$s.ll"
done
"$LLVM_TOOLS/llvm-link" stress*.ll -o stress.bc
"$LMF_MUTATE" stress.bc -o big.bc --functions 0 --clones 12 --rounds 2 >/dev/null
for mode in safe all similar; do
  ref=""
  for t in "${THREADS[@]}"; do
    for ((rep = 1; rep <= REPEATS; rep++)); do
      out="opt.$mode.t$t.r$rep.bc"
      # shellcheck disable=SC2046 # the flags are words
      "$OPT" -load-pass-plugin="$LMF_PLUGIN" -passes=lto-merge-functions \
        $(opt_mode_flags "$mode") -lto-merge-functions-threads="$t" \
        -lto-merge-functions-verify big.bc -o "$out" 2>"opt.$mode.t$t.r$rep.err" ||
        { cat "opt.$mode.t$t.r$rep.err" >&2; fail "opt -lto-merge-functions-threads=$t failed"; }
      if [[ -z $ref ]]; then
        ref="$out"
      elif ! cmp -s "$ref" "$out"; then
        echo "FAIL: opt ($mode): -lto-merge-functions-threads=$t run $rep differs from $ref" >&2
        failures=$((failures + 1))
        mkdir -p "$LMF_ARTIFACTS/determinism-opt"
        cp -f big.bc "$LMF_ARTIFACTS/determinism-opt/"
      fi
    done
  done
done
note "opt on a module of $("$LLVM_TOOLS/llvm-dis" big.bc -o - | grep -c '^define') functions: identical for -lto-merge-functions-threads=${THREADS[*]} x $REPEATS"

# Links (and opt) print nothing but the listing, also with --threads above
# the number of cores (oneTBB would warn if we asked it for more threads than
# it allows).
if grep -q '^TBB Warning' ./*.err 2>/dev/null; then
  grep -h -m1 '^TBB Warning' ./*.err | head -n 1 >&2
  fail "links with --threads above $(nproc) cores print a TBB warning"
fi
if grep -v -h '^TBB Warning\|^$' ./*.err 2>/dev/null | grep -q .; then
  grep -v -h '^TBB Warning\|^$' ./*.err | head -n 5 >&2
  fail "links print unexpected messages on stderr"
fi
note "$links links and $((${#THREADS[@]} * REPEATS * 2)) opt runs compared, none wrote to stderr"
((failures == 0)) || fail "$failures outputs differ between thread counts or runs"
echo "PASS: deterministic for --threads=${THREADS[*]}"
