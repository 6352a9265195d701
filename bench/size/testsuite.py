# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The LLVM test-suite's CTMark, as its users run it, once per configuration.

For each configuration: configure the test-suite's CMake with its own cache
file (``cmake/caches/O3.cmake`` by default) and ours,
``bench/testsuite/lto-merge-functions.cmake``, which a user's run takes
too (full LTO, or ThinLTO with ``--lto thin``, our linker, the
configuration's options), build with Ninja, and run the test-suite's lit,
whose checks compare every program's output with its reference output.
Then read the size of each test's executable, its link time and merge
report, and keep lit's name and metrics of each test for the run's lit
JSON results (litjson.py).

One build directory per kind of LTO (``test-suite-build``, and
``test-suite-build-thin``) serves all configurations: only the link flags
change between them, so after the first configuration Ninja relinks and
compiles nothing. The linker is called through ``ld-wrapper.sh``, which times
each link and gives each merging link its own report file (for ThinLTO, one
report over all backends).

With ``--link-jobs N``, Ninja runs at most N links at a time (a job pool),
and the first configuration's programs are linked once more when everything
is compiled, so that no link time is measured beside compiles.

The links in the builds come one configuration after another, so a change
of the machine's load between configurations shows as a difference of link
time. With ``--repeat N``, when every configuration is built and checked,
each program's link is timed N more times, the configurations alternating
(outside Ninja: the program's link command from ``ninja -t commands``, with
the configuration's linker options, writing a scratch file); the link and
merge times are then the medians of those links only, and the build's own
link time stays in ``link_seconds_build``.

With ``--target`` other than x86_64 (cells.py), the test-suite is
cross-built by clang-22 for that target and lit runs every program under
qemu's user-mode emulation; ``--cmake-cache Oz`` builds with the
test-suite's -Oz cache. Each (target, cache, LTO) has a build directory of
its own, so that later runs reuse its objects. ``--programs`` builds,
links and checks only the programs named (their Ninja targets and lit
tests), in a build configured for all of ``--subdirs``.

Before each configuration's build the executables of the last one are
removed, so that every program is linked again by the linker given now,
even where the link command did not change.

With ``--pgo DIR``, every configuration builds with the programs' profiles
(the test-suite's ``TEST_SUITE_PROFILE_USE``), trained first into DIR when
it holds none (train_profiles), in a build directory of its own
(``...-pgo``).
"""

import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys

import cells
import estimates
from configs import BY_NAME, wl
from elfstats import elf_stats

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "ld-wrapper.sh")
LMF_CACHE = os.path.join(os.path.dirname(HERE), "testsuite",
                         "lto-merge-functions.cmake")


class TestSuiteError(Exception):
    """The test-suite could not be configured, built or run."""


def _run(cmd, env, log):
    print("+ " + " ".join(cmd), file=sys.stderr)
    with open(log, "a") as f:
        f.write("+ " + " ".join(cmd) + "\n")
        f.flush()
        proc = subprocess.run(cmd, env=env, stdout=f, stderr=subprocess.STDOUT)
    return proc.returncode


def target(args):
    """The target of the run (cells.py; x86_64 when not given)."""
    return getattr(args, "target", None) or "x86_64"


def configure_command(args, config, build):
    """The cmake command that configures build for one configuration."""
    cache = os.path.join(args.test_suite, "cmake", "caches",
                         args.cmake_cache + ".cmake")
    if not os.path.exists(cache):
        raise TestSuiteError(f"no cache file {cache}")
    # Our cache file (bench/testsuite/) makes the flags; the empty
    # CMAKE_*_FLAGS replace those that older runs of the harness cached in
    # the same build directory.
    cmd = ["cmake", "-G", "Ninja", "-S", args.test_suite, "-B", build,
           "-C", cache, "-C", LMF_CACHE,
           f"-DLMF_LINKER={WRAPPER}", f"-DLMF_LTO={args.lto}",
           "-DLMF_LINK_OPTIONS=" + " ".join(config.ld_flags),
           "-DCMAKE_C_FLAGS=", "-DCMAKE_CXX_FLAGS=",
           "-DCMAKE_EXE_LINKER_FLAGS=" + cells.linker_flags(target(args)),
           f"-DTEST_SUITE_SUBDIRS={args.subdirs}",
           f"-DTEST_SUITE_LIT={args.lit}"]
    return cmd + cells.cmake_options(target(args))


def configure(args, config, build, env, log, extra=()):
    cmd = configure_command(args, config, build)
    # extra, when given, sets the profile options itself (train_profiles).
    cmd += list(extra) if extra else profile_use_options(args)
    if args.link_jobs:
        cmd += [f"-DCMAKE_JOB_POOLS=link={args.link_jobs}",
                "-DCMAKE_JOB_POOL_LINK=link"]
    if _run(cmd, env, log):
        raise TestSuiteError(f"cmake failed for {config.name}; see {log}")


def lit_results(args, build, config, env, log, tests=None):
    """Runs lit on the build (or on the given test files of it) and returns
    its results' tests."""
    out = os.path.join(build, f"lit-{config.name}.json")
    if os.path.exists(out):
        os.remove(out)
    # lit exits non-zero when a test fails; the results say which.
    jobs = getattr(args, "lit_jobs", 1) or 1
    _run([args.lit, "-v", "-j", str(jobs), "-o", out] + (tests or [build]),
         env, log)
    if not os.path.exists(out):
        raise TestSuiteError(f"lit wrote no results for {config.name}; see {log}")
    with open(out) as f:
        return json.load(f)["tests"]


def _read(path, parse):
    try:
        with open(path) as f:
            return parse(f)
    except (OSError, ValueError, KeyError):
        return None


def measure_test(test, build, config):
    # "test-suite :: CTMark/7zip/7zip-benchmark.test"
    rel = test["name"].split(" :: ", 1)[-1]
    exe = os.path.join(build, rel[:-len(".test")])
    name = os.path.basename(exe)
    rec = {"program": name, "corpus": "ctmark", "config": config.name,
           "error": None, "lit": test["code"], "lit_name": test["name"],
           "lit_metrics": test.get("metrics", {}),
           "verdict": "same" if test["code"] == "PASS" else "changed",
           "smoke_sha256": None}
    if not os.path.exists(exe):
        rec["error"] = f"no executable {exe}"
        rec["verdict"] = "failed"
        return rec
    rec.update(elf_stats(exe))
    rec["link_seconds"] = _read(exe + ".link-seconds",
                                lambda f: float(f.read()))
    report = _read(exe + ".lmf-report.json", json.load) if config.ours else None
    rec["merge_seconds"] = report["time_seconds"]["total"] if report else None
    rec["functions_folded"] = report["functions_folded"] if report else None
    # A merging link without a readable report keeps its bytes and lit
    # code; only its estimates are missing, and report_error says why.
    rec["estimates"] = None
    rec["report_error"] = None
    if report:
        try:
            rec["estimates"] = estimates.summarize(report)
        except estimates.ReportError as e:
            rec["report_error"] = f"{exe}.lmf-report.json: {e}"
    elif config.ours:
        rec["report_error"] = f"no merge report {exe}.lmf-report.json"
    return rec


def build_dir(args):
    """The build directory of the run's (target, cache file, LTO): the
    x86_64 -O3 ones keep the names they always had (test-suite-build,
    test-suite-build-thin); any other is test-suite-build-<target>-<cache>-
    <lto>. A PGO build adds -pgo."""
    t, opt = target(args), args.cmake_cache
    if t == "x86_64" and opt == "O3":
        name = "test-suite-build" + ("" if args.lto == "full"
                                     else f"-{args.lto}")
    else:
        name = f"test-suite-build-{t}-{opt}-{args.lto}"
    if args.pgo:
        name += "-pgo"
    return os.path.join(os.path.abspath(args.work), name)


def find_tests(build, subdirs):
    """Program name -> its lit test file, for every test the configured
    build has below the given subdirectories (';'-separated)."""
    found = {}
    for sub in subdirs.split(";"):
        for root, _, files in os.walk(os.path.join(build, sub)):
            for f in files:
                if f.endswith(".test"):
                    found[f[:-len(".test")]] = os.path.join(root, f)
    return found


def select_tests(build, subdirs, programs):
    """--programs: the lit test files of the named programs (their names
    are also their Ninja targets); None when all are wanted."""
    wanted = [p.strip() for p in (programs or "").split(",") if p.strip()]
    if not wanted:
        return None
    tests = find_tests(build, subdirs)
    unknown = [p for p in wanted if p not in tests]
    if unknown:
        raise TestSuiteError(f"no program {', '.join(unknown)} in {build} "
                             f"(known: {', '.join(sorted(tests))})")
    return [tests[p] for p in wanted]


def forget_links(build, names=None):
    """Removes the linked executables (all, or those named), with their link
    times and reports, so that the next build links them again."""
    for exe in linked_executables(build):
        if names is not None and os.path.basename(exe) not in names:
            continue
        for path in (exe, exe + ".link-seconds", exe + ".lmf-report.json"):
            if os.path.exists(path):
                os.remove(path)


def profile_use_options(args):
    """The test-suite's options that build every program with its profile
    (--pgo DIR), or without one."""
    if not args.pgo:
        return ["-DTEST_SUITE_PROFILE_USE=OFF"]
    return ["-DTEST_SUITE_PROFILE_USE=ON",
            f"-DTEST_SUITE_PROFILE_DIR={os.path.abspath(args.pgo)}"]


def profiles_trained(directory):
    for _, _, files in os.walk(directory):
        if any(f.endswith(".profdata") for f in files):
            return True
    return False


def train_profiles(args, env):
    """--pgo DIR: when DIR holds no profiles yet, builds the programs
    instrumented (-fprofile-instr-generate, the test-suite's
    TEST_SUITE_PROFILE_GENERATE, linked plain) and runs them on their train
    inputs; the test-suite's lit merges each program's profile into
    DIR/<path>.profdata, which every configuration's build then uses
    (TEST_SUITE_PROFILE_USE). The profile is the source's, taken before
    any LTO, so one DIR serves full LTO and ThinLTO."""
    directory = os.path.abspath(args.pgo)
    if profiles_trained(directory):
        return
    os.makedirs(directory, exist_ok=True)
    build = build_dir(args) + "-train"
    os.makedirs(build, exist_ok=True)
    log = os.path.join(build, "lmf-bench.log")
    plain = BY_NAME["plain"]
    print(f"test-suite: training profiles into {directory}", file=sys.stderr)
    configure(args, plain, build, env, log, extra=[
        "-DTEST_SUITE_PROFILE_USE=OFF", "-DTEST_SUITE_PROFILE_GENERATE=ON",
        f"-DTEST_SUITE_PROFILE_DIR={directory}",
        "-DTEST_SUITE_RUN_TYPE=train",
        "-DTEST_SUITE_LLVM_PROFDATA=/usr/lib/llvm-22/bin/llvm-profdata"])
    if _run(["ninja", "-C", build, f"-j{args.jobs}"], env, log):
        raise TestSuiteError(f"instrumented build failed; see {log}")
    lit_results(args, build, plain, env, log)
    if not profiles_trained(directory):
        raise TestSuiteError(f"the train runs wrote no profile into "
                             f"{directory}; see {log}")


def linked_executables(build):
    """The executables the wrapper timed (each has <exe>.link-seconds)."""
    found = []
    for root, _, files in os.walk(build):
        found += [os.path.join(root, f[:-len(".link-seconds")])
                  for f in files if f.endswith(".link-seconds")]
    return sorted(found)


def relink(build, args, env, log, names=None):
    """Links every timed executable again (Ninja rebuilds what is missing),
    now that nothing compiles beside the links."""
    forget_links(build, names)
    if _run(ninja_command(args, build, names), env, log):
        raise TestSuiteError(f"relink failed; see {log}")


def ninja_command(args, build, names=None):
    """Ninja on the build, or on the named programs' targets only; with
    keep_going, every target that can be built is, whatever failed."""
    keep = ["-k", "0"] if getattr(args, "keep_going", False) else []
    return ["ninja", "-C", build, f"-j{args.jobs}"] + keep + \
        sorted(names or [])


def link_command(build, exe):
    """The compiler-driver command that links exe (relative to build), as
    Ninja would run it, without the test-suite's timeit prefix."""
    rel = os.path.relpath(exe, build)
    out = subprocess.run(["ninja", "-C", build, "-t", "commands", rel],
                         capture_output=True, text=True).stdout.splitlines()
    for part in (out[-1] if out else "").split(" && "):
        argv = shlex.split(part)
        if "-o" in argv and argv[argv.index("-o") + 1] == rel:
            if argv and os.path.basename(argv[0]) == "timeit":
                argv = argv[argv.index("--summary") + 2:]
            return argv
    raise TestSuiteError(f"no link command for {rel} in {build}")


def retime(args, configs, build, env, programs):
    """Times every program's link args.repeat more times, alternating the
    configurations; replaces link_seconds and merge_seconds by the medians."""
    scratch = os.path.join(build, "lmf-retime")
    os.makedirs(scratch, exist_ok=True)
    current = wl(configs[-1])   # the build is configured for the last one
    for entry in programs.values():
        exe = entry.pop("exe")
        base = link_command(build, exe)
        if current and current[0] not in base:
            raise TestSuiteError(f"{exe} is not linked with {current[0]}: "
                                 f"the build is not in configuration "
                                 f"{configs[-1].name}")
        at = base.index(current[0]) if current else None
        for rec in entry["results"].values():
            rec["link_seconds_build"] = rec.get("link_seconds")
            rec["link_seconds_all"], rec["merge_seconds_all"] = [], []
        for _ in range(args.repeat):
            for config in configs:
                argv = list(base)
                if at is None:
                    argv[1:1] = wl(config)
                else:
                    argv[at:at + 1] = wl(config)
                out = os.path.join(scratch, f"{entry['program']}.{config.name}")
                argv[argv.index("-o") + 1] = out
                if subprocess.run(argv, cwd=build, env=env,
                                  capture_output=True).returncode:
                    raise TestSuiteError(f"relink failed: {' '.join(argv)}")
                rec = entry["results"][config.name]
                rec["link_seconds_all"].append(
                    _read(out + ".link-seconds", lambda f: float(f.read())))
                report = _read(out + ".lmf-report.json", json.load) \
                    if config.ours else None
                if report:
                    rec["merge_seconds_all"].append(
                        report["time_seconds"]["total"])
        for config in configs:
            # The scratch link must be the program the build measured.
            out = os.path.join(scratch, f"{entry['program']}.{config.name}")
            rec = entry["results"][config.name]
            if elf_stats(out)["text_bytes"] != rec.get("text_bytes"):
                raise TestSuiteError(f"{out}: .text differs from the build's "
                                     f"{exe} in {config.name}")
        for rec in entry["results"].values():
            rec["link_seconds"] = statistics.median(rec["link_seconds_all"])
            merges = rec["merge_seconds_all"]
            rec["merge_seconds"] = statistics.median(merges) if merges else None
        print(f"  retimed {entry['program']}", file=sys.stderr)


def retime_run(args, configs, programs):
    """--retime-only: retime the links of a stored run (its programs) in the
    build directory that run left, configured for its last configuration."""
    build = build_dir(args)
    env = dict(os.environ, LMF_BENCH_LD=os.path.abspath(args.linker))
    lit = _read(os.path.join(build, f"lit-{configs[0].name}.json"), json.load)
    if not lit:
        raise TestSuiteError(f"no lit results of {configs[0].name} in {build}")
    exes = {}
    for test in lit["tests"]:
        exe = os.path.join(build, test["name"].split(" :: ", 1)[-1]
                           [:-len(".test")])
        exes[os.path.basename(exe)] = exe
    by_name = {}
    for entry in programs:
        entry["exe"] = exes[entry["program"]]
        by_name[entry["program"]] = entry
    retime(args, configs, build, env, by_name)
    for entry in programs:
        entry.pop("exe", None)
    return programs


def keep_executables(build, tests, dest):
    """Copies the executables of lit's passing tests (their output checked)
    to dest, by their path in the build directory."""
    for test in tests:
        if test["code"] != "PASS":
            continue
        rel = test["name"].split(" :: ", 1)[-1][:-len(".test")]
        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
        shutil.copy2(os.path.join(build, rel), os.path.join(dest, rel))


def run(args, configs):
    ts = os.path.abspath(args.test_suite)
    if not os.path.exists(os.path.join(ts, "CMakeLists.txt")) or \
            not os.path.isdir(os.path.join(ts, args.subdirs.split(";")[0])):
        raise TestSuiteError(f"{ts} is not an llvm-test-suite checkout with "
                             f"{args.subdirs}")
    args.test_suite = ts
    build = build_dir(args)
    os.makedirs(build, exist_ok=True)
    log = getattr(args, "log", None) or os.path.join(build, "lmf-bench.log")
    env = dict(os.environ, LMF_BENCH_LD=os.path.abspath(args.linker))
    if args.pgo:
        train_profiles(args, env)
    programs = {}
    for i, config in enumerate(configs):
        print(f"test-suite: {config.name}", file=sys.stderr)
        configure(args, config, build, env, log)
        chosen = select_tests(build, args.subdirs,
                              getattr(args, "programs", ""))
        names = None if chosen is None else \
            {os.path.basename(t)[:-len(".test")] for t in chosen}
        forget_links(build, names)
        if _run(ninja_command(args, build, names), env, log):
            if not getattr(args, "keep_going", False):
                raise TestSuiteError(f"build failed for {config.name}; "
                                     f"see {log}")
            # The matrix goes on: lit fails the programs not linked, and
            # their records say so.
            print(f"test-suite: build failed for {config.name}; see {log}",
                  file=sys.stderr)
        if i == 0 and args.link_jobs:
            relink(build, args, env, log, names)
        tests = lit_results(args, build, config, env, log, chosen)
        if args.keep_executables:
            keep_executables(build, tests, os.path.join(
                args.keep_executables, config.name))
        for test in tests:
            rec = measure_test(test, build, config)
            entry = programs.setdefault(rec["program"], {
                "program": rec["program"], "corpus": "ctmark", "results": {},
                "exe": os.path.join(build, test["name"].split(" :: ", 1)[-1]
                                    [:-len(".test")])})
            entry["results"][config.name] = rec
            print(f"  {rec['program']:24} .text {rec.get('text_bytes')} "
                  f"lit {rec['lit']}", file=sys.stderr)
    if args.repeat > 0:
        retime(args, configs, build, env, programs)
    for entry in programs.values():
        entry.pop("exe", None)
    return [programs[k] for k in sorted(programs)]
