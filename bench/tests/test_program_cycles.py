#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of the run-time table (bench/size/program_cycles.py)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "size"))

import program_cycles  # noqa: E402


def sample(cycles, instructions, ms):
    return {"cycles:u": cycles, "instructions:u": instructions,
            "task-clock": ms}


PROGS = [("long", "d/long"), ("short", "d/short")]


class SummarizeTest(unittest.TestCase):
    def setUp(self):
        # The base runs long at 100 cycles (median of 90, 100, 130) and
        # short at 10; the other configuration is 10% slower on long and
        # as fast on short, with 1% more instructions on both.
        self.samples = {
            "base": {"long": [sample(c, 1000, 2000) for c in (130, 90, 100)],
                     "short": [sample(10, 100, 5)] * 3},
            "other": {"long": [sample(110, 1010, 2000)] * 3,
                      "short": [sample(10, 101, 5)] * 3}}

    def test_medians_per_event(self):
        med, _ = program_cycles.summarize(self.samples, ["base", "other"],
                                          PROGS)
        self.assertEqual(med["base"]["long"]["cycles:u"], 100)
        self.assertEqual(med["other"]["short"]["instructions:u"], 101)

    def test_rows_are_ratios_to_the_first_configuration(self):
        _, table = program_cycles.summarize(self.samples, ["base", "other"],
                                            PROGS)
        self.assertIn("| long | 0 | +10.00% | +1.00% |", table)
        self.assertIn("| short | 0 | +0.00% | +1.00% |", table)

    def test_geomeans_over_all_and_over_long_runs(self):
        _, table = program_cycles.summarize(self.samples, ["base", "other"],
                                            PROGS)
        # sqrt(1.10 * 1.00) = 1.0488; the long runs alone: 1.10.
        self.assertIn("| geomean (2) |  | **+4.88%** | **+1.00%** |", table)
        self.assertIn("| geomean, runs >= 1 s (1) |  | **+10.00%** | "
                      "**+1.00%** |", table)


if __name__ == "__main__":
    unittest.main()
