#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that every #include of the project follows core/'s stage order.

core/ is built by layer (core/CMakeLists.txt). A file may include the
headers of its own layer and of the layers below it (MAY_INCLUDE), never of
a layer above or beside it: the three merging stages (identical, similar,
aligned) are siblings over the rewriting layer, and none includes another.
The public vocabulary at core/'s top level (options, actions, names,
results, remarks, the stage interface, the task runner) is at the bottom,
since every layer speaks it, and core/'s entry points (mergeModule, the
report, the cross-module interface) at the top. Outside core/, the linker,
the plugin, parallel/ and bench/ use only core/'s top-level headers; the
tests may reach any header, since they test stages one by one.

Usage: check_layering.py [ROOT]   (ROOT: the source tree, default ../..)
Prints every include that breaks the order and exits 1, or exits 0.
"""

import os
import re
import sys

# core/'s layers, each with the layers it may include besides itself.
BELOW_STAGES = ["vocabulary", "equality", "facts", "rewrite"]
MAY_INCLUDE = {
    "vocabulary": [],
    "equality": ["vocabulary"],
    "facts": ["vocabulary", "equality"],
    "rewrite": ["vocabulary", "equality", "facts"],
    "identical": BELOW_STAGES,
    "similar": BELOW_STAGES,
    "aligned": BELOW_STAGES,
    "crossmodule": BELOW_STAGES + ["identical", "similar"],
    "entry": BELOW_STAGES + ["identical", "similar", "aligned",
                             "crossmodule"],
}
STAGES = list(MAY_INCLUDE)
# core/'s top-level headers that every layer may include.
VOCABULARY = {"MergeActions", "MergeNames", "MergeOptions", "MergeRemarks",
              "MergeResult", "MergeStage", "OptionRow", "PhaseTimer",
              "ReportSections", "StageStatistics",
              "TaskRunner"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"core/([A-Za-z/]+)\.h"', re.M)


def stage_of_core_path(rel):
    """The stage of a path below core/ (without extension), or None."""
    parts = rel.split("/")
    if len(parts) == 1:
        return "vocabulary" if parts[0] in VOCABULARY else "entry"
    if len(parts) == 2 and parts[0] in STAGES:
        return parts[0]
    return None


def problems_in(root, path):
    rel = os.path.relpath(path, root)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = []
    if rel.startswith("core/"):
        own = stage_of_core_path(os.path.splitext(rel[len("core/"):])[0])
        if own is None:
            return [f"{rel}: not in a stage folder of core/ ({', '.join(STAGES[1:-1])})"]
        for target in INCLUDE.findall(text):
            stage = stage_of_core_path(target)
            if stage is None:
                found.append(f"{rel}: includes core/{target}.h, which is in no stage")
            elif stage != own and stage not in MAY_INCLUDE[own]:
                found.append(f"{rel} ({own}) includes core/{target}.h ({stage}), "
                             "a layer it may not include")
    else:
        for target in INCLUDE.findall(text):
            if "/" in target:
                found.append(f"{rel}: includes core/{target}.h; outside core/ "
                             "only core/'s top-level headers are public")
    return found


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    checked = ["core", "linkplugin", "parallel", "bench"]
    problems, files = [], 0
    for top in checked:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith((".h", ".cpp")):
                    files += 1
                    problems += problems_in(root, os.path.join(dirpath, name))
    for p in problems:
        print(p)
    if files == 0:
        print(f"no sources found under {root}")
        return 1
    print(f"{files} files, {len(problems)} includes out of layer order")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
