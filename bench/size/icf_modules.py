#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What ``--icf`` folds after our merger in a ThinLTO link, module by module.

Input: the ``--print-icf-sections`` output of a ThinLTO link with
``--lto-merge-functions`` and ``--icf``, and the binary that link wrote. In
such a link every backend's object is named ``<out>.lto.<input>.o``, so each
folded section says which ThinLTO module (input file) it came from. A fold
is *cross-module* when the removed section and the section kept come from
different modules, *same-module* otherwise; sections of non-LTO objects
(crt files, assembly) are counted apart.

Each removed ``.text`` section is sized by its function's symbol in the
binary (ICF keeps the symbol, pointing into the section kept) and sorted
into kinds by the symbol's linkage in its input bitcode (``llvm-nm`` of the
module's input file; the thin link internalizes most symbols, so the
binary's letters do not tell):

- ``template``: a C++ template instantiation (``<`` in the demangled name
  before the parameter list), whatever its linkage;
- ``inline``: a weak symbol in the input that is not a template (inline
  functions, implicit members: ``linkonce_odr`` in IR);
- ``static``: a local symbol in the input (static functions, anonymous
  namespaces); ``promoted`` counts those the binary has with a
  ``.llvm.<hash>`` suffix (ThinLTO promoted them for importing);
- ``external``: a global, non-weak symbol in the input;
- ``unknown``: the input file could not be read (relative paths are
  resolved against ``--cwd``, the directory the link ran in).

``global-in-binary`` counts the removed functions whose symbol is still
global in the binary (the thin link did not internalize them: another
module or a non-LTO object refers to them, or they are exported).

Usage: icf_modules.py ICF-LOG BINARY [--cwd DIR] [--json FILE] [--top N]
"""

import argparse
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

TOOLS = "/usr/lib/llvm-22/bin"
LINE = re.compile(r"^(\s*)(selected|removing identical) section (.*):\((.*)\)$")
KINDS = ("template", "inline", "static", "external", "unknown")


def parse_log(path):
    """Yields (kept, removed) pairs of (file, section) from an ICF log."""
    kept = None
    with open(path) as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if not m:
                continue
            where = (m.group(3), m.group(4))
            if m.group(2) == "selected":
                kept = where
            elif kept:
                yield kept, where


def module_of(path):
    """The input file of a ThinLTO backend object, <dir>/<out>.lto.<input>,
    or None for a non-LTO object."""
    base = os.path.basename(path)
    m = re.match(r"^.*?\.lto\.(.*)$", base)
    return os.path.join(os.path.dirname(path), m.group(1)) if m else None


def symbols(binary):
    """name -> (nm type letter, size) for every function symbol."""
    out = subprocess.run([f"{TOOLS}/llvm-nm", "-S", "--defined-only", binary],
                         capture_output=True, text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            table.setdefault(parts[3], (parts[2], int(parts[1], 16)))
    return table


_INPUTS = {}


def input_letter(module, symbol, cwd):
    """The nm letter of a symbol in its input bitcode ('?' if unknown)."""
    module = os.path.join(cwd, module)
    if module not in _INPUTS:
        proc = subprocess.run([f"{TOOLS}/llvm-nm", "--defined-only", module],
                              capture_output=True, text=True)
        _INPUTS[module] = {p[-1]: p[-2] for p in
                           (line.split() for line in proc.stdout.splitlines())
                           if len(p) >= 2}
    return _INPUTS[module].get(symbol.split(".llvm.")[0], "?")


def demangle(names):
    if not names:
        return {}
    proc = subprocess.run([f"{TOOLS}/llvm-cxxfilt"], input="\n".join(names),
                          capture_output=True, text=True, check=True)
    return dict(zip(names, proc.stdout.splitlines()))


def is_template(demangled):
    """'<' in the name part, not in an operator's name."""
    name = demangled.split("(", 1)[0]
    name = re.sub(r"operator(<<=|<<|<=>|<=|<|->\*|->)", "operator", name)
    return "<" in name


def kind_of(letter, demangled):
    if letter == "?":
        return "unknown"
    if is_template(demangled):
        return "template"
    if letter in "wWvV":
        return "inline"
    return "static" if letter.islower() else "external"


# Code generation puts cold, hot and startup functions in
# .text.unlikely.<name>, .text.hot.<name>, .text.startup.<name>...
PREFIXES = ("unlikely.", "hot.", "startup.", "exit.", "split.")


def function_of(section, syms):
    """The function of a section; a body our merger moved to a copy of its
    own (<survivor>.lmf.body; .L<survivor>.lmf.body, with no symbol, before
    2026-11-28) counts as its survivor's."""
    name = section[len(".text."):]
    m = re.match(r"^(?:\.L)?(.*)\.lmf\.body$", name)
    if m:
        name = m.group(1)
    if name not in syms:
        for prefix in PREFIXES:
            if name.startswith(prefix) and name[len(prefix):] in syms:
                return name[len(prefix):]
    return name


def analyse(log, binary, cwd="."):
    syms = symbols(binary)
    folds = []
    for (kfile, ksec), (rfile, rsec) in parse_log(log):
        if not rsec.startswith(".text."):
            continue
        name = function_of(rsec, syms)
        kmod, rmod = module_of(kfile), module_of(rfile)
        where = ("non-lto" if kmod is None or rmod is None else
                 "same-module" if kmod == rmod else "cross-module")
        letter, size = syms.get(name, ("?", 0))
        folds.append({"removed": name, "kept": function_of(ksec, syms),
                      "removed_module": rmod, "kept_module": kmod,
                      "where": where, "nm": letter, "bytes": size})
    names = demangle(sorted({f["removed"] for f in folds} |
                            {f["kept"] for f in folds}))
    for f in folds:
        f["removed_demangled"] = names.get(f["removed"], f["removed"])
        f["kept_demangled"] = names.get(f["kept"], f["kept"])
        letter = input_letter(f["removed_module"], f["removed"], cwd) \
            if f["removed_module"] else f["nm"]
        f["input_nm"] = letter
        f["kind"] = kind_of(letter, f["removed_demangled"])
        f["promoted"] = ".llvm." in f["removed"]
    return folds


def summary(folds):
    table = defaultdict(lambda: [0, 0])
    for f in folds:
        for key in ((f["where"], f["kind"]), (f["where"], "all")):
            table[key][0] += 1
            table[key][1] += f["bytes"]
        if f["promoted"]:
            table[(f["where"], "promoted")][0] += 1
            table[(f["where"], "promoted")][1] += f["bytes"]
        if f["nm"] in "TWw":
            table[(f["where"], "global-in-binary")][0] += 1
            table[(f["where"], "global-in-binary")][1] += f["bytes"]
    return {f"{w}/{k}": {"folds": n, "bytes": b}
            for (w, k), (n, b) in sorted(table.items())}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("log", help="--print-icf-sections output")
    p.add_argument("binary", help="the binary of that link")
    p.add_argument("--cwd", default=".",
                   help="the directory the link ran in (for relative inputs)")
    p.add_argument("--json", help="write every fold and the summary here")
    p.add_argument("--top", type=int, default=10,
                   help="print the N largest folds of each kind of place")
    args = p.parse_args()
    folds = analyse(args.log, args.binary, args.cwd)
    summ = summary(folds)
    print(f"{'place/kind':32} {'folds':>6} {'bytes':>8}")
    for key, v in summ.items():
        print(f"{key:32} {v['folds']:6} {v['bytes']:8}")
    for where in ("cross-module", "same-module"):
        some = sorted((f for f in folds if f["where"] == where),
                      key=lambda f: (-f["bytes"], f["removed"]))[:args.top]
        if some:
            print(f"\nlargest {where} folds:")
        for f in some:
            print(f"  {f['bytes']:6} {f['kind']:9} "
                  f"{os.path.basename(f['removed_module'])} "
                  f"{f['removed_demangled'][:90]}\n"
                  f"         -> {os.path.basename(f['kept_module'])} "
                  f"{f['kept_demangled'][:90]}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summ, "folds": folds}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
