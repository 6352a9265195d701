#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Run time of the test-suite's programs, configuration against configuration.

Wall time on a shared virtual machine moves by 5-10% from run to run, more
than the differences a merge makes. This script counts what the programs
execute instead, with ``perf stat``: user-mode cycles (the run time at
whatever clock the core ran, without the time the machine gave to others)
and user-mode instructions (nearly deterministic: an extra argument move or
a call through a thunk shows up even when it costs no measurable time).

Input: a test-suite build directory that lit has run once (its
``Output/<test>.test_run.script`` files run each program with the
test-suite's own inputs), and the executables of each configuration as
``lmf_size.py testsuite --keep-executables DIR`` keeps them
(``DIR/<configuration>/<path in the build>``). Each round copies one
configuration's executables into the build and runs every program once,
pinned to one CPU; the configurations take turns within a round, in an
order that rotates from round to round, so that a slow phase of the
machine does not fall on one configuration. Medians over the rounds;
ratios against the first configuration; geomeans over the programs (and
over those that run at least a second, where start-up does not dominate).

    python3 bench/size/program_cycles.py --build /tmp/lmf-ts/test-suite-build \\
        --executables /tmp/ctmark-exe --configs ours-safe,ours-safe+similar \\
        --rounds 5 --cpu 1 --out cycles.json
"""

import argparse
import glob
import json
import math
import os
import shutil
import statistics
import subprocess
import sys

EVENTS = ("cycles:u", "instructions:u", "task-clock")


def programs(build, executables, config):
    """(name, path relative to the build) of every executable kept for
    config."""
    root = os.path.join(executables, config)
    found = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*"),
                                 recursive=True)):
        if os.path.isfile(path) and os.access(path, os.X_OK):
            rel = os.path.relpath(path, root)
            script = run_script(build, rel)
            if not os.path.exists(script):
                sys.exit(f"program_cycles: no {script}; run lit in {build} "
                         "once first")
            found.append((os.path.basename(rel), rel))
    if not found:
        sys.exit(f"program_cycles: no executables under {root}")
    return found


def run_script(build, rel):
    d, exe = os.path.split(rel)
    return os.path.join(build, d, "Output", exe + ".test_run.script")


def measure(build, rel, cpu):
    """perf stat counts of one run of the program's run script."""
    cmd = ["taskset", "-c", str(cpu), "perf", "stat", "-x", ",", "-e",
           ",".join(EVENTS), "--", "bash", run_script(build, rel)]
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"program_cycles: {rel} failed:\n{proc.stderr[-2000:]}")
    counts = {}
    for line in proc.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2] in EVENTS:
            try:
                counts[fields[2]] = float(fields[0])
            except ValueError:
                sys.exit(f"program_cycles: perf cannot count {fields[2]} "
                         f"here ({fields[0]})")
    if set(counts) != set(EVENTS):
        sys.exit(f"program_cycles: perf stat printed no counts:\n"
                 f"{proc.stderr[-2000:]}")
    return counts


def install(build, executables, config, progs):
    for _, rel in progs:
        shutil.copy2(os.path.join(executables, config, rel),
                     os.path.join(build, rel))


def geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def summarize(samples, configs, progs):
    base = configs[0]
    med = {c: {p: {e: statistics.median(s[e] for s in samples[c][p])
                   for e in EVENTS} for p, _ in progs} for c in configs}
    lines = ["| program | " + base + " cycles (M) | " +
             " | ".join(f"{c} cycles | {c} instructions" for c in configs[1:])
             + " |", "|---|---:|" + "---:|---:|" * (len(configs) - 1)]
    for p, _ in progs:
        row = [f"{med[base][p]['cycles:u'] / 1e6:.0f}"]
        for c in configs[1:]:
            for e in ("cycles:u", "instructions:u"):
                row.append(f"{(med[c][p][e] / med[base][p][e] - 1) * 100:+.2f}%")
        lines.append(f"| {p} | " + " | ".join(row) + " |")
    long_runs = [p for p, _ in progs if med[base][p]["task-clock"] >= 1000]
    for label, subset in (("geomean", [p for p, _ in progs]),
                          ("geomean, runs >= 1 s", long_runs)):
        if not subset:
            continue
        row = [""]
        for c in configs[1:]:
            for e in ("cycles:u", "instructions:u"):
                g = geomean([med[c][p][e] / med[base][p][e] for p in subset])
                row.append(f"**{(g - 1) * 100:+.2f}%**")
        lines.append(f"| {label} ({len(subset)}) | " + " | ".join(row) + " |")
    return med, "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--executables", required=True)
    ap.add_argument("--configs", required=True,
                    help="comma-separated; the first is the baseline")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--cpu", type=int, default=1)
    ap.add_argument("--out", help="write the samples and medians as JSON")
    args = ap.parse_args()
    configs = args.configs.split(",")
    progs = programs(args.build, args.executables, configs[0])
    for c in configs[1:]:
        if programs(args.build, args.executables, c) != progs:
            sys.exit(f"program_cycles: {c} has other programs than "
                     f"{configs[0]}")
    samples = {c: {p: [] for p, _ in progs} for c in configs}
    for r in range(args.rounds):
        for k in range(len(configs)):
            c = configs[(k + r) % len(configs)]
            install(args.build, args.executables, c, progs)
            for p, rel in progs:
                samples[c][p].append(measure(args.build, rel, args.cpu))
            print(f"round {r + 1}: {c} done", file=sys.stderr)
    med, table = summarize(samples, configs, progs)
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"configs": configs, "rounds": args.rounds,
                       "samples": samples, "medians": med, "table": table},
                      f, indent=1)


if __name__ == "__main__":
    main()
