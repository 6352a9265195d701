#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of the lit JSON results the size harness writes
(bench/size/litjson.py), checked against the format the LLVM test-suite's
utils/compare.py reads (lit_schema.py): runs made up here, a test-suite
record that carries lit's own metrics, and the stored CTMark baselines;
and that the format check itself rejects what compare.py would not read.
"""

import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(BENCH, "size"))

import litjson  # noqa: E402
import lit_schema  # noqa: E402


def corpus_run():
    ok = {"text_bytes": 1000, "file_bytes": 5000, "link_seconds": 0.5,
          "merge_seconds": None, "functions_folded": None, "verdict": "same"}
    ours = dict(ok, text_bytes=900, merge_seconds=0.01, functions_folded=7)
    broken = {"error": "link failed", "verdict": "failed"}
    return {"configs": ["plain", "ours-safe"], "programs": [
        {"program": "p", "corpus": "generated",
         "results": {"plain": ok, "ours-safe": ours}},
        {"program": "q", "corpus": "generated",
         "results": {"plain": ok, "ours-safe": broken}}]}


class LitJsonTest(unittest.TestCase):
    def test_corpus_run_metrics(self):
        plain = litjson.lit_results(corpus_run(), "plain")
        ours = litjson.lit_results(corpus_run(), "ours-safe")
        self.assertEqual(lit_schema.problems(plain), [])
        self.assertEqual(lit_schema.problems(ours), [])
        p = ours["tests"][0]
        self.assertEqual(p["name"], "lmf-size :: generated/p")
        self.assertEqual(p["code"], "PASS")
        self.assertEqual(p["metrics"], {
            "size..text": 900, "size": 5000, "lmf.link_time": 0.5,
            "lmf.merge_time": 0.01, "lmf.functions_folded": 7})
        # No merge in plain: no merge metrics rather than made-up zeros.
        self.assertNotIn("lmf.functions_folded", plain["tests"][0]["metrics"])

    def test_failed_link_has_no_metrics(self):
        q = litjson.lit_results(corpus_run(), "ours-safe")["tests"][1]
        self.assertEqual((q["code"], q["output"]), ("FAIL", "link failed"))
        self.assertNotIn("metrics", q)

    def test_test_suite_record_keeps_lit(self):
        rec = {"lit": "PASS", "lit_name": "test-suite :: CTMark/x/x.test",
               "lit_metrics": {"size..text": 123, "hash": "ab12",
                               "link_time": 2.0, "compile_time": 9.0},
               "text_bytes": 123, "file_bytes": 400, "link_seconds": 1.5,
               "merge_seconds": 0.2, "functions_folded": 3}
        run = {"configs": ["ours-safe"], "programs": [
            {"program": "x", "corpus": "ctmark",
             "results": {"ours-safe": rec}}]}
        data = litjson.lit_results(run, "ours-safe")
        self.assertEqual(lit_schema.problems(data), [])
        t = data["tests"][0]
        self.assertEqual(t["name"], "test-suite :: CTMark/x/x.test")
        self.assertEqual(t["metrics"]["link_time"], 2.0)
        self.assertEqual(t["metrics"]["lmf.link_time"], 1.5)
        self.assertEqual(t["metrics"]["hash"], "ab12")

    def test_stored_baselines(self):
        for name in ("ctmark.json", "ctmark-thin.json"):
            with open(os.path.join(BENCH, "baselines", name)) as f:
                run = json.load(f)
            with tempfile.TemporaryDirectory() as out:
                paths = litjson.write(run, out)
                self.assertEqual([os.path.basename(p) for p in paths],
                                 [c + ".json" for c in run["configs"]])
                for config, path in zip(run["configs"], paths):
                    with open(path) as f:
                        data = json.load(f)
                    self.assertEqual(lit_schema.problems(data), [], path)
                    sizes = {t["name"].rsplit("/", 1)[-1]:
                             t["metrics"]["size..text"] for t in data["tests"]}
                    self.assertEqual(sizes, {
                        p["program"]: p["results"][config]["text_bytes"]
                        for p in run["programs"]})


class SchemaTest(unittest.TestCase):
    def test_rejects_what_compare_cannot_read(self):
        good = {"name": "s :: a", "code": "PASS", "metrics": {"m": 1}}
        cases = {
            "no top-level": {"results": []},
            "is not unique": {"tests": [good, good]},
            "is not lit's": {"tests": [dict(good, code="OK")]},
            "finite number": {"tests": [dict(good, metrics={"m": "1"})]},
            "is not '<suite> :: <path>'": {"tests": [dict(good, name="a")]},
            "elapsed": {"tests": [dict(good, elapsed="fast")]},
        }
        for what, data in cases.items():
            found = lit_schema.problems(data)
            self.assertTrue(found and what in found[0], (what, found))
        self.assertEqual(lit_schema.problems({"tests": [good]}), [])


if __name__ == "__main__":
    unittest.main()
