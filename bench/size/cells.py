# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The builds of the CTMark matrix: target x optimization x kind of LTO.

A *cell* is one build of the test-suite: a target (``x86_64``, this
machine's, or ``aarch64`` and ``riscv64``, cross-compiled by clang-22 and
run under qemu's user-mode emulation with Debian's cross libraries), an
optimization level (``O3`` or ``Oz``, the test-suite's own
``cmake/caches/<opt>.cmake``) and a kind of LTO (``full`` or ``thin``).
Its name is ``<target>-<opt>-<lto>``, e.g. ``aarch64-Oz-thin``.

Every cell compares the same *roles*: the plain link, LLVM's anchors
(``--icf=safe``; GlobalMergeFunctions + ICF; the MachineOutliner + ICF;
GMF + outliner + ICF) and ours (identical only, identical and similar, and
``--lto-smallest-binary``). A role names a configuration of configs.py;
in ThinLTO the GMF roles take GMF's two-round form, which merges across
modules, as LLVM's users of ThinLTO would.

Nothing here runs anything: the commands are made by testsuite.py and
matrix.py from what this module says.
"""

from dataclasses import dataclass
import itertools


@dataclass(frozen=True)
class Target:
    name: str
    # The clang --target triple; empty for this machine's own target.
    triple: str = ""
    # CMAKE_SYSTEM_PROCESSOR of a cross build.
    processor: str = ""
    # qemu's user-mode emulator and the cross libraries' root (-L).
    qemu: str = ""
    sysroot: str = ""

    @property
    def native(self):
        return not self.triple


TARGETS = {
    "x86_64": Target("x86_64"),
    "aarch64": Target("aarch64", "aarch64-linux-gnu", "aarch64",
                      "qemu-aarch64", "/usr/aarch64-linux-gnu"),
    "riscv64": Target("riscv64", "riscv64-linux-gnu", "riscv64",
                      "qemu-riscv64", "/usr/riscv64-linux-gnu"),
}

# Optimization levels: name -> the test-suite's cache file (cmake/caches/).
OPTS = {"O3": "O3", "Oz": "Oz"}
LTOS = ("full", "thin")

# The matrix of the issue: x86-64 and AArch64, -O3 and -Oz, full and thin.
DEFAULT_TARGETS = ("x86_64", "aarch64")

# Role -> configuration, per kind of LTO, in the order of the tables.
ROLES = ("plain", "icf", "gmf+icf", "outliner+icf", "gmf+outliner+icf",
         "ours-safe", "ours-similar", "smallest")
_FULL = {
    "plain": "plain",
    "icf": "icf-safe",
    "gmf+icf": "gmf+icf-safe",
    "outliner+icf": "outliner+icf-safe",
    "gmf+outliner+icf": "gmf+outliner+icf-safe",
    "ours-safe": "ours-safe",
    "ours-similar": "ours-safe+similar",
    "smallest": "smallest",
}
_THIN = dict(_FULL, **{
    "gmf+icf": "gmf-two-rounds+icf-safe",
    "gmf+outliner+icf": "gmf-two-rounds+outliner+icf-safe",
})
ROLE_CONFIGS = {"full": _FULL, "thin": _THIN}


class CellError(Exception):
    """A cell, target, optimization or role that does not exist."""


@dataclass(frozen=True)
class Cell:
    target: str
    opt: str
    lto: str

    @property
    def name(self):
        return f"{self.target}-{self.opt}-{self.lto}"

    def config_of(self, role):
        return ROLE_CONFIGS[self.lto][role]

    def role_of(self, config):
        """The role a configuration plays in this cell, or None."""
        for role, name in ROLE_CONFIGS[self.lto].items():
            if name == config:
                return role
        return None


def parse_cell(name):
    parts = name.split("-")
    if len(parts) != 3:
        raise CellError(f"cell '{name}' is not <target>-<opt>-<lto>")
    cell = Cell(*parts)
    _check(cell)
    return cell


def _check(cell):
    for value, known, what in ((cell.target, TARGETS, "target"),
                               (cell.opt, OPTS, "optimization"),
                               (cell.lto, LTOS, "kind of LTO")):
        if value not in known:
            raise CellError(f"unknown {what} '{value}'; known: "
                            f"{', '.join(known)}")


def _split(text):
    return [t.strip() for t in text.split(",") if t.strip()]


def select_cells(targets="", opts="", ltos="", cells=""):
    """The cells to run: those named in ``cells`` (comma-separated), else
    every combination of the targets, optimizations and kinds of LTO given
    (each comma-separated; empty means the default: x86_64 and aarch64,
    O3 and Oz, full and thin)."""
    if cells:
        chosen = [parse_cell(c) for c in _split(cells)]
    else:
        chosen = []
        for t, o, l in itertools.product(
                _split(targets) or DEFAULT_TARGETS, _split(opts) or OPTS,
                _split(ltos) or LTOS):
            cell = Cell(t, o, l)
            _check(cell)
            chosen.append(cell)
    seen, unique = set(), []
    for c in chosen:
        if c.name not in seen:
            seen.add(c.name)
            unique.append(c)
    return unique


def cell_configs(cell, names=""):
    """The configuration names a cell links, plain first: every role's
    (the default), or those named (comma-separated; a role stands for its
    configuration in this cell, any other name is a configuration of
    configs.py, checked by the caller)."""
    wanted = _split(names) or list(ROLES)
    out = ["plain"]
    for n in wanted:
        name = cell.config_of(n) if n in ROLES else n
        if name not in out:
            out.append(name)
    return out


def cmake_options(target):
    """The test-suite's CMake options of a target: none for this machine's;
    for a foreign one, the cross compiler's target, lld for CMake's own
    test links (the system's ld knows no other target), and lit's checks
    run under qemu with the cross libraries."""
    t = TARGETS[target]
    if t.native:
        return []
    return ["-DCMAKE_SYSTEM_NAME=Linux",
            f"-DCMAKE_SYSTEM_PROCESSOR={t.processor}",
            f"-DCMAKE_C_COMPILER_TARGET={t.triple}",
            f"-DCMAKE_CXX_COMPILER_TARGET={t.triple}",
            f"-DTEST_SUITE_RUN_UNDER={t.qemu} -L {t.sysroot}",
            "-DTEST_SUITE_USER_MODE_EMULATION=ON"]


def linker_flags(target):
    """CMAKE_EXE_LINKER_FLAGS before ours are added (lto-merge-functions-
    flags.cmake appends the LTO and linker flags after the project() call,
    too late for CMake's compiler check, which links with the default
    linker): empty for this machine's target, -fuse-ld=lld for others."""
    return "" if TARGETS[target].native else "-fuse-ld=lld"
