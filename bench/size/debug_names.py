#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What merging does to a real program's names and debug information.

Builds gmock_all_test (the googletest corpus of corpus.py: gmock_all_test.cc,
gmock-all.cc, gtest-all.cc, from Debian's googletest) for full LTO or
ThinLTO, with or without ``-g``, and links it three ways with our ld.lld:
plain, merged (``--lto-merge-functions --lto-merge-similar-functions``) and,
with ``--baseline-build``, merged by another build of the project. Prints,
side by side:

- the sizes of ``.text``, ``.symtab``, ``.strtab`` and every ``.debug_*``
  section, and the merged link's against the plain one's;
- with ``-g``, whether ``llvm-dwarfdump --verify`` accepts each program;
- with a baseline build, whether the two merged programs load the same
  bytes (every allocated section but the build id, which hashes the whole
  file, symbol names included): the check that a change altered names
  only, and what those names cost in ``.symtab`` and ``.strtab``;
- that every program prints what the plain one prints (``--gtest_brief=1``,
  run times and pointers normalized).

Usage (from the repository root)::

    python3 bench/size/debug_names.py --lmf-build build --work /tmp/dn \\
        --lto thin --debug [--baseline-build /path/to/old/build] [--json out]

Exit status 1 when a program fails, prints another output, or (``-g``)
does not verify, or the two merged programs load different bytes.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
from configs import lto_flag  # noqa: E402

TOOLS = "/usr/lib/llvm-22/bin"
MERGE = ["-Wl,--lto-merge-functions", "-Wl,--lto-merge-similar-functions"]


def units(work, lto, debug, jobs):
    objdir = os.path.join(work, f"obj-{lto}{'-g' if debug else ''}")
    u = corpus._gtest_units(objdir, lto)
    wanted = [u["gmock_all_test"], u["gmock-all"], u["gtest-all"]]
    for unit in wanted:
        unit.flags = unit.flags + (["-g"] if debug else [])
    corpus.compile_units(wanted, jobs)
    return [unit.obj for unit in wanted]


def link(objs, lto, ld, out, extra):
    argv = [corpus.CXX, lto_flag(lto), "-fuse-ld=lld", f"--ld-path={ld}",
            *objs, "-pthread", *extra, "-o", out]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"link failed: {' '.join(argv)}\n{proc.stderr[-3000:]}")


def section_sizes(exe):
    out = subprocess.run([f"{TOOLS}/llvm-readelf", "-S", "-W", exe],
                         capture_output=True, text=True, check=True).stdout
    sizes = {}
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+"
                     r"([0-9a-f]+)", line)
        if m:
            sizes[m.group(1)] = int(m.group(2), 16)
    return sizes


def loaded_image(exe):
    """A hash of every allocated section but the build id."""
    with tempfile.NamedTemporaryFile() as tmp:
        subprocess.run([f"{TOOLS}/llvm-objcopy", "-O", "binary",
                        "--remove-section=.note.gnu.build-id", exe, tmp.name],
                       check=True)
        return hashlib.sha256(open(tmp.name, "rb").read()).hexdigest()


def verifies(exe):
    proc = subprocess.run([f"{TOOLS}/llvm-dwarfdump", "--verify", exe],
                          capture_output=True, text=True)
    return proc.returncode == 0, proc.stdout.strip().splitlines()[-1:]


def output(exe):
    proc = subprocess.run([exe, "--gtest_brief=1"], capture_output=True,
                          text=True)
    text = proc.stdout + f"\nexit {proc.returncode}\n"
    for pattern, repl in (corpus.TIMINGS, corpus.POINTERS):
        text = re.sub(pattern, repl, text)
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lmf-build", required=True)
    ap.add_argument("--baseline-build")
    ap.add_argument("--work", required=True)
    ap.add_argument("--lto", choices=("full", "thin"), default="full")
    ap.add_argument("--debug", action="store_true", help="compile with -g")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    objs = units(args.work, args.lto, args.debug, args.jobs)
    tag = f"{args.lto}{'-g' if args.debug else ''}"
    ld = os.path.join(os.path.abspath(args.lmf_build), "bin", "ld.lld")
    exes = {"plain": os.path.join(args.work, f"plain-{tag}"),
            "merged": os.path.join(args.work, f"merged-{tag}")}
    link(objs, args.lto, ld, exes["plain"], [])
    link(objs, args.lto, ld, exes["merged"], MERGE)
    if args.baseline_build:
        exes["baseline"] = os.path.join(args.work, f"baseline-{tag}")
        link(objs, args.lto,
             os.path.join(os.path.abspath(args.baseline_build), "bin",
                          "ld.lld"), exes["baseline"], MERGE)
    sizes = {k: section_sizes(v) for k, v in exes.items()}
    ok = True
    expected = output(exes["plain"])
    for name, exe in exes.items():
        if output(exe) != expected:
            print(f"FAIL: {name} prints another output than the plain link")
            ok = False
    names = sorted({s for d in sizes.values() for s in d
                    if s in (".text", ".symtab", ".strtab")
                    or s.startswith(".debug_")},
                   key=lambda s: (not s.startswith(".text"),
                                  s.startswith(".debug"), s))
    cols = list(exes)
    print(f"gmock_all_test, {args.lto} LTO{', -g' if args.debug else ''}")
    print(f"{'section':18}" + "".join(f"{c:>14}" for c in cols) +
          f"{'merged/plain':>14}")
    totals = {c: 0 for c in cols}
    for s in names:
        row = [sizes[c].get(s, 0) for c in cols]
        if s.startswith(".debug_"):
            for c, v in zip(cols, row):
                totals[c] += v
        ratio = row[1] / row[0] if row[0] else float("nan")
        print(f"{s:18}" + "".join(f"{v:>14,}" for v in row) + f"{ratio:>14.4f}")
    if args.debug:
        ratio = totals["merged"] / totals["plain"]
        print(f"{'.debug_* total':18}" +
              "".join(f"{totals[c]:>14,}" for c in cols) + f"{ratio:>14.4f}")
    result = {"lto": args.lto, "debug": args.debug, "sizes": sizes}
    if args.debug:
        result["verify"] = {}
        for name, exe in exes.items():
            good, last = verifies(exe)
            result["verify"][name] = good
            print(f"llvm-dwarfdump --verify {name}: "
                  f"{'clean' if good else 'ERRORS'} ({' '.join(last)})")
            ok &= good
    if args.baseline_build:
        same = loaded_image(exes["baseline"]) == loaded_image(exes["merged"])
        result["baseline_image_same"] = same
        b, m = sizes["baseline"], sizes["merged"]
        print(f"merged by the baseline build and by this one: loaded bytes "
              f"{'identical' if same else 'DIFFERENT'}; .text "
              f"{b['.text']:,} -> {m['.text']:,}; .symtab "
              f"{m['.symtab'] - b['.symtab']:+,} bytes; .strtab "
              f"{m['.strtab'] - b['.strtab']:+,} bytes")
        ok &= same
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
