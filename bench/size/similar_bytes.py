#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Measure what each similar class saved, against the byte model's estimate.

The merge report's `similar` section says, per class, which functions now
share a body and what the byte model (core/similar/SimilarPlanner.cpp) expected to
save. This reads the symbol sizes of two links of the same objects, one
without similar merging (BEFORE: identical merging only) and one with it
(AFTER), and for every class compares the bytes its members took before
(their symbols, each rounded up to the function alignment: --align, 16 by
default as x86-64 aligns functions at -O2/-O3; 1 for an x86-64 -Os/-Oz
build, 4 for AArch64's generic CPU) with the bytes the shared body and the
remaining thunks take after. Classes merged across the modules of a
ThinLTO link (the report's cross_module.similar_classes) count too. Members whose
calls were rewritten are gone after; the growth of their callers is not
seen here, so a class's measured saving is slightly optimistic for them.

Usage: similar_bytes.py REPORT.json BEFORE.exe AFTER.exe [--nm NM] [--top N]
                        [--align A]
Prints one line per class (largest first, --top of them) and the totals:
estimated, measured, and measured / estimated.
"""

import argparse
import json
import subprocess
import sys

ALIGN = 16


def symbol_sizes(nm, exe):
    """Function symbol name -> size, from `nm -S` (local symbols too)."""
    out = subprocess.run([nm, "-S", "--defined-only", exe], check=True,
                         capture_output=True, text=True).stdout
    sizes = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    return sizes


def aligned(n):
    return (n + ALIGN - 1) // ALIGN * ALIGN if n else 0


def similar_classes(report):
    """Every similar class of the report (a module or a ThinLTO report)."""
    modules = report.get("modules", [report])
    for module in modules:
        for cls in (module.get("similar") or {}).get("classes", []):
            yield cls
    for cls in (report.get("cross_module") or {}).get("similar_classes", []):
        yield cls


def measure(cls, before, after):
    """(bytes before, bytes after) of one class, or None when a member's
    symbol is missing from BEFORE (inlined or renamed there)."""
    names = [m["name"] for m in cls["members"]]
    if any(n not in before for n in names):
        return None
    was = sum(aligned(before[n]) for n in names)
    now = aligned(after.get(cls["body"], 0))
    now += sum(aligned(after.get(n, 0)) for n in names)
    return was, now


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("report")
    p.add_argument("before")
    p.add_argument("after")
    p.add_argument("--nm", default="/usr/lib/llvm-22/bin/llvm-nm")
    p.add_argument("--top", type=int, default=10)
    p.add_argument("--align", type=int, default=16,
                   help="the function alignment of the build (default 16)")
    args = p.parse_args(argv)
    global ALIGN
    ALIGN = args.align
    with open(args.report) as f:
        report = json.load(f)
    before = symbol_sizes(args.nm, args.before)
    after = symbol_sizes(args.nm, args.after)
    rows, skipped = [], 0
    for cls in similar_classes(report):
        m = measure(cls, before, after)
        if m is None:
            skipped += 1
            continue
        rows.append((m[0] - m[1], cls["estimated_bytes_saved"], cls))
    rows.sort(key=lambda r: -r[0])
    for saved, est, cls in rows[:args.top]:
        print(f"{saved:8d} measured {est:8d} estimated  "
              f"{len(cls['members']):3d} members {cls['parameters']} params  "
              f"{cls['body']}")
    measured = sum(r[0] for r in rows)
    estimated = sum(r[1] for r in rows)
    ratio = measured / estimated if estimated else float("nan")
    print(f"{len(rows)} classes ({skipped} skipped: a member's symbol is "
          f"missing before): measured {measured} bytes, estimated "
          f"{estimated}, measured/estimated {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
