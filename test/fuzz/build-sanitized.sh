#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Configures and builds the sanitizer build of the merger (sanitized/
# CMakeLists.txt) into $LMF_BUILD/sanitized-KIND with clang++-22:
#   fuzzer: libFuzzer + ASan + UBSan (lmf-fuzz-merge, lmf-ircheck-asan)
#   thread: ThreadSanitizer (lmf-tsan-merge)
# Only our code is instrumented; libLLVM and libtbb are Debian's.
#
# Usage: build-sanitized.sh fuzzer|thread
set -euo pipefail
: "${LMF_BUILD:?set LMF_BUILD to the build tree}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
kind="${1:?usage: build-sanitized.sh fuzzer|thread}"
case "$kind" in fuzzer | thread) ;; *) echo "FAIL: unknown kind $kind" >&2; exit 1 ;; esac
src="$(cd "$(dirname "$0")" && pwd)/sanitized"
out="$(cd "$LMF_BUILD" && pwd)/sanitized-$kind"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [[ ! -e "$out/CMakeCache.txt" ]]; then
  cmake -S "$src" -B "$out" "${generator[@]}" \
    -DCMAKE_CXX_COMPILER="$LLVM_TOOLS/clang++" -DLMF_SANITIZER="$kind" >"$out.configure.log" 2>&1 ||
    { cat "$out.configure.log" >&2; echo "FAIL: configuring the $kind build" >&2; exit 1; }
fi
cmake --build "$out" || { echo "FAIL: building the $kind build" >&2; exit 1; }
echo "PASS: $kind build in $out"
