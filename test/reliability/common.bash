# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the reliability scripts: the setup shared by all shell tests
# (test/lib/setup.bash), lmf-mutate and opt, and helpers for linking and
# running programs.

REL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LMF_WORK_PREFIX=lmf-rel
# shellcheck source=../lib/setup.bash
source "$REL_DIR/../lib/setup.bash"
LMF_MUTATE="$LMF_BUILD/bin/lmf-mutate"
OPT="$LLVM_TOOLS/opt"

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
