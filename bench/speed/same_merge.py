#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Check that two builds of the plugin merge saved modules identically.

A change that is not meant to change folds (speed work, refactoring) must
leave the merged output of the saved real modules byte-identical. This runs
``opt-22 -passes=lto-merge-functions`` with the baseline plugin and with the
new one on every module, in three configurations (safe mode on 1 and 2
threads, all mode on 2 threads), and compares the output bitcode byte for
byte and the JSON reports without their times and thread counts. With
--similar, safe mode with similar merging (its default positions) on 1 and
2 threads too: the similar stage shares the encoder.

Usage: same_merge.py [--similar] --baseline OLD.so --plugin NEW.so MODULE.bc...
Exit status 0 when everything is identical, 1 otherwise.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

CONFIGS = [("safe", 1, False), ("safe", 2, False), ("all", 2, False)]
SIMILAR_CONFIGS = [("safe", 1, True), ("safe", 2, True)]


def merge(opt, plugin, module, config, out_dir, tag):
    mode, threads, similar = config
    out = os.path.join(out_dir, f"{tag}.bc")
    report = os.path.join(out_dir, f"{tag}.json")
    similar_flag = ["-lto-merge-functions-similar"] if similar else []
    subprocess.run([opt, f"-load-pass-plugin={plugin}",
                    "-passes=lto-merge-functions",
                    f"-lto-merge-functions-mode={mode}",
                    f"-lto-merge-functions-threads={threads}",
                    f"-lto-merge-functions-report={report}",
                    *similar_flag, module, "-o", out], check=True)
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
    p.add_argument("--similar", action="store_true",
                   help="also compare merges with similar merging")
    p.add_argument("modules", nargs="+")
    args = p.parse_args(argv)
    configs = CONFIGS + (SIMILAR_CONFIGS if args.similar else [])
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for module in args.modules:
            for config in configs:
                old = merge(args.opt, args.baseline, module, config, tmp, "old")
                new = merge(args.opt, args.plugin, module, config, tmp, "new")
                same = old == new
                differ += not same
                mode, threads, similar = config
                folded = new[1].get("functions_folded", "?")
                if similar:
                    folded = f"{folded}+{new[1]['similar']['functions_merged']}"
                print(f"{'same' if same else 'DIFFERENT'}  {mode:4} "
                      f"{threads}T{' similar' if similar else ''}  "
                      f"folded {folded:>6}  {os.path.basename(module)}")
    total = len(args.modules) * len(configs)
    print(f"{total - differ} of {total} merges identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
