#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a many-unit C++ program whose class templates are instantiated in
random subsets of its units (issue 54).

Each family is a class template over an int whose inline members differ,
between instantiations, only in constants: the integers and the address of the instantiation's
own static data member that they pass to a function of main.cpp. With five
arguments of their own, the members of one family need more argument
registers than x86-64 and AArch64 have, so similar merging passes their
values in constant tables. Every unit instantiates a random subset of the
families' instantiations and calls them; main calls every unit and prints
a checksum, which must not depend on how the program was linked. So the
members, their callers, the copies ThinLTO keeps of each inline member and
the modules that hold each class's tables land in every arrangement that a
seed draws.

    generate.py --seed N --out DIR   writes DIR/u0.cpp ... DIR/main.cpp
"""
import argparse
import os
import random


def family(k, rng):
    """The class template of family k."""
    # Six draws, four used: the seeds that the tests and the notebook
    # name are these programs.
    ops = [rng.choice(["+", "^", "-"]) for _ in range(6)]
    inline = "" if rng.random() < 0.7 else "__attribute__((noinline)) "
    lines = [
        f"template <int N> struct Fam{k} {{",
        "  static unsigned long counter;",
        f"  {inline}static unsigned long step(unsigned long a, unsigned long b, unsigned long c, unsigned long d, unsigned long e) {{",
        "    unsigned long acc = a;",
    ]
    # Blocks enough that the compile step inlines no member into its
    # callers: the members must reach the link.
    for _ in range(4):
        lines += [
            "    for (unsigned long i = 0; i < (b & 7) + 1; ++i) {",
            f"      acc = acc * 31 {ops[0]} c;",
            f"      acc = note(&counter, N * {rng.randint(10**3, 10**4)} + {rng.randint(10**5, 10**6)}, acc {ops[1]} d);",
            "    }",
            f"    b = b * {rng.randint(3, 17)} + e;",
        ]
    lines += [
        f"    return acc {ops[4]} counter {ops[5]} e;",
        "  }",
        "  static unsigned long get() { return counter * 2 + N; }",
        "};",
        f"template <int N> unsigned long Fam{k}<N>::counter = N;",
    ]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    families = rng.randint(2, 4)
    units = rng.randint(3, 6)
    instances = [(k, n) for k in range(families) for n in range(1, rng.randint(3, 6))]
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "families.h"), "w") as f:
        f.write("#pragma once\n")
        f.write("unsigned long note(unsigned long *p, unsigned long k, unsigned long v);\n")
        for k in range(families):
            f.write(family(k, rng))
    for u in range(units):
        mine = sorted(rng.sample(instances, rng.randint(1, len(instances))))
        with open(os.path.join(args.out, f"u{u}.cpp"), "w") as f:
            f.write('#include "families.h"\n')
            f.write(f"unsigned long unit{u}(unsigned long x) {{\n  unsigned long s = x;\n")
            for k, n in mine:
                for _ in range(rng.randint(1, 3)):
                    f.write(f"  s += Fam{k}<{n}>::step(s, x, {rng.randint(0, 9)}, "
                            f"{rng.randint(1, 9)}, x + {rng.randint(0, 20)});\n")
                if rng.random() < 0.3:
                    f.write(f"  s ^= Fam{k}<{n}>::get();\n")
            f.write("  return s;\n}\n")
    with open(os.path.join(args.out, "main.cpp"), "w") as f:
        f.write("#include <cstdio>\n#include <cstdlib>\n")
        for u in range(units):
            f.write(f"unsigned long unit{u}(unsigned long x);\n")
        f.write("__attribute__((noinline)) unsigned long note(unsigned long *p, "
                "unsigned long k, unsigned long v) {\n"
                "  *p += k;\n  return v * 3 + k + *p;\n}\n")
        f.write("int main(int argc, char **argv) {\n")
        f.write("  unsigned long x = argc > 1 ? strtoul(argv[1], 0, 10) : 3, s = 0;\n")
        f.write("  for (int r = 0; r < 3; ++r) {\n")
        for u in range(units):
            f.write(f"    s = s * 7 + unit{u}(x + r);\n")
        f.write("  }\n  printf(\"%lu\\n\", s);\n  return 0;\n}\n")
    print(" ".join([f"u{u}" for u in range(units)] + ["main"]))


if __name__ == "__main__":
    main()
