#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Run time of the test-suite's programs, configuration against configuration.

Wall time on a shared virtual machine moves by 5-10% from run to run, more
than the differences a merge makes. This script counts what the programs
execute instead, with one of three counters (``--counter``):

- ``perf``: ``perf stat``'s user-mode cycles (the run time at whatever clock
  the core ran, without the time the machine gave to others) and user-mode
  instructions (nearly deterministic: an extra argument move or a call
  through a thunk shows up even when it costs no measurable time). Not
  every machine has the counters: in some virtual machines perf prints
  ``<not supported>``;
- ``cachegrind``: the instructions valgrind's cachegrind counts (``Ir``,
  ``--cache-sim=no``), exactly deterministic, on any machine, at 20 to 50
  times the run time; one round is enough;
- ``time``: wall seconds of the run, pinned to one CPU, for the timed
  medians and their spread (min and max are printed too);
- ``qemu``: the guest instructions the program executes under qemu-user,
  counted by our qemu plugin (bench/qemu/insn_count.c, built as
  ``lib/lmf-qemu-insn-count.so``; ``--qemu-plugin``), exactly
  deterministic: for a build cross-compiled for another target (AArch64,
  RISC-V 64), whose run scripts start qemu-user, which valgrind cannot
  run and for which Debian's qemu ships no plugins of its own; a native
  program runs under the host's qemu (``qemu-x86_64``), several times
  faster than under cachegrind (a program of 80 billion instructions in
  minutes, not an hour).

``auto`` (the default) takes perf when it counts instructions here, else
cachegrind.

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
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

PERF_EVENTS = ("cycles:u", "instructions:u", "task-clock")
# What each counter measures, and the event that decides whether a run is
# long (at least a second: start-up does not dominate it) and its bound.
COUNTERS = {
    "perf": (("cycles:u", "instructions:u"), ("task-clock", 1000)),
    "cachegrind": (("instructions",), ("instructions", 3e9)),
    "time": (("seconds",), ("seconds", 1.0)),
    "qemu": (("instructions",), ("instructions", 3e9)),
}


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


def perf_counts_instructions():
    """True when perf can count user-mode instructions on this machine."""
    try:
        proc = subprocess.run(["perf", "stat", "-x", ",", "-e",
                               "instructions:u", "true"],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    except OSError:
        return False
    first = proc.stderr.strip().split(",")[0] if proc.stderr else ""
    return proc.returncode == 0 and first.replace(".", "").isdigit()


def run_or_exit(cmd, rel):
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"program_cycles: {rel} failed:\n{proc.stderr[-2000:]}")
    return proc


def measure_perf(build, rel, cpu):
    """perf stat counts of one run of the program's run script."""
    cmd = ["taskset", "-c", str(cpu), "perf", "stat", "-x", ",", "-e",
           ",".join(PERF_EVENTS), "--", "bash", run_script(build, rel)]
    proc = run_or_exit(cmd, rel)
    counts = {}
    for line in proc.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2] in PERF_EVENTS:
            try:
                counts[fields[2]] = float(fields[0])
            except ValueError:
                sys.exit(f"program_cycles: perf cannot count {fields[2]} "
                         f"here ({fields[0]}); try --counter cachegrind")
    if set(counts) != set(PERF_EVENTS):
        sys.exit(f"program_cycles: perf stat printed no counts:\n"
                 f"{proc.stderr[-2000:]}")
    return counts


def start_under(script_text, exe, wrapper):
    """The run script with its program started by wrapper (a command that
    takes the program and its arguments): the program is a word of the
    script, followed by its arguments or, when it takes none (bullet), by
    the end of the command (`;`); None when the script does not start it."""
    pattern = re.compile(r"(?<= )" + re.escape(exe) + r"(?=[ ;])")
    if not pattern.search(script_text):
        return None
    return pattern.sub(lambda _: f"{wrapper} {exe}", script_text, count=1)


def under_cachegrind(script_text, exe, out):
    """The run script with its program started by cachegrind instead."""
    return start_under(script_text, exe,
                       f"valgrind --tool=cachegrind --cache-sim=no "
                       f"--cachegrind-out-file={out}")


def cachegrind_instructions(out):
    """The total Ir of a cachegrind output file."""
    with open(out) as f:
        for line in f:
            if line.startswith("summary:"):
                return float(line.split()[1])
    return None


def run_wrapped(build, rel, cpu, wrap, suffix, why_not):
    """Runs the program's run script as wrap (script text -> text, or None
    when it cannot) rewrites it, pinned, from the file <exe><suffix>; exits
    saying why_not when wrap cannot."""
    with open(run_script(build, rel)) as f:
        text = wrap(f.read())
    if text is None:
        sys.exit(f"program_cycles: {rel}: {why_not}")
    script = os.path.join(build, rel) + suffix
    with open(script, "w") as f:
        f.write(text)
    run_or_exit(["taskset", "-c", str(cpu), "bash", script], rel)


def measure_cachegrind(build, rel, cpu):
    """The instructions one run of the program executes (cachegrind Ir)."""
    exe = os.path.join(build, rel)
    out = exe + ".cachegrind.out"
    run_wrapped(build, rel, cpu, lambda t: under_cachegrind(t, exe, out),
                ".cachegrind.sh", f"its run script does not start {exe}")
    ir = cachegrind_instructions(out)
    if ir is None:
        sys.exit(f"program_cycles: {rel}: cachegrind wrote no summary")
    return {"instructions": ir}


def under_qemu_plugin(script_text, plugin, out, exe, host):
    """The run script with qemu-user loading the counting plugin: a
    cross-built program's emulator is a word of the script (the
    test-suite's TEST_SUITE_RUN_UNDER), followed by its own options; a
    native program is started under the host's own qemu (qemu-<host>),
    which counts long runs at a fraction of cachegrind's cost."""
    pattern = re.compile(r"(?<= )qemu-[a-z0-9_]+(?= )")
    loading = f"-plugin {plugin},out={out}"
    if pattern.search(script_text):
        return pattern.sub(lambda m: f"{m.group(0)} {loading}", script_text,
                           count=1)
    return start_under(script_text, exe, f"qemu-{host} {loading}")


def qemu_instructions(out):
    """The count the plugin wrote (`instructions <N>`)."""
    try:
        with open(out) as f:
            words = f.read().split()
    except OSError:
        return None
    if len(words) == 2 and words[0] == "instructions" and words[1].isdigit():
        return float(words[1])
    return None


def measure_qemu(build, rel, cpu, plugin):
    """The guest instructions one run of the program executes under
    qemu-user."""
    exe = os.path.join(build, rel)
    out = exe + ".qemu-insns"
    if os.path.exists(out):
        os.remove(out)
    run_wrapped(build, rel, cpu,
                lambda t: under_qemu_plugin(t, plugin, out, exe,
                                            platform.machine()),
                ".qemu.sh", f"its run script starts neither qemu nor {exe}")
    count = qemu_instructions(out)
    if count is None:
        sys.exit(f"program_cycles: {rel}: the qemu plugin wrote no count "
                 f"({out})")
    return {"instructions": count}


def measure_time(build, rel, cpu):
    """Wall seconds of one run of the program's run script, pinned."""
    start = time.perf_counter()
    run_or_exit(["taskset", "-c", str(cpu), "bash", run_script(build, rel)],
                rel)
    return {"seconds": time.perf_counter() - start}


MEASURE = {"perf": measure_perf, "cachegrind": measure_cachegrind,
           "time": measure_time}


def install(build, executables, config, progs):
    for _, rel in progs:
        shutil.copy2(os.path.join(executables, config, rel),
                     os.path.join(build, rel))


def geomean(ratios):
    return math.exp(sum(math.log(r) for r in ratios) / len(ratios))


def summarize(samples, configs, progs, counter="perf"):
    """Medians per configuration, program and event, and the table of each
    configuration's change against the first; with ``time``, also the
    spread (min..max) of every configuration's runs."""
    events, (long_event, long_bound) = COUNTERS[counter]
    every = sorted({e for c in configs for p, _ in progs
                    for s in samples[c][p] for e in s})
    base = configs[0]
    med = {c: {p: {e: statistics.median(s[e] for s in samples[c][p])
                   for e in every} for p, _ in progs} for c in configs}
    first = events[0]
    unit, scale = {"cycles:u": ("cycles (M)", 1e6),
                   "instructions": ("instructions (M)", 1e6),
                   "seconds": ("seconds", 1)}[first]
    head = [f"{base} {unit}"] + [f"{c} {e.split(':')[0]}"
                                 for c in configs[1:] for e in events]
    lines = ["| program | " + " | ".join(head) + " |",
             "|---|---:|" + "---:|" * (len(configs) - 1) * len(events)]
    for p, _ in progs:
        value = med[base][p][first] / scale
        row = [f"{value:.2f}" if counter == "time" else f"{value:.0f}"]
        for c in configs[1:]:
            for e in events:
                row.append(f"{(med[c][p][e] / med[base][p][e] - 1) * 100:+.2f}%")
        lines.append(f"| {p} | " + " | ".join(row) + " |")
    long_runs = [p for p, _ in progs if med[base][p][long_event] >= long_bound]
    for label, subset in (("geomean", [p for p, _ in progs]),
                          ("geomean, runs >= 1 s", long_runs)):
        if not subset:
            continue
        row = [""]
        for c in configs[1:]:
            for e in events:
                g = geomean([med[c][p][e] / med[base][p][e] for p in subset])
                row.append(f"**{(g - 1) * 100:+.2f}%**")
        lines.append(f"| {label} ({len(subset)}) | " + " | ".join(row) + " |")
    if counter == "time":
        lines.append("")
        lines.append("| program | " + " | ".join(
            f"{c} min..max (s)" for c in configs) + " |")
        lines.append("|---|" + "---:|" * len(configs))
        for p, _ in progs:
            spans = []
            for c in configs:
                runs = [s["seconds"] for s in samples[c][p]]
                spans.append(f"{min(runs):.2f}..{max(runs):.2f}")
            lines.append(f"| {p} | " + " | ".join(spans) + " |")
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
    ap.add_argument("--counter", default="auto",
                    choices=["auto"] + list(COUNTERS),
                    help="what to count (see the module's documentation)")
    ap.add_argument("--qemu-plugin", dest="qemu_plugin",
                    default=os.path.join(os.path.dirname(os.path.dirname(
                        os.path.dirname(os.path.abspath(__file__)))),
                        "build", "lib", "lmf-qemu-insn-count.so"),
                    help="the counting plugin for --counter qemu (default: "
                         "build/lib/lmf-qemu-insn-count.so)")
    args = ap.parse_args()
    counter = args.counter
    if counter == "auto":
        counter = "perf" if perf_counts_instructions() else "cachegrind"
        print(f"program_cycles: counting with {counter}", file=sys.stderr)
    if counter == "qemu":
        plugin = os.path.abspath(args.qemu_plugin)
        if not os.path.exists(plugin):
            sys.exit(f"program_cycles: no qemu plugin at {plugin} (build "
                     "the lmf-qemu-insn-count target, or --qemu-plugin)")

        def measure(build, rel, cpu):
            return measure_qemu(build, rel, cpu, plugin)
    else:
        measure = MEASURE[counter]
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
    med, table = summarize(samples, configs, progs, counter)
    print(table)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"configs": configs, "rounds": args.rounds,
                       "counter": counter,
                       "samples": samples, "medians": med, "table": table},
                      f, indent=1)


if __name__ == "__main__":
    main()
