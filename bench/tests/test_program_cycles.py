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


class CountersTest(unittest.TestCase):
    def test_cachegrind_starts_the_program_not_the_wrapper(self):
        script = ("set -x;{ /b/tools/timeit-target --timeout 7200 "
                  "--summary /b/d/Output/kc.test.time /b/d/kc -f test "
                  "inputs/f3.k; }")
        text = program_cycles.under_cachegrind(script, "/b/d/kc", "/b/d/o")
        self.assertIn(" valgrind --tool=cachegrind --cache-sim=no "
                      "--cachegrind-out-file=/b/d/o /b/d/kc -f test", text)
        self.assertTrue(text.startswith("set -x;{ /b/tools/timeit-target"))
        self.assertIsNone(program_cycles.under_cachegrind(script, "/b/d/x",
                                                          "/b/d/o"))
        # A program with no arguments ends its command (bullet's script).
        bare = "set -x;{ /b/tools/timeit-target --chdir /b/d /b/d/bullet; }"
        text = program_cycles.under_cachegrind(bare, "/b/d/bullet", "/b/d/o")
        self.assertTrue(text.endswith(
            "--cachegrind-out-file=/b/d/o /b/d/bullet; }"))
        self.assertIn("--chdir /b/d valgrind", text)

    def test_qemu_plugin_goes_to_the_emulator(self):
        script = ("set -x;{ /b/tools/timeit --chdir /b/d --summary "
                  "/b/d/Output/kc.test.time qemu-aarch64 -L "
                  "/usr/aarch64-linux-gnu /b/d/kc -f test; }")
        text = program_cycles.under_qemu_plugin(script, "/p/c.so", "/b/d/n",
                                                "/b/d/kc", "x86_64")
        self.assertIn(" qemu-aarch64 -plugin /p/c.so,out=/b/d/n -L "
                      "/usr/aarch64-linux-gnu /b/d/kc -f test", text)
        self.assertNotIn("qemu-x86_64", text)
        # A native program runs under the host's own emulator.
        text = program_cycles.under_qemu_plugin(
            "set -x;{ /b/tools/timeit /b/d/kc -f test; }", "/p/c.so", "/o",
            "/b/d/kc", "x86_64")
        self.assertIn(" qemu-x86_64 -plugin /p/c.so,out=/o /b/d/kc -f test",
                      text)
        self.assertIsNone(program_cycles.under_qemu_plugin(
            "set -x;{ /b/tools/timeit /b/d/kc -f test; }", "/p/c.so", "/o",
            "/b/d/x", "x86_64"))

    def test_qemu_count(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write("instructions 2092091\n")
        try:
            self.assertEqual(program_cycles.qemu_instructions(f.name),
                             2092091.0)
            self.assertIsNone(program_cycles.qemu_instructions(f.name + "x"))
        finally:
            os.unlink(f.name)

    def test_cachegrind_total(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write("desc: --cache-sim=no\ncmd: kc\nevents: Ir\n"
                    "fl=a.c\nfn=main\n1 5\nsummary: 123456789\n")
        try:
            self.assertEqual(program_cycles.cachegrind_instructions(f.name),
                             123456789.0)
        finally:
            os.unlink(f.name)

    def test_instruction_table_and_time_spread(self):
        ins = {"base": {"long": [{"instructions": 4e9}],
                        "short": [{"instructions": 1e6}]},
               "other": {"long": [{"instructions": 4.04e9}],
                         "short": [{"instructions": 1e6}]}}
        _, table = program_cycles.summarize(ins, ["base", "other"], PROGS,
                                            "cachegrind")
        self.assertIn("| long | 4000 | +1.00% |", table)
        self.assertIn("| geomean, runs >= 1 s (1) |  | **+1.00%** |", table)
        secs = {"base": {"long": [{"seconds": s} for s in (2.0, 2.2, 2.1)],
                         "short": [{"seconds": 0.1}] * 3},
                "other": {"long": [{"seconds": s} for s in (2.3, 2.1, 2.2)],
                          "short": [{"seconds": 0.1}] * 3}}
        _, table = program_cycles.summarize(secs, ["base", "other"], PROGS,
                                            "time")
        self.assertIn("| long | 2.10 | +4.76% |", table)
        self.assertIn("| long | 2.00..2.20 | 2.10..2.30 |", table)


if __name__ == "__main__":
    unittest.main()
