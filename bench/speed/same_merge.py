#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Check that two builds of the plugin merge saved modules identically.

A change that is not meant to change folds (speed work, refactoring) must
leave the merged output of the saved real modules byte-identical. This runs
``opt-22 -passes=lto-merge-functions`` with the baseline plugin and with the
new one on every module, in three configurations (safe mode on 1 and 2
threads, all mode on 2 threads), and compares the output bitcode byte for
byte and the JSON reports without their times and thread counts.

Usage: same_merge.py --baseline OLD.so --plugin NEW.so MODULE.bc...
Exit status 0 when everything is identical, 1 otherwise.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

CONFIGS = [("safe", 1), ("safe", 2), ("all", 2)]


def merge(opt, plugin, module, mode, threads, out_dir, tag):
    out = os.path.join(out_dir, f"{tag}.bc")
    report = os.path.join(out_dir, f"{tag}.json")
    subprocess.run([opt, f"-load-pass-plugin={plugin}",
                    "-passes=lto-merge-functions",
                    f"-lto-merge-functions-mode={mode}",
                    f"-lto-merge-functions-threads={threads}",
                    f"-lto-merge-functions-report={report}",
                    module, "-o", out], check=True)
    with open(out, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    with open(report) as f:
        doc = json.load(f)
    for key in ("time_seconds", "threads"):
        doc.pop(key, None)
    return digest, doc


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--baseline", required=True, help="plugin before the change")
    p.add_argument("--plugin", required=True, help="plugin after the change")
    p.add_argument("--opt", default="opt-22")
    p.add_argument("modules", nargs="+")
    args = p.parse_args(argv)
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for module in args.modules:
            for mode, threads in CONFIGS:
                old = merge(args.opt, args.baseline, module, mode, threads,
                            tmp, "old")
                new = merge(args.opt, args.plugin, module, mode, threads,
                            tmp, "new")
                same = old == new
                differ += not same
                folded = new[1].get("functions_folded", "?")
                print(f"{'same' if same else 'DIFFERENT'}  {mode:4} "
                      f"{threads}T  folded {folded:>6}  "
                      f"{os.path.basename(module)}")
    total = len(args.modules) * len(CONFIGS)
    print(f"{total - differ} of {total} merges identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
