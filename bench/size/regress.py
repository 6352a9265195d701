# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Regression check of a size-harness run against a stored baseline run.

A program regresses when, in any configuration both runs have, its ``.text``
grew by more than ``threshold`` percent over the baseline, or its smoke
output is not the expected one, or differs from the baseline's (compared by
hash). Programs or configurations missing from the current run are reported
too, as regressions: a harness that silently measures less is not green.
Runs of different kinds of LTO (full LTO and ThinLTO) are not compared at
all: that is one problem, named.
"""


def _index(run):
    return {(p["program"], c): r
            for p in run["programs"] for c, r in p["results"].items()}


def compare(baseline, current, threshold_pct):
    """Returns a list of human-readable problems (empty: no regression)."""
    kinds = baseline.get("lto", "full"), current.get("lto", "full")
    if kinds[0] != kinds[1]:
        return [f"the baseline is a {kinds[0]} LTO run, the current run "
                f"{kinds[1]} LTO: compare runs of the same kind"]
    problems = []
    base, cur = _index(baseline), _index(current)
    for (program, config), b in sorted(base.items()):
        c = cur.get((program, config))
        where = f"{program} [{config}]"
        if c is None:
            problems.append(f"{where}: missing from the current run")
            continue
        if c.get("error"):
            problems.append(f"{where}: {c['error'].splitlines()[0]}")
            continue
        bt, ct = b.get("text_bytes"), c.get("text_bytes")
        if bt and ct is not None and ct > bt * (1 + threshold_pct / 100):
            problems.append(f"{where}: .text grew {bt} -> {ct} bytes "
                            f"({(ct / bt - 1) * 100:+.2f}%, threshold "
                            f"{threshold_pct}%)")
        if c.get("verdict") != "same":
            problems.append(f"{where}: smoke output {c.get('verdict')}")
        elif b.get("smoke_sha256") and c.get("smoke_sha256") != b["smoke_sha256"]:
            problems.append(f"{where}: smoke output differs from the baseline")
    return problems
