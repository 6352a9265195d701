#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# -g: a merged function whose address must stay distinct is kept as a thunk
# that jumps to the surviving body. llvm-symbolizer on an address inside the
# thunk must name the merged function (and its own source line), not the
# survivor; the program still runs, and `llvm-dwarfdump --verify` is happy.
source "$(dirname "$0")/common.bash"

cat > dbg.c <<'C'
#include <stdio.h>
typedef long (*Fn)(const long *, int);
__attribute__((noinline)) long keep_me(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i] * (i + 5) ^ (s >> 1);
  return s;
}

__attribute__((noinline)) long fold_me(const long *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += v[i] * (i + 5) ^ (s >> 1);
  return s;
}
Fn volatile pk = keep_me, pf = fold_me;
int main(void) {
  long v[3] = {4, 5, 6};
  printf("%ld %ld %d\n", pk(v, 3), pf(v, 3), pk == pf);
  return 0;
}
C
cc_lto dbg.o dbg.c -g
run_ok "plain link" link_c plain dbg.o -g
run_ok "merging link" link_c merged dbg.o -g -Wl,--lto-merge-functions \
  -Wl,--print-merged-functions
cp run.out listing.txt
expect_eq "program output" "$(./plain)" "$(./merged)"
check_text "listing" listing.txt <<'CHECK'
CHECK: {{^selected function (keep_me|fold_me)$}}
CHECK-NEXT: {{^  removing identical function (keep_me|fold_me) }}
CHECK
folded=$(sed -n 's/^  removing identical function \([a-z_]*\) (\(thunk\|callers-redirected\))$/\1/p' listing.txt)
[[ -n "$folded" ]] || fail "no function was kept as a thunk: $(cat listing.txt)"
survivor=$(sed -n 's/^selected function //p' listing.txt)

# symbolize FUNCTION OFFSET: the function name llvm-symbolizer gives for the
# address FUNCTION+OFFSET in the merged binary.
symbolize() {
  local addr
  addr=$("$LLVM_TOOLS/llvm-nm" merged | awk -v f="$1" '$3 == f { print $1 }')
  [[ -n "$addr" ]] || fail "no symbol $1 in the merged binary"
  "$LLVM_TOOLS/llvm-symbolizer" --obj=merged --functions=linkage \
    "0x$(printf '%x' $((16#$addr + $2)))" | head -n 2
}
thunk=$(symbolize "$folded" 0)
note "address in thunk $folded: $(echo $thunk)"
expect_eq "symbolizer on the thunk names the merged function" "$folded" "$(echo "$thunk" | head -n 1)"
line=$(grep -n "long $folded(" dbg.c | cut -d: -f1)
[[ "$thunk" == *"dbg.c:$line:"* ]] ||
  fail "thunk location '$(echo $thunk)' is not the declaration of $folded (dbg.c:$line)"
body=$(symbolize "$survivor" 8 | head -n 1)
expect_eq "symbolizer inside the body names the survivor" "$survivor" "$body"

"$LLVM_TOOLS/llvm-dwarfdump" --verify merged > verify.txt 2>&1 ||
  { cat verify.txt >&2; fail "llvm-dwarfdump --verify rejects the merged binary"; }
