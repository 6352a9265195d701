# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the fuzz scripts: the setup shared by all shell tests
# (test/lib/setup.bash), and how to make inputs.

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LMF_WORK_PREFIX=lmf-fuzz
# shellcheck source=../lib/setup.bash
source "$FUZZ_DIR/../lib/setup.bash"
STRESS="$LLVM_TOOLS/llvm-stress"

# stress_modules DIR FIRST-SEED COUNT: llvm-stress modules of varied sizes.
stress_modules() {
  local dir="$1" seed="$2" count="$3" i
  mkdir -p "$dir"
  for ((i = 0; i < count; i++)); do
    "$STRESS" -seed=$((seed + i)) -size=$((10 + (seed + i) % 150)) \
      -o "$dir/stress$((seed + i)).ll"
  done
}

# csmith_modules DIR FIRST-SEED COUNT: csmith programs as bitcode after
# clang -O2 -flto -c: real C functions with flags, metadata and attributes.
# Nothing when csmith is not installed.
csmith_modules() {
  local dir="$1" seed="$2" count="$3" i
  command -v csmith >/dev/null || { note "csmith is not installed: no csmith modules"; return 0; }
  mkdir -p "$dir"
  for ((i = 0; i < count; i++)); do
    csmith --seed $((seed + i)) --output "$dir/p.c" >/dev/null
    "$CC" -O2 -flto -fno-inline-functions -w -I/usr/include/csmith \
      -c "$dir/p.c" -o "$dir/csmith$((seed + i)).bc"
  done
  rm -f "$dir/p.c"
}
