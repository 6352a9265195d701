#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Bad input never crashes the link and never leaves a partial output: for
# truncated and corrupt bitcode, non-LTO inputs, invalid option values, an
# unwritable report file, a plugin built for another LLVM and distributed
# ThinLTO jobs whose index or module arrives damaged, our ld.lld (and stock
# ld.lld-22 or opt-22 with the plugin, and our DTLTO backend) either
# succeeds or exits non-zero with an `error:` naming the problem, writes no
# output file, and prints no crash report.
#
# Corrupt bitcode is judged against stock ld.lld-22: where LLVM's own reader
# crashes on an input (an LLVM bug, not ours) the case is only counted.
#
# Usage: bad-input.sh [--corruptions N]
source "$(dirname "$0")/common.bash"

CORRUPTIONS=40
while (($#)); do
  case "$1" in
  --corruptions) CORRUPTIONS="$2"; shift 2 ;;
  *) fail "unknown argument $1" ;;
  esac
done
STOCK_LD="$LLVM_TOOLS/ld.lld"
need "$STOCK_LD"
checks=0 llvm_crashes=0

# expect_error WHAT PATTERN OUTPUT CMD...: expect_failure (test/lib), and
# the failed command left no OUTPUT behind.
expect_error() {
  local what="$1" pattern="$2" output="$3"
  shift 3
  rm -f "$output"
  expect_failure "$what" "$pattern" "$@"
  checks=$((checks + 1))
  [[ ! -e $output ]] || fail "$what: the failed command wrote $output"
}

link_ours() { # OUT INPUTS/FLAGS...
  local out="$1"
  shift
  "$CC" -flto -fuse-ld=lld --ld-path="$LMF_LD" "$@" -o "$out"
}
link_stock() {
  local out="$1"
  shift
  "$CC" -flto -fuse-ld=lld --ld-path="$STOCK_LD" "$@" -o "$out"
}

cat >prog.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { printf("%d\n", a(argc + 5) + b(argc + 6)); return 0; }
C
"$CC" -O2 -flto -c prog.c -o prog.o
"$CC" -O2 -c prog.c -o native.o
size=$(stat -c %s prog.o)

note "truncated bitcode"
for n in 0 4 20 100 $((size / 2)) $((size - 1)); do
  head -c "$n" prog.o >"trunc$n.o"
  for mode in safe all; do
    expect_error "bitcode truncated to $n bytes ($mode)" 'error:' out \
      link_ours out "trunc$n.o" -Wl,--lto-merge-functions=$mode
  done
done

note "corrupt bitcode: $CORRUPTIONS single-byte corruptions, against stock ld.lld-22"
agree=0
for ((i = 1; i <= CORRUPTIONS; i++)); do
  pos=$(((i * 7919) % size))
  python3 -c '
import sys
d = bytearray(open("prog.o", "rb").read())
d[int(sys.argv[1])] ^= int(sys.argv[2])
open("corrupt.o", "wb").write(d)' "$pos" $(((i * 37) % 255 + 1))
  rm -f stock.out
  src=0
  link_stock stock.out corrupt.o >stock.txt 2>&1 || src=$?
  if grep -Eq "$CRASH_REPORT" stock.txt; then
    llvm_crashes=$((llvm_crashes + 1))
    continue
  fi
  rc=0
  rm -f ours.out
  link_ours ours.out corrupt.o -Wl,--lto-merge-functions >ours.txt 2>&1 || rc=$?
  checks=$((checks + 1))
  if grep -Eq "$CRASH_REPORT" ours.txt; then
    cp corrupt.o "$LMF_ARTIFACTS/bad-input-corrupt-$i.o" 2>/dev/null || true
    cat ours.txt >&2
    fail "corruption $i (byte $pos): our link crashes, stock ld.lld-22 does not"
  fi
  if ((src == 0 && rc != 0)); then
    cat ours.txt >&2
    fail "corruption $i (byte $pos): stock ld.lld-22 links it, ours fails"
  fi
  if ((rc != 0)); then
    [[ ! -e ours.out ]] || fail "corruption $i: the failed link wrote its output"
    grep -q 'error:' ours.txt || { cat ours.txt >&2; fail "corruption $i: no error message"; }
  fi
  agree=$((agree + 1))
done
note "  $agree agree with stock ld.lld-22; $llvm_crashes crash stock ld.lld-22 too (LLVM's reader, not the merger)"

note "non-LTO inputs"
link_ours plain.exe native.o
expected=$(./plain.exe)
rc=0
link_ours native.exe native.o -Wl,--lto-merge-functions 2>warn.txt || rc=$?
((rc == 0)) || { cat warn.txt >&2; fail "a native object with --lto-merge-functions does not link"; }
grep -q 'nothing to merge' warn.txt || { cat warn.txt >&2; fail "no warning that nothing was merged"; }
[[ "$(./native.exe)" == "$expected" ]] || fail "the native program prints something else"
echo 'int other(int x) { return x * 3; }' >other.c
"$CC" -O2 -flto -c other.c -o other.o
link_ours mixed.exe native.o other.o -Wl,--lto-merge-functions=all
[[ "$(./mixed.exe)" == "$expected" ]] || fail "native + LTO objects print something else"
checks=$((checks + 3))

note "invalid option values"
opt_merge() { # OUT ARGS...
  local out="$1"
  shift
  "$OPT" -load-pass-plugin="$LMF_PLUGIN" -passes=lto-merge-functions "$@" prog.o -o "$out"
}
expect_error "opt: unknown mode" "lto-merge-functions-mode.*bogus" o.bc opt_merge o.bc -lto-merge-functions-mode=bogus
expect_error "opt: empty mode" "lto-merge-functions-mode" o.bc opt_merge o.bc -lto-merge-functions-mode=
expect_error "opt: threads not a number" "lto-merge-functions-threads.*abc" o.bc opt_merge o.bc -lto-merge-functions-threads=abc
expect_error "opt: negative threads" "lto-merge-functions-threads" o.bc opt_merge o.bc -lto-merge-functions-threads=-1
expect_error "ld.lld: unknown mode" "error: .*unknown merge mode 'fast'" out link_ours out prog.o -Wl,--lto-merge-functions=fast
expect_error "ld.lld: report without a file" "error: .*lto-merge-functions-report" out link_ours out prog.o -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report=
expect_error "ld.lld: zero threads" "error: .*threads" out link_ours out prog.o -Wl,--lto-merge-functions -Wl,--threads=0
expect_error "stock ld.lld-22 + plugin: unknown mode" "lto-merge-functions-mode.*bogus" out \
  link_stock out prog.o -Wl,--load-pass-plugin="$LMF_PLUGIN" -Wl,-mllvm,-load="$LMF_PLUGIN" \
  -Wl,-mllvm,-lto-merge-functions-mode=bogus
rc=0
opt_merge big-threads.bc -lto-merge-functions-threads=100000 2>threads.txt || rc=$?
((rc == 0)) || { cat threads.txt >&2; fail "opt: -lto-merge-functions-threads=100000 fails"; }
checks=$((checks + 1))

note "unwritable report file"
mkdir -p adir
touch afile
for report in /proc/lmf-report.json nodir/r.json afile/r.json adir; do
  expect_error "ld.lld: report '$report'" "error: .*merge report" out \
    link_ours out prog.o -Wl,--lto-merge-functions -Wl,--lto-merge-functions-report="$report"
  expect_error "stock ld.lld-22 + plugin: report '$report'" "error: .*merge report" out \
    link_stock out prog.o -Wl,--load-pass-plugin="$LMF_PLUGIN" -Wl,-mllvm,-load="$LMF_PLUGIN" \
    -Wl,-mllvm,-lto-merge-functions-report="$report"
done
# opt writes its output file whatever a pass reports; only the error counts.
rc=0
opt_merge o.bc -lto-merge-functions-report=/proc/lmf-report.json 2>err.txt || rc=$?
((rc != 0 && rc < 128)) && grep -q 'error: .*merge report' err.txt ||
  { cat err.txt >&2; fail "opt: an unwritable report is not an error (status $rc)"; }
[[ -z "$(ls adir)" ]] || fail "a failed report left files behind: $(ls adir)"
checks=$((checks + 1))

note "a plugin built for another LLVM"
cat >fake.c <<'C'
/* Looks like our plugin (it has the run counter), built for another LLVM. */
struct Info { unsigned APIVersion; const char *Name, *Version; void (*Register)(void *); };
static void reg(void *pb) { (void)pb; }
struct Info llvmGetPassPluginInfo(void) {
  struct Info i = {API, "LTOMergeFunctions", "0.0-other-llvm", reg};
  return i;
}
unsigned lto_merge_functions_run_count(void) { return 0; }
#ifdef BUILT_FOR
const char *lto_merge_functions_llvm_version(void) { return BUILT_FOR; }
#endif
C
echo 'int llvm_stub;' >stub.c
"$CC" -shared -fPIC -o libLLVM.so.21.1 -Wl,-soname,libLLVM.so.21.1 stub.c
plugins=(api v21 unknown v22.0)
mkdir -p api/bin api/lib v21/bin v21/lib unknown/bin unknown/lib v22.0/bin v22.0/lib
"$CC" -shared -fPIC -DAPI=7 fake.c -o api/lib/LTOMergeFunctions.so
# Right API, but an older build of ours that does not say its LLVM, and one
# built for another LLVM 22 release.
"$CC" -shared -fPIC -DAPI=2 fake.c -o unknown/lib/LTOMergeFunctions.so
"$CC" -shared -fPIC -DAPI=2 -DBUILT_FOR='"22.0.0"' fake.c -o v22.0/lib/LTOMergeFunctions.so
"$CC" -shared -fPIC -DAPI=2 fake.c -L. -Wl,--no-as-needed -l:libLLVM.so.21.1 \
  -o v21/lib/LTOMergeFunctions.so
rm libLLVM.so.21.1 # as on a machine with only LLVM 22
if [[ -e /usr/lib/llvm-14/lib/libLLVM-14.so.1 ]]; then
  plugins+=(v14)
  mkdir -p v14/bin v14/lib
  "$CC" -shared -fPIC -DAPI=1 fake.c -Wl,--no-as-needed \
    /usr/lib/llvm-14/lib/libLLVM-14.so.1 -o v14/lib/LTOMergeFunctions.so
fi
for p in "${plugins[@]}"; do
  cp "$LMF_LD" "$p/bin/ld.lld"
  so="$WORK/$p/lib/LTOMergeFunctions.so"
  # Before the link starts, naming the plugin and what is wrong with it.
  expect_error "ld.lld with plugin '$p'" \
    "error: .*plugin '[^']*LTOMergeFunctions.so'.*(API version|built for|LLVM)" out \
    "$CC" -flto -fuse-ld=lld --ld-path="$WORK/$p/bin/ld.lld" prog.o -Wl,--lto-merge-functions -o out
  # opt and stock ld.lld load a plugin of the right API whatever LLVM built it.
  [[ $p == unknown || $p == v22.0 ]] && continue
  expect_error "opt-22 with plugin '$p'" "(Wrong API version|Could not load).*LTOMergeFunctions.so" o.bc \
    "$OPT" -load-pass-plugin="$so" -passes=lto-merge-functions prog.o -o o.bc
  expect_error "stock ld.lld-22 with plugin '$p'" "LTOMergeFunctions.so" out \
    link_stock out prog.o -Wl,--load-pass-plugin="$so"
done

note "distributed ThinLTO (DTLTO) backends given bad input"
"$CC" -O2 -flto=thin -c prog.c -o thin.o
DISTRIBUTOR="$SRC_ROOT/test/dtlto/local_distributor.py"
# A distributor that damages what a job reads before running it, as a flaky
# transfer to a build machine would: each job's summary index, or its
# module (damaged.o, a copy lld has already read), cut to KEEP bytes or half.
cat >damaging-distributor.py <<'PY'
import json, subprocess, sys
what, keep, distributor, jobs = sys.argv[1:5]
for job in json.load(open(jobs))["jobs"]:
    if what == "index":
        path = [a.split("=", 1)[1] for a in job["args"]
                if a.startswith("-fthinlto-index=")][0]
    else:
        path = job["args"][0]
    data = open(path, "rb").read()
    open(path, "wb").write(data[:len(data) // 2 if keep == "half" else int(keep)])
sys.exit(subprocess.call([sys.executable, distributor, "--in-place", jobs]))
PY
for what in index module; do
  for n in 0 16 half; do
    cp thin.o damaged.o
    expect_error "DTLTO job with its $what cut to $n bytes" 'lmf-thinlto-backend: error:' out \
      "$CC" -flto=thin -fuse-ld=lld --ld-path="$LMF_LD" damaged.o -o out \
      -Wl,--lto-merge-functions \
      -Wl,--thinlto-distributor="$(command -v python3)" \
      -Wl,--thinlto-distributor-arg="$WORK/damaging-distributor.py" \
      -Wl,--thinlto-distributor-arg=$what -Wl,--thinlto-distributor-arg=$n \
      -Wl,--thinlto-distributor-arg="$DISTRIBUTOR"
  done
done

note "$checks checks"
echo "PASS: bad input is refused cleanly"
