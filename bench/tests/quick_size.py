#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""CI check that the size harness keeps working (ctest label ``bench``).

Links a tiny generated program in all eight configurations, then checks the
run's JSON, Markdown and chart, its lit JSON results (one file per
configuration, in the format the test-suite's compare.py reads, with the
run's sizes, merge times and folds as metrics), that every smoke output is
the expected one, and the regression mode both ways: the run against itself passes, a
baseline whose .text is smaller or whose smoke output differs fails and
names the program. Then the ThinLTO path: the same program built with
-flto=thin, linked in the five ThinLTO configurations, the run marked
ThinLTO, and a comparison with the full-LTO run refused. Targets are not
enforced here.

Usage: quick_size.py LINKER WORKDIR
"""

import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(os.path.dirname(HERE), "size", "lmf_size.py")

import lit_schema  # noqa: E402


def fail(msg):
    print(f"FAIL: {msg}")
    sys.exit(1)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    linker, work = sys.argv[1], os.path.abspath(sys.argv[2])
    out = os.path.join(work, "out")
    # A run leaves files and, for its lit results, a directory: clear both,
    # so that a second ctest run in the same build starts clean.
    for old in glob.glob(os.path.join(out, "size-*")):
        if os.path.isdir(old):
            shutil.rmtree(old)
        else:
            os.remove(old)
    cmd = [sys.executable, HARNESS, "run", "--linker", linker,
           "--corpus", "generated", "--gen-groups", "6", "--gen-units", "2",
           "--work", work, "--out", out, "--jobs", "2", "--strict"]
    if subprocess.run(cmd).returncode:
        fail("lmf_size.py run failed")
    runs = sorted(glob.glob(os.path.join(out, "size-*.json")))
    if len(runs) != 1:
        fail(f"expected one run JSON, found {runs}")
    stem = runs[0][:-len(".json")]
    for ext in (".md", ".svg", ".png"):
        if not os.path.exists(stem + ext):
            fail(f"missing {stem + ext}")
    run = json.load(open(runs[0]))
    if len(run["configs"]) != 8:
        fail(f"expected 8 configurations, got {run['configs']}")
    prog = run["programs"][0]
    for config, rec in prog["results"].items():
        if rec["verdict"] != "same" or not rec["text_bytes"]:
            fail(f"{config}: {rec}")
        if config.startswith("ours") and rec["merge_seconds"] is None:
            fail(f"{config}: no merge time from the report")
    md = open(stem + ".md").read()
    if "geomean" not in md or prog["program"] not in md:
        fail("Markdown lacks the table")
    check_lit_json(stem + ".lit", run)

    compare = [sys.executable, HARNESS, "compare"]
    if subprocess.run(compare + [runs[0], runs[0]]).returncode:
        fail("a run regresses against itself")
    smaller = json.loads(json.dumps(run))
    smaller["programs"][0]["results"]["ours-safe"]["text_bytes"] //= 2
    smaller["programs"][0]["results"]["plain"]["smoke_sha256"] = "0" * 64
    base = os.path.join(work, "baseline.json")
    json.dump(smaller, open(base, "w"))
    proc = subprocess.run(compare + [base, runs[0]], capture_output=True,
                          text=True)
    print(proc.stdout)
    if proc.returncode != 1:
        fail("compare did not fail on a regression")
    if f"{prog['program']} [ours-safe]: .text grew" not in proc.stdout or \
            f"{prog['program']} [plain]: smoke output differs" not in proc.stdout:
        fail("compare did not name the regressions")
    check_thin(work, out, runs[0])
    print("quick size harness: 2 passed, 0 failed")
    return 0


def check_lit_json(lit_dir, run):
    """lit's JSON results of every configuration: compare.py's format, and
    the run's numbers as metrics."""
    for config in run["configs"]:
        path = os.path.join(lit_dir, config + ".json")
        if not os.path.exists(path):
            fail(f"no lit JSON results {path}")
        data = json.load(open(path))
        problems = lit_schema.problems(data)
        if problems:
            fail(f"{path}: {problems}")
        rec = run["programs"][0]["results"][config]
        metrics = data["tests"][0].get("metrics", {})
        if metrics.get("size..text") != rec["text_bytes"] or \
                metrics.get("lmf.link_time") != rec["link_seconds"]:
            fail(f"{path}: metrics {metrics} are not the run's {rec}")
        if config.startswith("ours") and (
                metrics.get("lmf.functions_folded") != rec["functions_folded"]
                or not rec["functions_folded"]
                or metrics.get("lmf.merge_time") != rec["merge_seconds"]):
            fail(f"{path}: no merge time or folds: {metrics}")


def check_thin(work, out, full_run):
    """The ThinLTO path on the same generated program."""
    configs = "ours-safe,mergefunc,icf-safe,ours-safe+icf-safe"
    cmd = [sys.executable, HARNESS, "run", "--linker", sys.argv[1],
           "--corpus", "generated", "--gen-groups", "6", "--gen-units", "2",
           "--work", work, "--out", out, "--jobs", "2", "--strict",
           "--lto", "thin", "--configs", configs]
    if subprocess.run(cmd).returncode:
        fail("lmf_size.py run --lto thin failed")
    runs = glob.glob(os.path.join(out, "size-thin-*.json"))
    if len(runs) != 1:
        fail(f"expected one ThinLTO run JSON, found {runs}")
    run = json.load(open(runs[0]))
    if run.get("lto") != "thin" or len(run["configs"]) != 5:
        fail(f"ThinLTO run: lto {run.get('lto')}, configs {run['configs']}")
    for config, rec in run["programs"][0]["results"].items():
        if rec["verdict"] != "same" or not rec["text_bytes"]:
            fail(f"thin {config}: {rec}")
        if config.startswith("ours") and (rec["merge_seconds"] is None or
                                          not rec["functions_folded"]):
            fail(f"thin {config}: no merge time or folds from the report")
    check_lit_json(runs[0][:-len(".json")] + ".lit", run)
    md = open(runs[0][:-len(".json")] + ".md").read()
    if "change against plain ThinLTO" not in md or "-flto=thin" not in md:
        fail("ThinLTO Markdown does not say ThinLTO")
    proc = subprocess.run([sys.executable, HARNESS, "compare", full_run,
                           runs[0]], capture_output=True, text=True)
    if proc.returncode != 1 or "compare runs of the same kind" not in proc.stdout:
        fail("compare accepted a ThinLTO run against a full-LTO baseline")


if __name__ == "__main__":
    sys.exit(main())
