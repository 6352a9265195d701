#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A template-heavy C++ program compiled with -flto=thin: each ThinLTO backend
# merges its module, with our ld.lld and with stock ld.lld-22 and the plugin.
# The program prints the same as without merging, .text shrinks, the linked
# program, the listing and the report are the same for 1, 2 and 4 backend
# jobs, and the report gathers the backends in module order. Distributed
# (DTLTO) backends give the same program, listing and report.
source "$(dirname "$0")/common.bash"
SRC="$E2E_DIR/inputs/templates.cpp"

"$CXX" -O2 -flto=thin -c "$SRC" -o t.o
"$CXX" -O2 -flto=thin -c "$E2E_DIR/../../bench/example/shapes.cpp" \
  -Dmain=shapes_main -o s.o
run_ok "plain link" link_cxx plain t.o s.o
for jobs in 1 2 4; do
  run_ok "merging link, $jobs jobs" link_cxx "merged$jobs" t.o s.o \
    -Wl,--thinlto-jobs=$jobs -Wl,--lto-merge-functions \
    -Wl,--lto-merge-functions-report=report$jobs.json \
    -Wl,--print-merged-functions
  cp "$WORK/run.out" "listing$jobs.txt"
  expect_no_grep "merging link, $jobs jobs" 'warning' "$WORK/run.err"
done

expect_eq "program output" "$(./plain)" "$(./merged1)"
expect_text_shrinks plain merged1 ThinLTO

for jobs in 2 4; do
  cmp -s merged1 "merged$jobs" || fail "output differs with $jobs jobs"
  cmp -s listing1.txt "listing$jobs.txt" || fail "listing differs with $jobs jobs"
done
check_text "listing" listing1.txt <<'CHECK'
CHECK: {{^}}  removing identical function _Z7enumSumI
CHECK

# load(path): a ThinLTO report without what may differ between runs.
cat >reports.py <<'PY'
import json
def load(path):
    r = json.load(open(path))
    r.pop("time_seconds")
    for m in r["modules"]:
        m.pop("time_seconds"); m.pop("threads")
    return r
PY
python3 - report1.json report2.json report4.json <<'PY' || fail "reports"
import sys
from reports import load
reports = [load(p) for p in sys.argv[1:]]
assert all(r == reports[0] for r in reports), "reports differ across jobs"
r = reports[0]
assert r["schema"] == "lto-merge-functions-thinlto-report/1", r["schema"]
names = [m["module"] for m in r["modules"]]
assert names == sorted(names) and len(names) == 2, names
assert r["functions_folded"] == sum(m["functions_folded"] for m in r["modules"])
assert r["functions_folded"] >= 10, r["functions_folded"]
print("-- %d functions folded in %d backends" % (r["functions_folded"], len(names)))
PY

# Stock ld.lld-22 with the plugin: the same folds, printed when lld ends.
run_ok "stock link" "$CXX" -flto=thin -fuse-ld=lld --ld-path="$STOCK_LD" \
  -Wl,--load-pass-plugin="$LMF_PLUGIN" -Wl,-mllvm,-load="$LMF_PLUGIN" \
  -Wl,-mllvm,-lto-merge-functions-print t.o s.o -o stock
cmp -s listing1.txt "$WORK/run.out" || fail "stock ld.lld lists other folds"
cmp -s merged1 stock || fail "stock ld.lld + plugin links another program"

# Distributed ThinLTO (DTLTO): the backends run as jobs of a distributor,
# each in a sandbox of its own as on a build farm, and merge as the
# in-process backends did: the same program, listing and report.
DISTRIBUTOR="$E2E_DIR/../dtlto/local_distributor.py"
for jobs in 1 2; do
  run_ok "distributed link, $jobs jobs" link_cxx "distributed$jobs" t.o s.o \
    -Wl,--lto-merge-functions \
    -Wl,--lto-merge-functions-report=distributed$jobs.json \
    -Wl,--print-merged-functions \
    -Wl,--thinlto-distributor="$(command -v python3)" \
    -Wl,--thinlto-distributor-arg="$DISTRIBUTOR" \
    -Wl,--thinlto-distributor-arg=-j$jobs
  expect_no_grep "distributed link, $jobs jobs" 'warning|error' "$WORK/run.err"
  cmp -s listing1.txt "$WORK/run.out" ||
    fail "DTLTO listing differs from in-process ($jobs jobs)"
  cmp -s merged1 "distributed$jobs" ||
    fail "DTLTO output differs from in-process ($jobs jobs)"
done
expect_eq "DTLTO program output" "$(./plain)" "$(./distributed2)"
python3 - report1.json distributed1.json distributed2.json <<'PY' || fail "DTLTO reports"
import sys
from reports import load
reports = [load(p) for p in sys.argv[1:]]
assert all(r == reports[0] for r in reports), "DTLTO reports differ from in-process"
PY
note "DTLTO: .text $(text_size distributed1) bytes, identical to in-process"

# With an archive member (LLVM's DTLTO compiles it from a file of its own,
# named after the member with a sequence number and the linker's process
# id), the listing and the report still name and order the modules as in
# process. LLD 22's DTLTO may place data otherwise when archive members are
# involved (the same bytes differ without merging), so the programs are
# compared by what they print.
mkdir -p lib
"$CXX" -O2 -flto=thin -c "$E2E_DIR/../../bench/example/shapes.cpp" \
  -Dmain=shapes_main -o lib/shapes.o
rm -f lib/libshapes.a && "$LLVM_TOOLS/llvm-ar" rcs lib/libshapes.a lib/shapes.o
run_ok "in-process link with an archive" link_cxx member-in-process t.o \
  -Wl,--whole-archive "$PWD/lib/libshapes.a" -Wl,--no-whole-archive \
  -Wl,--lto-merge-functions \
  -Wl,--lto-merge-functions-report=member-in-process.json \
  -Wl,--print-merged-functions
cp "$WORK/run.out" member-in-process.txt
run_ok "distributed link with an archive" link_cxx member-distributed t.o \
  -Wl,--whole-archive "$PWD/lib/libshapes.a" -Wl,--no-whole-archive \
  -Wl,--lto-merge-functions \
  -Wl,--lto-merge-functions-report=member-distributed.json \
  -Wl,--print-merged-functions \
  -Wl,--thinlto-distributor="$(command -v python3)" \
  -Wl,--thinlto-distributor-arg="$DISTRIBUTOR"
expect_no_grep "distributed link with an archive" 'warning|error' "$WORK/run.err"
cmp -s member-in-process.txt "$WORK/run.out" ||
  fail "DTLTO listing with an archive member differs from in-process"
expect_eq "DTLTO program output with an archive member" \
  "$(./member-in-process)" "$(./member-distributed)"
python3 - member-in-process.json member-distributed.json <<'PY' || fail "DTLTO reports with an archive member"
import sys
from reports import load
a, b = (load(p) for p in sys.argv[1:])
assert a == b, "DTLTO report with an archive member differs from in-process"
names = [m["module"] for m in a["modules"]]
assert any(n.endswith("/lib/libshapes.a(shapes.o at %s)" % n.rsplit(" at ", 1)[-1][:-1])
           for n in names), names
PY
note "DTLTO with an archive member: listing and report identical to in-process"
