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

# What a script that builds for another target sets (use_target): clang's
# flags for compiling and for linking, and the emulator that runs the result.
TARGET_CFLAGS=() TARGET_LDFLAGS=() RUN_UNDER=()

# use_target NAME: build for x86_64 (native), aarch64 or riscv64 from here
# on, cross-compiled with clang and run under qemu-user with the target's
# Debian cross libraries (cross_target, test/lib/setup.bash),
# position-dependent as the e2e cross tests build.
use_target() {
  case "$1" in
  x86_64) return 0 ;;
  aarch64 | riscv64) cross_target "$1" ;;
  *) fail "--target: expected x86_64, aarch64 or riscv64, not '$1'" ;;
  esac
  TARGET_CFLAGS=(--target="$CROSS_TRIPLE" -fno-pic)
  TARGET_LDFLAGS=(--target="$CROSS_TRIPLE" -no-pie)
  RUN_UNDER=("$CROSS_QEMU" -L "$CROSS_SYSROOT")
}

# lmf_link OUT [clang link arguments...]: a full-LTO link through clang with
# our ld.lld, as the documentation tells users to link.
lmf_link() {
  local out="$1"
  shift
  "$CC" -flto "${TARGET_LDFLAGS[@]}" -fuse-ld=lld --ld-path="$LMF_LD" "$@" \
    -o "$out"
}

# run_prog OUTFILE PROG [timeout]: runs PROG (under the target's emulator,
# if any) with a timeout, writes its stdout and exit status to OUTFILE;
# returns 0, or 1 on a timeout.
run_prog() {
  local out="$1" prog="$2" limit="${3:-10}" rc=0
  # In a subshell whose stderr is closed: bash reports a child killed by a
  # signal on stderr, and crashes of dropped mutants are no news.
  (timeout -k 2 "$limit" "${RUN_UNDER[@]}" "$prog" >"$out") 2>/dev/null ||
    rc=$?
  echo "exit status $rc" >>"$out"
  ((rc != 124 && rc != 137))
}

# run_merged_prog OUTFILE PROG LIMIT RETRY_LIMIT: run_prog for a merged
# build, which is compared with its plain build. Past LIMIT it may only be
# slow (a loaded machine, or a load that grew since the plain run): it runs
# once more, with RETRY_LIMIT, before its timeout stands (in OUTFILE, as a
# difference from the plain run's output).
run_merged_prog() {
  local out="$1" prog="$2" limit="$3" retry="$4"
  run_prog "$out" "$prog" "$limit" && return 0
  note "$prog ran past $limit s; once more, for $retry s"
  run_prog "$out" "$prog" "$retry" || true
}

# now: seconds since the epoch.
now() {
  date +%s
}
