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

Modules are parsed without local value names, as lld's LTO does;
``--keep-value-names`` keeps them, as ``opt`` does (deleting named values
costs more). The Markdown also has our phase table (median seconds of
collect, hash, resolve, apply, for 1 and N threads) and, when two generated
sizes differ tenfold or more, how each phase grew per function (target: the
larger module's time over the smaller's at most 1.1x the size ratio).

With ``--memory`` it also measures, in a fresh process per module and
contender (``lmf-speedbench --memory``), the peak resident memory each
merger adds to the module (target for ours: at most 25% of the module's
own).

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


PHASES = ("collect", "hash", "resolve", "apply", "total")


def phase_table(run):
    lines = ["", "Our phases, median seconds:", "",
             "| module | contender | " + " | ".join(PHASES) + " |",
             "|---|---|" + "---:|" * len(PHASES)]
    for m in run["modules"]:
        for name, ph in sorted(m.get("ours_phase_seconds", {}).items()):
            lines.append(f"| {os.path.basename(m['module'])} | {name} | " +
                         " | ".join(f"{ph[k]:.3f}" for k in PHASES) + " |")
    return lines


def phase_growth(run):
    """Per phase: time on the largest generated module over the time on the
    next one at least ten times smaller, against the size ratio."""
    gen = sorted((m for m in run["modules"]
                  if os.path.basename(m["module"]).startswith("gen-")),
                 key=lambda m: m["definitions"])
    pairs = [(a, b) for i, a in enumerate(gen) for b in gen[i + 1:]
             if b["definitions"] >= 10 * a["definitions"]]
    if not pairs:
        return []
    lines = ["", "Growth of each phase (time ratio; target <= 1.1x the size "
             "ratio):", "",
             "| modules | size ratio | contender | " + " | ".join(PHASES) +
             " |", "|---|---:|---|" + "---:|" * len(PHASES)]
    for small, big in pairs:
        ratio = big["definitions"] / small["definitions"]
        for name in sorted(big.get("ours_phase_seconds", {})):
            ps = small["ours_phase_seconds"].get(name)
            pb = big["ours_phase_seconds"][name]
            if not ps:
                continue
            cells = []
            for k in PHASES:
                g = pb[k] / ps[k] if ps[k] > 0 else float("inf")
                cells.append(f"{g:.1f}x" + ("" if g <= 1.1 * ratio else " !"))
            lines.append(f"| {big['definitions']} / {small['definitions']} | "
                         f"{ratio:.0f} | {name} | " + " | ".join(cells) + " |")
    return lines


def memory_table(run):
    if not run.get("memory"):
        return []
    lines = ["", "Peak resident memory added by each merger (fresh process "
             "each):", "", "| module | module MiB | contender | peak added "
             "MiB | of the module |", "|---|---:|---|---:|---:|"]
    for m in run["memory"]:
        share = m["peak_added_bytes"] / max(1, m["module_resident_bytes"])
        lines.append(f"| {os.path.basename(m['module'])} | "
                     f"{m['module_resident_bytes'] / 2**20:.0f} | "
                     f"{m['contender']} | {m['peak_added_bytes'] / 2**20:.1f} "
                     f"| {100 * share:.1f}% |")
    return lines


def measure_memory(args, modules):
    bench = os.path.join(args.bin, "lmf-speedbench")
    out = []
    for module in modules:
        for contender in ("ours_1", "ours_N", "mergefunctions"):
            raw = os.path.join(args.work, "memory.json")
            cmd = [bench, "--memory", f"--contenders={contender}",
                   "--json", raw, module] + names_option(args)
            if args.threads:
                cmd.insert(1, f"--parallel-threads={args.threads}")
            if subprocess.run(cmd).returncode:
                sys.exit("lmf_speed: lmf-speedbench --memory failed")
            with open(raw) as f:
                out.append(json.load(f))
    return out


def names_option(args):
    return [] if not args.keep_value_names else ["--discard-value-names=false"]


def markdown(run):
    lines = [f"## Speed harness run {run['date']}", "",
             f"- machine: {run['machine']}", f"- command: `{run['command']}`",
             f"- local value names: {run.get('value_names', 'kept')}",
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
    lines += phase_table(run) + phase_growth(run) + memory_table(run)
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
    p.add_argument("--keep-value-names", action="store_true",
                   help="parse with local value names (as opt); the default "
                        "discards them, as lld's LTO does")
    p.add_argument("--memory", action="store_true",
                   help="also measure each merger's peak memory")
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
           "--json", raw] + names_option(args) + modules
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
           "value_names": "kept" if args.keep_value_names else "discarded",
           "modules": bench["modules"]}
    for m in run["modules"]:
        m["targets"] = targets(m)
    if args.memory:
        run["memory"] = measure_memory(args, modules)
        for m in run["modules"]:
            ours = [x for x in run["memory"] if x["module"] == m["module"]
                    and x["contender"] != "mergefunctions"]
            if ours:
                m["targets"]["memory_le_25%"] = all(
                    x["peak_added_bytes"] <= 0.25 * x["module_resident_bytes"]
                    for x in ours)
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
