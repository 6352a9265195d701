# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by every e2e script (the .bash suffix keeps it out of ctest's
# *.sh glob): the setup shared by all shell tests (test/lib/setup.bash),
# stock ld.lld-22, and helpers for compiling, linking and checking output.

E2E_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LMF_WORK_PREFIX=lmf-e2e
# shellcheck source=../lib/setup.bash
source "$E2E_DIR/../lib/setup.bash"
STOCK_LD="$LLVM_TOOLS/ld.lld"
need "$LMF_LD" "$LMF_PLUGIN" "$CC" "$CXX" "$STOCK_LD"

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() {
  [[ "$2" == "$3" ]] || fail "$1: expected '$2', got '$3'"
}

# expect_grep WHAT PATTERN FILE: FILE must contain the (grep -E) PATTERN.
expect_grep() {
  grep -Eq -- "$2" "$3" || {
    echo "---- $3:" >&2
    head -n 40 "$3" >&2
    fail "$1: no line matches '$2' in $3"
  }
}

# expect_no_grep WHAT PATTERN FILE
expect_no_grep() {
  if grep -Eq -- "$2" "$3"; then
    grep -E -- "$2" "$3" | head -n 5 >&2
    fail "$1: unexpected line matching '$2' in $3"
  fi
}

# text_size FILE: bytes in the .text section.
text_size() {
  "$LLVM_TOOLS/llvm-size" -A "$1" | awk '$1 == ".text" { print $2 }'
}

# expect_text_shrinks PLAIN MERGED [WHAT]: notes both .text sizes and fails
# unless MERGED's is smaller.
expect_text_shrinks() {
  local plain_text merged_text
  plain_text=$(text_size "$1")
  merged_text=$(text_size "$2")
  note ".text: $plain_text bytes plain, $merged_text bytes merged${3:+ ($3)}"
  ((merged_text < plain_text)) ||
    fail ".text did not shrink: $plain_text -> $merged_text bytes"
}

# cc_lto OUT.o SRC [flags...]: compile C for full LTO.
cc_lto() {
  local out="$1" src="$2"
  shift 2
  "$CC" -O2 -flto "$@" -c "$src" -o "$out"
}

# cxx_lto OUT.o SRC [flags...]: compile C++ for full LTO.
cxx_lto() {
  local out="$1" src="$2"
  shift 2
  "$CXX" -O2 -flto "$@" -c "$src" -o "$out"
}

# link_c / link_cxx OUT [inputs and flags...]: link through clang with our
# ld.lld, the way the documentation tells users to.
link_c() {
  local out="$1"
  shift
  "$CC" -flto -fuse-ld=lld --ld-path="$LMF_LD" "$@" -o "$out"
}

link_cxx() {
  local out="$1"
  shift
  "$CXX" -flto -fuse-ld=lld --ld-path="$LMF_LD" "$@" -o "$out"
}

# run_ok WHAT CMD...: runs CMD, fails with its stderr if it fails.
run_ok() {
  local what="$1"
  shift
  if ! "$@" >"$WORK/run.out" 2>"$WORK/run.err"; then
    cat "$WORK/run.err" >&2
    fail "$what: command failed: $*"
  fi
}
