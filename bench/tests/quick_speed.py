#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""CI check that the speed harness keeps working (ctest label ``bench``).

Generates a small module with lmf-genmodule (checked by the IR verifier),
runs the speed driver with one round on two generated sizes tenfold apart,
with the memory measurement, and checks the JSON and Markdown: every
contender timed, both mergers folded something, the merged modules verify,
the phase, growth and memory tables are there and value names are said to
be discarded. Timing targets are reported, not enforced.

Usage: quick_speed.py BINDIR WORKDIR
"""

import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DRIVER = os.path.join(os.path.dirname(HERE), "speed", "lmf_speed.py")


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    bindir, work = sys.argv[1], os.path.abspath(sys.argv[2])
    os.makedirs(work, exist_ok=True)
    small = os.path.join(work, "verified.bc")
    if subprocess.run([os.path.join(bindir, "lmf-genmodule"), "--functions",
                       "3000", "--dup-ratio", "0.4", "--seed", "7", "--verify",
                       "-o", small]).returncode:
        fail("lmf-genmodule failed or wrote an invalid module")
    out = os.path.join(work, "out")
    for old in glob.glob(os.path.join(out, "speed-*")):
        os.remove(old)
    if subprocess.run([os.path.join(bindir, "lmf-speedbench"), "--reps", "1",
                       "--verify-output", small]).returncode:
        fail("lmf-speedbench --verify-output failed")
    if subprocess.run([sys.executable, DRIVER, "--sizes", "200,2000",
                       "--reps", "1", "--memory", "--bin", bindir, "--work",
                       work, "--out", out]).returncode:
        fail("lmf_speed.py failed")
    runs = glob.glob(os.path.join(out, "speed-*.json"))
    if len(runs) != 1 or not os.path.exists(runs[0][:-5] + ".md"):
        fail(f"expected one JSON and one Markdown in {out}")
    run = json.load(open(runs[0]))
    if run.get("value_names") != "discarded":
        fail(f"value names not reported as discarded: {run.get('value_names')}")
    if len(run.get("memory", [])) != 6 or not all(
            x["module_resident_bytes"] > 0 for x in run["memory"]):
        fail(f"expected 6 memory measurements: {run.get('memory')}")
    md = open(runs[0][:-5] + ".md").read()
    for heading in ("Our phases", "Growth of each phase", "Peak resident"):
        if heading not in md:
            fail(f"the Markdown has no '{heading}' table")
    m = run["modules"][1]
    for name in ("walk", "ours_1", "mergefunctions"):
        if not m["median_seconds"].get(name, 0) > 0:
            fail(f"no time for {name}")
    if not (m["folded"]["ours_1"] > 0 and m["folded"]["mergefunctions"] > 0):
        fail(f"nothing folded: {m['folded']}")
    print("quick speed harness: 1 passed, 0 failed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
