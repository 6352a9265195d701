#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Generates a C program whose similar functions need constant tables.

Each family of functions shares one body that takes four or five
arguments and differs, member by member, in several constants: the
messages of cold paths, integers the body compares or xors, and the
global it reads and writes. Merged, a family needs more parameters
than argument registers, so its values travel in constant tables
(core/similar/ConstantTables.h). The members are spread over the units, so the
tables appear in one module and across modules. main calls every member
with arguments it reads from volatile memory (so no optimizer folds them
into the bodies) and prints what they return and leave in their globals;
some calls take the cold paths.

Usage: table_twins.py SEED OUTDIR UNITS
writes OUTDIR/u0.c .. u<UNITS-1>.c (main in u0.c).
"""

import os
import random
import sys


def family_body(rng, name, nargs, slots):
    """The text of a member; slots maps placeholder names to its values."""
    args = ", ".join(f"long a{i}" for i in range(nargs))
    uses = " + ".join(f"a{i}" for i in range(1, nargs))
    lines = [
        f"__attribute__((noinline)) long {name}({args}) {{",
        f"  long n = (a0 ^ {slots['K0']}) & 255;",
        f"  long s = {uses};",
        f"  if (n > {slots['LIMIT']}) {{",
        f"    puts({slots['MSG0']});",
        f"    n = {slots['LIMIT']};",
        "  }",
        "  for (long i = 0; i < n; ++i) {",
        f"    s += ((i ^ s) ^ {slots['K1']}) * 3 + (s >> 3);",
        "    s ^= s << 2;",
        "    s %= 1000003;",
        f"    {slots['ARR']} += s & 255;",
        "  }",
        "  for (long i = 0; i < (n & 31); ++i) {",
        "    s = (s * 7 + i) % 999983;",
        "    if (s & 4)",
        f"      s += i / 3 + {slots['ARR']};",
        "    else",
        "      s -= i % 5;",
        "  }",
        *(f"  s = (s ^ (s >> {1 + k % 7})) * {3 + 2 * k} + a{k % nargs};"
          for k in range(24)),
        "  s %= 1000003;",
        f"  if (s < {slots['K2']}) {{",
        f"    puts({slots['MSG1']});",
        "    s = -s;",
        "  }",
        "  return s;",
        "}",
    ]
    return "\n".join(lines)


def main(argv):
    seed, outdir, units = int(argv[1]), argv[2], int(argv[3])
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    unit_text = [["#include <stdio.h>"] for _ in range(units)]
    calls, decls, arrays = [], [], []
    for f in range(rng.randint(2, 4)):
        nargs = rng.choice([4, 5])
        for m in range(rng.randint(2, 4)):
            name = f"fam{f}_m{m}"
            arr = f"{name}_total"
            # Some members share a value with the first: fewer parameters.
            slots = {
                "K0": rng.choice([3, 5, 7 + m]),
                "K1": rng.choice([11, 13 + m, 17 + 2 * m]),
                "K2": rng.choice([0, -5 - m]),
                "LIMIT": rng.choice([200, 100 + m]),
                "MSG0": f'"{name}: too many"',
                "MSG1": rng.choice(['"negative"', f'"{name}: negative"']),
                "ARR": arr,
            }
            u = rng.randrange(units)
            unit_text[u].append(f"long {arr};")
            unit_text[u].append(family_body(rng, name, nargs, slots))
            decls.append(f"long {name}({', '.join(['long'] * nargs)});")
            arrays.append(arr)
            for c in range(2):
                argv_text = ", ".join(
                    f"in[{rng.randrange(8)}]" for _ in range(nargs))
                calls.append(f'  printf("%ld\\n", {name}({argv_text}));')
    values = ", ".join(str(rng.randint(-50, 400)) for _ in range(8))
    main_text = [
        *decls,
        *(f"extern long {a};" for a in arrays),
        f"volatile long in[8] = {{{values}}};",
        "int main(void) {",
        *calls,
        *(f'  printf("%ld ", {a});' for a in arrays),
        '  printf("\\n");',
        "  return 0;",
        "}",
    ]
    unit_text[0].extend(main_text)
    for u, text in enumerate(unit_text):
        with open(os.path.join(outdir, f"u{u}.c"), "w") as f:
            f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main(sys.argv)
