#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# --lto-smallest-binary as users run it, on a C++ program with a hot loop and
# many cold report functions that repeat the same code. Built without a
# profile and with one (an instrumented run, llvm-profdata, then
# -fprofile-instr-use), the program prints the same as the plain link, its
# `.text` is smaller than with merging alone, the MachineOutliner ran (the
# binary has OUTLINED_FUNCTION symbols), and with the profile the hot loop
# is neither outlined nor optimized for size: the report counts functions of
# both kinds, and the loop's function keeps its alignment. The binary is the
# same for --threads=1 and 2.
source "$(dirname "$0")/common.bash"

cat > prog.cpp <<'CPP'
#include <cstdio>
#include <cstring>

struct Record {
  long id, size, flags, owner;
  char name[24];
};

static Record records[64];
static char message[256];

// Cold: each report formats a record the same way around its own text.
#define REPORT(NAME, TEXT, CODE)                                             \
  __attribute__((noinline)) void NAME(const Record &r) {                    \
    int n = std::snprintf(message, sizeof message, "%s: %ld", TEXT, r.id);   \
    n += std::snprintf(message + n, sizeof message - n, " size %ld",         \
                       r.size * CODE);                                       \
    n += std::snprintf(message + n, sizeof message - n, " flags %lx",        \
                       r.flags ^ CODE);                                      \
    n += std::snprintf(message + n, sizeof message - n, " owner %ld %s",     \
                       r.owner + CODE, r.name);                              \
    std::puts(message);                                                      \
  }
REPORT(report_open, "open", 3)
REPORT(report_close, "close", 5)
REPORT(report_read, "read", 7)
REPORT(report_write, "write", 11)
REPORT(report_seek, "seek", 13)
REPORT(report_lock, "lock", 17)
REPORT(report_unlock, "unlock", 19)
REPORT(report_stat, "stat", 23)

// Hot: runs millions of times.
__attribute__((noinline)) long checksum(const Record *rs, long n, long round) {
  long sum = round;
  for (long i = 0; i < n; ++i)
    sum = sum * 31 + (rs[i].size ^ rs[i].flags) + rs[i].owner * (i & 7);
  return sum;
}

int main(int argc, char **) {
  for (long i = 0; i < 64; ++i) {
    records[i] = {i, i * 40 + argc, i * 3, i % 5, {}};
    std::snprintf(records[i].name, sizeof records[i].name, "file%ld", i);
  }
  long sum = 0;
  for (long round = 0; round < 200000; ++round)
    sum += checksum(records, 64, round);
  std::printf("checksum %ld\n", sum);
  void (*reports[])(const Record &) = {report_open, report_close, report_read,
                                       report_write, report_seek, report_lock,
                                       report_unlock, report_stat};
  for (long i = 0; i < 8; ++i)
    reports[i](records[i * 7 + argc]);
  return 0;
}
CPP

# Without a profile.
cxx_lto prog.o prog.cpp
run_ok "plain link" link_cxx plain prog.o
run_ok "merging alone" link_cxx merged prog.o -Wl,--lto-merge-functions \
  -Wl,--lto-merge-similar-functions
run_ok "smallest binary" link_cxx smallest prog.o -Wl,--lto-smallest-binary
./plain >out.plain
./smallest >out.smallest
expect_eq "the program prints the same" "$(cat out.plain)" "$(cat out.smallest)"
expect_text_shrinks merged smallest "against merging alone, no profile"
"$LLVM_TOOLS/llvm-nm" smallest >smallest.syms
check_text "the outliner ran" smallest.syms <<'CHECK'
CHECK: OUTLINED_FUNCTION_
CHECK

# With a profile of the same run.
cxx_lto prog-gen.o prog.cpp -fprofile-instr-generate
run_ok "instrumented link" link_cxx gen prog-gen.o -fprofile-instr-generate
LLVM_PROFILE_FILE=prog.profraw ./gen >/dev/null
run_ok "profile merge" "$LLVM_TOOLS/llvm-profdata" merge -o prog.profdata \
  prog.profraw
cxx_lto prog-pgo.o prog.cpp -fprofile-instr-use=prog.profdata
run_ok "plain PGO link" link_cxx plain-pgo prog-pgo.o
run_ok "merging alone, PGO" link_cxx merged-pgo prog-pgo.o \
  -Wl,--lto-merge-functions -Wl,--lto-merge-similar-functions
run_ok "smallest binary, PGO" link_cxx smallest-pgo prog-pgo.o \
  -Wl,--lto-smallest-binary -Wl,--lto-merge-functions-report=smallest.json \
  -Wl,--threads=1
run_ok "smallest binary, PGO, 2 threads" link_cxx smallest-pgo2 prog-pgo.o \
  -Wl,--lto-smallest-binary -Wl,--threads=2
./smallest-pgo >out.smallest-pgo
expect_eq "the PGO program prints the same" "$(cat out.plain)" \
  "$(cat out.smallest-pgo)"
expect_text_shrinks merged-pgo smallest-pgo "against merging alone, PGO"
cmp -s smallest-pgo smallest-pgo2 ||
  fail "--threads=1 and --threads=2 give different binaries"
check_text "the report counts both kinds of function" smallest.json <<'CHECK'
CHECK: "hot_policy": {
CHECK: "not_outlined": {{[1-9][0-9]*}},
CHECK: "size_optimized": {{[1-9][0-9]*}}
CHECK
# The hot loop keeps its speed-optimized code generation: it starts on a
# 16-byte boundary, where an optsize function would start right after the
# previous one (as it does here with the profile ignored).
checksum_address() {
  "$LLVM_TOOLS/llvm-nm" "$1" | awk '$3 == "_Z8checksumPK6Recordll" { print $1 }'
}
address=$(checksum_address smallest-pgo)
[[ -n $address ]] || fail "no checksum function in smallest-pgo"
((0x$address % 16 == 0)) ||
  fail "the hot loop was optimized for size (at 0x$address)"
run_ok "smallest binary, PGO ignored" link_cxx smallest-off prog-pgo.o \
  -Wl,--lto-smallest-binary -Wl,--lto-merge-functions-hot-policy=off
note "checksum at 0x$address with the profile, 0x$(checksum_address smallest-off) without"
echo "PASS: smallest binary"
