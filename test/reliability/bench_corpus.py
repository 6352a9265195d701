#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Builds programs of the bench corpus (bench/size/corpus.py) for the
determinism test and prints them as JSON: a list of
{"name", "objects", "link_args"}. The example program bench/example/*.cpp
comes first.

Usage: bench_corpus.py WORK CORPORA [--gen-groups N]
  CORPORA: comma-separated names from bench/size/corpus.py (generated,
  headeronly, googletest), or "none".
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "size"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("work")
    ap.add_argument("corpora")
    ap.add_argument("--gen-groups", type=int, default=12)
    args = ap.parse_args()
    work = os.path.abspath(args.work)
    os.makedirs(work, exist_ok=True)
    programs = []
    for src in sorted(glob.glob(os.path.join(ROOT, "bench", "example", "*.cpp"))):
        name = os.path.splitext(os.path.basename(src))[0]
        obj = os.path.join(work, "example-" + name + ".o")
        subprocess.run(["clang++-22", "-O2", "-flto", "-c", src, "-o", obj],
                       check=True)
        programs.append({"name": "example-" + name, "objects": [obj],
                         "link_args": []})
    names = [] if args.corpora == "none" else args.corpora.split(",")
    if names:
        import corpus  # bench/size/corpus.py
        for p in corpus.build(names, work, jobs=2, gen_groups=args.gen_groups,
                              gen_units=2):
            programs.append({"name": p.name, "objects": p.objects,
                             "link_args": p.link_args})
    json.dump(programs, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
