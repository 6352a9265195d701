# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Shared by the shell tests of test/e2e, test/reliability and test/fuzz,
# through their common.bash (the .bash suffix keeps these files out of any
# *.sh glob): strict mode, the build tree and LLVM's tools, a private work
# directory removed on exit, and the helpers every script uses.
#
# The sourcing file sets LMF_WORK_PREFIX (the work directory's name) first.
#
# Environment (ctest sets the first two):
#   LMF_BUILD      the build tree: $LMF_BUILD/bin/ld.lld, $LMF_BUILD/lib/*.so
#   LLVM_TOOLS     LLVM 22's bin directory (default /usr/lib/llvm-22/bin)
#   LMF_ARTIFACTS  where failing cases are kept (default /tmp/lmf-bugs)
#   LMF_KEEP_WORK  set to keep the work directory

set -euo pipefail

: "${LMF_BUILD:?set LMF_BUILD to the build tree}"
: "${LLVM_TOOLS:=/usr/lib/llvm-22/bin}"
LMF_BUILD="$(cd "$LMF_BUILD" && pwd)"
LLVM_TOOLS="$(cd "$LLVM_TOOLS" && pwd)"
: "${LMF_ARTIFACTS:=/tmp/lmf-bugs}"

SRC_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LMF_LD="$LMF_BUILD/bin/ld.lld"
LMF_PLUGIN="$LMF_BUILD/lib/LTOMergeFunctions.so"
CC="$LLVM_TOOLS/clang"
CXX="$LLVM_TOOLS/clang++"

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

# cross_target NAME: for aarch64 or riscv64, sets CROSS_TRIPLE (clang's
# --target), CROSS_QEMU (the emulator) and CROSS_SYSROOT (qemu's -L, the
# Debian cross libraries). A missing emulator or C library is a failure
# that names the package, never a skipped test: .ci/install-deps installs
# them.
cross_target() {
  local deb
  case "$1" in
  aarch64) CROSS_TRIPLE=aarch64-linux-gnu CROSS_QEMU=qemu-aarch64 deb=arm64 ;;
  riscv64) CROSS_TRIPLE=riscv64-linux-gnu CROSS_QEMU=qemu-riscv64 deb=riscv64 ;;
  *) fail "no cross target '$1': expected aarch64 or riscv64" ;;
  esac
  CROSS_SYSROOT=/usr/$CROSS_TRIPLE
  command -v "$CROSS_QEMU" >/dev/null ||
    fail "$CROSS_QEMU not found: install qemu-user (.ci/install-deps)"
  [[ -e $CROSS_SYSROOT/lib/libc.so.6 ]] ||
    fail "no C library in $CROSS_SYSROOT: install libc6-dev-$deb-cross (.ci/install-deps)"
}

# What a crashing LLVM tool, or a process killed by a signal, prints.
CRASH_REPORT='Stack dump|PLEASE submit|due to signal|Segmentation fault|Aborted'

# expect_failure WHAT PATTERN CMD...: CMD exits with status 1..127 (an
# error, not a crash), prints no crash report, and prints a line matching
# PATTERN (grep -E) on stderr, which is kept in $WORK/err.txt.
expect_failure() {
  local what="$1" pattern="$2" rc=0
  shift 2
  "$@" >"$WORK/err.out" 2>"$WORK/err.txt" || rc=$?
  ((rc != 0)) || fail "$what: expected a failure, the command succeeded"
  ((rc < 128)) || { cat "$WORK/err.txt" >&2; fail "$what: crashed (status $rc)"; }
  if grep -Eq "$CRASH_REPORT" "$WORK/err.txt"; then
    cat "$WORK/err.txt" >&2
    fail "$what: crash report"
  fi
  grep -Eq -- "$pattern" "$WORK/err.txt" || {
    cat "$WORK/err.txt" >&2
    fail "$what: no line matches '$pattern'"
  }
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

# report_without_times REPORT: a merge report (full LTO or ThinLTO) minus
# what may differ between runs by design, its times and thread counts.
report_without_times() {
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for m in [r] + r.get("modules", []):
    m.pop("time_seconds", None)
    m.pop("threads", None)
print(json.dumps(r, sort_keys=True, indent=1))' "$1"
}

# at_exit COMMAND: runs COMMAND (one string, evaluated) when the script
# exits, the last registered first, before the work directory is removed;
# for processes a test starts in the background.
LMF_EXIT_HOOKS=()
at_exit() {
  LMF_EXIT_HOOKS=("$1" "${LMF_EXIT_HOOKS[@]}")
}

run_exit_hooks() {
  local hook
  for hook in "${LMF_EXIT_HOOKS[@]}"; do
    eval "$hook" || true
  done
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/${LMF_WORK_PREFIX:-lmf-test}.XXXXXX")"
if [[ -n "${LMF_KEEP_WORK:-}" ]]; then
  trap 'run_exit_hooks; echo "-- work directory kept: $WORK"' EXIT
else
  trap 'run_exit_hooks; rm -rf "$WORK"' EXIT
fi
cd "$WORK"
