#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs LLD's own ELF lit suite on our ld.lld and on Debian's, and lists the
tests whose results differ.

Our ld.lld is meant to replace Debian's ld.lld-22: without our options it is
LLD 22's ELF driver, run from our own main(). LLD's ELF tests (lld/test/ELF
of the release our binary is built against, LLVM 22.1.8, from Debian's
source package llvm-toolchain-22_22.1.8.orig.tar.xz) are the best check that
nothing in our main() or in the way we call lld changes what lld does: the
command line, response files, diagnostics, crash reports, LLD_IN_TEST.

Without an LLVM build tree there is no lit.site.cfg.py for that suite, so we
write a small one (what LLD's CMake would fill into lit.site.cfg.py.in for
Debian's packages) into a work directory, with a tools directory in which
`ld.lld` is either our binary or Debian's and `lld-link`, `ld64.lld`,
`wasm-ld` are Debian's (lit wants all four). Every other tool (llvm-mc,
FileCheck, not, split-file, ...) and lit itself come from /usr/lib/llvm-22.
The suite runs twice, once per linker, into separate directories, and the
results are compared test by test. The DTLTO tests (ELF/dtlto/) also run
scripts from LLVM's own source tree, llvm/utils/dtlto/ (the `llvm` beside
`lld`, or --llvm-src): extract them from the tarball with lld/test, e.g.

    tar -xJf llvm-toolchain-22_22.1.8.orig.tar.xz --wildcards \
      'llvm-toolchain-22_22.1.8/lld/test/*' \
      'llvm-toolchain-22_22.1.8/llvm/utils/dtlto/*'

Usage (it takes a while: run it by hand, not from ctest):

    test/lldsuite/run-lld-elf-suite.py /path/to/lld/test -j2
    test/lldsuite/run-lld-elf-suite.py /path/to/lld/test -j2 \
        --param RUN_LLD_MAIN_TWICE=1 --work-dir /tmp/lld-elf-suite-twice

Exit status: 0 when both runs give the same result for every test, 1 when
some differ (they are listed), 2 when a run could not be made.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# lit's one line per test with --show-all: "PASS: lld :: ELF/x.s (1 of 2)".
RESULT_LINE = re.compile(r"^([A-Z]+): lld :: (\S+) \(\d+ of \d+\)$")

SITE_CFG = """\
# Written by test/lldsuite/run-lld-elf-suite.py: the values LLD's CMake would
# give lit.site.cfg.py.in for Debian's LLVM {version} packages.
import os

import lit.util


def path(p):
    return os.path.abspath(p) if p else ""


config.have_dia_sdk = False
config.llvm_src_root = path(r"{llvm_src_root}")
config.llvm_obj_root = path(r"{work}")
config.llvm_tools_dir = path(r"{llvm_bin}")
config.llvm_libs_dir = path(r"{llvm_lib}")
config.llvm_shlib_dir = path(r"{llvm_lib}")
config.llvm_shlib_ext = ".so"
config.lit_tools_dir = ""
config.enable_backtrace = True
config.errc_messages = ""
config.lld_obj_root = path(r"{work}")
config.lld_libs_dir = path(r"{llvm_lib}")
config.lld_tools_dir = path(r"{tools}")
config.host_triple = "{triple}"
config.target_triple = "{triple}"
config.python_executable = r"{python}"
config.have_zlib = True
config.have_zstd = True
config.have_libxml2 = True
config.sizeof_void_p = 8
config.ld_lld_default_mingw = False
config.build_examples = False
config.has_plugins = True
config.linked_bye_extension = False
config.enable_threads = True

import lit.llvm

lit.llvm.initialize(lit_config, config)

lit_config.load_config(config, os.path.join(path(r"{lld_test}"), "lit.cfg.py"))
"""


def host_triple(llvm_bin):
    out = subprocess.run([os.path.join(llvm_bin, "llvm-config"),
                          "--host-target"], capture_output=True, text=True)
    if out.returncode == 0 and out.stdout.strip():
        return out.stdout.strip()
    return "x86_64-pc-linux-gnu"


def llvm_version(llvm_bin):
    out = subprocess.run([os.path.join(llvm_bin, "llvm-config"), "--version"],
                         capture_output=True, text=True)
    return out.stdout.strip() or "22"


def prepare(work, name, ld_lld, args):
    """A work directory for one run: tools/ (ld.lld is ld_lld) and the site
    configuration; returns the path lit is given."""
    run_dir = os.path.join(work, name)
    tools = os.path.join(run_dir, "tools")
    os.makedirs(tools, exist_ok=True)
    links = {"ld.lld": ld_lld}
    for tool in ("lld-link", "ld64.lld", "wasm-ld"):
        links[tool] = os.path.join(args.llvm_bin, tool)
    for tool, target in links.items():
        link = os.path.join(tools, tool)
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.abspath(target), link)
    llvm_root = os.path.dirname(os.path.abspath(args.llvm_bin))
    lld_test = os.path.abspath(args.lld_test)
    llvm_src = os.path.abspath(args.llvm_src or os.path.join(
        os.path.dirname(os.path.dirname(lld_test)), "llvm"))
    with open(os.path.join(run_dir, "lit.site.cfg.py"), "w") as f:
        f.write(SITE_CFG.format(
            version=llvm_version(args.llvm_bin),
            llvm_src_root=llvm_src,
            work=run_dir, llvm_bin=os.path.abspath(args.llvm_bin),
            llvm_lib=os.path.join(llvm_root, "lib"), tools=tools,
            triple=host_triple(args.llvm_bin), python=sys.executable,
            lld_test=lld_test))
    # The suite's tests, as lit finds them from this site configuration.
    return os.path.join(run_dir, "ELF")


def read_results(name, log_path):
    """{test: result} from a run's lit output."""
    results = {}
    with open(log_path) as log:
        for line in log:
            found = RESULT_LINE.match(line.rstrip("\n"))
            if found:
                results[found.group(2)] = found.group(1)
    if not results:
        sys.exit(f"error: no test results for {name} in {log_path}")
    return results


def print_counts(name, results, seconds=None):
    counts = collections.Counter(results.values())
    summary = ", ".join(f"{counts[k]} {k.lower()}" for k in sorted(counts))
    took = f" ({seconds:.0f} s)" if seconds is not None else " (earlier run)"
    print(f"{name}: {len(results)} tests: {summary}{took}", flush=True)


def run_suite(name, suite_path, args):
    """Runs lit on one linker; returns {test: result}."""
    lit = os.path.join(args.llvm_bin, "lit")
    cmd = [lit, "--show-all", "--no-progress-bar", f"-j{args.jobs}",
           suite_path]
    if args.filter:
        cmd[1:1] = ["--filter", args.filter]
    for param in args.param or []:
        cmd[1:1] = ["--param", param]
    log_path = os.path.join(os.path.dirname(suite_path), "lit.log")
    print(f"{name}: {' '.join(cmd)}  (log: {log_path})", flush=True)
    start = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT,
                              text=True)
    if proc.returncode not in (0, 1):
        print(f"{name}: lit exited with {proc.returncode}", flush=True)
    results = read_results(name, log_path)
    print_counts(name, results, time.monotonic() - start)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lld_test", help="the lld/test directory of LLVM 22's "
                        "source tree")
    parser.add_argument("--ours", default=os.path.join(REPO, "build", "bin",
                                                       "ld.lld"),
                        help="our ld.lld (default: build/bin/ld.lld)")
    parser.add_argument("--stock", default="/usr/lib/llvm-22/bin/ld.lld",
                        help="the ld.lld to compare with (Debian's)")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin",
                        help="lit and the tools the tests run")
    parser.add_argument("--work-dir", default=os.path.join(REPO, "build",
                                                           "lld-elf-suite"),
                        help="where the runs write (default: "
                        "build/lld-elf-suite)")
    parser.add_argument("--llvm-src", help="LLVM's llvm/ source directory, "
                        "for llvm/utils/dtlto (default: the llvm/ beside "
                        "lld/)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", choices=("ours", "stock"),
                        help="run the suite for one linker only and compare "
                        "with the other's results from an earlier run in the "
                        "same work directory")
    parser.add_argument("--param", action="append", metavar="NAME=VALUE",
                        help="a lit parameter for both runs, e.g. "
                        "RUN_LLD_MAIN_TWICE=1 (LLD_IN_TEST=2: lld runs every "
                        "link twice in its process)")
    parser.add_argument("--filter", help="lit --filter: a regular expression "
                        "on test names, for a quick run")
    args = parser.parse_args()

    if not os.path.isfile(os.path.join(args.lld_test, "lit.cfg.py")) or \
            not os.path.isdir(os.path.join(args.lld_test, "ELF")):
        sys.exit(f"error: {args.lld_test} is not an lld/test directory "
                 "(no lit.cfg.py and ELF/)")
    llvm_src = args.llvm_src or os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(args.lld_test))),
        "llvm")
    if not os.path.isdir(os.path.join(llvm_src, "utils", "dtlto")):
        print(f"warning: no {llvm_src}/utils/dtlto: the ELF/dtlto tests will "
              "fail for both linkers", file=sys.stderr)
    for linker in (args.ours, args.stock):
        if not os.access(linker, os.X_OK):
            sys.exit(f"error: {linker} is not an executable")

    runs = {}
    for name, linker in (("ours", args.ours), ("stock", args.stock)):
        suite_path = prepare(args.work_dir, name, linker, args)
        if args.only and args.only != name:
            earlier = os.path.join(args.work_dir, name, "lit.log")
            if not os.path.exists(earlier):
                print(f"{name}: no earlier run in {args.work_dir}")
                continue
            runs[name] = read_results(name, earlier)
            print_counts(name, runs[name])
        else:
            runs[name] = run_suite(name, suite_path, args)

    if len(runs) != 2:
        print("nothing to compare with")
        return 2
    ours, stock = runs["ours"], runs["stock"]
    differ = sorted(t for t in set(ours) | set(stock)
                    if ours.get(t) != stock.get(t))
    if not differ:
        print(f"0 differences in {len(ours)} tests")
        return 0
    print(f"{len(differ)} differences (test: ours / stock):")
    for test in differ:
        print(f"  {test}: {ours.get(test, 'missing')} / "
              f"{stock.get(test, 'missing')}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
