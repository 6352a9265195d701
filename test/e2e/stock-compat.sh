#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Without our options, our ld.lld is stock ld.lld-22: the same outputs, byte
# for byte (full LTO, ThinLTO, plain objects, -shared, -r). A failing link's
# status and messages: test/lit/driver/failing-link-same-as-stock.test.
source "$(dirname "$0")/common.bash"

cxx_lto t.o "$E2E_DIR/inputs/templates.cpp"
cat > lib.c <<'C'
int exported(int x) { return x * 3 + 1; }
static int hidden(int x) { return x - 1; }
int uses_hidden(int x) { return hidden(x) * 2; }
C
cc_lto lib-full.o lib.c -fPIC
"$CC" -O2 -flto=thin -fPIC -c lib.c -o lib-thin.o
"$CC" -O2 -fPIC -c lib.c -o lib-native.o

# same NAME ARGS...: links with both linkers through clang; outputs must match.
same() {
  local name="$1"
  shift
  run_ok "$name (ours)" "$CXX" -fuse-ld=lld --ld-path="$LMF_LD" "$@" -o "$name.ours"
  run_ok "$name (stock)" "$CXX" -fuse-ld=lld --ld-path="$STOCK_LD" "$@" -o "$name.stock"
  cmp -s "$name.ours" "$name.stock" || fail "$name: output differs from stock ld.lld-22"
}
same full-lto -flto t.o
same full-lto-threads -flto t.o -Wl,--threads=1 -Wl,--icf=all -Wl,--gc-sections
same thin-lto -flto=thin -shared lib-thin.o
same native -shared lib-native.o
same shared-full -flto -shared lib-full.o
same relocatable -flto -r -nostdlib lib-full.o
# Merging switched off by the last option: the stock output again.
run_ok "merging switched off" "$CXX" -fuse-ld=lld --ld-path="$LMF_LD" -flto t.o \
  -Wl,--lto-merge-functions -Wl,--no-lto-merge-functions -o off.ours
cmp -s off.ours full-lto.stock || fail "--no-lto-merge-functions last: output differs from stock"
