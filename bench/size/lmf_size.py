#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Size harness: link a corpus of programs under every merge configuration.

Subcommands:

  run        build the corpus (bench/size/corpus.py), link every program in
             every configuration (bench/size/configs.py), and write
             <out>/size-<stamp>.json, .md, .svg and .png, and lit's JSON
             results of each configuration, <out>/size-<stamp>.lit/<config>
             .json (bench/size/litjson.py); with --baseline, then compare as
             ``compare`` does;
  compare    compare a run's JSON with a stored baseline JSON: exit 1 and
             name every program whose .text grew beyond --threshold percent
             or whose smoke output changed;
  testsuite  the LLVM test-suite's CTMark, built by its own CMake and checked
             by its own lit, once per configuration (bench/size/testsuite.py),
             for one target (--target), optimization (--cmake-cache) and
             kind of LTO (--lto);
  matrix     CTMark in every cell of target x optimization x LTO, each in
             every configuration of its roles, with the targets of issue 41
             checked per cell (bench/size/matrix.py, matrix_checks.py);
  matrix-report   the Markdown and JSON of matrix or cell files again (cells
             of several files joined into one matrix);
  matrix-compare  compare two matrices cell by cell, as ``compare`` does;
  report     write the Markdown, the chart and lit's JSON results of a run's
             JSON again.

bench/README.md gives the exact commands.
"""

import argparse
import datetime
import hashlib
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import configs as cfgs  # noqa: E402
from provenance import machine, revision  # noqa: E402
import corpus  # noqa: E402
import linking  # noqa: E402
import litjson  # noqa: E402
import regress  # noqa: E402
import report  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_LINKER = os.path.join(REPO, "build", "bin", "ld.lld")


def new_run(linker, configs, argv, lto="full"):
    return {"schema": "lmf-size/1", "lto": lto, "revision": revision(),
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "machine": machine(),
            "command": " ".join(shlex.quote(a) for a in argv),
            "linker": linker, "configs": [c.name for c in configs],
            "programs": []}


def finish_record(program, record, reference):
    record["verdict"] = linking.verdict(program, record, reference)
    out = record.pop("smoke_output", None)
    record["smoke_sha256"] = (hashlib.sha256(out.encode()).hexdigest()
                              if out is not None else None)
    return record


def write_outputs(run, outdir, stem):
    os.makedirs(outdir, exist_ok=True)
    base = os.path.join(outdir, stem)
    with open(base + ".json", "w") as f:
        json.dump(run, f, indent=1, sort_keys=True)
    with open(base + ".md", "w") as f:
        f.write(report.markdown(run) + "\n")
    charts = report.chart(run, base)
    return [base + ".json", base + ".md"] + charts + \
        litjson.write(run, base + ".lit")


def check_linker(linker):
    if not (os.path.isfile(linker) and os.access(linker, os.X_OK)):
        sys.exit(f"lmf_size: linker '{linker}' not found; build the project "
                 f"first or pass --linker")


def cmd_run(args, argv):
    check_linker(args.linker)
    try:
        configs = cfgs.select(args.configs)
        programs = corpus.build(args.corpus.split(","), args.work, args.jobs,
                                args.gen_groups, args.gen_units, args.lto)
    except (ValueError, corpus.CorpusError) as e:
        sys.exit(f"lmf_size: {e}")
    if args.programs:
        wanted = set(args.programs.split(","))
        programs = [p for p in programs if p.name in wanted]
        if not programs:
            sys.exit(f"lmf_size: no program named {args.programs}")
    run = new_run(args.linker, configs, argv, args.lto)
    bindir = os.path.join(args.work,
                          "bin" if args.lto == "full" else f"bin-{args.lto}")
    for program in programs:
        entry = {"program": program.name, "corpus": program.corpus,
                 "results": {}}
        reference = None
        for config in configs:
            rec = linking.measure(program, config, args.linker, bindir,
                                  args.threads)
            if config.name == "plain":
                reference = dict(rec)
            entry["results"][config.name] = finish_record(program, rec,
                                                          reference)
            r = entry["results"][config.name]
            print(f"{program.name:24} {config.name:20} "
                  f".text {r.get('text_bytes', 'n/a'):>10} "
                  f"link {r.get('link_seconds', 0):7.2f}s "
                  f"smoke {r['verdict']}", file=sys.stderr)
            if r.get("error"):
                print("  " + r["error"][:600], file=sys.stderr)
        # More links for timing only, each round over all configurations.
        for _ in range(args.repeat - 1):
            for config in configs:
                r = entry["results"][config.name]
                if r.get("error"):
                    continue
                seconds, rep, error = linking.link_once(
                    program, config, args.linker, bindir, args.threads)
                if not error:
                    linking.add_timing(r, seconds, rep)
        run["programs"].append(entry)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = "size" if args.lto == "full" else f"size-{args.lto}"
    for path in write_outputs(run, args.out, f"{stem}-{stamp}"):
        print(path)
    failed = [f"{p['program']} [{c}]: {r['verdict']}"
              for p in run["programs"] for c, r in p["results"].items()
              if r["verdict"] != "same"]
    for f in failed:
        print(f"smoke: {f}", file=sys.stderr)
    if args.baseline:
        return report_regressions(load(args.baseline), run, args.threshold)
    return 1 if failed and args.strict else 0


def load(path):
    try:
        with open(path) as f:
            run = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"lmf_size: cannot read {path}: {e}")
    if run.get("schema") != "lmf-size/1":
        sys.exit(f"lmf_size: {path} is not a size-harness run (schema "
                 f"{run.get('schema')!r})")
    return run


def report_regressions(baseline, current, threshold):
    problems = regress.compare(baseline, current, threshold)
    for p in problems:
        print(f"REGRESSION {p}")
    if not problems:
        print(f"no regression against the baseline (threshold {threshold}%)")
    return 1 if problems else 0


def cmd_compare(args, argv):
    return report_regressions(load(args.baseline), load(args.current),
                              args.threshold)


def cmd_report(args, argv):
    run = load(args.run)
    stem = os.path.splitext(os.path.basename(args.run))[0]
    os.makedirs(args.out, exist_ok=True)
    base = os.path.join(args.out, stem)
    with open(base + ".md", "w") as f:
        f.write(report.markdown(run) + "\n")
    for path in [base + ".md"] + report.chart(run, base) + \
            litjson.write(run, base + ".lit"):
        print(path)
    return 0


def cmd_testsuite(args, argv):
    import testsuite
    check_linker(args.linker)
    try:
        configs = cfgs.select(args.configs)
    except ValueError as e:
        sys.exit(f"lmf_size: {e}")
    run = new_run(args.linker, configs, argv, args.lto)
    run.update(target=args.target, opt=args.cmake_cache)
    try:
        if args.retime_only:
            stored = load(args.retime_only)
            if stored["configs"] != run["configs"] or \
                    stored.get("lto", "full") != args.lto:
                sys.exit(f"lmf_size: {args.retime_only} has configurations "
                         f"{stored['configs']} ({stored.get('lto', 'full')}"
                         f" LTO), not those asked for")
            run = dict(stored, retimed=run["date"], retime_command=run["command"])
            run["programs"] = testsuite.retime_run(args, configs,
                                                   stored["programs"])
        else:
            run["programs"] = testsuite.run(args, configs)
    except testsuite.TestSuiteError as e:
        sys.exit(f"lmf_size: {e}")
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = "ctmark" if args.lto == "full" else f"ctmark-{args.lto}"
    if (args.target, args.cmake_cache) != ("x86_64", "O3"):
        stem = f"ctmark-{args.target}-{args.cmake_cache}-{args.lto}"
    for path in write_outputs(run, args.out, f"{stem}-{stamp}"):
        print(path)
    if args.baseline:
        return report_regressions(load(args.baseline), run, args.threshold)
    return 0


def cmd_matrix(args, argv):
    import matrix
    check_linker(args.linker)
    ts = os.path.abspath(args.test_suite)
    if not os.path.isdir(os.path.join(ts, "CTMark")):
        sys.exit(f"lmf_size: {ts} is not an llvm-test-suite checkout")
    args.test_suite = ts
    args.linker = os.path.abspath(args.linker)
    args.work = os.path.abspath(args.work)
    args.command = " ".join(shlex.quote(a) for a in argv)
    args.argv = argv
    checks_tolerance(args)
    try:
        m = matrix.run(args, new_run)
    except (matrix.MatrixError, ValueError) as e:
        sys.exit(f"lmf_size: {e}")
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    import matrix_report
    for line in matrix_report.console_lines(m):
        print(line)
    for path in matrix.write(m, args.out, f"matrix-{stamp}"):
        print(path)
    if args.baseline:
        return report_matrix_regressions(matrix.load(args.baseline), m,
                                         args.threshold)
    return 0


def checks_tolerance(args):
    import matrix_checks
    matrix_checks.ESTIMATE_BYTES = args.estimate_bytes
    matrix_checks.ESTIMATE_SHARE = args.estimate_share / 100


def report_matrix_regressions(baseline, current, threshold):
    import matrix
    problems = matrix.compare(baseline, current, threshold)
    for p in problems:
        print(f"REGRESSION {p}")
    if not problems:
        print(f"no regression against the baseline (threshold {threshold}%)")
    return 1 if problems else 0


def cmd_matrix_report(args, argv):
    import matrix
    checks_tolerance(args)
    try:
        m = matrix.join([matrix.load(p) for p in args.files])
    except matrix.MatrixError as e:
        sys.exit(f"lmf_size: {e}")
    import matrix_report
    for line in matrix_report.console_lines(m):
        print(line)
    for path in matrix.write(m, args.out, args.stem):
        print(path)
    return 0


def cmd_matrix_compare(args, argv):
    import matrix
    try:
        base, cur = matrix.load(args.baseline), matrix.load(args.current)
    except matrix.MatrixError as e:
        sys.exit(f"lmf_size: {e}")
    return report_matrix_regressions(base, cur, args.threshold)


def parser():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(s):
        s.add_argument("--linker", default=DEFAULT_LINKER,
                       help="our ld.lld (default: build/bin/ld.lld)")
        s.add_argument("--configs", default="",
                       help="comma-separated configurations (default: "
                            "all but the opt-in ones, bench/README.md)")
        s.add_argument("--out", default="bench-results",
                       help="directory for the JSON, Markdown and chart")
        s.add_argument("--work", default="/tmp/lmf-size",
                       help="directory for objects and binaries")
        s.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
        s.add_argument("--threads", type=int, default=0,
                       help="linker --threads (default: lld's)")
        s.add_argument("--baseline", help="compare with this run's JSON")
        s.add_argument("--threshold", type=float, default=0.5,
                       help=".text growth in percent that is a regression")
        s.add_argument("--lto", default="full", choices=list(cfgs.LTO_KINDS),
                       help="full LTO (-flto=full, default) or ThinLTO "
                            "(-flto=thin) objects and links")

    r = sub.add_parser("run", help="link the corpus in every configuration")
    common(r)
    r.add_argument("--corpus", default=",".join(corpus.CORPORA),
                   help="comma-separated corpora: " + ", ".join(corpus.CORPORA))
    r.add_argument("--programs", default="",
                   help="only these programs (comma-separated)")
    r.add_argument("--gen-groups", type=int, default=48,
                   help="size of the generated program")
    r.add_argument("--gen-units", type=int, default=4)
    r.add_argument("--repeat", type=int, default=1,
                   help="links per configuration; the time is the median")
    r.add_argument("--strict", action="store_true",
                   help="exit 1 when a smoke output changed")
    r.set_defaults(func=cmd_run)

    c = sub.add_parser("compare", help="regression check against a baseline")
    c.add_argument("baseline")
    c.add_argument("current")
    c.add_argument("--threshold", type=float, default=0.5)
    c.set_defaults(func=cmd_compare)

    rp = sub.add_parser("report", help="Markdown, chart and lit JSON results "
                        "of a run's JSON")
    rp.add_argument("run")
    rp.add_argument("--out", default=".")
    rp.set_defaults(func=cmd_report)

    t = sub.add_parser("testsuite", help="LLVM test-suite CTMark")
    common(t)
    t.add_argument("--test-suite", required=True, dest="test_suite",
                   help="an llvm-test-suite checkout")
    t.add_argument("--subdirs", default="CTMark",
                   help="TEST_SUITE_SUBDIRS (default CTMark)")
    t.add_argument("--cmake-cache", default="O3",
                   help="cmake/caches/<NAME>.cmake of the test-suite "
                        "(O3, Oz, ...)")
    t.add_argument("--target", default="x86_64",
                   choices=sorted(cells_mod().TARGETS),
                   help="build for this target (cross-compiled and run "
                        "under qemu when not x86_64)")
    t.add_argument("--programs", default="",
                   help="only these programs (comma-separated; their lit "
                        "tests and Ninja targets)")
    t.add_argument("--lit-jobs", type=int, default=1, dest="lit_jobs",
                   help="lit's -j (default 1)")
    t.add_argument("--lit", default="/usr/lib/llvm-22/bin/lit")
    t.add_argument("--pgo", default="",
                   help="build with the programs' instrumentation profiles "
                        "from this directory, training them there first "
                        "when it holds none")
    t.add_argument("--repeat", type=int, default=0,
                   help="time each link N more times after the builds, "
                        "configurations alternating; the times are their "
                        "medians (default 0: the build's own link)")
    t.add_argument("--retime-only", dest="retime_only",
                   help="take this run's JSON (same --work and --configs), "
                        "only retime its links (--repeat) and write it again")
    t.add_argument("--link-jobs", type=int, default=0, dest="link_jobs",
                   help="at most N links at a time, and the first "
                        "configuration relinked after compiling, so that "
                        "link times are not measured beside compiles "
                        "(default: Ninja's --jobs for all)")
    t.add_argument("--keep-executables", dest="keep_executables",
                   help="copy each configuration's checked executables to "
                        "DIR/<configuration>/ (for bench/size/"
                        "program_cycles.py)")
    t.set_defaults(func=cmd_testsuite)

    mx = sub.add_parser("matrix", help="CTMark for target x optimization x "
                        "LTO, every role, the issue-41 targets per cell")
    mx.add_argument("--test-suite", required=True, dest="test_suite",
                    help="an llvm-test-suite checkout")
    mx.add_argument("--linker", default=DEFAULT_LINKER,
                    help="our ld.lld (default: build/bin/ld.lld)")
    mx.add_argument("--work", default="/tmp/lmf-matrix",
                    help="build directories, one per cell (reused)")
    mx.add_argument("--out", default="bench-results",
                    help="matrix JSON and Markdown; cells/ and logs/")
    mx.add_argument("--targets", default="",
                    help="comma-separated, of x86_64, aarch64, riscv64 "
                         "(default x86_64,aarch64)")
    mx.add_argument("--opts", default="", help="O3,Oz (default both)")
    mx.add_argument("--ltos", default="", help="full,thin (default both)")
    mx.add_argument("--cells", default="",
                    help="these cells instead, e.g. riscv64-O3-full "
                         "(comma-separated <target>-<opt>-<lto>)")
    mx.add_argument("--configs", default="",
                    help="roles or configurations (comma-separated; default "
                         "every role: " + ", ".join(cells_mod().ROLES) + ")")
    mx.add_argument("--programs", default="",
                    help="only these programs (comma-separated)")
    mx.add_argument("--subdirs", default="CTMark")
    mx.add_argument("--lit", default="/usr/lib/llvm-22/bin/lit")
    mx.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                    help="Ninja's -j")
    mx.add_argument("--lit-jobs", type=int, default=0, dest="lit_jobs",
                    help="lit's -j (default: --jobs)")
    mx.add_argument("--estimate-bytes", type=int, default=200,
                    dest="estimate_bytes",
                    help="an estimate is flagged when it misses by more "
                         "than this many bytes and --estimate-share")
    mx.add_argument("--estimate-share", type=float, default=20,
                    dest="estimate_share",
                    help="... and this percentage of the measured saving")
    mx.add_argument("--baseline", help="compare with this matrix's JSON")
    mx.add_argument("--threshold", type=float, default=0.5)
    mx.set_defaults(func=cmd_matrix)

    mr = sub.add_parser("matrix-report", help="Markdown and JSON of matrix "
                        "or cell files (joined)")
    mr.add_argument("files", nargs="+")
    mr.add_argument("--out", default=".")
    mr.add_argument("--stem", default="matrix")
    mr.add_argument("--estimate-bytes", type=int, default=200,
                    dest="estimate_bytes")
    mr.add_argument("--estimate-share", type=float, default=20,
                    dest="estimate_share")
    mr.set_defaults(func=cmd_matrix_report)

    mc = sub.add_parser("matrix-compare", help="regression check of a "
                        "matrix against a baseline matrix")
    mc.add_argument("baseline")
    mc.add_argument("current")
    mc.add_argument("--threshold", type=float, default=0.5)
    mc.set_defaults(func=cmd_matrix_compare)
    return p


def cells_mod():
    import cells
    return cells


def main(argv=None):
    argv = sys.argv if argv is None else argv
    args = parser().parse_args(argv[1:])
    if getattr(args, "lit_jobs", 1) == 0:
        args.lit_jobs = args.jobs
    if getattr(args, "threshold", 0) < 0:
        sys.exit("lmf_size: --threshold must not be negative")
    return args.func(args, argv)


if __name__ == "__main__":
    sys.exit(main())
