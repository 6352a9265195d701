# Sourced by the fuzz scripts. Strict mode, a private temporary directory,
# the tools, and how to make inputs.
#
# Environment (ctest sets the first two):
#   LMF_BUILD      the main build tree (lmf-ircheck, lmf-mutate, the plugin)
#   LLVM_TOOLS     LLVM 22's bin directory (default /usr/lib/llvm-22/bin)
#   LMF_ARTIFACTS  where failing inputs are kept (default /tmp/lmf-bugs)
#   LMF_KEEP_WORK  set to keep the temporary directory

set -euo pipefail

: "${LMF_BUILD:?set LMF_BUILD to the build tree}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
LMF_BUILD="$(cd "$LMF_BUILD" && pwd)"
LLVM_TOOLS="$(cd "$LLVM_TOOLS" && pwd)"
: "${LMF_ARTIFACTS:=/tmp/lmf-bugs}"

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC_ROOT="$(cd "$FUZZ_DIR/../.." && pwd)"
STRESS="$LLVM_TOOLS/llvm-stress"
CC="$LLVM_TOOLS/clang"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lmf-fuzz.XXXXXX")"
if [[ -n "${LMF_KEEP_WORK:-}" ]]; then
  trap 'echo "-- work directory kept: $WORK"' EXIT
else
  trap 'rm -rf "$WORK"' EXIT
fi
cd "$WORK"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

note() {
  echo "-- $*"
}

need() {
  local f
  for f in "$@"; do
    [[ -e "$f" ]] || fail "missing $f (build the project first)"
  done
}

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

# resolve_seed SEED: "auto" becomes the day number (a new campaign every
# day, reproducible within it); anything else stays.
resolve_seed() {
  if [[ $1 == auto ]]; then
    echo $(($(date +%s) / 86400))
  else
    echo "$1"
  fi
}
