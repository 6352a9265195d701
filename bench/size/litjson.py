# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A size-harness run as lit's JSON results, one file per configuration.

The LLVM test-suite's tools read what ``lit -o results.json`` writes:
``utils/compare.py`` (and LNT) take a file whose ``tests`` list holds, per
test, its ``name``, its result ``code`` (``PASS``, ``FAIL``...) and its
``metrics``, a map from metric name to number. Writing each configuration
of a run in that form lets a compiler engineer compare our links as they
compare any two test-suite runs::

    utils/compare.py <stem>.lit/plain.json <stem>.lit/ours-safe.json -m size..text

The file's name is the configuration's, because compare.py names each
column after its file. Metrics, named as the test-suite names its own
where it has one:

- ``size..text`` and ``size``: the ``.text`` section and the file, in
  bytes (the test-suite's ``codesize`` module names them so);
- ``lmf.link_time``: the link's wall time in seconds (the median of the
  harness's links when it timed several); the test-suite's own
  ``link_time`` is the link's user time, which a ThinLTO link's threads
  add up, so ours has a name of its own;
- ``lmf.merge_time`` and ``lmf.functions_folded``: the merge phase's time
  (for ThinLTO the sum over the backends) and the functions folded, from
  our report, in the configurations that merge.

A test-suite run (``lmf_size.py testsuite``) keeps each test's lit name and
every metric lit measured (compile time, the test-suite's link time, hash,
and the sizes, which equal ours); a corpus run's tests are named
``lmf-size :: <corpus>/<program>``, PASS when the program's output is the
expected one. A link that failed has no metrics.
"""

import json
import os

# What a harness record holds -> the metric lit's JSON gets.
METRICS = (
    ("text_bytes", "size..text"),
    ("file_bytes", "size"),
    ("link_seconds", "lmf.link_time"),
    ("merge_seconds", "lmf.merge_time"),
    ("functions_folded", "lmf.functions_folded"),
)


def _test(program, rec):
    name = rec.get("lit_name") or \
        f"lmf-size :: {program['corpus']}/{program['program']}"
    if rec.get("lit"):
        code = rec["lit"]
    else:
        code = "PASS" if rec.get("verdict") == "same" else "FAIL"
    test = {"name": name, "code": code, "output": rec.get("error") or "",
            "elapsed": rec.get("link_seconds")}
    if rec.get("error") or rec.get("text_bytes") is None:
        return test
    metrics = dict(rec.get("lit_metrics") or {})
    for key, metric in METRICS:
        if rec.get(key) is not None:
            metrics.setdefault(metric, rec[key])
    test["metrics"] = metrics
    return test


def lit_results(run, config):
    """The lit JSON results of one configuration of a run."""
    tests = [_test(p, p["results"][config]) for p in run["programs"]
             if config in p["results"]]
    return {"tests": sorted(tests, key=lambda t: t["name"])}


def write(run, outdir):
    """Writes <outdir>/<configuration>.json for every configuration of the
    run; returns the paths."""
    os.makedirs(outdir, exist_ok=True)
    paths = []
    for config in run["configs"]:
        path = os.path.join(outdir, f"{config}.json")
        with open(path, "w") as f:
            json.dump(lit_results(run, config), f, indent=2, sort_keys=True)
            f.write("\n")
        paths.append(path)
    return paths
