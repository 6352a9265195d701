#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The same merge through stock ld.lld-22 and the plugin:
#   ld.lld-22 --load-pass-plugin=P -mllvm -load=P -mllvm -lto-merge-functions-...
# gives the same binary, listing and report as our ld.lld with
# --lto-merge-functions, in both modes. The plugin's own errors (here an
# unwritable report, which only our ld.lld checks before linking) fail the
# link cleanly.
source "$(dirname "$0")/common.bash"

cxx_lto t.o "$E2E_DIR/inputs/templates.cpp"
P="$LMF_PLUGIN"

# without_times REPORT: the report without its timings.
without_times() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); r.pop("time_seconds"); print(json.dumps(r, indent=1, sort_keys=True))' "$1"
}

for mode in safe all; do
  run_ok "stock ld.lld-22, $mode" "$CXX" -flto -fuse-ld=lld --ld-path="$STOCK_LD" t.o -o "stock-$mode" \
    -Wl,--load-pass-plugin="$P" -Wl,-mllvm,-load="$P" \
    -Wl,-mllvm,-lto-merge-functions-mode=$mode -Wl,-mllvm,-lto-merge-functions-print \
    -Wl,-mllvm,-lto-merge-functions-report="stock-$mode.json"
  cp run.out "stock-$mode.txt"
  run_ok "our ld.lld, $mode" link_cxx "ours-$mode" t.o -Wl,--lto-merge-functions=$mode \
    -Wl,--print-merged-functions -Wl,--lto-merge-functions-report="ours-$mode.json"
  cp run.out "ours-$mode.txt"

  check_text "$mode: stock link merged" "stock-$mode.txt" <<'CHECK'
CHECK: {{^}}selected function
CHECK-NEXT: {{^}}  removing identical function
CHECK
  cmp -s "stock-$mode.txt" "ours-$mode.txt" || fail "$mode: listings differ"
  cmp -s "stock-$mode" "ours-$mode" || fail "$mode: binaries differ"
  diff <(without_times "stock-$mode.json") <(without_times "ours-$mode.json") ||
    fail "$mode: reports differ"
  expect_eq "$mode: program output" "$(./"stock-$mode")" "$(./"ours-$mode")"
done

# Why -mllvm -load= is needed: lld parses -mllvm before loading pass plugins.
expect_failure "stock ld.lld-22 without -mllvm -load" "lto-merge-functions-print" \
  "$CXX" -flto -fuse-ld=lld --ld-path="$STOCK_LD" t.o -o never \
  -Wl,--load-pass-plugin="$P" -Wl,-mllvm,-lto-merge-functions-print

# The plugin reports a write failure as a link error: status 1, no output.
expect_failure "plugin cannot write its report" \
  "error: lto-merge-functions: cannot write merge report '$WORK/nodir/r.json'" \
  "$CXX" -flto -fuse-ld=lld --ld-path="$STOCK_LD" t.o -o never \
  -Wl,--load-pass-plugin="$P" -Wl,-mllvm,-load="$P" \
  -Wl,-mllvm,-lto-merge-functions-report="$WORK/nodir/r.json"
[[ ! -e never ]] || fail "a link that failed in the plugin left its output"
