#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Corrupt bitcode, judged against stock ld.lld-22: a campaign of
# single-byte corruptions of one full-LTO object. For each, our ld.lld
# (merging) never crashes where stock ld.lld-22 does not, links whatever
# stock ld.lld-22 links, and when it fails it says `error:` and writes no
# output. Where LLVM's own reader crashes on an input (an LLVM bug, not
# ours) the case is only counted. The fixed bad inputs (truncated bitcode,
# bad option values, unwritable reports, plugins for another LLVM, damaged
# DTLTO jobs) are lit tests: test/lit/driver/, test/lit/plugin/,
# test/lit/dtlto/.
#
# Usage: corrupt-bitcode.sh [--corruptions N]
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

# link_with LINKER OUT INPUT FLAGS...
link_with() {
  "$CC" -flto -fuse-ld=lld --ld-path="$1" -o "$2" "${@:3}"
}

cat >prog.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int main(int argc, char **argv) { printf("%d\n", a(argc + 5) + b(argc + 6)); return 0; }
C
"$CC" -O2 -flto -c prog.c -o prog.o
size=$(stat -c %s prog.o)

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
  link_with "$STOCK_LD" stock.out corrupt.o >stock.txt 2>&1 || src=$?
  if grep -Eq "$CRASH_REPORT" stock.txt; then
    llvm_crashes=$((llvm_crashes + 1))
    continue
  fi
  rc=0
  rm -f ours.out
  link_with "$LMF_LD" ours.out corrupt.o -Wl,--lto-merge-functions >ours.txt 2>&1 || rc=$?
  checks=$((checks + 1))
  if grep -Eq "$CRASH_REPORT" ours.txt; then
    cp corrupt.o "$LMF_ARTIFACTS/corrupt-bitcode-$i.o" 2>/dev/null || true
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
note "$checks checks"
echo "PASS: corrupt bitcode is refused cleanly"
