#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of the regression comparison (bench/size/regress.py)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "size"))

import regress  # noqa: E402


def run(text, verdict="same", sha="a", programs=("p",)):
    return {"programs": [{"program": p, "results": {
        "plain": {"text_bytes": 1000, "verdict": "same", "smoke_sha256": "a"},
        "ours-safe": {"text_bytes": text, "verdict": verdict,
                      "smoke_sha256": sha}}} for p in programs]}


class CompareTest(unittest.TestCase):
    def test_same_run_passes(self):
        self.assertEqual(regress.compare(run(900), run(900), 0.5), [])

    def test_growth_within_threshold_passes(self):
        self.assertEqual(regress.compare(run(900), run(904), 0.5), [])

    def test_growth_beyond_threshold_names_program(self):
        problems = regress.compare(run(900), run(910), 0.5)
        self.assertEqual(len(problems), 1)
        self.assertIn("p [ours-safe]: .text grew 900 -> 910", problems[0])

    def test_shrinking_passes(self):
        self.assertEqual(regress.compare(run(900), run(800), 0.5), [])

    def test_changed_smoke_fails(self):
        problems = regress.compare(run(900), run(900, verdict="changed"), 0.5)
        self.assertEqual(problems, ["p [ours-safe]: smoke output changed"])

    def test_smoke_differs_from_baseline_fails(self):
        problems = regress.compare(run(900), run(900, sha="b"), 0.5)
        self.assertIn("differs from the baseline", problems[0])

    def test_missing_program_fails(self):
        problems = regress.compare(run(900, programs=("p", "q")), run(900), 0.5)
        self.assertTrue(any("q [plain]: missing" in p for p in problems))

    def test_every_regressed_program_is_named(self):
        problems = regress.compare(run(900, programs=("p", "q")),
                                   run(990, programs=("p", "q")), 0.5)
        self.assertEqual(len(problems), 2)

    def test_other_lto_kind_is_refused(self):
        thin = dict(run(900), lto="thin")
        problems = regress.compare(run(900), thin, 0.5)
        self.assertEqual(len(problems), 1)
        self.assertIn("full LTO run, the current run thin LTO", problems[0])
        self.assertEqual(regress.compare(thin, dict(thin), 0.5), [])


if __name__ == "__main__":
    unittest.main()
