# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The link configurations the size harness compares.

Every configuration links with the same linker (ours, ``build/bin/ld.lld``;
without our options it is stock LLD 22) and the same LTO objects; only
the options below differ. ``plain`` is the reference every change is
measured against. The combined configurations pair our mode with the ICF
mode of the same strength.

The objects are full LTO (``-flto=full``, the default) or ThinLTO
(``--lto thin``: ``-flto=thin``); the options are the same for both. In a
ThinLTO link every in-process backend runs our pass on its module, and
``mergefunc`` (``-mllvm -enable-merge-functions``) runs LLVM's
MergeFunctions in every backend too.

Some configurations are opt-in: a run has them only when ``--configs``
names them, so that the default run (every other configuration) stays as
long as it was and comparable with the stored baselines. They are our
similar merging (``--lto-merge-similar-functions``, on top of
``ours-safe``, with all its positions; ``-similar-data``, ``-similar-callees``
and ``-similar-integers`` keep one kind of positions or two, ``-no-tables``
passes no values in constant tables) and LLVM 22's GlobalMergeFunctions (``gmf``: ``-mllvm
-enable-global-merge-func``, a similar merger of LLVM's own, run at the
end of the code generator's IR passes, in full LTO inside the one module),
each alone and with ``--icf=safe``; its two-round ThinLTO form
(``gmf-two-rounds``: ``-codegen-data-thinlto-two-rounds``, which merges
across modules); LLVM's MachineOutliner (``outliner``: ``-mllvm
-enable-machine-outliner``), alone, with ``--icf=safe``, with GMF and
``--icf=safe`` (for ThinLTO also with two-round GMF), and after our similar
merging; and our
merge without folding across ThinLTO modules (``ours-safe-per-module``,
``ours-safe+similar-per-module``: ``--no-lto-merge-functions-across-modules``),
and similar merging with the hot-function policy off
(``ours-safe+similar-hot-off``), to measure the policy in a PGO build.
In a PGO build (``--pgo``) our configurations without a similar option
merge similar functions too: that is the default in modules that carry a
profile.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Config:
    name: str
    # Linker options, as given to the linker (the harness adds -Wl,).
    ld_flags: tuple = field(default_factory=tuple)
    # True when our merger runs, so a report has a merge-phase time.
    ours: bool = False
    # True when only a --configs that names it selects it.
    opt_in: bool = False


CONFIGS = (
    Config("plain"),
    Config("ours-safe", ("--lto-merge-functions=safe",), True),
    Config("ours-all", ("--lto-merge-functions=all",), True),
    Config("mergefunc", ("-mllvm", "-enable-merge-functions")),
    Config("icf-safe", ("--icf=safe",)),
    Config("icf-all", ("--icf=all",)),
    Config("ours-safe+icf-safe", ("--lto-merge-functions=safe", "--icf=safe"),
           True),
    Config("ours-all+icf-all", ("--lto-merge-functions=all", "--icf=all"),
           True),
    Config("ours-safe+similar",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions"),
           True, opt_in=True),
    Config("ours-safe+similar+icf-safe",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "--icf=safe"), True, opt_in=True),
    # The kinds of positions one at a time (the default has all three; see
    # docs/linker.md): data only (load and store operands, call arguments),
    # data and callees (calls become indirect), data and integer operands.
    Config("ours-safe+similar-data",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-lto-merge-functions-similar-callees=false",
            "-mllvm", "-lto-merge-functions-similar-integers=false"),
           True, opt_in=True),
    Config("ours-safe+similar-callees",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-lto-merge-functions-similar-integers=false"),
           True, opt_in=True),
    Config("ours-safe+similar-integers",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-lto-merge-functions-similar-callees=false"),
           True, opt_in=True),
    # Similar merging with no constant tables: classes whose values do not
    # fit in argument registers leave members out instead (ConstantTables.h).
    Config("ours-safe+similar-no-tables",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-lto-merge-functions-similar-constant-tables=false"),
           True, opt_in=True),
    # Aligned merging (functions that differ in instructions share one body
    # with an identifier parameter; docs/linker.md) after similar merging,
    # alone and with --icf=safe.
    Config("ours-safe+similar+aligned",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "--lto-merge-aligned-functions"), True, opt_in=True),
    Config("ours-safe+similar+aligned+icf-safe",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "--lto-merge-aligned-functions", "--icf=safe"), True, opt_in=True),
    Config("gmf", ("-mllvm", "-enable-global-merge-func"), opt_in=True),
    Config("gmf+icf-safe", ("-mllvm", "-enable-global-merge-func",
                            "--icf=safe"), opt_in=True),
    # LLVM's answer to twins across ThinLTO modules: a first code-generation
    # round gathers every module's function hashes, a second one merges.
    Config("gmf-two-rounds",
           ("-mllvm", "-enable-global-merge-func",
            "-mllvm", "-codegen-data-thinlto-two-rounds"), opt_in=True),
    Config("gmf-two-rounds+icf-safe",
           ("-mllvm", "-enable-global-merge-func",
            "-mllvm", "-codegen-data-thinlto-two-rounds", "--icf=safe"),
           opt_in=True),
    # Our merge with the code generation that two-round GMF brings along:
    # in ThinLTO the second round also lets each backend's MachineOutliner
    # (on by default for minsize functions on AArch64) outline what the
    # other backends outlined, and --icf=safe folds their local copies.
    Config("ours-safe+similar+two-rounds+icf-safe",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-codegen-data-thinlto-two-rounds", "--icf=safe"), True,
           opt_in=True),
    # LLVM's MachineOutliner in LTO code generation (repeated instruction
    # sequences become calls), alone and after our merge: the two stack.
    Config("outliner", ("-mllvm", "-enable-machine-outliner"), opt_in=True),
    # LLVM's own size anchors of the CTMark matrix (cells.py): the outliner
    # with ICF, and GMF with the outliner and ICF (two rounds for ThinLTO).
    Config("outliner+icf-safe", ("-mllvm", "-enable-machine-outliner",
                                 "--icf=safe"), opt_in=True),
    Config("gmf+outliner+icf-safe",
           ("-mllvm", "-enable-global-merge-func",
            "-mllvm", "-enable-machine-outliner", "--icf=safe"), opt_in=True),
    Config("gmf-two-rounds+outliner+icf-safe",
           ("-mllvm", "-enable-global-merge-func",
            "-mllvm", "-codegen-data-thinlto-two-rounds",
            "-mllvm", "-enable-machine-outliner", "--icf=safe"), opt_in=True),
    Config("ours-safe+similar+outliner",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-enable-machine-outliner"), True, opt_in=True),
    Config("ours-safe+similar+outliner+icf-safe",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "-mllvm", "-enable-machine-outliner", "--icf=safe"), True,
           opt_in=True),
    # The one option for the smallest binary (docs/smallest-binary.md): the
    # configuration above with the MachineOutliner kept off hot code where
    # a profile says which it is.
    Config("smallest", ("--lto-smallest-binary",), True, opt_in=True),
    # The same with aligned merging too.
    Config("smallest+aligned", ("--lto-smallest-binary",
                                "--lto-merge-aligned-functions"),
           True, opt_in=True),
    # The same with the profile ignored: the outliner and code generation for
    # size everywhere (what the option saves before it keeps off hot code).
    Config("smallest-hot-off", ("--lto-smallest-binary",
                                "--lto-merge-functions-hot-policy=off"),
           True, opt_in=True),
    # Our merge with the hot-function policy off: hot functions (by the
    # profile, with --pgo) merge like any other. The default configurations
    # have the default policy, which changes nothing without a profile.
    Config("ours-safe+similar-hot-off",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "--lto-merge-functions-hot-policy=off"), True, opt_in=True),
    # Our merge as it was before folding across modules: each ThinLTO
    # backend on its own module only.
    Config("ours-safe-per-module",
           ("--lto-merge-functions=safe",
            "--no-lto-merge-functions-across-modules"), True, opt_in=True),
    Config("ours-safe+similar-per-module",
           ("--lto-merge-functions=safe", "--lto-merge-similar-functions",
            "--no-lto-merge-functions-across-modules"), True, opt_in=True),
)

BY_NAME = {c.name: c for c in CONFIGS}

# The kinds of LTO the harness builds: name -> what the run's Markdown
# calls it. The objects and the link both get -flto=<name>.
LTO_KINDS = {"full": "full LTO", "thin": "ThinLTO"}


def lto_flag(kind):
    """The compiler-driver flag of an LTO kind ("full" or "thin")."""
    if kind not in LTO_KINDS:
        raise ValueError(f"unknown LTO kind '{kind}'; known: "
                         f"{', '.join(LTO_KINDS)}")
    return f"-flto={kind}"


def select(names):
    """The configurations named in the comma-separated list (if empty, all
    but the opt-in ones); plain is always included, first."""
    if not names:
        return [c for c in CONFIGS if not c.opt_in]
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in BY_NAME]
    if unknown:
        raise ValueError(f"unknown configuration(s) {', '.join(unknown)}; "
                         f"known: {', '.join(BY_NAME)}")
    return [CONFIGS[0]] + [BY_NAME[n] for n in wanted if n != "plain"]


def wl(config, report=None):
    """The configuration's options for a compiler-driver link line."""
    flags = list(config.ld_flags)
    if config.ours and report:
        flags.append(f"--lto-merge-functions-report={report}")
    return ["-Wl," + ",".join(flags)] if flags else []
