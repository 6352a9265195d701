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
2 threads too: the similar stage shares the encoder. With --aligned, safe
mode with all three stages on 1 and 2 threads.

Usage: same_merge.py [--similar] [--aligned] --baseline OLD.so
                     --plugin NEW.so MODULE.bc...
Exit status 0 when everything is identical, 1 otherwise.
"""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

# (mode, threads, the stages after identical merging)
CONFIGS = [("safe", 1, ()), ("safe", 2, ()), ("all", 2, ())]
SIMILAR_CONFIGS = [("safe", 1, ("similar",)), ("safe", 2, ("similar",))]
ALIGNED_CONFIGS = [("safe", 1, ("similar", "aligned")),
                   ("safe", 2, ("similar", "aligned"))]


def merge(opt, plugin, module, config, out_dir, tag):
    mode, threads, stages = config
    out = os.path.join(out_dir, f"{tag}.bc")
    report = os.path.join(out_dir, f"{tag}.json")
    stage_flags = [f"-lto-merge-functions-{stage}" for stage in stages]
    subprocess.run([opt, f"-load-pass-plugin={plugin}",
                    "-passes=lto-merge-functions",
                    f"-lto-merge-functions-mode={mode}",
                    f"-lto-merge-functions-threads={threads}",
                    f"-lto-merge-functions-report={report}",
                    *stage_flags, module, "-o", out], check=True)
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
    p.add_argument("--aligned", action="store_true",
                   help="also compare merges with all three stages")
    p.add_argument("modules", nargs="+")
    args = p.parse_args(argv)
    configs = CONFIGS + (SIMILAR_CONFIGS if args.similar else []) + \
        (ALIGNED_CONFIGS if args.aligned else [])
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for module in args.modules:
            for config in configs:
                old = merge(args.opt, args.baseline, module, config, tmp, "old")
                new = merge(args.opt, args.plugin, module, config, tmp, "new")
                same = old == new
                differ += not same
                mode, threads, stages = config
                folded = str(new[1].get("functions_folded", "?"))
                for stage in stages:
                    merged = new[1].get(stage, {}).get("functions_merged", "?")
                    folded += f"+{merged}"
                print(f"{'same' if same else 'DIFFERENT'}  {mode:4} "
                      f"{threads}T {'+'.join(stages) or 'identical':16} "
                      f"folded {folded:>12}  {os.path.basename(module)}")
    total = len(args.modules) * len(configs)
    print(f"{total - differ} of {total} merges identical")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
