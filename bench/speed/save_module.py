#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Save the optimized full-LTO module of a real link for the speed harness.

Builds a size-harness program (bench/size/corpus.py: gmock_all_test,
gtest_unittest, json_inventory, ...), links it with plain full LTO and
``--save-temps``, and copies ``<program>.0.4.opt.bc`` (the module after the
LTO pipeline: what our merger sees) to OUTDIR. lmf-speedbench takes it as
an input.

Usage: save_module.py [--linker LD] [--work DIR] PROGRAM OUTDIR
"""

import argparse
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "bench", "size"))

import configs  # noqa: E402
import corpus  # noqa: E402
import linking  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("program")
    p.add_argument("outdir")
    p.add_argument("--linker", default=os.path.join(REPO, "build", "bin",
                                                    "ld.lld"))
    p.add_argument("--work", default="/tmp/lmf-size")
    args = p.parse_args(argv)
    prog, known = None, []
    for name in ("googletest", "headeronly", "generated"):
        try:
            progs = corpus.build([name], args.work)
        except corpus.CorpusError as e:
            sys.exit(f"save_module: {e}")
        known += [x.name for x in progs]
        prog = next((x for x in progs if x.name == args.program), None)
        if prog:
            break
    if prog is None:
        sys.exit(f"save_module: no program {args.program}; known: "
                 f"{', '.join(known)}")
    os.makedirs(args.outdir, exist_ok=True)
    exe = os.path.join(args.outdir, prog.name)
    cmd = linking.link_command(prog, configs.BY_NAME["plain"], args.linker,
                               exe, None, 0) + ["-Wl,--save-temps"]
    if subprocess.run(cmd).returncode:
        sys.exit("save_module: link failed")
    module = exe + ".0.4.opt.bc"
    if not os.path.exists(module):
        sys.exit(f"save_module: the link wrote no {module}")
    for f in os.listdir(args.outdir):
        if f.startswith(prog.name + ".") and f != os.path.basename(module):
            os.remove(os.path.join(args.outdir, f))
    if os.path.exists(exe):
        os.remove(exe)
    print(module)
    return 0


if __name__ == "__main__":
    sys.exit(main())
