# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The programs the size harness links, and how their bitcode is built.

A program is LTO bitcode objects (full LTO, or ThinLTO with ``lto="thin"``),
the rest of its link line, and a smoke command whose output must not change.
Three corpora:

- ``generated``: a program written by ``bench/corpus/gen_templates.py``,
  sized by ``--gen-groups``, with its expected output;
- ``googletest``: googletest and googlemock from ``/usr/src/googletest``
  (Debian's googletest package) compiled with ``-flto``: gmock's own
  ``gmock_all_test``, gtest's ``gtest_unittest`` and the gtest samples;
- ``headeronly``: the programs in ``bench/corpus/headeronly/`` written
  against nlohmann-json, Eigen, fmt and Boost from Debian, each with an
  ``.expected`` output file.

Objects are compiled once into the work directory (``obj/`` for full LTO,
``obj-thin/`` for ThinLTO) and reused while their source and flags are
unchanged (a ``.cmd`` file beside each object records the command).
"""

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from configs import lto_flag

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS_DIR = os.path.join(BENCH, "corpus")
GTEST_SRC = "/usr/src/googletest"
CXX = "clang++-22"
CXXFLAGS = ["-std=c++17", "-O2"]   # then -flto=<kind>, then the unit's own

# Test runners print their own run time, and gmock prints pointers, which
# address-space randomization changes from run to run: neither is output that
# linking may change.
TIMINGS = (r"\(\d+ ms[^)]*\)", "(N ms)")
POINTERS = (r"0x[0-9a-fA-F]+", "0xADDR")


@dataclass
class Program:
    name: str
    corpus: str
    objects: list
    link_args: list = field(default_factory=list)
    smoke: list = field(default_factory=list)   # "{exe}" is the binary
    expected: str = None                        # None: plain link's output
    normalize: list = field(default_factory=list)  # (regex, replacement)
    lto: str = "full"                           # "full" or "thin"


class CorpusError(Exception):
    """A corpus could not be built; the message says why."""


@dataclass
class Unit:
    source: str
    obj: str
    flags: list
    lto: str = "full"


def _compile(unit):
    cmd = [CXX] + CXXFLAGS + [lto_flag(unit.lto)] + unit.flags + \
        ["-c", unit.source, "-o", unit.obj]
    cmd_file = unit.obj + ".cmd"
    text = " ".join(cmd)
    if (os.path.exists(unit.obj) and os.path.exists(cmd_file)
            and os.path.getmtime(unit.obj) >= os.path.getmtime(unit.source)
            and open(cmd_file).read() == text):
        return None
    os.makedirs(os.path.dirname(unit.obj), exist_ok=True)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        return f"{text}\n{proc.stderr[-4000:]}"
    with open(cmd_file, "w") as f:
        f.write(text)
    return None


def compile_units(units, jobs):
    """Compiles the units that are out of date, jobs at a time."""
    stale = [u for u in units if not os.path.exists(u.obj + ".cmd")
             or not os.path.exists(u.obj)]
    if stale:
        print(f"  compiling {len(stale)} of {len(units)} units", file=sys.stderr)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        errors = [e for e in pool.map(_compile, units) if e]
    if errors:
        raise CorpusError("compilation failed:\n" + errors[0])


def objroot(work, lto):
    """Where a kind of LTO keeps its objects."""
    return os.path.join(work, "obj" if lto == "full" else f"obj-{lto}")


def generated(work, groups, units, jobs, lto="full"):
    src = os.path.join(work, "src", f"generated-{groups}")
    script = os.path.join(CORPUS_DIR, "gen_templates.py")
    proc = subprocess.run([sys.executable, script, "--groups", str(groups),
                           "--units", str(units), src],
                          capture_output=True, text=True)
    if proc.returncode:
        raise CorpusError(f"{script} failed: {proc.stderr}")
    sources = proc.stdout.split()
    objdir = os.path.join(objroot(work, lto), f"generated-{groups}")
    cus = [Unit(os.path.join(src, s), os.path.join(objdir, s + ".o"), [], lto)
           for s in sources]
    compile_units(cus, jobs)
    with open(os.path.join(src, "expected.txt")) as f:
        expected = f.read()
    return [Program(f"generated-{groups}", "generated", [u.obj for u in cus],
                    smoke=["{exe}"], expected=expected, lto=lto)]


def _gtest_units(objdir, lto):
    gt = os.path.join(GTEST_SRC, "googletest")
    gm = os.path.join(GTEST_SRC, "googlemock")
    inc = ["-I" + os.path.join(gt, "include"), "-I" + gt,
           "-I" + os.path.join(gm, "include"), "-I" + gm, "-pthread",
           "-DGTEST_HAS_PTHREAD=1", "-Wno-deprecated-declarations"]
    names = {
        "gtest-all": os.path.join(gt, "src", "gtest-all.cc"),
        "gtest_main": os.path.join(gt, "src", "gtest_main.cc"),
        "gmock-all": os.path.join(gm, "src", "gmock-all.cc"),
        "gmock_all_test": os.path.join(gm, "test", "gmock_all_test.cc"),
        "gtest_unittest": os.path.join(gt, "test", "gtest_unittest.cc"),
    }
    for i in list(range(1, 9)):
        names[f"sample{i}_unittest"] = os.path.join(
            gt, "samples", f"sample{i}_unittest.cc")
    for i in (1, 2, 4):
        names[f"sample{i}"] = os.path.join(gt, "samples", f"sample{i}.cc")
    return {n: Unit(s, os.path.join(objdir, n + ".o"), inc, lto)
            for n, s in names.items()}


def googletest(work, jobs, lto="full"):
    if not os.path.isdir(GTEST_SRC):
        raise CorpusError(f"{GTEST_SRC} is missing: apt-get install googletest")
    u = _gtest_units(os.path.join(objroot(work, lto), "googletest"), lto)
    compile_units(list(u.values()), jobs)
    run = ["{exe}", "--gtest_brief=1"]
    norm = [TIMINGS, POINTERS]
    samples = [u[f"sample{i}_unittest"].obj for i in range(1, 9)] + \
        [u[f"sample{i}"].obj for i in (1, 2, 4)]
    return [
        # gmock_all_test has its own main().
        Program("gmock_all_test", "googletest",
                [u["gmock_all_test"].obj, u["gmock-all"].obj,
                 u["gtest-all"].obj],
                ["-pthread"], run, None, norm, lto),
        Program("gtest_unittest", "googletest",
                [u["gtest_unittest"].obj, u["gtest-all"].obj,
                 u["gtest_main"].obj], ["-pthread"], run, None, norm, lto),
        Program("gtest_samples", "googletest",
                samples + [u["gtest-all"].obj, u["gtest_main"].obj],
                ["-pthread"], run, None, norm, lto),
    ]


def headeronly(work, jobs, lto="full"):
    """One program per bench/corpus/headeronly/*.cpp (one unit each, or
    several named <program>.<part>.cpp)."""
    srcdir = os.path.join(CORPUS_DIR, "headeronly")
    objdir = os.path.join(objroot(work, lto), "headeronly")
    flags = ["-I/usr/include/eigen3", "-DFMT_HEADER_ONLY",
             "-Wno-deprecated-declarations"]
    programs, units = {}, []
    for name in sorted(os.listdir(srcdir)):
        if not name.endswith(".cpp"):
            continue
        prog = name.split(".")[0]
        unit = Unit(os.path.join(srcdir, name),
                    os.path.join(objdir, name + ".o"), flags, lto)
        units.append(unit)
        programs.setdefault(prog, []).append(unit.obj)
    compile_units(units, jobs)
    result = []
    for prog, objs in programs.items():
        expected_file = os.path.join(srcdir, prog + ".expected")
        if not os.path.exists(expected_file):
            raise CorpusError(f"{expected_file} is missing")
        with open(expected_file) as f:
            expected = f.read()
        result.append(Program(prog, "headeronly", objs, [], ["{exe}"],
                              expected, lto=lto))
    return result


CORPORA = ("generated", "googletest", "headeronly")


def build(names, work, jobs=2, gen_groups=48, gen_units=4, lto="full"):
    """The programs of the named corpora (a list of CORPORA members), built
    for one kind of LTO ("full" or "thin")."""
    lto_flag(lto)   # raises ValueError on an unknown kind
    programs = []
    for name in names:
        if name not in CORPORA:
            raise CorpusError(f"unknown corpus '{name}'; known: "
                              f"{', '.join(CORPORA)}")
        print(f"corpus {name}", file=sys.stderr)
        if name == "generated":
            programs += generated(work, gen_groups, gen_units, jobs, lto)
        elif name == "googletest":
            programs += googletest(work, jobs, lto)
        else:
            programs += headeronly(work, jobs, lto)
    return programs


def normalize(program, text):
    for pattern, repl in program.normalize:
        text = re.sub(pattern, repl, text)
    return text
