#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A template-heavy C++ program linked with and without
# --lto-merge-functions: same output, smaller .text, and the JSON report and
# the --print-merged-functions listing name the same folds.
source "$(dirname "$0")/common.bash"
SRC="$E2E_DIR/inputs/templates.cpp"

cxx_lto t.o "$SRC"
run_ok "plain link" link_cxx plain t.o
run_ok "merging link" link_cxx merged t.o -Wl,--lto-merge-functions \
  -Wl,--lto-merge-functions-report=report.json -Wl,--print-merged-functions
cp "$WORK/run.out" listing.txt

expect_eq "program output" "$(./plain)" "$(./merged)"

expect_text_shrinks plain merged

# Instantiations that must fold: enumSum<Green> into enumSum<Red> (same
# underlying type) and Pool<Square*>::checksum into another Pool<T*>.
check_text "listing: the enum instantiations" listing.txt <<'CHECK'
CHECK: {{^}}selected function _Z7enumSumI
CHECK-NEXT: {{^}}  removing identical function _Z7enumSumI{{(5Green|4Blue)}}Eli (
CHECK
check_text "listing: the pool instantiations" listing.txt <<'CHECK'
CHECK: {{^}}selected function _ZNK4PoolIPN6shapes
CHECK-NEXT: {{^}}  removing identical function _ZNK4PoolIPN6shapes{{[0-9]+[A-Za-z]+}}EE8checksumEv (
CHECK
check_text "report" report.json <<'CHECK'
CHECK: "schema": "lto-merge-functions-report/1"
CHECK

# The report and the listing describe the same folds, in the same order.
python3 - report.json listing.txt <<'PY' || fail "report and listing disagree"
import json, re, sys
report = json.load(open(sys.argv[1]))
listing = open(sys.argv[2]).read().splitlines()
from_report = []
for g in report["groups"]:
    from_report.append(("selected", g["survivor"]))
    from_report += [("removing", m["name"], m["action"]) for m in g["members"]]
from_listing = []
for line in listing:
    m = re.match(r"selected function (\S+)$", line)
    if m:
        from_listing.append(("selected", m.group(1)))
    m = re.match(r"  removing identical function (\S+) \((\S+)\)$", line)
    if m:
        from_listing.append(("removing", m.group(1), m.group(2)))
folded = sum(1 for e in from_report if e[0] == "removing")
assert folded == report["functions_folded"], "functions_folded mismatch"
assert folded >= 10, "only %d folds" % folded
assert from_report == from_listing, "listing differs from report"
print("-- %d functions folded, listed and reported" % folded)
PY
