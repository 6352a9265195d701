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

# check_text WHAT FILE: FILE must match the FileCheck patterns read from
# stdin, in order (CHECK:, CHECK-NEXT:, CHECK-SAME:, CHECK-NOT:, {{regex}},
# [[#]] ...); FileCheck's report says where it did not.
check_text() {
  local what="$1" input="$2" checks
  checks=$(mktemp "$WORK/checks.XXXXXX")
  cat >"$checks"
  "$LLVM_TOOLS/FileCheck" --dump-input=fail "$checks" <"$input" || {
    echo "---- checks:" >&2
    cat "$checks" >&2
    fail "$what: $input does not match"
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

# check_cmake_consumer PREFIX_PATH LINKER DIR: builds the project of
# inputs/cmake-consumer in DIR, its find_package(LTOMergeFunctions) looking
# in PREFIX_PATH (CMAKE_PREFIX_PATH), as a user of an install prefix or of
# the Debian package would. Checks that the package it found names LINKER,
# that both programs were merged (the ThinLTO one through CMake's
# INTERPROCEDURAL_OPTIMIZATION, the full-LTO one compiled with -flto=full
# after it) and print what the program built without LTO prints.
check_cmake_consumer() {
  local prefix_path="$1" linker="$2" dir="$3" app
  run_ok "consumer configure ($dir)" cmake -S "$E2E_DIR/inputs/cmake-consumer" \
    -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_PREFIX_PATH="$prefix_path"
  check_text "consumer found the package ($dir)" run.out <<CHECK
CHECK: {{^}}-- consumer: linker $linker{{\$}}
CHECK
  run_ok "consumer build ($dir)" cmake --build "$dir"
  expect_no_grep "no warning in the consumer build ($dir)" 'warning' run.out
  check_text "PRINT listed the folds ($dir)" run.out <<'CHECK'
CHECK: {{^  removing identical function (main|util)_[ab] }}
CHECK
  check_text "app_full compiled with full LTO last ($dir)" \
    <(ninja -C "$dir" -t commands app_full) <<'CHECK'
CHECK: -flto=thin {{.*}}-flto=full {{.*}}main.c
CHECK
  "$CC" -O2 "$E2E_DIR"/inputs/cmake-consumer/*.c -o "$dir/plain"
  for app in app_thin app_full; do
    [[ -s $dir/$app.json ]] || fail "consumer: no report $dir/$app.json"
    check_text "$app folded the program's and the library's twins ($dir)" \
      "$dir/$app.json" <<'CHECK'
CHECK-DAG: "name": "main_{{[ab]}}"
CHECK-DAG: "name": "util_{{[ab]}}"
CHECK
    expect_eq "$app output ($dir)" "$("$dir/plain")" "$("$dir/$app")"
  done
}
