#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What both generators of cfi_restrict_twins.py share: function bodies
whose constants are slots a twin may redraw (Shape, ShapeBuilder,
gen_body, twin_of), unit 0's `main`, and writing a unit."""

from __future__ import annotations

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
