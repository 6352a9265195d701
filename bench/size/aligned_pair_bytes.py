#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Set each aligned pair's estimated saving beside the bytes llc-22 emits.

For each module given (IR after the LTO optimization pipeline, such as the
saved `*.0.4.opt.bc` modules or `ld.lld --save-temps`' `*.precodegen.bc`),
this runs our pass twice with opt-22: identical and similar merging alone
(the base), and the same with aligned merging, writing the report. Both
are compiled with llc-22 -function-sections, so every function has its own
section and alignment; a function occupies its symbol size rounded up to
its section's alignment. For every aligned class of the first round, the
real saving is what its members occupied in the base less what the merged
body and the members' thunks occupy after (callers whose calls were
rewritten are not counted: they grow by an argument each). Classes of later
rounds merge bodies of earlier ones and are left out of the per-pair
figures; the module's whole `.text` (every function, occupied bytes) is
compared for every round.

  aligned_pair_bytes.py --plugin build/lib/LTOMergeFunctions.so \\
      [--every-pair] [--rounds 1] [--json pairs.json] m1.bc m2.bc ...

--every-pair lowers the minimum gain to -1000, so that every pair the
aligner plans is merged: the data the stage's prices and the shapes it
distrusts (core/aligned/AlignedPlanner.cpp) were measured on. Prints the
pairs whose estimate missed most, then the estimate against the real
saving by select density and for pairs under 13 in 25 matched with and
without 16 branches or more.
"""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

from byte_model_calibration import LLVM, measured, run


def occupied(sizes):
    """name -> bytes the function takes with its alignment padding."""
    out = {}
    for name, (size, align) in sizes.items():
        out[name] = -(-size // align) * align if align > 1 else size
    return out


def merge_and_compile(module, args, work):
    stem = os.path.join(work, os.path.basename(module))
    base = [f"{LLVM}/opt", f"-load-pass-plugin={args.plugin}",
            "-passes=lto-merge-functions", "-lto-merge-functions-similar"]
    aligned = base + ["-lto-merge-functions-aligned",
                      f"-lto-merge-functions-aligned-rounds={args.rounds}",
                      f"-lto-merge-functions-report={stem}.json"]
    if args.every_pair:
        aligned.append("-lto-merge-functions-aligned-min-gain=-1000")
    run(base + [module, "-o", stem + ".base.bc"])
    run(aligned + [module, "-o", stem + ".aligned.bc"])
    sizes = {}
    for kind in ("base", "aligned"):
        run([f"{LLVM}/llc", "-O3", "-function-sections", "-filetype=obj",
             f"{stem}.{kind}.bc", "-o", f"{stem}.{kind}.o"])
        sizes[kind] = occupied(measured(f"{stem}.{kind}.o"))
    with open(stem + ".json") as f:
        classes = json.load(f)["aligned"]["classes"]
    return sizes, classes


def pair_rows(module, sizes, classes):
    before, after = sizes["base"], sizes["aligned"]
    rows = []
    for c in classes:
        names = [m["name"] for m in c["members"]]
        if c["round"] != 0 or not all(n in before for n in names):
            continue
        left = sum(before[n] for n in names)
        right = after.get(c["body"], 0) + sum(after.get(n, 0) for n in names)
        rows.append({
            "module": module, "body": c["body"],
            "estimated": c["estimated_bytes_saved"], "real": left - right,
            "members_bytes": left, "matched": c["matched_instructions"],
            "unmatched": c["unmatched_instructions"],
            "branches": c["branches"], "selects": c["selects"]})
    return rows


def one_module(module, args):
    with tempfile.TemporaryDirectory(prefix="lmf-aligned-") as work:
        sizes, classes = merge_and_compile(module, args, work)
    name = os.path.basename(module).split(".")[0]
    total = {k: sum(v.values()) for k, v in sizes.items()}
    return name, total, pair_rows(name, sizes, classes)


def sums(rows):
    return (len(rows), sum(r["estimated"] for r in rows),
            sum(r["real"] for r in rows))


def report(modules, rows, worst):
    print("module             base .text  with aligned   saved")
    for name, total in modules:
        print(f"{name:18} {total['base']:11} {total['aligned']:13} "
              f"{total['base'] - total['aligned']:7}")
    n, est, real = sums(rows)
    print(f"\n{n} first-round pairs: {est} bytes estimated, {real} real")
    print(f"\nthe {worst} estimates that missed most (estimated - real):")
    for r in sorted(rows, key=lambda r: r["real"] - r["estimated"])[:worst]:
        print(f"  {r['module']:16} {r['body'][:44]:44} est {r['estimated']:6} "
              f"real {r['real']:6} matched {r['matched']:5} unmatched "
              f"{r['unmatched']:5} branches {r['branches']:4} selects "
              f"{r['selects']:4}")
    print("\nby selects per matched instruction:")
    bounds = [0, 0.1, 0.2, 0.25, 0.3, 0.4, 10]
    for lo, hi in zip(bounds, bounds[1:]):
        part = [r for r in rows
                if lo <= r["selects"] / max(1, r["matched"]) < hi]
        if part:
            n, est, real = sums(part)
            per = (est - real) / max(1, sum(r["selects"] for r in part))
            print(f"  [{lo}, {hi}): {n:4} pairs, estimated {est:7}, real "
                  f"{real:7} ({per:+.1f} bytes per select)")
    half = [r for r in rows if 25 * r["matched"] <
            13 * (r["matched"] + r["unmatched"])]
    for label, part in (("under 13 in 25 matched, < 16 branches",
                         [r for r in half if r["branches"] < 16]),
                        ("under 13 in 25 matched, >= 16 branches",
                         [r for r in half if r["branches"] >= 16])):
        n, est, real = sums(part)
        print(f"{label}: {n} pairs, estimated {est}, real {real}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--every-pair", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--worst", type=int, default=10)
    ap.add_argument("--json", help="write every pair's row here")
    ap.add_argument("modules", nargs="+")
    args = ap.parse_args()
    for m in args.modules + [args.plugin]:
        if not os.path.isfile(m):
            sys.exit(f"aligned_pair_bytes.py: {m}: no such file")
    modules, rows = [], []
    with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(one_module, m, args) for m in args.modules]
        for fut in futures:
            try:
                name, total, part = fut.result()
            except subprocess.CalledProcessError as e:
                sys.exit(f"aligned_pair_bytes.py: {' '.join(e.cmd)} failed:"
                         f"\n{e.stderr}")
            modules.append((name, total))
            rows += part
    report(modules, rows, args.worst)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"plugin": args.plugin, "rounds": args.rounds,
                       "every_pair": args.every_pair, "pairs": rows}, f,
                      indent=0)


if __name__ == "__main__":
    main()
