# Sourced by the reliability scripts (the .bash suffix keeps it out of any
# *.sh glob). Strict mode, a private temporary directory removed on exit,
# the tools, and helpers whose failures say what went wrong.
#
# Environment (ctest sets the first two):
#   LMF_BUILD      the build tree: $LMF_BUILD/bin/ld.lld, lmf-mutate, ...
#   LLVM_TOOLS     LLVM 22's bin directory (default /usr/lib/llvm-22/bin)
#   LMF_ARTIFACTS  where failing cases are kept (default /tmp/lmf-bugs)
#   LMF_KEEP_WORK  set to keep the temporary directory

set -euo pipefail

: "${LMF_BUILD:?set LMF_BUILD to the build tree}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
LMF_BUILD="$(cd "$LMF_BUILD" && pwd)"
LLVM_TOOLS="$(cd "$LLVM_TOOLS" && pwd)"
: "${LMF_ARTIFACTS:=/tmp/lmf-bugs}"

REL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SRC_ROOT="$(cd "$REL_DIR/../.." && pwd)"
LMF_LD="$LMF_BUILD/bin/ld.lld"
LMF_PLUGIN="$LMF_BUILD/lib/LTOMergeFunctions.so"
LMF_MUTATE="$LMF_BUILD/bin/lmf-mutate"
CC="$LLVM_TOOLS/clang"
CXX="$LLVM_TOOLS/clang++"
OPT="$LLVM_TOOLS/opt"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/lmf-rel.XXXXXX")"
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

# need FILE...: every file must exist.
need() {
  local f
  for f in "$@"; do
    [[ -e "$f" ]] || fail "missing $f (build the project first)"
  done
}

need "$LMF_LD" "$LMF_PLUGIN" "$CC" "$CXX" "$OPT"

# lmf_link OUT [clang link arguments...]: a full-LTO link through clang with
# our ld.lld, as the documentation tells users to link.
lmf_link() {
  local out="$1"
  shift
  "$CC" -flto -fuse-ld=lld --ld-path="$LMF_LD" "$@" -o "$out"
}

# run_prog OUTFILE PROG [timeout]: runs PROG with a timeout, writes its
# stdout and exit status to OUTFILE; returns 0, or 1 on a timeout.
run_prog() {
  local out="$1" prog="$2" limit="${3:-10}" rc=0
  # In a subshell whose stderr is closed: bash reports a child killed by a
  # signal on stderr, and crashes of dropped mutants are no news.
  (timeout -k 2 "$limit" "$prog" >"$out") 2>/dev/null || rc=$?
  echo "exit status $rc" >>"$out"
  ((rc != 124 && rc != 137))
}

# now: seconds since the epoch.
now() {
  date +%s
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
