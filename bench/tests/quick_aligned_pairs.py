#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Quick check of bench/size/aligned_pair_bytes.py: on the module of two
aligned pairs the lit tests use (one with dense selects, one without), the
default run merges one pair and --every-pair both, and each pair's row
carries the estimate, the bytes llc-22 emits, and the module's totals.

  quick_aligned_pairs.py <LTOMergeFunctions.so> <scratch directory>
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SHAPES = os.path.join(ROOT, "test", "lit", "core", "aligned", "Inputs",
                      "aligned_pair_shapes.py")
TOOL = os.path.join(ROOT, "bench", "size", "aligned_pair_bytes.py")


def pairs(plugin, module, work, *extra):
    out = os.path.join(work, "pairs.json")
    proc = subprocess.run([sys.executable, TOOL, "--plugin", plugin,
                           "--json", out, *extra, module],
                          capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"aligned_pair_bytes.py failed:\n{proc.stderr}")
    if "first-round pairs" not in proc.stdout:
        sys.exit(f"no summary in the output:\n{proc.stdout}")
    with open(out) as f:
        return json.load(f)["pairs"]


def main():
    plugin, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    ll = os.path.join(work, "shapes.ll")
    with open(ll, "w") as f:
        subprocess.run([sys.executable, SHAPES, "selects"], stdout=f,
                       check=True)
    module = os.path.join(work, "shapes.bc")
    subprocess.run(["llvm-as-22", ll, "-o", module], check=True)
    default = pairs(plugin, module, work)
    every = pairs(plugin, module, work, "--every-pair")
    bodies = sorted(r["body"] for r in default)
    if bodies != ["sparse1.lmf.aligned"]:
        sys.exit(f"default run merged {bodies}, expected the sparse pair")
    bodies = sorted(r["body"] for r in every)
    if bodies != ["dense1.lmf.aligned", "sparse1.lmf.aligned"]:
        sys.exit(f"--every-pair merged {bodies}, expected both pairs")
    for r in every:
        if r["members_bytes"] <= 0 or r["selects"] <= 0:
            sys.exit(f"a row without the members' bytes or selects: {r}")
    print("quick_aligned_pairs: ok")


if __name__ == "__main__":
    main()
