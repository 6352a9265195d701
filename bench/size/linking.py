# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Link one program under one configuration and measure the result.

``measure(program, config, ...)`` links once, reads the merge report when
our merger ran, runs the smoke command and returns one JSON-ready record:

    program, corpus, config, text_bytes, file_bytes, function_symbols,
    function_addresses, link_seconds (median), link_seconds_all,
    merge_seconds (median of the reports' time_seconds.total, or null; in
    a ThinLTO link the total over the backends, which run in parallel),
    merge_seconds_all, functions_folded, smoke_exit, smoke_output
    (normalized), error (or null)

More links for timing (``link_once`` + ``add_timing``) are made by the
caller, interleaved across configurations, so that a change in the
machine's load hits every configuration alike.
"""

import json
import os
import statistics
import subprocess
import time

from configs import lto_flag, wl
from corpus import normalize
from elfstats import elf_stats

CXX = "clang++-22"


def link_command(program, config, linker, exe, report, threads):
    cmd = [CXX, "-O2", lto_flag(program.lto), "-fuse-ld=lld",
           f"--ld-path={linker}"]
    cmd += program.objects + program.link_args + wl(config, report)
    if threads:
        cmd.append(f"-Wl,--threads={threads}")
    return cmd + ["-o", exe]


def run_smoke(program, exe, timeout):
    argv = [a.replace("{exe}", exe) for a in program.smoke]
    try:
        proc = subprocess.run(argv, capture_output=True, text=True,
                              timeout=timeout, cwd=os.path.dirname(exe))
    except subprocess.TimeoutExpired:
        return None, "timeout"
    return proc.returncode, normalize(program, proc.stdout)


def _paths(program, config, outdir):
    bindir = os.path.join(outdir, config.name)
    os.makedirs(bindir, exist_ok=True)
    exe = os.path.join(bindir, program.name)
    return exe, exe + ".lmf-report.json"


def link_once(program, config, linker, outdir, threads=0):
    """Links once; returns (seconds, merge report or None, error or None)."""
    exe, report = _paths(program, config, outdir)
    if os.path.exists(report):
        os.remove(report)
    cmd = link_command(program, config, linker, exe, report, threads)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode:
        return seconds, None, f"link failed: {proc.stderr[-2000:]}"
    if not config.ours:
        return seconds, None, None
    try:
        with open(report) as f:
            return seconds, json.load(f), None
    except (OSError, ValueError) as e:
        return seconds, None, f"cannot read merge report {report}: {e}"


def measure(program, config, linker, outdir, threads=0, smoke_timeout=600):
    """Links once and measures the binary; add_timing() adds more links."""
    exe, _ = _paths(program, config, outdir)
    record = {"program": program.name, "corpus": program.corpus,
              "config": config.name, "error": None,
              "link_seconds_all": [], "merge_seconds_all": []}
    seconds, report, error = link_once(program, config, linker, outdir,
                                       threads)
    if error:
        record["error"] = error
        return record
    record.update(elf_stats(exe))
    record["functions_folded"] = report["functions_folded"] if report else None
    add_timing(record, seconds, report)
    code, output = run_smoke(program, exe, smoke_timeout)
    record["smoke_exit"] = code
    record["smoke_output"] = output
    return record


def add_timing(record, seconds, report):
    """Adds one link's times to a record; keeps the medians current."""
    record["link_seconds_all"].append(seconds)
    record["link_seconds"] = statistics.median(record["link_seconds_all"])
    if report:
        record["merge_seconds_all"].append(report["time_seconds"]["total"])
    merges = record["merge_seconds_all"]
    record["merge_seconds"] = statistics.median(merges) if merges else None


def verdict(program, record, reference):
    """'same', 'changed' or 'failed' for a record, against the program's
    expected output, or else the plain link's record."""
    if record.get("error") or record.get("smoke_exit") is None:
        return "failed"
    if program.expected is not None:
        same = record["smoke_output"] == program.expected and \
            record["smoke_exit"] == 0
    else:
        same = (reference is not None
                and record["smoke_output"] == reference["smoke_output"]
                and record["smoke_exit"] == reference["smoke_exit"])
    return "same" if same else "changed"
