#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Speed harness driver: how merge time grows with module size.

Generates modules of the requested sizes with ``lmf-genmodule`` (cached in
the work directory), adds any saved real modules (``--module``, e.g. the
``*.0.4.opt.bc`` of a ``--save-temps`` link), runs ``lmf-speedbench`` on
all of them in one process, and writes ``<out>/speed-<stamp>.json`` and
``.md``: per module the median time of the bare instruction walk, ours with
1 and N threads and LLVM's MergeFunctions, the functions each folded, the
ratios, and whether the targets hold:

- ours folds every function MergeFunctions folds (missed == 0);
- on modules of 100,000 functions or more, ours(1 thread) <= 0.5x and
  ours(N threads) <= 0.3x MergeFunctions.

With ``--e2e PROGRAM`` it also times full-LTO links of a size-harness program
without and with ``--lto-merge-functions`` and with ``--icf=all``.

Usage: lmf_speed.py [--sizes 10000,100000] [--dup-ratio 0.3] [--reps 5]
                    [--module FILE.bc]... [--out DIR] [--bin DIR]
"""

import argparse
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def generate(binary, work, size, ratio, seed):
    path = os.path.join(work, f"gen-{size}-r{ratio}-s{seed}.bc")
    if not os.path.exists(path):
        print(f"generating {path}", file=sys.stderr)
        subprocess.run([binary, "--functions", str(size), "--dup-ratio",
                        str(ratio), "--seed", str(seed), "-o", path + ".tmp"],
                       check=True)
        os.replace(path + ".tmp", path)
    return path


def targets(m):
    med = m["median_seconds"]
    mf = med["mergefunctions"]
    par = [k for k in med if k.startswith("ours_") and k != "ours_1"]
    big = m["definitions"] >= 100000
    res = {"folds_superset": m["missed_mergefunctions_folds"] == 0}
    if big:
        res["ours_1_le_0.5x"] = med["ours_1"] <= 0.5 * mf
        if par:
            res[f"{par[0]}_le_0.3x"] = med[par[0]] <= 0.3 * mf
    return res


def markdown(run):
    lines = [f"## Speed harness run {run['date']}", "",
             f"- machine: {run['machine']}", f"- command: `{run['command']}`",
             "", "| module | functions | walk s | ours 1T s | ours NT s | "
             "MergeFunctions s | 1T/MF | NT/MF | folded ours / MF | "
             "MF folds missed | targets |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|"]
    for m in run["modules"]:
        med = m["median_seconds"]
        par = next((k for k in med if k.startswith("ours_") and k != "ours_1"),
                   "ours_1")
        mf = med["mergefunctions"]
        t = ", ".join(f"{k} {'ok' if v else 'MISSED'}"
                      for k, v in targets(m).items())
        lines.append(
            f"| {os.path.basename(m['module'])} | {m['definitions']} | "
            f"{med['walk']:.3f} | {med['ours_1']:.3f} | {med[par]:.3f} | "
            f"{mf:.3f} | {med['ours_1'] / mf:.2f} | {med[par] / mf:.2f} | "
            f"{m['folded']['ours_1']} / {m['folded']['mergefunctions']} | "
            f"{m['missed_mergefunctions_folds']} | {t} |")
    if run.get("e2e"):
        lines += ["", "| program | link s, plain | ours-safe | icf-all |",
                  "|---|---:|---:|---:|"]
        for name, t in run["e2e"].items():
            lines.append(f"| {name} | {t['plain']:.2f} | "
                         f"{t['ours-safe']:.2f} | {t['icf-all']:.2f} |")
    return "\n".join(lines) + "\n"


def e2e(args):
    """Median full-LTO link time of size-harness programs, interleaved."""
    sys.path.insert(0, os.path.join(REPO, "bench", "size"))
    import configs
    import corpus
    import linking
    names = args.e2e.split(",")
    progs = []
    for name in ("googletest", "headeronly", "generated"):
        progs += [p for p in corpus.build([name], args.size_work)
                  if p.name in names]
        if len(progs) == len(names):
            break
    missing = set(names) - {p.name for p in progs}
    if missing:
        sys.exit(f"lmf_speed: no corpus program {', '.join(sorted(missing))}")
    out = {}
    linker = os.path.join(args.bin, "ld.lld")
    for p in progs:
        samples = {c: [] for c in ("plain", "ours-safe", "icf-all")}
        for _ in range(args.reps):
            for c in samples:
                cmd = linking.link_command(p, configs.BY_NAME[c], linker,
                                           os.path.join(args.work, "e2e.out"),
                                           None, 0)
                start = time.perf_counter()
                subprocess.run(cmd, check=True, capture_output=True)
                samples[c].append(time.perf_counter() - start)
        out[p.name] = {c: statistics.median(v) for c, v in samples.items()}
    return out


def main(argv=None):
    argv = sys.argv if argv is None else argv
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10000,100000",
                   help="comma-separated function counts to generate")
    p.add_argument("--dup-ratio", type=float, default=0.3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--module", action="append", default=[],
                   help="a saved module (.bc or .ll) to add")
    p.add_argument("--reps", type=int, default=5)
    p.add_argument("--threads", type=int, default=0,
                   help="threads of the parallel run (default: all)")
    p.add_argument("--bin", default=os.path.join(REPO, "build", "bin"),
                   help="directory with lmf-genmodule, lmf-speedbench and "
                        "ld.lld")
    p.add_argument("--work", default="/tmp/lmf-speed")
    p.add_argument("--out", default="bench-results")
    p.add_argument("--e2e", default="",
                   help="size-harness programs to time end to end")
    p.add_argument("--size-work", default="/tmp/lmf-size",
                   help="the size harness's work directory (objects)")
    args = p.parse_args(argv[1:])
    try:
        sizes = [int(s) for s in args.sizes.split(",") if s]
    except ValueError:
        p.error("--sizes must be comma-separated integers")
    for tool in ("lmf-genmodule", "lmf-speedbench"):
        if not os.access(os.path.join(args.bin, tool), os.X_OK):
            p.error(f"{tool} not found in {args.bin}; build the project or "
                    f"pass --bin")
    for m in args.module:
        if not os.path.exists(m):
            p.error(f"module {m} does not exist")
    os.makedirs(args.work, exist_ok=True)
    modules = [generate(os.path.join(args.bin, "lmf-genmodule"), args.work,
                        s, args.dup_ratio, args.seed) for s in sizes]
    modules += args.module
    raw = os.path.join(args.work, "speedbench.json")
    cmd = [os.path.join(args.bin, "lmf-speedbench"), "--reps", str(args.reps),
           "--json", raw] + modules
    if args.threads:
        cmd.insert(1, f"--parallel-threads={args.threads}")
    if subprocess.run(cmd).returncode:
        sys.exit("lmf_speed: lmf-speedbench failed")
    with open(raw) as f:
        bench = json.load(f)
    run = {"schema": "lmf-speed/1",
           "date": datetime.datetime.now().isoformat(timespec="seconds"),
           "machine": f"{platform.processor() or platform.machine()}, "
                      f"{os.cpu_count()} cores, {platform.system()} "
                      f"{platform.release()}",
           "command": " ".join(shlex.quote(a) for a in argv),
           "modules": bench["modules"]}
    for m in run["modules"]:
        m["targets"] = targets(m)
    if args.e2e:
        run["e2e"] = e2e(args)
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, "speed-" +
                        datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    with open(stem + ".json", "w") as f:
        json.dump(run, f, indent=1)
    with open(stem + ".md", "w") as f:
        f.write(markdown(run))
    print(markdown(run))
    print(stem + ".json\n" + stem + ".md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
