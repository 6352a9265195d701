#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""--kind restrict of cfi_restrict_twins.py (its docstring says what the
programs hold): C `restrict` kernels inlined into twin callers."""

from __future__ import annotations

import random
from dataclasses import dataclass
from twin_shapes import Shape, ShapeBuilder, main_function, write_unit

# ---------------------------------------------------------------------------
# --kind restrict

MAXN = 64
BUFSZ = 3 * MAXN + 32

# Which pointers each kernel variant declares restrict.
VARIANTS: dict[str, tuple[bool, bool, bool]] = {
    "r": (True, True, True), "r2": (True, True, True),
    "n": (False, False, False),
    "pa": (True, False, False), "pb": (False, True, False),
    "pc": (False, False, True),
}

# Layouts (a, b, c) that are well defined for a variant: `a` is written,
# `b` and `c` only read. D: disjoint; BC: b == c (two readers may share);
# CA: c overlaps a (b restrict and disjoint, a and c not restrict); BA: b
# overlaps a; ALL: everything overlaps (no restrict at all).
LEGAL: dict[str, list[str]] = {
    "r": ["D", "BC"], "r2": ["D", "BC"], "o": ["D", "BC"],
    "n": ["D", "BC", "CA", "BA", "ALL"],
    "pa": ["D", "BC"], "pb": ["D", "BC", "CA"], "pc": ["D", "BC", "BA"],
}


def layout(rng: random.Random, kind: str) -> tuple[int, int, int]:
    oa = rng.randint(8, 12)
    far = oa + MAXN + rng.randint(0, 4)
    farther = oa + 2 * MAXN + rng.randint(0, 4)
    near = oa + rng.randint(-2, 2)
    near2 = oa + rng.randint(-2, 2)
    return {
        "D": (oa, far, farther),
        "BC": (oa, far, far),
        "CA": (oa, far, near),
        "BA": (oa, near, farther),
        "ALL": (oa, near, near2),
    }[kind]


@dataclass
class Kernel:
    prefix: str  # kernels are <prefix>_<variant>
    text: str    # with QA, QB, QC for the qualifiers and NAME


def gen_kernel(rng: random.Random, prefix: str) -> Kernel:
    b = ShapeBuilder(rng, big=False)
    names = ["a[i]", "b[i]", "c[i]", "i"]
    if rng.random() < 0.4:
        names.append("b[0]")  # loop invariant: hoisted only under restrict
    lines = ["static inline" + (" __attribute__((always_inline))" if rng.random() < 0.5 else "")
             + " unsigned NAME(unsigned *QA a, const unsigned *QB b, const unsigned *QC c, unsigned n) {",
             "  unsigned s = 0;"]
    if rng.random() < 0.5:
        lines.append("#pragma clang loop vectorize(disable) interleave(disable)")
    lines += ["  for (unsigned i = 0; i < n; ++i) {",
              # Every pointer is read, so that overlaps matter.
              f"    a[i] = {b.expr(names, 3)} + b[i] * {b.const(3, 99)} + (c[i] ^ {b.const()});"]
    if rng.random() < 0.6:
        lines.append(f"    s += a[i] ^ {b.expr(['c[i]', 'b[i]', 'i'], 2)};")
    lines.append("  }")
    if rng.random() < 0.3:
        lines += ["  for (unsigned i = 1; i < n; ++i)",
                  f"    a[i] += {b.expr(['a[i - 1]', 'c[i]', 'i'], 2)};"]
    lines += ["  return s;", "}"]
    return Kernel(prefix, Shape("\n".join(lines), b.slots).render("u"))


def kernel_variants(k: Kernel) -> list[str]:
    out = []
    for v, (ra, rb, rc) in VARIANTS.items():
        q = ["restrict" if r else "" for r in (ra, rb, rc)]
        out.append(k.text.replace("NAME", f"{k.prefix}_{v}")
                   .replace("QA", q[0]).replace("QB", q[1]).replace("QC", q[2]))
    # An outer restrict kernel inlining the first one twice: nested scopes.
    f = k.prefix
    out += [
        f"static inline unsigned {f}_o(unsigned *restrict a, const unsigned *restrict b, const unsigned *restrict c, unsigned n) {{",
        "  unsigned h = n / 2;",
        f"  unsigned s = {f}_r(a, b, c, h);",
        f"  s += {f}_r(a + h, b + h, c + h, n - h);",
        "  return s;",
        "}",
    ]
    return out


@dataclass
class Caller:
    calls: list[tuple[str, tuple[int, int, int]]]   # (kernel, offsets)
    xor: int
    static: bool


def gen_callers(rng: random.Random, families: int) -> list[Caller]:
    callers: list[Caller] = []
    xor = 0  # one value per group: its callers stay twins

    def add(calls: list[tuple[str, tuple[int, int, int]]]) -> None:
        callers.append(Caller(calls, xor, rng.random() < 0.4))

    for f in range(families):
        def k(v: str) -> str:
            return f"k{f}_{v}"
        groups = ["scopes", "which", "norestrict", "overlap", "double",
                  "nested", "offsets"]
        for g in rng.sample(groups, rng.randint(3, len(groups))):
            xor = rng.choice([0, 0, rng.randint(1, 255)])
            lay = layout(rng, rng.choice(["D", "BC"]))
            if g == "scopes":      # the same kernel under two names
                add([(k("r"), lay)])
                add([(k("r2"), lay)])
            elif g == "which":     # one restrict pointer: which one
                lay = layout(rng, "D")
                for v in rng.sample(["pa", "pb", "pc"], rng.randint(2, 3)):
                    add([(k(v), lay)])
            elif g == "norestrict":
                add([(k("r"), lay)])
                add([(k("n"), lay)])
            elif g == "overlap":   # legal overlaps
                for v in rng.sample(["n", "pb", "pc", "r", "n"], 3):
                    add([(k(v), layout(rng, rng.choice(LEGAL[v])))])
            elif g == "double":
                lay2 = layout(rng, "D")
                second = rng.sample(["r", "r2", "n", "pa"], 2)
                for v in second:
                    add([(k("r"), lay), (k(v), lay2)])
            elif g == "nested":
                add([(k("o"), lay)])
                add([(k("r"), lay)])
                add([(k("o"), layout(rng, rng.choice(LEGAL["o"])))])
            else:                  # twins that differ only in offsets
                v = rng.choice(["r", "n", "pb"])
                add([(k(v), layout(rng, "D"))])
                add([(k(v), layout(rng, rng.choice(LEGAL[v])))])
    rng.shuffle(callers)
    return callers


def write_restrict(seed: int, out: str, units: int, copy_units: bool) -> list[str]:
    files = []
    for u in range(units):
        cid = 0 if copy_units else u
        rng = random.Random(seed * 7919 + cid)
        families = rng.randint(2, 4)
        kernels = [gen_kernel(rng, f"k{f}") for f in range(families)]
        # Kernels every unit shares, and callers of each variant that take
        # their offsets as arguments: twins modulo scopes (pa, pb, pc: one
        # restrict pointer each, other tags on one shape; r, r2), within
        # the unit and across units, each called with layouts legal for
        # its own variant, overlapping ones too.
        shared_rng = random.Random(seed * 7919 + 4242)
        shared = [gen_kernel(shared_rng, f"s{f}")
                  for f in range(shared_rng.randint(1, 2))]
        wide_static = {(f, v): shared_rng.random() < 0.3
                       for f in range(len(shared)) for v in VARIANTS}
        callers = gen_callers(rng, families)
        lines = [
            f"/* cfi_restrict_twins.py --kind restrict --seed {seed}: unit {u} of {units} */",
            "#include <stdio.h>",
            f"#define MAXN {MAXN}u",
            f"#define BUFSZ {BUFSZ}u",
            "extern volatile unsigned lmf_in[64];",
            "static unsigned long long H = 0xcbf29ce484222325ull;",
            "static void mix(unsigned long long v) { H ^= v; H *= 0x100000001b3ull; H ^= H >> 31; }",
            "static unsigned pick(unsigned i) { return lmf_in[i & 63u]; }",
            "static unsigned buf[BUFSZ];",
            "/* Callers get the buffer and the offsets from volatile memory:",
            "   no constant propagates into them, so twins stay twins. */",
            "static unsigned *volatile bufv = buf;",
            "__attribute__((noinline)) static void fill(unsigned *p, unsigned seed) {",
            "  unsigned x = seed ^ lmf_in[seed & 63u];",
            "  for (unsigned i = 0; i < BUFSZ; ++i) {",
            "    x = x * 1664525u + 1013904223u;",
            "    p[i] = x >> 7;",
            "  }",
            "}",
            "__attribute__((noinline)) static unsigned long long hash(const unsigned *p) {",
            "  unsigned long long h = 1469598103934665603ull;",
            "  for (unsigned i = 0; i < BUFSZ; ++i) h = (h ^ p[i]) * 1099511628211ull;",
            "  return h;",
            "}",
        ]
        for kern in kernels + shared:
            lines += kernel_variants(kern)
        wide = []
        for f in range(len(shared)):
            for v in VARIANTS:
                name = f"w{u}_{f}_{v}"
                wide.append((name, v))
                lines += [
                    ("static " if wide_static[(f, v)] else "")
                    + f"__attribute__((noinline)) unsigned {name}(unsigned *p, unsigned n, unsigned oa, unsigned ob, unsigned oc) {{",
                    f"  return s{f}_{v}(p + oa, p + ob, p + oc, n);",
                    "}",
                ]
        names = []
        for j, c in enumerate(callers):
            name = f"c{u}_{j}"
            names.append(name)
            lines.append(("static " if c.static else "")
                         + f"__attribute__((noinline)) unsigned {name}(unsigned *p, unsigned n) {{")
            lines.append("  unsigned s = 0;")
            for kern, (oa, ob, oc) in c.calls:
                lines.append(f"  s += {kern}(p + {oa}, p + {ob}, p + {oc}, n);")
            lines.append(f"  return s ^ {c.xor}u;" if c.xor else "  return s;")
            lines.append("}")
        # About half the callers are also called through a table (their
        # addresses are significant: safe mode keeps them apart).
        tabled = [n for n in names if rng.random() < 0.5] or names[:1]
        lines.append("typedef unsigned (*callerfn)(unsigned *, unsigned);")
        lines.append(f"static callerfn volatile callers[] = {{{', '.join(tabled)}}};")
        lines.append(f"unsigned long long run_u{u}(void) {{")
        lines.append("  unsigned mask = 0, bit = 0;")
        for j, name in enumerate(names):
            via = (f"callers[{tabled.index(name)}]"
                   if name in tabled and rng.random() < 0.6 else name)
            lines += [
                f"  fill(buf, {j}u + {u * 1000}u);",
                "  {",
                f"    unsigned n = 1u + pick({j}u) % MAXN;",
                f"    unsigned s = {via}(bufv, n);",
                "    unsigned long long h = hash(buf);",
                "    mix(s); mix(h);",
                f'    printf("u%u {name} n=%u %08x %016llx\\n", {u}u, n, s, h);',
                "  }",
            ]
        lay_values: list[int] = []
        wide_calls: list[str] = []
        for j, (name, v) in enumerate(wide):
            for call in range(2):
                # The second call overlaps as much as the variant allows.
                oa, ob, oc = layout(rng, rng.choice(LEGAL[v]) if call == 0
                                    else LEGAL[v][-1])
                wide_calls += [
                    f"  fill(buf, {j * 2 + call}u + {u * 1000 + 500}u);",
                    "  {",
                    f"    unsigned n = 1u + pick({j * 2 + call + 17}u) % MAXN;",
                    f"    unsigned s = {name}(bufv, n, lay[{len(lay_values)}], lay[{len(lay_values) + 1}], lay[{len(lay_values) + 2}]);",
                    "    unsigned long long h = hash(buf);",
                    "    mix(s); mix(h);",
                    f'    printf("u%u {name} ({oa},{ob},{oc}) n=%u %08x %016llx\\n", {u}u, n, s, h);',
                    "  }",
                ]
                lay_values += [oa, ob, oc]
        run_at = lines.index(f"unsigned long long run_u{u}(void) {{")
        lines.insert(run_at, "static volatile unsigned lay[] = {"
                     + ", ".join(f"{x}u" for x in lay_values or [0]) + "};")
        lines += wide_calls
        lines += [
            f"  for (unsigned a = 0; a < {len(tabled)}u; ++a)",
            f"    for (unsigned b = a + 1; b < {len(tabled)}u && bit < 32u; ++b, ++bit)",
            "      if (callers[a] == callers[b]) mask |= 1u << bit;",
            f'  printf("addr u%u callers %x\\n", {u}u, mask);',
            f'  printf("u%u hash %016llx\\n", {u}u, H);',
            "  return H;",
            "}",
        ]
        if u == 0:
            lines += main_function(seed, units, cxx=False)
        files.append(write_unit(out, f"u{u}.c", lines))
    return files
