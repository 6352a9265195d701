#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Peer check: LLVM 22's MergeFunctions tests, run through mergefunc and us.

For every input of LLVM's own function-merging tests (Transforms/MergeFunc,
PhaseOrdering/X86/merge-functions*, Feature/OperandBundles/merge-func.ll,
SampleProfile/merge-function-attributes.ll and tools/gold/X86's
merge-functions.ll linked with its Inputs/ partner) this runs
`opt-22 -passes=mergefunc` (with the `-mergefunc-*` options the test's RUN
lines use) and our pass in four configurations -- safe, all
(`-lto-merge-functions-mode=all`), similar (`-lto-merge-functions-similar`)
and aligned (similar plus `-lto-merge-functions-aligned`) -- one `opt-22` at a
time, verifies every output with `opt-22 -passes=verify`, and prints the
Markdown table `| test | mergefunc | ours |` used by
docs/mergefunc-peer-table.md. The PhaseOrdering inputs run once more after
`default<O3>` (the pipeline their RUN lines use); their baseline is then the
`default<O3>` output alone.

Counting bodies removed
-----------------------
Both mergers are counted by one rule on the IR (`ir_removed`): a definition
of the input is *removed* when in the output it is gone (or only a
declaration), has become an alias, or its body has become a forwarder -- one
basic block holding one call of another defined function (or alias) and
nothing else but `ret`, the casts / extractvalue / insertvalue a thunk uses
to rebuild a value, and the allocas and argument stores of a
`-mergefunc-preserve-debug-info` thunk. A function that was a forwarder
already in the input (alias.ll's functions only call a dummy) counts as
removed only if it now forwards to a twin forwarder; a call merely moved from
one twin to the other (mergefunc's redirect of h's call in
byval-attr-congruent-type.ll) folds nothing. A definition of the output that
is not a forwarder and was not in the input is a *new body* (the private body
of an interposable pair, our `.lmf.body` and `.lmf.similar` bodies).
Bodies removed = removed definitions - new bodies. Which member of a class
owns a new body is a naming choice (mergefunc moves it into `@0`, we into
`<kept>.lmf.body`), so the set compared is normalized: the smallest name
among the functions forwarding to a new body or whose input body it is
counts as kept. The same set of removed functions (and count) gives `=`;
otherwise the counts give `+n`/`-n` (printed with the minus sign U+2212), or
`≠` when they are equal.

For ours the `-lto-merge-functions-print` listing is parsed too
(`listing_removed`: one per `removing identical function` line, members - 1
per `merged similar/aligned functions` group, the same normalization) and
every disagreement with the IR rule is printed to stderr. On LLVM 22.1.8's
inputs the two agree except in two places, both about bodies nothing uses:
in vector.ll the listing counts the class of two destructors as one fold,
but both members were erased as unused and so was the private body they
would have shared (the output holds no body: two removed); in crash2.ll's
similar/aligned runs the count agrees and only the member said to keep the
similar body of two erased dead helpers differs (no function forwards to it
to name an owner). The IR rule is the one used: it is the same rule as
mergefunc's, so the columns compare like with like, and it counts what the
output holds rather than what the planner reports.

`ERR` is printed when opt fails (non-zero exit) or its output does not
verify. Outputs, listings and stderr go to --out; a summary.json there names
the removed functions of every run. Everything is sorted: two runs with the
same inputs and plugin print the same table.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

OPT = "opt-22"
LLVM_LINK = "llvm-link-22"
MINUS = "\u2212"

CONFIGS: dict[str, list[str]] = {
    "safe": [],
    "all": ["-lto-merge-functions-mode=all"],
    "similar": ["-lto-merge-functions-similar"],
    "aligned": ["-lto-merge-functions-similar", "-lto-merge-functions-aligned"],
}

NAME = r'@(?:"(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)'
NAME_RE = re.compile(NAME)
DEFINE_RE = re.compile(r"^define\b[^@]*?(" + NAME + r")\(")
ALIAS_RE = re.compile(r"^(" + NAME + r")\s*=.*?\b(?:alias|ifunc)\b(.*)$")
CALL_RE = re.compile(r"\b(?:call|invoke)\b.*?(" + NAME + r")\(")
ALLOCA_RE = re.compile(r"^(%\S+)\s*=\s*alloca\b")
STORE_RE = re.compile(r"^store\b.*,\s*ptr\s+(%[^,\s]+)")
THUNK_EXTRA = re.compile(
    r"^(?:%\S+\s*=\s*)?(?:bitcast|inttoptr|ptrtoint|addrspacecast|zext|sext|trunc|"
    r"extractvalue|insertvalue)\b"
)


def strip_name(n: str) -> str:
    n = n[1:]
    if n.startswith('"') and n.endswith('"'):
        n = n[1:-1]
    return n


def strip_comment(line: str) -> str:
    """The line without its `;` comment (a `;` inside a quoted string stays)."""
    quoted = False
    for i, c in enumerate(line):
        if c == '"':
            quoted = not quoted
        elif c == ";" and not quoted:
            return line[:i].rstrip()
    return line.rstrip()


@dataclass
class Module:
    bodies: dict[str, list[str]] = field(default_factory=dict)  # name -> instructions
    aliases: dict[str, Optional[str]] = field(default_factory=dict)  # name -> aliasee
    referenced: set[str] = field(default_factory=set)  # named outside their own definition


def parse_module(text: str) -> Module:
    mod = Module()
    current: Optional[str] = None
    for raw in text.splitlines():
        line = strip_comment(raw)
        if not DEFINE_RE.match(line):
            mod.referenced.update(n for n in map(strip_name, NAME_RE.findall(line)) if n != current)
        if current is not None:
            if line.startswith("}"):
                current = None
                continue
            s = line.strip()
            if not s or s.startswith("#dbg_"):
                continue
            if re.match(r"^[-a-zA-Z$._0-9\"]+:", s):  # block label
                mod.bodies[current].append("<label>")
                continue
            mod.bodies[current].append(s)
            continue
        m = DEFINE_RE.match(line)
        if m:
            current = strip_name(m.group(1))
            mod.bodies[current] = []
            if line.rstrip().endswith("}"):  # one-line body
                current = None
            continue
        m = ALIAS_RE.match(line)
        if m:
            refs = NAME_RE.findall(m.group(2))
            mod.aliases[strip_name(m.group(1))] = strip_name(refs[-1]) if refs else None
    return mod


def forward_target(insts: list[str], callable_names: set[str]) -> Optional[str]:
    """The function a body only forwards to, or None."""
    labels = [i for i in insts if i == "<label>"]
    if len(labels) > 1:
        return None
    calls: list[str] = []
    allocas: set[str] = set()  # -mergefunc-preserve-debug-info thunks spill their arguments
    for inst in insts:
        if inst == "<label>":
            continue
        if m := ALLOCA_RE.match(inst):
            allocas.add(m.group(1))
            continue
        if (m := STORE_RE.match(inst)) and m.group(1) in allocas:
            continue
        if inst.startswith("ret") or inst == "unreachable":
            continue
        m = CALL_RE.search(inst)
        if m:
            calls.append(strip_name(m.group(1)))
            continue
        if THUNK_EXTRA.match(inst):
            continue
        return None
    if len(calls) != 1 or calls[0] not in callable_names:
        return None
    return calls[0]


@dataclass
class Removal:
    count: int
    removed: list[str]  # normalized: who lost its body
    new_bodies: int
    unused_new_bodies: int  # of them, named nowhere else (dead)
    notes: list[str]  # "b → a", "x deleted", "y → a new body"


def ir_removed(before: Module, after: Module) -> Removal:
    callable_after = set(after.bodies) | set(after.aliases)
    callable_before = set(before.bodies) | set(before.aliases)
    removed: dict[str, str] = {}  # name -> "gone" | "alias" | "fwd"
    was_forwarder: dict[str, str] = {}  # input forwarders: name -> their callee then
    for name in sorted(before.bodies):
        if name in after.aliases:
            removed[name] = "alias"
        elif name not in after.bodies:
            removed[name] = "gone"
        else:
            t = forward_target(after.bodies[name], callable_after)
            if t is None or t == name:
                continue
            old = forward_target(before.bodies[name], callable_before)
            if old is None:
                removed[name] = "fwd"
            elif old != t:
                was_forwarder[name] = old
    # A function that only forwarded to X in the input and now forwards to Y
    # is folded into Y when Y forwarded to X too (twin forwarders); otherwise
    # its call was redirected from X to X's twin or replacement, which folds
    # nothing of its own.
    for name, old in sorted(was_forwarder.items()):
        y = forward_target(after.bodies[name], callable_after)
        if y in before.bodies and forward_target(before.bodies[y], callable_before) == old:
            removed[name] = "fwd"
    new_bodies = sorted(
        n for n, insts in after.bodies.items()
        if n not in before.bodies and forward_target(insts, callable_after) is None
    )

    def final(name: str) -> Optional[str]:
        seen: set[str] = set()
        cur: Optional[str] = name
        while cur is not None and cur not in seen:
            seen.add(cur)
            if cur in after.aliases:
                cur = after.aliases[cur]
            elif cur in after.bodies:
                t = forward_target(after.bodies[cur], callable_after)
                if t is None or (cur in before.bodies and cur not in removed):
                    return cur
                cur = t
            else:
                return None
        return cur

    targets = {n: final(n) for n in removed if removed[n] != "gone"}
    # The owner of a new body (who keeps it, for the set compared): the
    # smallest name among the functions forwarding to it and the removed ones
    # whose input body it is.
    owner: dict[str, str] = {}
    for nb in new_bodies:
        came_from = sorted({n for n, t in targets.items() if t == nb}
                           | {n for n in removed if before.bodies[n] == after.bodies[nb]})
        if came_from:
            owner[nb] = came_from[0]
    kept = set(owner.values())
    names = sorted(n for n in removed if n not in kept)
    notes: list[str] = []  # what happened, before the normalization
    for n in sorted(removed):
        if removed[n] == "gone":
            notes.append(f"{n} deleted")
        else:
            t = targets.get(n)
            notes.append(f"{n} → {'a new body' if t in new_bodies else t}")
    unused = sum(1 for n in new_bodies if n not in after.referenced)
    return Removal(len(removed) - len(new_bodies), names, len(new_bodies), unused, notes)


LIST_SELECTED = re.compile(r"^selected function (\S+)")
LIST_MOVED = re.compile(r"^  moving body to private function \S+ \((\S+): (\S+)\)")
LIST_IDENT = re.compile(r"^  removing identical function (\S+) \(([^,)]+)")
LIST_GROUP = re.compile(r"^merged (?:similar|aligned) functions into (\S+)")
LIST_SHARE = re.compile(r"^  sharing body with (?:similar|aligned) function (\S+) \(([^,)]+)")


def listing_removed(text: str) -> Removal:
    """Bodies removed by our pass as its -lto-merge-functions-print listing says."""
    groups: list[tuple[str, bool, list[tuple[str, str]]]] = []  # kept, moved, members
    for line in text.splitlines():
        if m := LIST_SELECTED.match(line):
            groups.append((m.group(1), False, [(m.group(1), "kept")]))
        elif (m := LIST_MOVED.match(line)) and groups:
            groups[-1] = (groups[-1][0], True, [(m.group(1), m.group(2))])
        elif (m := LIST_IDENT.match(line)) and groups:
            groups[-1][2].append((m.group(1), m.group(2)))
        elif m := LIST_GROUP.match(line):
            groups.append((m.group(1), True, []))
        elif (m := LIST_SHARE.match(line)) and groups:
            groups[-1][2].append((m.group(1), m.group(2)))
    count = 0
    names: list[str] = []
    for kept, moved, members in groups:
        count += len(members) - 1
        if moved:
            # a new body: its owner is the smallest member, as in ir_removed
            owner = min(n for n, _ in members)
            names += [n for n, _ in members if n != owner]
        else:
            names += [n for n, _ in members if n != kept]
    return Removal(count, sorted(names), 0, 0, [])


@dataclass
class Run:
    ok: bool
    removal: Optional[Removal]
    listing: Optional[Removal] = None


def run(cmd: list[str], stdout: Path, stderr: Path) -> bool:
    with stdout.open("w") as o, stderr.open("w") as e:
        return subprocess.run(cmd, stdout=o, stderr=e).returncode == 0


def verifies(path: Path) -> bool:
    return subprocess.run([OPT, "-passes=verify", "-disable-output", str(path)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0


def mergefunc_options(src: Path) -> list[str]:
    opts = set()
    for line in src.read_text(errors="replace").splitlines():
        if "RUN:" in line:
            opts.update(re.findall(r"-mergefunc-[a-z-]*", line))
    return sorted(opts)


def run_one(src: Path, base: Module, out: Path, stem: str, pipeline: Optional[str],
            plugin: Path, mf_opts: list[str]) -> dict[str, Run]:
    res: dict[str, Run] = {}
    pre = f"{pipeline}," if pipeline else ""
    o = out / f"{stem}.mergefunc.ll"
    ok = run([OPT, f"-passes={pre}mergefunc", *mf_opts, "-S", str(src), "-o", str(o)],
             out / f"{stem}.mergefunc.txt", out / f"{stem}.mergefunc.err") and verifies(o)
    res["mergefunc"] = Run(ok, ir_removed(base, parse_module(o.read_text())) if ok else None)
    for cfg, extra in CONFIGS.items():
        o = out / f"{stem}.{cfg}.ll"
        txt = out / f"{stem}.{cfg}.txt"
        ok = run([OPT, f"-load-pass-plugin={plugin}", f"-passes={pre}lto-merge-functions",
                  *extra, "-lto-merge-functions-print", "-S", str(src), "-o", str(o)],
                 txt, out / f"{stem}.{cfg}.err") and verifies(o)
        if not ok:
            print(f"FAILED: {stem} {cfg}", file=sys.stderr)
            res[cfg] = Run(False, None)
            continue
        r = ir_removed(base, parse_module(o.read_text()))
        lst = listing_removed(txt.read_text())
        if (r.count, r.removed) != (lst.count, lst.removed):
            print(f"listing differs: {stem} {cfg}: IR {r.count} {r.removed}, "
                  f"listing {lst.count} {lst.removed}", file=sys.stderr)
        res[cfg] = Run(True, r, lst)
    return res


def entry(mf: Run, ours: Run) -> str:
    if not ours.ok or ours.removal is None or mf.removal is None:
        return "ERR"
    a, b = mf.removal, ours.removal
    if a.count == 0 and b.count == 0 and not a.removed and not b.removed:
        return "0"
    if a.removed == b.removed and a.count == b.count:
        return "="
    d = b.count - a.count
    if d > 0:
        return f"+{d}"
    if d < 0:
        return f"{MINUS}{-d}"
    return "≠"


def describe_mf(mf: Run) -> str:
    if not mf.ok or mf.removal is None:
        return "ERR"
    if mf.removal.count == 0 and not mf.removal.removed:
        return "none"
    r = mf.removal
    new = ""
    if r.new_bodies:
        new = f"; {r.new_bodies} new bod{'y' if r.new_bodies == 1 else 'ies'}"
        if r.unused_new_bodies:
            new += ", unused" if r.unused_new_bodies == r.new_bodies else f", {r.unused_new_bodies} unused"
    return f"folds {r.count} ({', '.join(r.notes)}{new})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--llvm-test", type=Path, required=True,
                    help="LLVM 22's llvm/test directory")
    ap.add_argument("--plugin", type=Path, required=True, help="LTOMergeFunctions.so")
    ap.add_argument("--out", type=Path, required=True, help="directory for the outputs")
    args = ap.parse_args()
    t: Path = args.llvm_test.resolve()
    plugin: Path = args.plugin.resolve()
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)

    inputs: list[tuple[str, Path]] = []
    for f in sorted((t / "Transforms/MergeFunc").glob("*.ll")):
        inputs.append((f.name, f))
    for f in sorted((t / "Transforms/PhaseOrdering/X86").glob("merge-functions*.ll")):
        inputs.append((f"PhaseOrdering/X86/{f.name}", f))
    for rel in ("Feature/OperandBundles/merge-func.ll",
                "Transforms/SampleProfile/merge-function-attributes.ll"):
        f = t / rel
        if f.exists():
            inputs.append((rel.removeprefix("Transforms/"), f))
        else:
            print(f"missing input: {f}", file=sys.stderr)
    gold = t / "tools/gold/X86/merge-functions.ll"
    if gold.exists():
        linked = out / "gold-merge-functions.ll"
        subprocess.run([LLVM_LINK, "-S", str(gold), str(t / "tools/gold/X86/Inputs/merge-functions-foo.ll"),
                        "-o", str(linked)], check=True)
        inputs.append(("tools/gold/X86/merge-functions.ll", linked))
    else:
        print(f"missing input: {gold}", file=sys.stderr)

    summary: dict[str, dict[str, object]] = {}
    rows: list[str] = ["| test | mergefunc | ours (safe/all/similar/aligned) |", "|---|---|---|"]
    for label, src in inputs:
        stem = label.replace("/", "-").removesuffix(".ll")
        mf_opts = mergefunc_options(src if "gold" not in label else gold)
        passes = [("alone", None, src)]
        if label.startswith("PhaseOrdering/"):
            o3 = out / f"{stem}.O3.ll"
            subprocess.run([OPT, "-passes=default<O3>", "-S", str(src), "-o", str(o3)], check=True)
            passes.append(("after O3", "default<O3>", o3))
        mf_cells: list[str] = []
        our_cells: list[str] = []
        for when, pipeline, base_path in passes:
            base = parse_module(base_path.read_text())
            s = stem if pipeline is None else f"{stem}.O3"
            res = run_one(src, base, out, s, pipeline, plugin, mf_opts)
            cells = " / ".join(entry(res["mergefunc"], res[c]) for c in CONFIGS)
            prefix = f"{when}: " if len(passes) > 1 else ""
            mf_cells.append(prefix + describe_mf(res["mergefunc"]))
            our_cells.append(prefix + cells)
            summary[f"{label} {when}"] = {
                k: (None if not v.ok or v.removal is None else
                    {"count": v.removal.count, "removed": v.removal.removed,
                     **({"notes": v.removal.notes} if k == "mergefunc" else {}),
                     **({"listing": {"count": v.listing.count, "removed": v.listing.removed}}
                        if v.listing else {})})
                for k, v in res.items()}
        rows.append(f"| {label} | {'; '.join(mf_cells)} | {'; '.join(our_cells)} |")
    (out / "summary.json").write_text(json.dumps(summary, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
