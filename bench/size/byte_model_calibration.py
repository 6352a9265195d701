#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Set the byte model's estimates beside the bytes llc-22 emits.

For each module given (bitcode as the planners see it: the IR after the
LTO optimization pipeline, e.g. the `*.precodegen.bc` that `ld.lld
--save-temps` writes, or an object built with -flto), and each target
asked for, this compiles the module with llc-22 (-function-sections, so
that every function is a section with its own alignment), reads every
function's symbol size (llvm-nm-22 --print-size) and its section's
alignment (llvm-readelf-22 -S), and sets them beside what lmf-byte-model
(test/tools/ByteModelDump.cpp) prints for the same module: estimated body
bytes and the alignment the model expects.

  byte_model_calibration.py --byte-model build/bin/lmf-byte-model \\
      --targets x86_64,aarch64 --opt 3 a.precodegen.bc b.precodegen.bc

A module's own triple is replaced by each target's (the IR of a build for
x86-64 still says what an AArch64 build would emit for the same source
only approximately: the cross-compiled build's own IR is better, and is
used when the module's triple already is the target's). With --size,
every function is first given `minsize` and `optsize`, as an -Oz build's
are.

Prints, per module and target: the functions matched, the sums of
estimated and measured bytes and their ratio (the factor by which the
model's bytes per instruction would have to change), the share of
functions whose estimate is within 25% of the measurement, and how many
functions' alignment the model got wrong; then the same summed over all
modules, with the measured bytes per instruction that emits code (what
ByteModel's TenthsPerInstruction stands for).
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

TRIPLES = {
    "x86_64": "x86_64-unknown-linux-gnu",
    "aarch64": "aarch64-unknown-linux-gnu",
    "riscv64": "riscv64-unknown-linux-gnu",
}
LLVM = "/usr/lib/llvm-22/bin"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw).stdout


def estimates(tool, module, triple):
    """name -> (bytes, alignment), and the model's header line."""
    out = run([tool, f"-mtriple={triple}", module])
    lines = out.splitlines()
    est = {}
    for line in lines[1:]:
        name, *fields = line.split(" ")
        kv = dict(f.split("=", 1) for f in fields)
        est[name] = (int(kv["bytes"]), int(kv["align"]), int(kv["code"]))
    return lines[0], est


def measured(obj):
    """name -> (size, alignment of its section)."""
    sizes = {}
    for line in run([f"{LLVM}/llvm-nm", "--print-size", "--defined-only",
                     obj]).splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            sizes[parts[3]] = int(parts[1], 16)
    aligns = {}
    for line in run([f"{LLVM}/llvm-readelf", "-S", "-W", obj]).splitlines():
        m = re.search(r"\]\s+\.text\.(\S+)\s+PROGBITS(?:\s+\S+){4}\s+\S*\s+\d+\s+\d+\s+(\d+)\s*$", line)
        if m:
            aligns[m.group(1)] = int(m.group(2))
    return {n: (s, aligns.get(n, 0)) for n, s in sizes.items()}


def prepare(module, triple, size, work):
    """The module with the target's triple (and `minsize optsize` on
    every definition with --size), as bitcode."""
    text = run([f"{LLVM}/llvm-dis", module, "-o", "-"])
    text = re.sub(r'^target triple = ".*"$', f'target triple = "{triple}"',
                  text, flags=re.M)
    if size:
        text = re.sub(r"^(define [^{]*?)(\s*\{)$",
                      lambda m: m.group(1) + " minsize optsize" + m.group(2),
                      text, flags=re.M)
    ll = os.path.join(work, "m.ll")
    with open(ll, "w") as f:
        f.write(text)
    return ll


def calibrate(args, module, target, work):
    triple = TRIPLES[target]
    own = run([f"{LLVM}/llvm-dis", module, "-o", "-"])
    same_target = re.search(r'^target triple = "(\w+)', own, re.M)
    cross = not (same_target and same_target.group(1) == target)
    if cross and not args.cross:
        return None
    src = prepare(module, triple, args.size, work) if (cross or args.size) \
        else module
    header, est = estimates(args.byte_model, src, triple)
    obj = os.path.join(work, "m.o")
    llc = [f"{LLVM}/llc", f"-O{args.opt}", f"-mtriple={triple}",
           "-function-sections", "-filetype=obj", src, "-o", obj]
    if args.pic:
        llc.insert(1, "-relocation-model=pic")
    run(llc)
    got = measured(obj)
    rows = []
    for name, (e, a, n) in est.items():
        if name in got:
            rows.append((name, e, a, n, got[name][0], got[name][1]))
    outlined = sum(s for n, (s, _) in got.items()
                   if n.startswith("OUTLINED_FUNCTION"))
    return header, rows, outlined


def fit(rows):
    """Least squares of measured bytes against code instructions: (a, b)
    of measured = a + b * instructions."""
    n = len(rows)
    sx = sum(r[3] for r in rows)
    sy = sum(r[4] for r in rows)
    sxx = sum(r[3] * r[3] for r in rows)
    sxy = sum(r[3] * r[4] for r in rows)
    d = n * sxx - sx * sx
    if not d:
        return 0.0, 0.0
    b = (n * sxy - sx * sy) / d
    return (sy - b * sx) / n, b


def summary(rows):
    e = sum(r[1] for r in rows)
    m = sum(r[4] for r in rows)
    close = sum(1 for r in rows if r[4] and abs(r[1] - r[4]) <= 0.25 * r[4])
    wrong_align = sum(1 for r in rows if r[5] and r[2] != r[5])
    return e, m, close, wrong_align


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("modules", nargs="+")
    p.add_argument("--byte-model", required=True)
    p.add_argument("--targets", default="x86_64,aarch64")
    p.add_argument("--opt", default="3", help="llc's -O level (lld's LTO "
                   "code generation: 3 for -O3 builds, 2 for -Os/-Oz)")
    p.add_argument("--size", action="store_true",
                   help="give every function minsize and optsize first")
    p.add_argument("--pic", action="store_true",
                   help="position-independent code (a PIE's LTO)")
    p.add_argument("--cross", action="store_true",
                   help="also compile modules of another target's triple")
    p.add_argument("--min-bytes", type=int, default=0,
                   help="leave out functions measured below this size")
    p.add_argument("--max-bytes", type=int, default=1 << 30,
                   help="leave out functions measured above this size")
    p.add_argument("--rows", help="write one line per function to this "
                   "file: target, module, name, code instructions, "
                   "estimated and measured bytes")
    args = p.parse_args()
    for target in args.targets.split(","):
        total = []
        outlined_total = 0
        for module in args.modules:
            with tempfile.TemporaryDirectory(prefix="lmf-bm-") as work:
                got = calibrate(args, module, target, work)
            if got is None:
                continue
            header, rows, outlined = got
            rows = [r for r in rows
                    if args.min_bytes <= r[4] <= args.max_bytes]
            total += rows
            outlined_total += outlined
            e, m, close, wa = summary(rows)
            print(f"{target} {os.path.basename(module)}: {len(rows)} functions, "
                  f"estimated {e}, measured {m}, measured/estimated "
                  f"{m / e if e else 0:.3f}, within 25%: {close}, "
                  f"alignment wrong: {wa}, outlined {outlined}")
        if not total:
            continue
        if args.rows:
            with open(args.rows, "a") as f:
                for r in total:
                    f.write(f"{target}\t{r[0]}\t{r[3]}\t{r[1]}\t{r[4]}\n")
        e, m, close, wa = summary(total)
        n = sum(r[3] for r in total)
        a, b = fit(total)
        print(f"{target}   least squares: measured = {a:.1f} + {b:.2f} x "
              f"code instructions")
        for low, high in ((0, 128), (129, 512), (513, 2048), (2049, 1 << 30)):
            part = [r for r in total if low <= r[4] <= high]
            if not part:
                continue
            pe, pm, pclose, _ = summary(part)
            pn = sum(r[3] for r in part)
            print(f"{target}   measured {low}-{high if high < 1 << 30 else ''} "
                  f"bytes: {len(part)} functions, {pm / pn:.2f} bytes per "
                  f"instruction, measured/estimated {pm / pe:.3f}, within "
                  f"25%: {100.0 * pclose / len(part):.0f}%")
        print(f"{target} all ({header}): {len(total)} functions, "
              f"{n} code instructions, {m / n:.2f} bytes each, "
              f"estimated {e}, measured {m}, "
              f"measured/estimated {m / e:.3f}, within 25%: "
              f"{close} ({100.0 * close / len(total):.0f}%), alignment wrong: "
              f"{wa}, outlined functions {outlined_total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
