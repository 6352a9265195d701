#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How the step before a ThinLTO link grows with the number of modules.

Our ld.lld folds twins across ThinLTO modules before lld runs: it reads the
candidates of every module, plans over all of them and rewrites the modules
the plan touches (docs/thinlto-cross-module.md). This harness generates C
programs of many translation units, alike in kind and differing in count
(``--units``) and size (``--functions`` per unit), compiles each with
``clang-22 -O2 -flto=thin``, and links it with our ld.lld plain and with
``--lto-merge-functions``, the two in turn (``--reps`` links each, after a
warm-up), with ``-v`` on the merging link for the step's own times.

Each unit holds ``--functions`` functions of four kinds, in equal shares:
``static`` helpers that every unit copies from one header (twins in every
module: the step folds them); exported functions whose bodies depend on the
unit's number (no twins); functions that call both; and small ones that read
no argument and add to one global, with a parameter list that varies from
unit to unit (twins across parameter lists). ``main.c`` calls one exported
function of every unit, so nothing is dead.

It prints, and writes to ``<out>/thin-scale-<stamp>.json`` and ``.md``, per
program: modules, functions, the median link times and their ratio (the
median of the pairwise ratios), and the step's read, plan and rewrite
seconds with the modules it rewrote (medians of the merging links). The
issue's target for the step is at most 5% of the plain link.

Usage: thin_scale.py [--units 250,500,1000,2000] [--functions 16]
                     [--reps 3] [--jobs 2] [--work DIR] [--out DIR]
                     [--linker build/bin/ld.lld]
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time

CLANG = "clang-22"

STEP_LINE = re.compile(
    r"across modules: (\d+) functions in (\d+) classes folded, .* "
    r"(\d+) of (\d+) modules rewritten \(read ([0-9.]+) s, plan ([0-9.]+) s, "
    r"rewrite ([0-9.]+) s\)")
SCAN_LINE = re.compile(r"\(read in ([0-9.]+) s\)")


def header(functions):
    """The helpers every unit copies: `static`, so each module has its own."""
    lines = []
    for k in range(functions):
        lines.append(
            f"static __attribute__((noinline)) int helper_{k}(int x) {{\n"
            f"  int s = x;\n"
            f"  for (int i = 0; i < {k % 5 + 3}; ++i)\n"
            f"    s = s * {2 * k + 3} + (i ^ {k});\n"
            f"  return s ^ (s >> {k % 7 + 1});\n"
            f"}}\n")
    return "".join(lines)


def unit_source(u, functions):
    share = max(1, functions // 4)
    out = [header(share), "extern int shared_sink;\n"]
    for k in range(share):
        out.append(
            f"__attribute__((noinline)) int own_{u}_{k}(int x) {{\n"
            f"  return x * {u * 31 + k + 7} + {u ^ (k * 13)};\n"
            f"}}\n")
    for k in range(share):
        params = ", ".join(["int a"] + [f"long p{j}" for j in range((u + k) % 4)])
        out.append(
            f"__attribute__((noinline)) void quiet_{u}_{k}({params}) {{\n"
            f"  shared_sink += {k + 1};\n"
            f"}}\n")
    for k in range(share):
        args = ", ".join(["x"] + ["0"] * ((u + k) % 4))
        out.append(
            f"__attribute__((noinline)) int mix_{u}_{k}(int x) {{\n"
            f"  quiet_{u}_{k}({args});\n"
            f"  return helper_{k}(x) + own_{u}_{k}(x);\n"
            f"}}\n")
    calls = " + ".join(f"mix_{u}_{k}(x + {k})" for k in range(share))
    out.append(f"int unit_{u}(int x) {{ return {calls}; }}\n")
    return "".join(out)


def main_source(units):
    decls = "".join(f"int unit_{u}(int);\n" for u in range(units))
    calls = "".join(f"  s += unit_{u}(argc + {u});\n" for u in range(units))
    return (f"#include <stdio.h>\n{decls}int shared_sink;\n"
            f"int main(int argc, char **argv) {{\n"
            f"  (void)argv;\n  long s = 0;\n{calls}"
            f"  printf(\"%ld %d\\n\", s, shared_sink);\n  return 0;\n}}\n")


def compile_one(args):
    src, obj = args
    if os.path.exists(obj) and os.path.getmtime(obj) >= os.path.getmtime(src):
        return
    subprocess.run([CLANG, "-O2", "-flto=thin", "-c", src, "-o", obj],
                   check=True)


def build_program(work, units, functions, jobs):
    d = os.path.join(work, f"u{units}-f{functions}")
    os.makedirs(d, exist_ok=True)
    sources = []
    for u in range(units):
        path = os.path.join(d, f"unit{u}.c")
        text = unit_source(u, functions)
        if not os.path.exists(path) or open(path).read() != text:
            with open(path, "w") as f:
                f.write(text)
        sources.append(path)
    main = os.path.join(d, "main.c")
    with open(main, "w") as f:
        f.write(main_source(units))
    sources.append(main)
    jobs_list = [(s, s[:-2] + ".o") for s in sources]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        list(pool.map(compile_one, jobs_list))
    return d, [o for _, o in jobs_list]


def link(linker, objects, out, extra):
    cmd = [CLANG, "-fuse-ld=lld", f"--ld-path={linker}", "-flto=thin",
           *objects, "-o", out] + extra
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        sys.exit(f"link failed: {' '.join(cmd[:6])} ...\n{r.stdout[-2000:]}")
    # -v: what the step did, printed by our ld.lld.
    return seconds, r.stdout


def measure(linker, d, objects, reps):
    plain, ours, ratios, steps = [], [], [], []
    merge = ["-Wl,--lto-merge-functions,-v"]
    for rep in range(reps + 1):
        p, _ = link(linker, objects, os.path.join(d, "plain"), [])
        o, err = link(linker, objects, os.path.join(d, "ours"), merge)
        if rep == 0:
            continue  # warm-up
        plain.append(p)
        ours.append(o)
        ratios.append(o / p)
        step = STEP_LINE.search(err)
        scan = SCAN_LINE.search(err)
        if not step:
            sys.exit(f"the merging link of {d} did not fold across modules; "
                     f"it said:\n{err[-2000:]}")
        steps.append({
            "folded": int(step.group(1)),
            "rewritten": int(step.group(3)),
            "modules": int(step.group(4)),
            "read": float(step.group(5)),
            "plan": float(step.group(6)),
            "rewrite": float(step.group(7)),
            "scan": float(scan.group(1)) if scan else 0.0,
        })
    out = subprocess.run([os.path.join(d, "ours")], capture_output=True,
                         text=True).stdout
    same = out == subprocess.run([os.path.join(d, "plain")],
                                 capture_output=True, text=True).stdout
    med = lambda k: statistics.median(s[k] for s in steps)
    return {
        "plain_seconds": statistics.median(plain),
        "ours_seconds": statistics.median(ours),
        "ratio": statistics.median(ratios),
        "step": {k: med(k) for k in
                 ("scan", "read", "plan", "rewrite", "rewritten", "modules",
                  "folded")},
        "same_output": same,
    }


def table(rows):
    lines = ["| modules | functions | plain link | ours link | ours / plain | "
             "scan | read | plan | rewrite | step / plain link | modules rewritten | folded |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        s = r["step"]
        step = sum(s[k] or 0 for k in ("scan", "read", "plan", "rewrite"))
        lines.append(
            f"| {r['units'] + 1} | {r['functions']} | {r['plain_seconds']:.2f} s | "
            f"{r['ours_seconds']:.2f} s | {r['ratio']:.3f} | {s['scan']:.3f} | "
            f"{s['read']:.3f} | {s['plan']:.3f} | {s['rewrite']:.3f} | "
            f"{step / r['plain_seconds'] * 100:.1f}% | {s['rewritten']:.0f} | "
            f"{s['folded']:.0f} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--units", default="250,500,1000,2000")
    ap.add_argument("--functions", default="16",
                    help="functions per unit, a comma-separated list")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--work", default="/tmp/lmf-thin-scale")
    ap.add_argument("--out", default="/tmp/lmf-thin-scale-out")
    ap.add_argument("--linker", default="build/bin/ld.lld")
    a = ap.parse_args()
    linker = os.path.abspath(a.linker)
    rows = []
    for units in [int(x) for x in a.units.split(",")]:
        for functions in [int(x) for x in a.functions.split(",")]:
            d, objects = build_program(a.work, units, functions, a.jobs)
            r = measure(linker, d, objects, a.reps)
            r.update(units=units, functions=units * functions)
            rows.append(r)
            print(table([r]).splitlines()[-1], flush=True)
    os.makedirs(a.out, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    meta = {"date": datetime.datetime.now().isoformat(timespec="seconds"),
            "machine": platform.platform(), "linker": linker,
            "command": " ".join(sys.argv), "reps": a.reps}
    with open(os.path.join(a.out, f"thin-scale-{stamp}.json"), "w") as f:
        json.dump({**meta, "programs": rows}, f, indent=1)
    md = (f"## ThinLTO step before the link, by module count ({meta['date']})\n\n"
          f"- command: `{meta['command']}`\n- machine: {meta['machine']}\n\n"
          + table(rows) + "\n")
    with open(os.path.join(a.out, f"thin-scale-{stamp}.md"), "w") as f:
        f.write(md)
    print(md)
    if not all(r["same_output"] for r in rows):
        sys.exit("a merged program printed something else than the plain one")


if __name__ == "__main__":
    main()
