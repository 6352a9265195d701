#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Programs linked with our options in response files (@file) run as the
# options say: the mode from a file passed through clang's -Wl, decides
# whether the twins' addresses compare equal, the last mode of nested files
# wins, and the whole link line in one file given to ld.lld directly links
# the same program. What the linker prints and writes for response files
# (listings, reports, quoting, a missing file) is checked by the lit tests
# test/lit/driver/response-file-*.test.
source "$(dirname "$0")/common.bash"

cat > prog.c <<'C'
#include <stdio.h>
__attribute__((noinline)) int a(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
__attribute__((noinline)) int b(int x) { int s = 0; for (int i = 0; i < x; i++) s += i * i ^ s; return s; }
int (*volatile pa)(int) = a, (*volatile pb)(int) = b;
int main(void) { printf("%d %d %d\n", pa(7), pb(7), pa == pb); return 0; }
C
cc_lto prog.o prog.c

# Options in a response file passed through clang's -Wl, (GNU quoting: the
# report path has a space).
cat > opts.rsp <<'RSP'
--lto-merge-functions=all
--print-merged-functions "--lto-merge-functions-report=my report.json"
RSP
run_ok "-Wl,@opts.rsp" link_c prog prog.o -Wl,@opts.rsp
expect_eq "mode from @file (all: one address)" "1" "$(./prog | cut -d' ' -f3)"

# Nested response files; the last mode (from the inner file) wins.
echo '--lto-merge-functions=all @inner.rsp' > outer.rsp
echo '--lto-merge-functions --print-merged-functions' > inner.rsp
run_ok "nested @file" link_c nested prog.o -Wl,@outer.rsp
expect_eq "mode from the nested file (safe)" "0" "$(./nested | cut -d' ' -f3)"

# The whole link line in one response file, given to ld.lld directly, as
# clang does when the line is too long.
"$CC" -flto -fuse-ld=lld --ld-path="$LMF_LD" prog.o -o direct \
  -Wl,--lto-merge-functions,--print-merged-functions -### 2> cmd.txt
python3 - cmd.txt > link.rsp <<'PY'
import shlex, sys
line = [l for l in open(sys.argv[1]) if "ld.lld" in l and "--lto-merge" in l][-1]
args = shlex.split(line)[1:]
print("\n".join(shlex.quote(a) for a in args))
PY
grep -q -- '--lto-merge-functions' link.rsp || fail "could not extract the link line: $(cat cmd.txt)"
run_ok "ld.lld @link.rsp" "$LMF_LD" @link.rsp
expect_eq "program linked from @file" "$(./nested)" "$(./direct)"
