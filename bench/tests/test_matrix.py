#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of the CTMark matrix (bench/size/cells.py, estimates.py,
matrix_checks.py, matrix_report.py, matrix.py and the test-suite commands
of testsuite.py): cells and roles, the cross-build options, the report's
estimates, targets (a)-(d) with their failures in bytes, estimated against
measured savings, output checks, the Markdown, joining cell files and the
comparison of two matrices. No test-suite, network or linker needed."""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))), "size"))

import cells  # noqa: E402
import estimates  # noqa: E402
import matrix  # noqa: E402
import matrix_checks as checks  # noqa: E402
import matrix_report  # noqa: E402
import testsuite  # noqa: E402
from configs import BY_NAME  # noqa: E402

FULL = cells.Cell("x86_64", "O3", "full")
THIN = cells.Cell("aarch64", "Oz", "thin")


def module_report(folded=3, similar=None, groups=2):
    r = {"schema": estimates.MODULE_SCHEMA, "functions_folded": folded,
         "groups": [{}] * groups, "time_seconds": {"total": 0.1}}
    if similar is not None:
        r["similar"] = {"classes_merged": len(similar),
                        "functions_merged": 2 * len(similar),
                        "estimated_bytes_saved": sum(similar)}
    return r


def thin_report(modules, cross=None):
    r = {"schema": estimates.THIN_SCHEMA, "modules": modules,
         "functions_folded": sum(m["functions_folded"] for m in modules),
         "time_seconds": {"total": 0.2}}
    if cross is not None:
        r["cross_module"] = cross
    return r


def rec(text, lit="PASS", est=None, error=None):
    return {"text_bytes": text, "lit": lit, "verdict": "same",
            "estimates": est, "error": error}


def cell_run(cell, rows, configs=None):
    """rows: program -> {role: text bytes or rec}."""
    names = configs or [cell.config_of(r) for r in cells.ROLES]
    programs = []
    for prog, by_role in rows.items():
        results = {}
        for role, value in by_role.items():
            results[cell.config_of(role)] = value if isinstance(value, dict) \
                else rec(value)
        programs.append({"program": prog, "results": results})
    return {"schema": "lmf-size/1", "lto": cell.lto, "configs": names,
            "programs": programs, "date": "d", "command": "c",
            "machine": {"cpu": "cpu", "cores": 2, "system": "Linux"},
            "linker": "ld.lld"}


def good(plain=1000):
    """A program meeting every target."""
    k = plain // 1000
    return {"plain": plain, "icf": plain - 10 * k, "gmf+icf": plain - 20 * k,
            "outliner+icf": plain - 50 * k, "gmf+outliner+icf": plain - 60 * k,
            "ours-safe": plain - 10 * k, "ours-similar": plain - 30 * k,
            "smallest": plain - 80 * k}


class CellsTest(unittest.TestCase):
    def test_default_matrix_is_the_issues_eight_cells(self):
        names = [c.name for c in cells.select_cells()]
        self.assertEqual(len(names), 8)
        self.assertIn("x86_64-O3-full", names)
        self.assertIn("aarch64-Oz-thin", names)
        self.assertFalse(any(n.startswith("riscv64") for n in names))

    def test_subsets_and_named_cells(self):
        self.assertEqual([c.name for c in cells.select_cells(
            targets="aarch64", opts="Oz", ltos="thin")], ["aarch64-Oz-thin"])
        self.assertEqual([c.name for c in cells.select_cells(
            cells="riscv64-O3-full,riscv64-O3-full")], ["riscv64-O3-full"])

    def test_unknown_cells_are_errors(self):
        for bad in ("mips-O3-full", "x86_64-O2-full", "x86_64-O3-fat",
                    "x86_64-O3"):
            with self.assertRaises(cells.CellError):
                cells.select_cells(cells=bad)
        with self.assertRaises(cells.CellError):
            cells.select_cells(targets="sparc")

    def test_thin_cells_take_two_round_gmf(self):
        self.assertEqual(FULL.config_of("gmf+icf"), "gmf+icf-safe")
        self.assertEqual(THIN.config_of("gmf+icf"), "gmf-two-rounds+icf-safe")
        self.assertEqual(THIN.config_of("gmf+outliner+icf"),
                         "gmf-two-rounds+outliner+icf-safe")
        self.assertEqual(THIN.role_of("gmf-two-rounds+icf-safe"), "gmf+icf")

    def test_every_role_is_a_configuration(self):
        for lto in cells.LTOS:
            for name in cells.ROLE_CONFIGS[lto].values():
                self.assertIn(name, BY_NAME)

    def test_cell_configs_map_roles_and_keep_plain_first(self):
        self.assertEqual(cells.cell_configs(FULL),
                         [FULL.config_of(r) for r in cells.ROLES])
        self.assertEqual(cells.cell_configs(THIN, "ours-similar,gmf+icf"),
                         ["plain", "ours-safe+similar",
                          "gmf-two-rounds+icf-safe"])
        self.assertEqual(cells.cell_configs(FULL, "icf-all,plain"),
                         ["plain", "icf-all"])

    def test_matrix_rejects_unknown_configuration(self):
        with self.assertRaises(matrix.MatrixError):
            matrix.resolve_configs(FULL, "ours-safe,no-such")

    def test_cross_options(self):
        self.assertEqual(cells.cmake_options("x86_64"), [])
        self.assertEqual(cells.linker_flags("x86_64"), "")
        opts = cells.cmake_options("aarch64")
        self.assertIn("-DCMAKE_C_COMPILER_TARGET=aarch64-linux-gnu", opts)
        self.assertIn("-DCMAKE_CXX_COMPILER_TARGET=aarch64-linux-gnu", opts)
        self.assertIn("-DCMAKE_SYSTEM_PROCESSOR=aarch64", opts)
        self.assertIn("-DTEST_SUITE_RUN_UNDER=qemu-aarch64 -L "
                      "/usr/aarch64-linux-gnu", opts)
        self.assertIn("-DTEST_SUITE_USER_MODE_EMULATION=ON", opts)
        self.assertEqual(cells.linker_flags("riscv64"), "-fuse-ld=lld")
        self.assertIn("-DTEST_SUITE_RUN_UNDER=qemu-riscv64 -L "
                      "/usr/riscv64-linux-gnu", cells.cmake_options("riscv64"))


class TestSuiteCommandTest(unittest.TestCase):
    def args(self, **kw):
        self.ts = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.ts, "cmake", "caches"))
        for c in ("O3", "Oz"):
            open(os.path.join(self.ts, "cmake", "caches", c + ".cmake"),
                 "w").close()
        base = dict(test_suite=self.ts, work="/w", lto="full",
                    target="x86_64", cmake_cache="O3", subdirs="CTMark",
                    lit="lit", pgo="", jobs=2)
        base.update(kw)
        return argparse.Namespace(**base)

    def test_build_directories_per_cell(self):
        self.assertEqual(testsuite.build_dir(self.args()),
                         "/w/test-suite-build")
        self.assertEqual(testsuite.build_dir(self.args(lto="thin")),
                         "/w/test-suite-build-thin")
        self.assertEqual(testsuite.build_dir(self.args(
            target="aarch64", cmake_cache="Oz", lto="thin")),
            "/w/test-suite-build-aarch64-Oz-thin")
        self.assertEqual(testsuite.build_dir(self.args(cmake_cache="Oz")),
                         "/w/test-suite-build-x86_64-Oz-full")

    def test_configure_command_of_a_cross_cell(self):
        args = self.args(target="aarch64", cmake_cache="Oz")
        cmd = testsuite.configure_command(args, BY_NAME["ours-safe"], "/b")
        self.assertIn(os.path.join(self.ts, "cmake", "caches", "Oz.cmake"),
                      cmd)
        self.assertIn("-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld", cmd)
        self.assertIn("-DLMF_LINK_OPTIONS=--lto-merge-functions=safe", cmd)
        self.assertIn("-DTEST_SUITE_USER_MODE_EMULATION=ON", cmd)
        native = testsuite.configure_command(self.args(), BY_NAME["plain"],
                                             "/b")
        self.assertIn("-DCMAKE_EXE_LINKER_FLAGS=", native)
        self.assertFalse(any("COMPILER_TARGET" in a for a in native))

    def test_programs_select_tests_and_targets(self):
        build = tempfile.mkdtemp()
        for d, t in (("7zip", "7zip-benchmark"), ("kimwitu++", "kc")):
            os.makedirs(os.path.join(build, "CTMark", d))
            open(os.path.join(build, "CTMark", d, t + ".test"), "w").close()
        self.assertIsNone(testsuite.select_tests(build, "CTMark", ""))
        self.assertEqual(testsuite.select_tests(build, "CTMark", "kc"),
                         [os.path.join(build, "CTMark", "kimwitu++",
                                       "kc.test")])
        with self.assertRaises(testsuite.TestSuiteError) as e:
            testsuite.select_tests(build, "CTMark", "kc,nope")
        self.assertIn("nope", str(e.exception))
        cmd = testsuite.ninja_command(argparse.Namespace(
            jobs=2, keep_going=True), build, {"kc"})
        self.assertEqual(cmd[-3:], ["-k", "0", "kc"])

    def test_forget_links_removes_only_the_named(self):
        build = tempfile.mkdtemp()
        for name in ("kc", "SPASS"):
            for suffix in ("", ".link-seconds", ".lmf-report.json"):
                open(os.path.join(build, name + suffix), "w").close()
        testsuite.forget_links(build, {"kc"})
        self.assertEqual(sorted(os.listdir(build)),
                         ["SPASS", "SPASS.link-seconds",
                          "SPASS.lmf-report.json"])


class WrapperTest(unittest.TestCase):
    """ld-wrapper.sh asks for a report in every link that merges."""

    def args_seen(self, *link_args):
        d = tempfile.mkdtemp()
        fake = os.path.join(d, "ld")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\nprintf "%s\\n" "$@" > "$SEEN"\n')
        os.chmod(fake, 0o755)
        seen = os.path.join(d, "seen")
        env = dict(os.environ, LMF_BENCH_LD=fake, SEEN=seen)
        out = os.path.join(d, "prog")
        subprocess.run(["bash", testsuite.WRAPPER, *link_args, "-o", out],
                       env=env, check=True)
        with open(seen) as f:
            args = f.read().split()
        self.assertTrue(os.path.exists(out + ".link-seconds"))
        return args, out

    def test_report_for_merging_links_only(self):
        for merging in (["--lto-merge-functions=safe"],
                        ["--lto-smallest-binary"],
                        ["--lto-smallest-binary", "--icf=safe"]):
            args, out = self.args_seen(*merging)
            self.assertIn(f"--lto-merge-functions-report={out}"
                          f".lmf-report.json", args)
        for plain in ([], ["--icf=safe"],
                      ["--lto-smallest-binary", "--no-lto-merge-functions"]):
            args, _ = self.args_seen(*plain)
            self.assertFalse(any("report" in a for a in args))


class EstimatesTest(unittest.TestCase):
    def test_full_lto_report(self):
        s = estimates.summarize(module_report(5, similar=[300, 200]))
        self.assertEqual(s["identical_folded"], 5)
        self.assertEqual(s["similar_estimate"], 500)
        self.assertEqual(s["similar_classes"], 2)
        self.assertIsNone(s["identical_cross_module_estimate"])

    def test_aligned_estimate_sums_the_modules(self):
        r = module_report(5, similar=[100])
        r["aligned"] = {"classes_merged": 2, "estimated_bytes_saved": 700}
        s = estimates.summarize(r)
        self.assertEqual(s["aligned_estimate"], 700)
        self.assertEqual(s["aligned_classes"], 2)
        self.assertIsNone(estimates.summarize(module_report(5))[
            "aligned_estimate"])

    def test_identical_only_has_no_similar_estimate(self):
        s = estimates.summarize(module_report(5))
        self.assertFalse(s["similar_ran"])
        self.assertIsNone(s["similar_estimate"])

    def test_thin_report_adds_modules_and_cross_module_classes(self):
        cross = {"functions_folded": 4,
                 "classes": [{"estimated_bytes_saved": 40, "members": []},
                             {"estimated_bytes_saved": 60, "members": []}],
                 "similar_classes": [{"estimated_bytes_saved": 100,
                                      "members": [{}, {}, {}]}]}
        s = estimates.summarize(thin_report(
            [module_report(1, similar=[10]), module_report(2),
             module_report(0, similar=[])], cross))
        self.assertEqual(s["identical_folded"], 3)
        self.assertEqual(s["identical_cross_module_folded"], 4)
        self.assertEqual(s["identical_cross_module_estimate"], 100)
        self.assertEqual(s["similar_estimate"], 110)
        self.assertEqual(s["similar_cross_module_estimate"], 100)
        self.assertEqual(s["similar_classes"], 2)
        self.assertEqual(s["similar_functions"], 5)

    def test_not_a_report(self):
        with self.assertRaises(estimates.ReportError):
            estimates.summarize({"schema": "other"})


class TargetsTest(unittest.TestCase):
    def test_all_good(self):
        run = cell_run(FULL, {"p": good(), "q": good(2000)})
        result = checks.targets(run, FULL)
        # ours+similar -3.0% vs GMF -2.0%; smallest -8% vs -6%.
        self.assertEqual(result["failures"], [])
        self.assertEqual(result["unchecked"], [])
        self.assertAlmostEqual(result["geomeans"]["ours-safe+similar"], -3.0,
                               places=6)

    def test_a_merging_larger_than_plain_and_similar_than_identical(self):
        p = good()
        p["ours-similar"] = 1012
        run = cell_run(FULL, {"pairlocalalign": p})
        fails = [f for f in checks.targets(run, FULL)["failures"]
                 if f["check"] == "a"]
        self.assertEqual([(f["what"], f["bytes"]) for f in fails], [
            ("ours-safe+similar larger than plain", 12),
            ("ours-safe+similar larger than ours-safe", 22)])

    def test_b_per_program_and_geomean(self):
        p = good()
        p["ours-similar"] = 985       # GMF+ICF 980, ICF 990
        run = cell_run(FULL, {"kc": p})
        fails = [f for f in checks.targets(run, FULL)["failures"]
                 if f["check"] == "b"]
        self.assertEqual(fails[0]["program"], "kc")
        self.assertEqual(fails[0]["bytes"], 5)
        self.assertIn("gmf+icf-safe", fails[0]["what"])
        # -1.5% against -2.0%: behind, so the geomean fails by 0.8 points.
        self.assertEqual(fails[-1]["program"], "geomean")
        self.assertAlmostEqual(fails[-1]["points"], 0.8, places=6)

    def test_b_geomean_margin_is_strict_about_0_3_points(self):
        p = good()
        p["ours-similar"] = 978       # -2.2% against -2.0%: only 0.2 ahead
        fails = checks.targets(cell_run(FULL, {"p": p}), FULL)["failures"]
        self.assertEqual([(f["check"], f["program"]) for f in fails],
                         [("b", "geomean")])

    def test_c_identical_against_icf(self):
        p = good()
        p["ours-safe"] = 995
        fails = checks.targets(cell_run(FULL, {"tramp3d-v4": p}),
                               FULL)["failures"]
        self.assertEqual([(f["check"], f["program"], f["bytes"])
                          for f in fails], [("c", "tramp3d-v4", 5)])

    def test_d_smallest_against_gmf_outliner_icf(self):
        p = good()
        p["smallest"] = 945           # GMF+outliner+ICF 940
        fails = checks.targets(cell_run(FULL, {"kc": p}), FULL)["failures"]
        self.assertEqual([(f["check"], f["program"]) for f in fails],
                         [("d", "kc"), ("d", "geomean")])
        self.assertEqual(fails[0]["bytes"], 5)

    def test_thin_cells_check_against_two_round_gmf(self):
        p = good()
        p["ours-similar"] = 985
        fails = checks.targets(cell_run(THIN, {"lencod": p}),
                               THIN)["failures"]
        self.assertIn("gmf-two-rounds+icf-safe", fails[0]["what"])

    def test_missing_bytes_are_not_checked_not_passed(self):
        p = good()
        p["smallest"] = rec(None, lit="FAIL", error="no executable")
        result = checks.targets(cell_run(FULL, {"p": p}), FULL)
        self.assertEqual(result["failures"], [])
        self.assertEqual({u["check"] for u in result["unchecked"]},
                         {"a", "d"})

    def test_subset_of_configurations_checks_what_it_can(self):
        run = cell_run(FULL, {"p": {"plain": 1000, "ours-safe": 1001}},
                       configs=["plain", "ours-safe"])
        result = checks.targets(run, FULL)
        self.assertEqual([(f["check"], f["bytes"]) for f in
                          result["failures"]], [("a", 1)])
        self.assertEqual(result["unchecked"], [])
        self.assertEqual(result["applicable"], ["a"])
        text = matrix_report.markdown(matrix_of([entry(FULL, run)]))
        self.assertIn("| (c) ours (identical only) <= `--icf=safe` per "
                      "program | n/a (configurations not run) |", text)


class OutputsAndEstimatesTest(unittest.TestCase):
    def test_failed_output_checks_are_listed_per_program_and_config(self):
        p = good()
        p["outliner+icf"] = rec(950, lit="FAIL")
        run = cell_run(FULL, {"SPASS": p, "kc": good()})
        self.assertEqual(checks.output_failures(run),
                         [("SPASS", "outliner+icf-safe", "FAIL")])

    def test_missing_report_keeps_bytes_and_is_listed(self):
        p = good()
        p["smallest"] = dict(rec(900), report_error="no merge report x")
        run = cell_run(FULL, {"kc": p})
        self.assertEqual(checks.output_failures(run), [])
        self.assertEqual(checks.missing_reports(run),
                         [("kc", "smallest", "no merge report x")])
        self.assertEqual(checks.targets(run, FULL)["unchecked"], [])
        text = matrix_report.markdown(matrix_of([entry(FULL, run)]))
        self.assertIn("- kc [smallest]: no merge report x", text)

    def test_estimate_beside_measured(self):
        p = good()
        p["ours-safe"] = 83749
        p["plain"] = 84797
        p["ours-similar"] = rec(86105, est={"similar_estimate": 600,
                                            "similar_classes": 6})
        run = cell_run(THIN, {"pairlocalalign": p})
        row = checks.estimate_rows(run, THIN)[0]
        self.assertEqual(row["similar_measured"], -2356)
        self.assertEqual(row["similar_estimate"], 600)
        self.assertTrue(row["similar_flagged"])
        self.assertEqual(row["identical_measured"], 1048)

    def test_aligned_estimate_beside_its_measured_saving(self):
        p = good()
        run = cell_run(FULL, {"clamscan": p})
        run["configs"].append(checks.ALIGNED)
        run["programs"][0]["results"][checks.ALIGNED] = rec(
            980, est={"aligned_estimate": 1124, "aligned_classes": 2})
        row = checks.estimate_rows(run, FULL)[0]
        # ours-similar is 970 bytes: the aligned link is 10 bytes larger.
        self.assertEqual(row["aligned_measured"], -10)
        self.assertEqual(row["aligned_estimate"], 1124)
        self.assertTrue(row["aligned_flagged"])
        text = "\n".join(matrix_report.estimate_lines([row], thin=False))
        self.assertIn("| clamscan | 2 | 1,124 | -10 | **-1,134 flagged** |",
                      text)

    def test_no_aligned_columns_without_the_configuration(self):
        row = checks.estimate_rows(cell_run(FULL, {"kc": good()}), FULL)[0]
        self.assertNotIn("aligned_measured", row)
        self.assertEqual(matrix_report.aligned_estimate_lines([row]), [])

    def test_flag_tolerance_is_the_larger_of_bytes_and_share(self):
        self.assertFalse(checks.flag(150, 0))          # 150 B < 200 B
        self.assertTrue(checks.flag(250, 0))
        self.assertFalse(checks.flag(11000, 10000))    # 1000 B < 20%
        self.assertTrue(checks.flag(13000, 10000))
        self.assertIsNone(checks.flag(None, 10))


def matrix_of(entries):
    return {"schema": matrix.SCHEMA, "date": "d", "command": "c",
            "machine": {"cpu": "cpu", "cores": 2, "system": "Linux"},
            "linker": "ld.lld", "linker_sha256": "x", "cells": entries}


def entry(cell, run, seconds=600.0):
    return {"cell": cell.name, "target": cell.target, "opt": cell.opt,
            "lto": cell.lto, "error": None, "run": run, "seconds": seconds,
            "build": "/b"}


class MarkdownTest(unittest.TestCase):
    def test_markdown_names_cells_failures_and_bytes(self):
        bad = good()
        bad["ours-safe"] = 995
        bad["ours-similar"] = rec(992, est={"similar_estimate": 900,
                                            "similar_classes": 3})
        m = matrix_of([
            entry(FULL, cell_run(FULL, {"kc": bad, "SPASS": good()})),
            entry(THIN, cell_run(THIN, {"kc": good()})),
            {"cell": "riscv64-O3-full", "target": "riscv64", "opt": "O3",
             "lto": "full", "error": "cmake failed", "seconds": 3.0}])
        text = matrix_report.markdown(m)
        self.assertIn("### x86_64 -O3, full LTO (`x86_64-O3-full`)", text)
        self.assertIn("### aarch64 -Oz, ThinLTO (`aarch64-Oz-thin`)", text)
        self.assertIn("- (c) kc: ours-safe larger than icf-safe by 5 B",
                      text)
        self.assertIn("flagged", text)
        self.assertIn("Not measured: cmake failed", text)
        self.assertIn("| **geomean** |", text)
        self.assertIn("All 16 passed", text)
        self.assertIn("gmf-two-rounds+icf-safe", text)
        console = matrix_report.console_lines(m)
        self.assertIn("  (c) kc: ours-safe larger than icf-safe by 5 B",
                      console)
        self.assertIn("riscv64-O3-full: not measured: cmake failed", console)
        self.assertTrue(any(line.startswith("  estimate: kc: similar "
                                            "estimated 900 B")
                            for line in console))


class MatrixFilesTest(unittest.TestCase):
    def test_cell_files_join_and_compare(self):
        d = tempfile.mkdtemp()
        e1 = entry(FULL, cell_run(FULL, {"kc": good()}))
        e2 = entry(THIN, cell_run(THIN, {"kc": good()}))
        p1, p2 = matrix.write_cell(e1, d), matrix.write_cell(e2, d)
        joined = matrix.join([matrix.load(p2), matrix.load(p1)])
        self.assertEqual([e["cell"] for e in joined["cells"]],
                         ["x86_64-O3-full", "aarch64-Oz-thin"])
        paths = matrix.write(joined, d, "m")
        again = matrix.load(paths[0])
        self.assertEqual(matrix.compare(again, again, 0.5), [])
        worse = json.loads(json.dumps(again))
        worse["cells"][0]["run"]["programs"][0]["results"][
            "ours-safe+similar"]["text_bytes"] = 2000
        problems = matrix.compare(again, worse, 0.5)
        self.assertEqual(len(problems), 1)
        self.assertTrue(problems[0].startswith(
            "x86_64-O3-full: kc [ours-safe+similar]: .text grew"))
        missing = dict(again, cells=again["cells"][:1])
        self.assertEqual(matrix.compare(again, missing, 0.5),
                         ["aarch64-Oz-thin: missing from the current matrix"])

    def test_load_refuses_other_files(self):
        d = tempfile.mkdtemp()
        path = os.path.join(d, "x.json")
        with open(path, "w") as f:
            json.dump({"schema": "lmf-size/1"}, f)
        with self.assertRaises(matrix.MatrixError):
            matrix.load(path)


if __name__ == "__main__":
    unittest.main()
