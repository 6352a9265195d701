#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Generates programs for the CFI and restrict differential campaign
(cfi-restrict-diff.sh, issue 55).

--kind cfi writes a C++ program meant for
`-fsanitize=cfi -fvisibility=hidden -flto` (full or thin):

  * class hierarchies, some in anonymous namespaces (their CFI type ids are
    distinct metadata nodes), some in named namespaces with hidden
    visibility (type ids that are strings); derived classes whose virtual
    methods are identical to a sibling's, or differ from it only in
    constants, and hierarchies whose classes repeat another hierarchy's
    bodies under another base (twins that test other type ids);
  * virtual calls (cfi-vcall) and non-virtual calls on polymorphic objects
    (cfi-nvcall), calls through pointers to virtual member functions
    (cfi-mfcall), static_casts from a base to a derived class
    (cfi-derived-cast) and from `const void *` (cfi-unrelated-cast), each
    to the object's dynamic type or one of its bases, so no check fails;
  * free functions called through tables of function pointers
    (cfi-icall): twins of one type and twins of different types (one
    `struct` and a layout twin in an anonymous namespace, `unsigned` and
    `unsigned long long`), every call through its callee's own type.

--kind restrict writes a C program of `restrict` loops (kernels) inlined
into callers, which gives the callers `llvm.experimental.noalias.scope.decl`
calls and `!alias.scope`/`!noalias` tags: kernels with every pointer
restrict, a copy of that kernel under another name, the kernel without
restrict, with one pointer restrict (which one: other scopes on the same
shape), and an outer restrict kernel that calls the first one twice (nested
scopes). Callers are twins that differ in which kernel they inlined, or in
which (and how many) copies, or in the offsets they pass; some pass
overlapping pointers where that is well defined: two restrict pointers that
only read may point to the same elements, and a pointer that is not
restrict may overlap the written one when no restrict pointer touches
those elements.

Both kinds are well defined C/C++ (unsigned arithmetic, casts to the
dynamic type, calls through the callee's own type, accesses within the
buffers): the plain build never traps. main reads its inputs from volatile
memory and prints a line per computation (lines starting with `addr`
compare function addresses, which `--lto-merge-functions=all` may change)
and `checksum = N`.

--units N spreads the program over N translation units (main and the
inputs in u0); with --copy-units every unit repeats unit 0's classes,
functions and callers (under its own entry point and, for C, its own
caller names), so each function has a twin in every other module.

    cfi_restrict_twins.py --kind cfi|restrict --seed N --out DIR
                          [--units N] [--copy-units]
writes DIR/u0.cpp .. (cfi) or DIR/u0.c .. (restrict).

The generators live beside this file: cfi_twins.py, restrict_twins.py, and
twin_shapes.py for what both use.
"""

from __future__ import annotations

import argparse
import os
from typing import Sequence

from cfi_twins import write_cfi
from restrict_twins import write_restrict


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kind", choices=["cfi", "restrict"], required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True, help="output directory")
    ap.add_argument("--units", type=int, default=1,
                    help="translation units (main in u0)")
    ap.add_argument("--copy-units", action="store_true",
                    help="every unit repeats unit 0's content")
    args = ap.parse_args(argv)
    if args.units < 1:
        ap.error("--units must be at least 1")
    os.makedirs(args.out, exist_ok=True)
    write = write_cfi if args.kind == "cfi" else write_restrict
    for path in write(args.seed, args.out, args.units, args.copy_units):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
