#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Error handlers that never return, one static copy per translation unit (as
# C programs have them): the copies fold into one, the program's error
# paths still print and exit as before, and the callers' code is what it
# was without merging (they call a private alias of the survivor, which
# leaves no symbol behind), so `.text` is no larger than with --icf=safe.
source "$(dirname "$0")/common.bash"

for unit in parse eval print; do
  cat > "$unit.c" <<C
#include <stdio.h>
#include <stdlib.h>
__attribute__((noreturn, cold, noinline)) static void fail(const char *what,
                                                        int code) {
  fprintf(stderr, "error: %s (%d)\n", what, code);
  fflush(stderr);
  exit(3);
}
int ${unit}_step(int x) {
  if (x < 0) fail("${unit}: negative", x);
  if (x > 1000) fail("${unit}: too large", x);
  if (x == 13) fail("${unit}: unlucky", x);
  return x * 2 + 1;
}
C
  cc_lto "$unit.o" "$unit.c"
done
cat > main.c <<'C'
#include <stdio.h>
#include <stdlib.h>
int parse_step(int), eval_step(int), print_step(int);
int main(int argc, char **argv) {
  int x = argc > 1 ? atoi(argv[1]) : 1;
  int which = argc > 2 ? atoi(argv[2]) : 0;
  int r = which == 0 ? parse_step(x) : which == 1 ? eval_step(x) : print_step(x);
  printf("result %d\n", r);
  return 0;
}
C
cc_lto main.o main.c
objs=(main.o parse.o eval.o print.o)

run_ok "plain link" link_c plain "${objs[@]}"
run_ok "icf link" link_c icf "${objs[@]}" -Wl,--icf=safe
run_ok "merged link" link_c merged "${objs[@]}" -Wl,--lto-merge-functions \
  -Wl,--print-merged-functions -Wl,--save-temps
cp run.out listing.txt
# The module handed to code generation: the folded copies' callers call
# private aliases of the survivor.
"$LLVM_TOOLS/llvm-dis" merged.0.5.precodegen.bc -o precodegen.ll
check_text "callers call a private alias" precodegen.ll <<'CHECK'
CHECK: {{^@fail\.[0-9]+ = private unnamed_addr alias void \(ptr, i32\), ptr @fail$}}
CHECK
check_text "the handlers fold" listing.txt <<'CHECK'
CHECK: {{^}}selected function fail{{$}}
CHECK-NEXT: {{^  removing identical function fail(\.[0-9]+)? \(erased\)$}}
CHECK-NEXT: {{^  removing identical function fail(\.[0-9]+)? \(erased\)$}}
CHECK
expect_eq "two of the three handlers folded" 2 "$(grep -c 'removing identical function fail' listing.txt)"

# Every path, through each unit's handler and without error, behaves alike.
for which in 0 1 2; do
  for x in 5 -4 2000 13; do
    rc_plain=0 rc_merged=0
    ./plain "$x" "$which" >out.plain 2>err.plain || rc_plain=$?
    ./merged "$x" "$which" >out.merged 2>err.merged || rc_merged=$?
    expect_eq "exit status for $x in unit $which" "$rc_plain" "$rc_merged"
    expect_eq "stdout for $x in unit $which" "$(cat out.plain)" "$(cat out.merged)"
    expect_eq "stderr for $x in unit $which" "$(cat err.plain)" "$(cat err.merged)"
  done
done
expect_eq "an error path exits with 3" 3 "$(./merged 13 1 2>/dev/null || echo $?)"

# One handler is left, and no alias symbol.
"$LLVM_TOOLS/llvm-nm" merged >syms.txt
expect_eq "one handler left in the binary" 1 "$(grep -c ' t fail' syms.txt)"
plain_text=$(text_size plain) icf_text=$(text_size icf) merged_text=$(text_size merged)
note ".text: plain $plain_text, --icf=safe $icf_text, --lto-merge-functions $merged_text"
((merged_text < plain_text)) || fail "merging did not shrink .text ($merged_text vs $plain_text)"
((merged_text <= icf_text)) || fail ".text larger than with --icf=safe ($merged_text vs $icf_text)"
echo "PASS: noreturn error handlers"
