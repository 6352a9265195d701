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

# core/'s layers, each with the layers it may include besides itself. Every
# other folder of core/ is a merging stage (MergeStage.h): it may include the
# layers below the stages and nothing beside them, so that a new stage's
# folder needs no line here.
BELOW_STAGES = ["vocabulary", "equality", "facts", "rewrite"]
MAY_INCLUDE = {
    "vocabulary": [],
    "equality": ["vocabulary"],
    "facts": ["vocabulary", "equality"],
    "rewrite": ["vocabulary", "equality", "facts"],
    # Folding across ThinLTO modules plans identical and similar classes.
    "crossmodule": BELOW_STAGES + ["identical", "similar"],
}
ABOVE_STAGES = ["crossmodule", "entry"]


def stage_folders(root):
    """The folders of core/ that are stages: every one not a fixed layer."""
    core = os.path.join(root, "core")
    if not os.path.isdir(core):
        return []
    return sorted(d for d in os.listdir(core)
                  if os.path.isdir(os.path.join(core, d))
                  and d not in MAY_INCLUDE)


def layers(root):
    """Each layer of the tree at root with what it may include."""
    found = dict(MAY_INCLUDE)
    stages = stage_folders(root)
    for stage in stages:
        found[stage] = BELOW_STAGES
    found["entry"] = BELOW_STAGES + stages + ["crossmodule"]
    return found


# core/'s top-level headers that every layer may include.
VOCABULARY = {"MergeActions", "MergeNames", "MergeOptions", "MergeRemarks",
              "MergeResult", "MergeStage", "OptionRow", "PhaseTimer",
              "ReportSections", "StageStatistics",
              "TaskRunner"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"core/([A-Za-z/]+)\.h"', re.M)


def stage_of_core_path(rel, known):
    """The layer of a path below core/ (without extension), or None."""
    parts = rel.split("/")
    if len(parts) == 1:
        return "vocabulary" if parts[0] in VOCABULARY else "entry"
    if len(parts) == 2 and parts[0] in known:
        return parts[0]
    return None


def problems_in(root, path, known):
    rel = os.path.relpath(path, root)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = []
    if rel.startswith("core/"):
        own = stage_of_core_path(os.path.splitext(rel[len("core/"):])[0], known)
        if own is None:
            folders = [k for k in known if k not in ("vocabulary", "entry")]
            return [f"{rel}: not in a layer folder of core/ ({', '.join(folders)})"]
        for target in INCLUDE.findall(text):
            stage = stage_of_core_path(target, known)
            if stage is None:
                found.append(f"{rel}: includes core/{target}.h, which is in no layer")
            elif stage != own and stage not in known[own]:
                found.append(f"{rel} ({own}) includes core/{target}.h ({stage}), "
                             "a layer it may not include")
    else:
        for target in INCLUDE.findall(text):
            if "/" in target:
                found.append(f"{rel}: includes core/{target}.h; outside core/ "
                             "only core/'s top-level headers are public")
    return found


def stage_list_problems(root):
    """Every stage folder is in the stage list (mergeStages() in
    MergeModule.cpp) and in core/CMakeLists.txt's LMF_STAGES, and nothing
    else is; trees without those files (the controls) are not checked."""
    entry = os.path.join(root, "core", "MergeModule.cpp")
    cmake = os.path.join(root, "core", "CMakeLists.txt")
    if not (os.path.exists(entry) and os.path.exists(cmake)):
        return []
    with open(entry, encoding="utf-8") as f:
        listed = re.findall(r"&(\w+)Stage\(\)", f.read())
    with open(cmake, encoding="utf-8") as f:
        built = re.search(r"set\(LMF_STAGES ([^)]*)\)", f.read())
    built = built.group(1).split() if built else []
    folders = stage_folders(root)
    found = []
    for name, where in ((listed, "mergeStages() in core/MergeModule.cpp"),
                        (built, "LMF_STAGES in core/CMakeLists.txt")):
        if sorted(name) != folders:
            found.append(f"the stages of {where} ({', '.join(name)}) are not "
                         f"core/'s stage folders ({', '.join(folders)})")
    if listed != built:
        found.append("mergeStages() and LMF_STAGES list the stages in "
                     "different orders")
    return found


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    checked = ["core", "linkplugin", "parallel", "bench"]
    known = layers(root)
    problems, files = [], 0
    for top in checked:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for name in sorted(names):
                if name.endswith((".h", ".cpp")):
                    files += 1
                    problems += problems_in(root, os.path.join(dirpath, name),
                                        known)
    problems += stage_list_problems(root)
    for p in problems:
        print(p)
    if files == 0:
        print(f"no sources found under {root}")
        return 1
    print(f"{files} files, {len(problems)} layering problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
