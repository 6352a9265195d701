#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a module of aligned pairs whose shape the byte model distrusts,
each beside a control pair one step short of it (of another integer type,
so that no function pairs across them).

  aligned_pair_shapes.py selects   dense1/dense2: 20 of 62 matched
      instructions differ in an operand (22 selects, more than 1 in 4);
      sparse1/sparse2 (i64): 13 differ (15 selects, at most 1 in 4).
  aligned_pair_shapes.py branches  branchy1/branchy2: 16 runs of 14 alike
      instructions, each followed by 7 that differ in opcode (50.2%
      matched, 16 branches); fewer1/fewer2 (i64): 15 such runs.
"""

import sys


def chain_with_operands(name, other, last, links, differing, ty):
    """A chain of add/mul/xor links; the first `differing` adds take
    `other` where the partner takes %x."""
    lines = [f"define {ty} @{name}({ty} %x, {ty} %y, {ty} %w) {{"]
    prev = "%x"
    for i in range(links):
        operand = other if i < differing else "%x"
        lines += [f"  %t{i} = add {ty} {prev}, {operand}",
                  f"  %m{i} = mul {ty} %t{i}, %w",
                  f"  %s{i} = xor {ty} %m{i}, {i + 5}"]
        prev = f"%s{i}"
    lines += [f"  %z = {last} {ty} {prev}, 3",
              f"  call void @use.{ty}({ty} %z)",
              f"  ret {ty} %z", "}"]
    return lines


def runs_and_gaps(name, gap_ops, runs, ty, run=14, gap=7):
    """`runs` runs of `run` alike instructions, each followed by `gap`
    instructions of this member's own opcodes."""
    lines = [f"define {ty} @{name}({ty} %x, {ty} %w) {{"]
    prev = "%x"
    for i in range(runs):
        for j in range(run):
            op = ("add", "mul", "xor", "sub")[j % 4]
            lines.append(f"  %a{i}_{j} = {op} {ty} {prev}, %w")
            prev = f"%a{i}_{j}"
        for j in range(gap):
            lines.append(f"  %b{i}_{j} = {gap_ops[j % len(gap_ops)]} {ty} "
                         f"{prev}, {i + j + 3}")
            prev = f"%b{i}_{j}"
    lines += [f"  call void @use.{ty}({ty} {prev})", f"  ret {ty} {prev}",
              "}"]
    return lines


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("selects", "branches"):
        sys.exit("usage: aligned_pair_shapes.py selects|branches")
    out = ['target triple = "x86_64-unknown-linux-gnu"', "",
           "declare void @use.i32(i32)", "declare void @use.i64(i64)"]
    if sys.argv[1] == "selects":
        pairs = [chain_with_operands("dense1", "%x", "xor", 20, 20, "i32"),
                 chain_with_operands("dense2", "%y", "or", 20, 20, "i32"),
                 chain_with_operands("sparse1", "%x", "xor", 20, 13, "i64"),
                 chain_with_operands("sparse2", "%y", "or", 20, 13, "i64")]
    else:
        left, right = ("shl", "udiv", "lshr"), ("ashr", "sdiv", "urem")
        pairs = [runs_and_gaps("branchy1", left, 16, "i32"),
                 runs_and_gaps("branchy2", right, 16, "i32"),
                 runs_and_gaps("fewer1", left, 15, "i64"),
                 runs_and_gaps("fewer2", right, 15, "i64")]
    for lines in pairs:
        out += [""] + lines
    print("\n".join(out))


if __name__ == "__main__":
    main()
