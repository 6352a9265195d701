#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Minimizes a failing csmith case kept by csmith-diff.sh: the program must
# still print something else when linked with merging than without.
#
#  * a plain csmith program (p.c, case *-plain-*): creduce, with the usual
#    guard against undefined behaviour (the reduced program must run cleanly
#    under ASan and UBSan at -O0);
#  * a mutant (pre*.bc or post*.bc): llvm-reduce-22 on the bitcode.
#
# Usage: reduce-case.sh CASE-DIR [safe|all]
# Writes CASE-DIR/reduced.c or CASE-DIR/reduced.ll; turn it into a lit test
# in the test/lit/ folder of the code it exercises (for IR) or an e2e-style
# script.
set -euo pipefail
case_dir="$(cd "${1:?usage: reduce-case.sh CASE-DIR [safe|all]}" && pwd)"
mode="${2:-}"
: "${LMF_BUILD:?set LMF_BUILD to the build tree}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
LMF_BUILD="$(cd "$LMF_BUILD" && pwd)"
if [[ -z $mode ]]; then
  case "$case_dir" in *-all) mode=all ;; *) mode=safe ;; esac
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/lmf-reduce.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"

# The link and run commands, shared by both interestingness tests.
cat >check.bash <<EOF
LD="${LMF_BUILD}/bin/ld.lld"
CC="$LLVM_TOOLS/clang"
link() { "\$CC" -flto -fuse-ld=lld --ld-path="\$LD" "\$@"; }
differs() { # INPUT [link args]: plain and merged links print differently
  local in="\$1"; shift
  link "\$in" "\$@" -o plain >/dev/null 2>&1 || return 1
  link "\$in" "\$@" -Wl,--lto-merge-functions=$mode -o merged >/dev/null 2>&1 || return 1
  local a b
  # Guards against reductions that make the output undefined: the plain
  # program exits normally, prints a checksum, and both print the same
  # twice.
  a=\$(timeout 10 ./plain 2>/dev/null; echo "status \$?")
  [[ "\$a" == *checksum*"status 0" ]] || return 1
  [[ "\$a" == "\$(timeout 10 ./plain 2>/dev/null; echo "status \$?")" ]] || return 1
  b=\$(timeout 30 ./merged 2>/dev/null; echo "status \$?")
  [[ "\$b" == "\$(timeout 30 ./merged 2>/dev/null; echo "status \$?")" ]] || return 1
  [[ "\$a" != "\$b" ]]
}
EOF

input="$(find "$case_dir" -maxdepth 1 -name 'pre*.bc' -o -maxdepth 1 -name 'post*.bc' | head -n 1)"
if [[ -n $input ]]; then
  extra=""
  [[ $input == *post*.bc ]] && extra="-Wl,--lto-O0 -Wl,--lto-CGO2"
  cat >interesting.sh <<EOF
#!/bin/bash
cd "\$(dirname "\$1")" 2>/dev/null || true
source "$work/check.bash"
differs "\$1" $extra
EOF
  chmod +x interesting.sh
  ./interesting.sh "$input" || { echo "FAIL: $input does not reproduce the difference" >&2; exit 1; }
  "$LLVM_TOOLS/llvm-reduce" --test="$work/interesting.sh" "$input" -o reduced.bc
  "$LLVM_TOOLS/llvm-dis" reduced.bc -o "$case_dir/reduced.ll"
  echo "reduced IR: $case_dir/reduced.ll"
else
  command -v creduce >/dev/null || { echo "FAIL: creduce is not installed" >&2; exit 1; }
  cp "$case_dir/p.c" reduced.c
  cat >interesting.sh <<EOF
#!/bin/bash
source "$work/check.bash"
# No undefined behaviour: warnings that hint at it are fatal, and the
# program must run cleanly with ASan and UBSan.
"\$CC" -O0 -w -Werror=uninitialized -Werror=return-type -I/usr/include/csmith \
  -fsanitize=address,undefined -fno-sanitize-recover=all reduced.c -o san >/dev/null 2>&1 || exit 1
timeout 10 ./san >/dev/null 2>&1 || exit 1
"\$CC" -O2 -flto -w -I/usr/include/csmith -c reduced.c -o reduced.o || exit 1
differs reduced.o
EOF
  chmod +x interesting.sh
  ./interesting.sh || { echo "FAIL: p.c does not reproduce the difference" >&2; exit 1; }
  creduce --n 2 ./interesting.sh reduced.c
  cp reduced.c "$case_dir/reduced.c"
  echo "reduced C: $case_dir/reduced.c"
fi
