# lit configuration for the regression tests that the reliability campaigns
# (csmith, IR fuzzing, libFuzzer) produced: one .ll per bug found, named
# after the behaviour. The tools and substitutions are those of the main
# lit suite (test/lit/lit.cfg.py); only the suite's name and places differ.
import os

here = os.path.dirname(os.path.abspath(__file__))
lit_config.load_config(config, os.path.join(here, "..", "..", "lit", "lit.cfg.py"))
config.name = "lto-merge-functions-reliability"
config.test_source_root = here
config.test_exec_root = os.path.join(config.binary_dir, "test", "reliability-lit-out")
