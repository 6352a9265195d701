# lit configuration for the regression tests that the reliability campaigns
# (csmith, IR fuzzing, libFuzzer) produced: one .ll per bug found, named
# after the behaviour, run through opt-22 with our plugin and the verifier.
import os
import lit.formats

config.name = "lto-merge-functions-reliability"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll"]
config.test_source_root = os.path.dirname(__file__)

site = lit_config.params.get("site")
if site:
    lit_config.load_config(config, site)
config.test_exec_root = os.path.join(config.binary_dir, "test", "reliability-lit-out")

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
opt = os.path.join(tools, "opt")
config.substitutions.append(
    ("%opt-merge", f"{opt} -load-pass-plugin={config.plugin} "
                   f"-passes=lto-merge-functions -lto-merge-functions-verify"))
config.substitutions.append(("%opt", opt))
config.substitutions.append(("%plugin", config.plugin))
