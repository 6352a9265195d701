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
"""

from __future__ import annotations

import argparse
import os
import random
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

# ---------------------------------------------------------------------------
# Bodies with constant slots: a twin keeps the text and may redraw them.


@dataclass
class Slot:
    value: int
    lo: int
    hi: int


@dataclass
class Shape:
    """A body whose constants are slots `@N@`; rendered with a suffix."""
    text: str
    slots: list[Slot] = field(default_factory=list)

    def render(self, suffix: str) -> str:
        return re.sub(r"@(\d+)@",
                      lambda m: f"{self.slots[int(m.group(1))].value}{suffix}",
                      self.text)

    def identical(self) -> Shape:
        return Shape(self.text, [Slot(s.value, s.lo, s.hi) for s in self.slots])

    def similar(self, rng: random.Random) -> Shape:
        """The same text; at least one constant redrawn."""
        slots = [Slot(s.value, s.lo, s.hi) for s in self.slots]
        if not slots:
            return Shape(self.text, slots)
        changed = [i for i in range(len(slots)) if rng.random() < 0.4]
        if not changed:
            changed = [rng.randrange(len(slots))]
        for i in changed:
            s = slots[i]
            values = [v for v in (rng.randint(s.lo, s.hi) for _ in range(8))
                      if v != s.value]
            s.value = values[0] if values else s.value + 1
        return Shape(self.text, slots)


class ShapeBuilder:
    def __init__(self, rng: random.Random, big: bool) -> None:
        self.rng = rng
        self.big = big  # 64-bit constants allowed
        self.slots: list[Slot] = []

    def const(self, lo: int | None = None, hi: int | None = None) -> str:
        if lo is None or hi is None:
            if self.big and self.rng.random() < 0.3:
                lo, hi = 1 << 33, (1 << 62)
            else:
                lo, hi = 1, 4000
        self.slots.append(Slot(self.rng.randint(lo, hi), lo, hi))
        return f"@{len(self.slots) - 1}@"

    def expr(self, names: Sequence[str], depth: int, top: bool = True) -> str:
        """An expression; at the top always an operation, never a bare
        name (`r = r`)."""
        rng = self.rng
        if depth <= 0 or (not top and rng.random() < 0.25):
            if rng.random() < 0.65:
                return rng.choice(list(names))
            return self.const()
        op = rng.choice(["+", "-", "*", "^", "|", "&", ">>", "<<", "+", "^"])
        left = self.expr(names, depth - 1, False)
        if op in (">>", "<<"):
            # Shift amounts are no parameter positions: fixed.
            return f"({left} {op} {rng.randint(1, 29)})"
        if op == "*":
            return f"({left} * {self.const(3, 99)})"
        return f"({left} {op} {self.expr(names, depth - 1, False)})"

    def shape(self, text: str) -> Shape:
        return Shape(text, self.slots)


def write_unit(out: str, name: str, lines: list[str]) -> str:
    """Writes one unit's lines to out/name; returns its path."""
    path = os.path.join(out, name)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def main_function(seed: int, units: int, cxx: bool) -> list[str]:
    """The lines of unit 0's `main` (and the declarations of the other
    units' entry points): fills the volatile inputs from the seed, runs
    every unit and prints the checksum of what they returned."""
    u64 = "u64" if cxx else "unsigned long long"
    params = "" if cxx else "void"
    printf = "std::printf" if cxx else "printf"
    return [f"{u64} run_u{v}({params});" for v in range(1, units)] + [
        "volatile unsigned lmf_in[64];",
        f"int main({params}) {{",
        f"  unsigned s = {seed % 1000003}u;",
        "  for (unsigned i = 0; i < 64u; ++i) {",
        "    s = s * 1103515245u + 12345u;",
        "    lmf_in[i] = s >> 8;",
        "  }",
        f"  {u64} t = 0;",
        *(f"  t = t * 1000003u + run_u{v}();" for v in range(units)),
        f'  {printf}("checksum = %llu\\n", t);',
        "  return 0;",
        "}",
    ]


def gen_body(rng: random.Random, ty: str, params: Sequence[str],
             fields: Sequence[str], extra: Sequence[str] = (),
             big: bool = True) -> Shape:
    """A function body over `params` and `fields` (values of type ty)."""
    b = ShapeBuilder(rng, big)
    names = list(params) + list(fields)
    lines = [f"  {ty} r = {b.expr(names, 3)};"]
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["loop", "cond", "step", "loop"])
        if kind == "loop":
            lines += [
                f"  for (unsigned i = 0; i < (unsigned)({params[0]} & 7u) + {b.const(1, 5)}; ++i)",
                f"    r = {b.expr(['r', 'i'] + names, 3)};",
            ]
        elif kind == "cond":
            lines += [
                f"  if ((r & {b.const(1, 255)}) > {b.const(1, 200)})",
                f"    r ^= {b.expr(['r'] + names, 2)};",
                "  else",
                f"    r += {b.expr(['r'] + names, 2)};",
            ]
        else:
            lines.append(f"  r = {b.expr(['r'] + names, 3)};")
    for e in extra:
        lines.append(e.replace("@C@", b.const(1, 999)))
    lines.append("  return r;")
    return b.shape("\n".join(lines))


def twin_of(rng: random.Random, shapes: Sequence[Shape],
            fresh: Callable[[], Shape]) -> Shape:
    """An identical or similar twin of one of `shapes`, or a fresh body."""
    if shapes:
        r = rng.random()
        if r < 0.4:
            return rng.choice(list(shapes)).identical()
        if r < 0.75:
            return rng.choice(list(shapes)).similar(rng)
    return fresh()


# ---------------------------------------------------------------------------
# --kind cfi

U64 = "u64"
METHODS = [("m0", ["x"]), ("m1", ["x", "y"]), ("m2", ["x"])]


@dataclass
class Klass:
    name: str
    parent: str          # the base class's name, or "" for the root
    methods: dict[str, Shape]
    own: Shape | None    # a non-virtual method of a derived class
    field_init: int


@dataclass
class Hierarchy:
    index: int
    anonymous: bool
    ns: str              # namespace name ("" when anonymous)
    root: str
    classes: list[Klass]

    def q(self, name: str) -> str:
        return f"{self.ns}::{name}" if self.ns else name


def method_sig(name: str, params: Sequence[str]) -> str:
    return f"{U64} {name}({', '.join(f'{U64} {p}' for p in params)}) const"


def gen_hierarchies(rng: random.Random, cid: int) -> list[Hierarchy]:
    result: list[Hierarchy] = []
    for h in range(rng.randint(2, 3)):
        anonymous = rng.random() < 0.6
        ns = "" if anonymous else f"hv{cid}_{h}"
        root = f"B{h}"
        nmeth = rng.randint(2, 3)
        meths = METHODS[:nmeth]
        classes: list[Klass] = []
        base_methods: dict[str, Shape] = {
            "m1": gen_body(rng, U64, ["x", "y"], ["k"],
                           ["  r += (x & 1u) ? this->m0(r ^ @C@) : r;"]),
            "nv": gen_body(rng, U64, ["x"], ["k"]),
        }
        classes.append(Klass(root, "", base_methods, None, 0))
        # Bodies of an earlier hierarchy under another base: twins that
        # test other type ids.
        donor = result[0] if result and rng.random() < 0.6 else None
        seen: dict[str, list[Shape]] = {m: [] for m, _ in meths}
        seen["own"] = []
        nderived = rng.randint(2, 4)
        for j in range(nderived):
            deeper = j > 0 and rng.random() < 0.35
            parent = (rng.choice([c.name for c in classes[1:]])
                      if deeper else root)
            name = f"{'E' if deeper else 'D'}{h}_{j}"
            methods: dict[str, Shape] = {}
            dk = (donor.classes[1 + j]
                  if donor and 1 + j < len(donor.classes) else None)
            for m, params in meths:
                if m == "m1" and rng.random() < 0.3:
                    continue  # inherit
                if dk is not None and m in dk.methods:
                    methods[m] = dk.methods[m].identical()
                    continue
                extra = (["  r += this->m0(r + @C@);"]
                         if m == "m1" and rng.random() < 0.4 else [])
                methods[m] = twin_of(
                    rng, seen[m],
                    lambda: gen_body(rng, U64, params, ["k", "f"], extra))
                seen[m].append(methods[m])
            own = None
            if not deeper:
                own = (dk.own.identical() if dk is not None and dk.own
                       else twin_of(rng, seen["own"],
                                    lambda: gen_body(rng, U64, ["x"], ["k", "f"])))
                seen["own"].append(own)
            classes.append(Klass(name, parent, methods, own,
                                 rng.randint(1, 1000)))
        result.append(Hierarchy(h, anonymous, ns, root, classes))
    return result


def emit_hierarchy(hi: Hierarchy, rng: random.Random) -> list[str]:
    meths = METHODS
    root = hi.classes[0]
    used = {m for c in hi.classes for m in c.methods}
    out: list[str] = []
    out.append("namespace {" if hi.anonymous else
               f'namespace __attribute__((visibility("hidden"))) {hi.ns} {{')
    out += [
        f"struct {root.name} {{",
        f"  {U64} k;",
        f"  constexpr explicit {root.name}({U64} k_) : k(k_) {{}}",
        f"  virtual ~{root.name}() {{}}",
    ]
    for m, params in meths:
        if m not in used:
            continue
        if m in root.methods:
            out.append(f"  virtual {method_sig(m, params)} {{")
            out.append(root.methods[m].render("ull"))
            out.append("  }")
        else:
            out.append(f"  virtual {method_sig(m, params)} = 0;")
    out.append(f"  __attribute__((noinline)) {method_sig('nv', ['x'])} {{")
    out.append(root.methods["nv"].render("ull"))
    out.append("  }")
    out.append("};")
    for c in hi.classes[1:]:
        out.append(f"struct {c.name} : {c.parent} {{")
        if c.parent == root.name:
            out += [f"  {U64} f;",
                    f"  constexpr explicit {c.name}({U64} k_) : {c.parent}(k_), "
                    f"f(k_ * 7u + {c.field_init}u) {{}}"]
        else:
            out.append(f"  constexpr explicit {c.name}({U64} k_) : {c.parent}(k_) {{}}")
        for m, params in meths:
            if m in c.methods:
                out.append(f"  {method_sig(m, params)} override {{")
                out.append(c.methods[m].render("ull"))
                out.append("  }")
        if c.own is not None:
            out.append(f"  __attribute__((noinline)) {method_sig('own', ['x'])} {{")
            out.append(c.own.render("ull"))
            out.append("  }")
        out.append("};")
    # Drivers: a virtual-call loop, a member-pointer loop, derived and
    # unrelated casts per class. Twins across hierarchies on purpose.
    B = root.name
    # In a named namespace a unit's copy defines the drivers again: inline
    # (linkonce_odr), as the in-class methods are.
    NOINLINE = ("__attribute__((noinline))" if hi.anonymous
                else "inline __attribute__((noinline))")
    mptrs = [m for m, _ in meths if m in used and m != "m1"]
    k1, k2 = rng.randint(1, 99), rng.randint(1, 99)
    out += [
        f"{NOINLINE} {U64} vdrive(const {B} *const *pool, unsigned n, unsigned iters) {{",
        f"  {U64} acc = {k1}u;",
        "  for (unsigned i = 0; i < iters; ++i) {",
        f"    const {B} *p = pool[pick(i) % n];",
        "    acc = acc * 31u + p->m0(acc ^ i);",
        *(["    acc ^= p->m1(i, acc);"] if "m1" in used else []),
        "    acc += p->nv(acc + i);",
        "  }",
        "  return acc;",
        "}",
        f"{NOINLINE} {U64} mfdrive(const {B} *const *pool, unsigned n, unsigned iters) {{",
        f"  {U64} ({B}::*const mps[])({U64}) const = {{{', '.join(f'&{B}::{m}' for m in mptrs)}}};",
        f"  {U64} acc = {k2}u;",
        "  for (unsigned i = 0; i < iters; ++i) {",
        f"    const {B} *p = pool[pick(i + 3) % n];",
        f"    acc = acc * 29u + (p->*mps[pick(i + 5) % {len(mptrs)}u])(acc + i);",
        "  }",
        "  return acc;",
        "}",
    ]
    for c in hi.classes[1:]:
        own_call = ("d->own(acc + i)" if c.own is not None else
                    "d->m0(acc + i)")
        field_read = "d->f" if c.parent == root.name else "d->k"
        out += [
            f"{NOINLINE} {U64} dcast_{c.name}(const {B} *const *pool, unsigned n, unsigned iters) {{",
            f"  {U64} acc = {rng.randint(1, 99)}u;",
            "  for (unsigned i = 0; i < iters; ++i) {",
            f"    const {c.name} *d = static_cast<const {c.name} *>(pool[pick(i + 1) % n]);",
            f"    acc = acc * 33u + {own_call} + {field_read};",
            "  }",
            "  return acc;",
            "}",
            f"{NOINLINE} {U64} ucast_{c.name}(const void *const *pool, unsigned n, unsigned iters) {{",
            f"  {U64} acc = {rng.randint(1, 99)}u;",
            "  for (unsigned i = 0; i < iters; ++i) {",
            f"    const {c.name} *d = static_cast<const {c.name} *>(pool[pick(i + 2) % n]);",
            "    acc = acc * 35u + d->m0(acc ^ i) + d->k;",
            "  }",
            "  return acc;",
            "}",
        ]
    out.append("}  // namespace")
    return out


@dataclass
class FnType:
    name: str
    ret: str
    ptypes: list[str]       # parameter types
    pnames: list[str]       # parameter names
    uses: list[str]         # the values the body reads
    call: str               # arguments of a call in the loop, from acc and i
    setup: str              # statements before that call
    direct: str             # arguments of the direct call after the loop
    direct_setup: str

    def params(self) -> str:
        return ", ".join(f"{t} {n}" for t, n in zip(self.ptypes, self.pnames))


def gen_icall(rng: random.Random, cid: int) -> tuple[list[str], list[str]]:
    """Free functions, tables and drivers; returns (text, driver calls)."""
    hs = f"hs{cid}"
    out = [
        "namespace {",
        "struct S0 { u64 a, b; };",
        "struct S1 { u64 a, b; };  // S0's layout twin, another type id",
        "}",
        f'namespace __attribute__((visibility("hidden"))) {hs} {{',
        "struct HS { u64 a, b; };",
        "}",
    ]
    types = [
        FnType("T0", U64, [U64], ["x"], ["x"], "acc ^ i", "", "acc ^ 7u", ""),
        FnType("T1", U64, [U64, U64], ["x", "y"], ["x", "y"], "acc, i", "",
               "acc, 7u", ""),
        FnType("T2", "unsigned", ["unsigned"], ["x"], ["x"],
               "(unsigned)acc + i", "", "(unsigned)acc + 7u", ""),
        FnType("T3", U64, ["const S0 *"], ["s"], ["s->a", "s->b"], "&s",
               "S0 s = {acc, i};", "&t", "S0 t = {acc, 7u};"),
        FnType("T4", U64, ["const S1 *"], ["s"], ["s->a", "s->b"], "&s",
               "S1 s = {acc, i};", "&t", "S1 t = {acc, 7u};"),
        FnType("T5", U64, [f"const {hs}::HS *"], ["s"], ["s->a", "s->b"],
               "&s", f"{hs}::HS s = {{acc, i}};", "&t",
               f"{hs}::HS t = {{acc, 7u}};"),
    ]
    calls: list[str] = []
    bodies: dict[str, list[Shape]] = {}
    out.append("namespace {")
    for t in types:
        ty = "unsigned" if t.ret == "unsigned" else U64
        shapes: list[Shape] = []
        # T4 and T5 repeat T3's bodies (another type id) most of the time;
        # T2 repeats T0's (unsigned vs unsigned long long).
        donor = {"T4": "T3", "T5": "T3"}.get(t.name)
        for j in range(rng.randint(2, 4)):
            if donor and rng.random() < 0.7 and j < len(bodies[donor]):
                s = bodies[donor][j].identical()
            else:
                s = twin_of(rng, shapes,
                            lambda: gen_body(rng, ty, t.uses, [],
                                             big=(ty == U64)))
            shapes.append(s)
        bodies[t.name] = shapes
        suffix = "u" if ty == "unsigned" else "ull"
        names = []
        for j, s in enumerate(shapes):
            fn = f"f{t.name}_{j}"
            names.append(fn)
            out.append(f"{t.ret} {fn}({t.params()}) {{")
            out.append(s.render(suffix))
            out.append("}")
        ptr = f"fp{t.name}"
        out.append(f"typedef {t.ret} (*{ptr})({', '.join(t.ptypes)});")
        out.append(f"{ptr} const tab{t.name}[] = {{{', '.join(names)}}};")
        out.append(f"{ptr} volatile vtab{t.name}[] = {{{', '.join(names)}}};")
        direct = rng.choice(names)
        out += [
            f"__attribute__((noinline)) {U64} idrive{t.name}(unsigned iters) {{",
            f"  {U64} acc = {rng.randint(1, 99)}u;",
            "  for (unsigned i = 0; i < iters; ++i) {",
            f"    {t.setup}",
            f"    {ptr} fn = (i & 1u) ? tab{t.name}[pick(i) % {len(names)}u] : vtab{t.name}[pick(i + 9) % {len(names)}u];",
            f"    acc = acc * 37u + fn({t.call});",
            "  }",
            *([f"  {t.direct_setup}"] if t.direct_setup else []),
            f"  acc ^= {direct}({t.direct});",
            "  return acc;",
            "}",
            f"unsigned addr{t.name}() {{",
            "  unsigned mask = 0, bit = 0;",
            f"  for (unsigned a = 0; a < {len(names)}u; ++a)",
            f"    for (unsigned b = a + 1; b < {len(names)}u; ++b, ++bit)",
            f"      if (vtab{t.name}[a] == vtab{t.name}[b]) mask |= 1u << bit;",
            "  return mask;",
            "}",
        ]
        calls.append(f'  v = idrive{t.name}(8u + pick({len(calls) + 40}) % 24u); mix(v); '
                     f'std::printf("u%u icall {t.name} %llx\\n", UNIT, v);')
        calls.append(f'  std::printf("addr u%u icall {t.name} %x\\n", UNIT, addr{t.name}());')
    out.append("}  // namespace")
    return out, calls


def gen_cfi_unit(cid: int, seed: int) -> tuple[list[str], list[str]]:
    """The classes, functions and the body of the entry point of content
    `cid`; the same (cid, seed) gives the same text."""
    rng = random.Random(seed * 7919 + cid)
    text: list[str] = []
    hierarchies = gen_hierarchies(rng, cid)
    for hi in hierarchies:
        text += emit_hierarchy(hi, rng)
    icall_text, icalls = gen_icall(rng, cid)
    text += icall_text
    body: list[str] = [f"  {U64} v;"]
    for hi in hierarchies:
        objs: list[tuple[str, Klass]] = []
        for c in hi.classes[1:]:
            for n in range(rng.randint(1, 2)):
                oname = f"o{hi.index}_{len(objs)}"
                body.append(f"  static const {hi.q(c.name)} {oname}({rng.randint(1, 5000)}u);")
                objs.append((oname, c))
        pool = f"pool{hi.index}"
        body.append(f"  static const {hi.q(hi.root)} *const {pool}[] = {{{', '.join('&' + o for o, _ in objs)}}};")
        iters = f"8u + pick({hi.index * 13 + 1}) % 24u"
        body.append(f'  v = {hi.q("vdrive")}({pool}, {len(objs)}u, {iters}); mix(v); '
                    f'std::printf("u%u vcall {hi.index} %llx\\n", UNIT, v);')
        body.append(f'  v = {hi.q("mfdrive")}({pool}, {len(objs)}u, {iters}); mix(v); '
                    f'std::printf("u%u mfcall {hi.index} %llx\\n", UNIT, v);')
        by_name = {c.name: c for c in hi.classes}

        def derives(c: Klass, target: str) -> bool:
            while c.name != target:
                if not c.parent:
                    return False
                c = by_name[c.parent]
            return True
        for c in hi.classes[1:]:
            members = [o for o, oc in objs if derives(oc, c.name)]
            cpool = f"pool{hi.index}_{c.name}"
            vpool = f"vpool{hi.index}_{c.name}"
            body.append(f"  static const {hi.q(hi.root)} *const {cpool}[] = {{{', '.join('&' + o for o in members)}}};")
            body.append(f"  static const void *const {vpool}[] = {{{', '.join('&' + o for o in members)}}};")
            body.append(f'  v = {hi.q("dcast_" + c.name)}({cpool}, {len(members)}u, {iters}); mix(v); '
                        f'std::printf("u%u dcast {c.name} %llx\\n", UNIT, v);')
            body.append(f'  v = {hi.q("ucast_" + c.name)}({vpool}, {len(members)}u, {iters}); mix(v); '
                        f'std::printf("u%u ucast {c.name} %llx\\n", UNIT, v);')
    body += icalls
    return text, body


def write_cfi(seed: int, out: str, units: int, copy_units: bool) -> list[str]:
    files = []
    for u in range(units):
        cid = 0 if copy_units else u
        classes, body = gen_cfi_unit(cid, seed)
        lines = [
            f"// cfi_restrict_twins.py --kind cfi --seed {seed}: unit {u} of {units}",
            "#include <cstdio>",
            "typedef unsigned long long u64;",
            "extern volatile unsigned lmf_in[64];",
            f"static const unsigned UNIT = {u};",
            "namespace {",
            "u64 H = 0xcbf29ce484222325ull;",
            "void mix(u64 v) { H ^= v; H *= 0x100000001b3ull; H ^= H >> 31; }",
            "unsigned pick(unsigned i) { return lmf_in[i & 63u]; }",
            "}",
            *classes,
            f"u64 run_u{u}() {{",
            *body,
            '  std::printf("u%u hash %llx\\n", UNIT, H);',
            "  return H;",
            "}",
        ]
        if u == 0:
            lines += main_function(seed, units, cxx=True)
        files.append(write_unit(out, f"u{u}.cpp", lines))
    return files


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
