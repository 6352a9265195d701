#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""--kind cfi of cfi_restrict_twins.py (its docstring says what the
programs hold): C++ class hierarchies and function-pointer tables for
`-fsanitize=cfi -fvisibility=hidden -flto`."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from twin_shapes import (Shape, gen_body, main_function, twin_of,
                         write_unit)

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
