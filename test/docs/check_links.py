#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that every relative link of the project's Markdown resolves.

Reads README.md, docs/ and bench/ (the notebook, RESULTS.md, the harness
guides) and, for every link `[text](target)` whose target is a path (not
a URL, not an anchor of the same page), checks that the file or folder it
names exists. Anchors are not checked: a heading may be renamed; a file
moved is what breaks a reader's way to a run or a measurement.

Usage: check_links.py [ROOT]   (ROOT: the source tree, default ../..)
Prints every link that names nothing and exits 1, or exits 0.
"""

import os
import re
import sys

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
TOPS = ["README.md", "docs", "bench"]


def markdown_files(root):
    for top in TOPS:
        path = os.path.join(root, top)
        if os.path.isfile(path):
            yield path
        for dirpath, _, names in os.walk(path):
            for name in sorted(names):
                if name.endswith(".md"):
                    yield os.path.join(dirpath, name)


def broken_links(root, path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    found = []
    for target in LINK.findall(text):
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        file_part = target.split("#", 1)[0]
        resolved = os.path.normpath(os.path.join(os.path.dirname(path),
                                                 file_part))
        if not os.path.exists(resolved):
            found.append(f"{os.path.relpath(path, root)}: ({target}) names "
                         "nothing")
    return found


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    files = list(markdown_files(root))
    problems = [p for f in files for p in broken_links(root, f)]
    for p in problems:
        print(p)
    print(f"{len(files)} Markdown files, {len(problems)} broken links")
    return 1 if problems or not files else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
