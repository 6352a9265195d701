#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a three-unit C++ program whose virtual calls a profile promotes
(issue 53).

Classes derive from one base; each holds one member, a pointer that may be
null or a reference, and overrides `get()` to return it (the pointer, or the
reference's address: twins in the IR, as in llvm-project pull request
221121) and `val()` with a small constant, so twins and similar members
occur in most seeds. A caller in
its own unit dereferences what `get()` returns unless it is null. The first
argument picks the class that most objects have: train with one value and
run with another, and indirect-call promotion specializes the caller to a
class that the run no longer favours. The program prints a checksum, which
must not depend on how it was linked.

    generate.py --seed N --out DIR   writes DIR/classes.h, classes.cpp,
                                     use.cpp and main.cpp
"""
import argparse
import os
import random

# A pointer member returned as it is, or the address of a reference member:
# at one offset the two read the same word, so the bodies are twins, but
# only the second promises a result that is not null.
MEMBERS = [("long *m;", "long *p, long &", "m(p)", "return m;"),
           ("long &m;", "long *, long &r", "m(r)", "return &m;")]


def classes(rng, count):
    header = [
        "struct Base {",
        "  virtual long *get() const;",
        "  virtual long val() const;",
        "  virtual ~Base();",
        "};",
    ]
    source = ['#include "classes.h"',
              "long *Base::get() const { return nullptr; }",
              "long Base::val() const { return 0; }",
              "Base::~Base() {}"]
    for k in range(count):
        member, params, init, body = rng.choice(MEMBERS)
        header += [f"struct C{k} : Base {{",
                   f"  {member}",
                   f"  C{k}({params}) : {init} {{}}",
                   "  long *get() const override;",
                   "  long val() const override;",
                   "};"]
        source += [f"long *C{k}::get() const {{ {body} }}",
                   f"long C{k}::val() const {{ return {rng.choice([1, 2, 3, 7])}; }}"]
    header.append("Base *make(int k, long *p, long &r);")
    source.append("Base *make(int k, long *p, long &r) {")
    source.append("  switch (k) {")
    for k in range(count):
        source.append(f"  case {k}: return new C{k}(p, r);")
    source += ["  }", "  return new Base;", "}"]
    return header, source


def write(out, name, lines):
    with open(os.path.join(out, name), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    count = rng.randint(3, 7)
    os.makedirs(args.out, exist_ok=True)
    header, source = classes(rng, count)
    write(args.out, "classes.h", header)
    write(args.out, "classes.cpp", source)
    write(args.out, "use.cpp", [
        '#include "classes.h"',
        "__attribute__((noinline)) long use(const Base *b) {",
        "  long *q = b->get();",
        "  if (q) return *q + b->val();",
        "  return 42 + b->val();",
        "}"])
    write(args.out, "main.cpp", [
        '#include "classes.h"',
        "#include <cstdio>",
        "#include <cstdlib>",
        "long use(const Base *b);",
        "int main(int argc, char **argv) {",
        "  int favoured = argc > 1 ? atoi(argv[1]) : 0;",
        "  static long cell = 11, ref = 13;",
        f"  const int count = {count};",
        "  unsigned long sum = 0;",
        "  for (int i = 0; i < 20000; ++i) {",
        "    int k = i % 10 ? favoured % count : i % count;",
        "    Base *b = make(k, (i / 10) % 3 ? &cell : nullptr, ref);",
        "    sum = sum * 31 + use(b);",
        "    delete b;",
        "  }",
        '  printf("%lu\\n", sum);',
        "  return 0;",
        "}"])


if __name__ == "__main__":
    main()
