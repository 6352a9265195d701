# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a lit JSON results file must hold for the test-suite's tools.

The size harness writes lit's JSON results (bench/size/litjson.py) for the
LLVM test-suite's ``utils/compare.py`` to read. CI has no test-suite
checkout, and nothing of it is copied here, so this module states the
format those readers rely on, as lit 22 writes it
(``lit/reports.py``, ``JsonReport``) and compare.py reads it
(``read_lit_json``): a top-level ``tests`` list; per test a ``name``, unique
in the file (compare.py stops on a duplicate), a result ``code`` lit knows,
an ``output`` string and an ``elapsed`` number or null; ``metrics``, when
present, a map from metric name to a finite number (lit's ``hash`` metric,
a string, is the one exception). ``problems(data)`` lists what is wrong.
"""

import math

LIT_CODES = {"PASS", "FLAKYPASS", "XFAIL", "XPASS", "FAIL", "UNRESOLVED",
             "UNSUPPORTED", "TIMEOUT", "SKIPPED", "EXCLUDED"}


def _number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) \
        and math.isfinite(value)


def _test_problems(i, test, names):
    if not isinstance(test, dict):
        return [f"tests[{i}] is not an object"]
    out = []
    name = test.get("name")
    if not isinstance(name, str) or " :: " not in name:
        out.append(f"tests[{i}]: name {name!r} is not '<suite> :: <path>'")
    elif name in names:
        out.append(f"tests[{i}]: name {name!r} is not unique")
    names.add(name)
    if test.get("code") not in LIT_CODES:
        out.append(f"tests[{i}]: code {test.get('code')!r} is not lit's")
    if not isinstance(test.get("output", ""), str):
        out.append(f"tests[{i}]: output is not a string")
    elapsed = test.get("elapsed")
    if elapsed is not None and not _number(elapsed):
        out.append(f"tests[{i}]: elapsed {elapsed!r} is not a number")
    metrics = test.get("metrics", {})
    if not isinstance(metrics, dict):
        return out + [f"tests[{i}]: metrics is not an object"]
    for key, value in metrics.items():
        ok = isinstance(value, str) if key == "hash" else _number(value)
        if not ok:
            out.append(f"tests[{i}]: metric {key} = {value!r} is not a "
                       f"{'string' if key == 'hash' else 'finite number'}")
    return out


def problems(data):
    """What keeps compare.py from reading data as lit's results (empty when
    nothing does)."""
    if not isinstance(data, dict) or not isinstance(data.get("tests"), list):
        return ["no top-level 'tests' list"]
    version = data.get("__version__", [])
    out = []
    if not isinstance(version, list) or \
            not all(isinstance(v, int) for v in version):
        out.append(f"__version__ {version!r} is not a list of integers")
    names = set()
    for i, test in enumerate(data["tests"]):
        out += _test_problems(i, test, names)
    return out
