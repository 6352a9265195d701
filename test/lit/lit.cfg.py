# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# lit configuration. The folders mirror the code. core/ follows core/'s
# stages: equality/ (what may differ and what must match: eligibility, the
# encoding, the total order, refinement, the annotation policy, parameter
# positions, argument-free bodies, references across modules), facts/ (the
# annotations a kept body keeps; profile/: the profile's facts, the hot
# policy, code generation for size, whether similar merging is on),
# identical/ and similar/ (planning and rewriting each kind of class),
# crossmodule/ (what the step before a ThinLTO link folds across modules),
# report/ (remarks and the JSON report) and core/ itself (mergeModule's
# rounds and thread count). They run opt-22 with our plugin (%opt-merge),
# or, for folds across modules, our ld.lld (%lld), and check the output
# with FileCheck. plugin/ checks the pass plugin's own command line and
# inputs through opt-22; driver/ runs our ld.lld (%lld: its command line,
# bad input, which inputs the step before a ThinLTO link reads and
# rewrites, the ThinLTO backends' listing) and checks what it says and
# writes; dtlto/ links with distributed ThinLTO backends.
import os
import re
import sys
import lit.formats

config.name = "lto-merge-functions"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)


def project_version():
    """The version in the top-level CMakeLists.txt, which our tools print."""
    top = os.path.join(os.path.dirname(__file__), "..", "..", "CMakeLists.txt")
    with open(top) as f:
        found = re.search(r"project\(lto-merge-functions VERSION ([0-9.]+)", f.read())
    return found.group(1)


site = lit_config.params.get("site")
if site:
    lit_config.load_config(config, site)
config.test_exec_root = os.path.join(config.binary_dir, "test", "lit-out")

tools = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join([tools, config.environment.get("PATH", "")])
opt = os.path.join(tools, "opt")
config.substitutions.append(
    ("%opt-merge", f"{opt} -load-pass-plugin={config.plugin} "
                   f"-passes=lto-merge-functions -lto-merge-functions-verify"))
config.substitutions.append(("%opt", opt))
# The plugin as our ld.lld names it: its real path.
config.substitutions.append(("%plugin", os.path.realpath(config.plugin)))
config.substitutions.append(("%lld", os.path.join(config.binary_dir, "bin", "ld.lld")))
config.substitutions.append(("%stock-lld", os.path.join(tools, "ld.lld")))
# DTLTO: our remote backend and distributor wrapper, the test distributor
# (runs every job in a sandbox, as a build farm would), our Dask
# distributor and clang.
bindir = os.path.join(config.binary_dir, "bin")
config.substitutions.append(
    ("%thinlto-backend", os.path.join(bindir, "lmf-thinlto-backend")))
config.substitutions.append(
    ("%thinlto-distribute", os.path.join(bindir, "lmf-thinlto-distribute")))
config.substitutions.append(
    ("%dtlto-distributor",
     os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "dtlto",
                                   "local_distributor.py"))))
config.substitutions.append(
    ("%dtlto-dask", os.path.join(bindir, "lmf-dtlto-dask")))
# The byte model's estimates for a module (test/tools/ByteModelDump.cpp).
config.substitutions.append(
    ("%byte-model", os.path.join(bindir, "lmf-byte-model")))
config.substitutions.append(("%clang", os.path.join(tools, "clang")))
config.substitutions.append(("%lmf-version", project_version()))
config.substitutions.append(("%python", sys.executable))
# LLVM 14's libLLVM (the unversioned tools' LLVM here) for the test of a
# plugin built against it: driver/plugin-built-for-llvm-14.test.
if os.path.exists("/usr/lib/llvm-14/lib/libLLVM-14.so.1"):
    config.available_features.add("libllvm14")
# FileCheck options for a command that must fail without crashing: none of
# what a crashing LLVM tool, or Python program, prints may appear.
config.substitutions.append(
    ("%no-crash-report", " ".join(
        f'--implicit-check-not="{text}"' for text in
        ["Stack dump", "PLEASE submit", "due to signal",
         "Segmentation fault", "Aborted", "Traceback"])))
