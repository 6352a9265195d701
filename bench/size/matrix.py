# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CTMark matrix of issue 41, with one command: every cell (target x
optimization x LTO, cells.py) built by the test-suite's CMake, linked in
every configuration of its roles and checked by the test-suite's lit.

Each cell is one ``lmf_size.py testsuite`` run (testsuite.py) in a build
directory of its own under ``--work``, so that a later run compiles
nothing and only relinks; foreign targets are cross-built and their
programs run under qemu. A cell that cannot be configured or compiled is
recorded as not measured, and the matrix goes on with the next; a program
that fails to link in one configuration fails its output check there.

As each cell is done, its result is written to ``<out>/cells/<cell>.json``
(a long run that stops keeps what it measured: ``matrix-report`` joins
cell files again), with its log in ``<out>/logs/<cell>.log``. When all are
done: ``<out>/<stem>.json`` (schema ``lmf-matrix/1``: the cells, each with
its ``lmf-size/1`` run) and ``<out>/<stem>.md`` (matrix_report.py).

``compare(baseline, current)`` compares two matrices cell by cell as
regress.py compares two runs (a cell missing from the current run is a
problem).
"""

import argparse
import datetime
import hashlib
import json
import os
import sys
import time

import cells
import configs as cfgs
import matrix_report
from provenance import machine, revision
import regress
import testsuite

SCHEMA = "lmf-matrix/1"


class MatrixError(Exception):
    """Bad arguments or files of a matrix run."""


def sha256(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except OSError:
        return None


def linker_identity(linker):
    """The linker's sha256 and, beside it, our plugin's (lib/ next to bin/),
    so that two matrices say whether they measured the same build."""
    plugin = os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(linker))), "lib", "LTOMergeFunctions.so")
    return {"linker_sha256": sha256(linker), "plugin_sha256": sha256(plugin)}


def resolve_configs(cell, names):
    """The cell's configurations (cells.cell_configs), each checked
    against configs.py."""
    out = []
    for name in cells.cell_configs(cell, names):
        if name not in cfgs.BY_NAME:
            raise MatrixError(f"unknown configuration or role '{name}'; "
                              f"roles: {', '.join(cells.ROLES)}")
        out.append(cfgs.BY_NAME[name])
    return out


def cell_args(args, cell, log):
    """The testsuite.run arguments of one cell."""
    return argparse.Namespace(
        test_suite=args.test_suite, work=args.work, linker=args.linker,
        lto=cell.lto, target=cell.target, cmake_cache=cells.OPTS[cell.opt],
        subdirs=args.subdirs, lit=args.lit, jobs=args.jobs,
        lit_jobs=args.lit_jobs, programs=args.programs, pgo="", repeat=0,
        link_jobs=0, keep_executables=None, keep_going=True, log=log)


def run_cell(args, cell, new_run):
    """Builds, links, checks and measures one cell; returns its entry."""
    entry = {"cell": cell.name, "target": cell.target, "opt": cell.opt,
             "lto": cell.lto, "error": None}
    log = os.path.join(args.out, "logs", f"{cell.name}.log")
    os.makedirs(os.path.dirname(log), exist_ok=True)
    targs = cell_args(args, cell, log)
    entry["build"] = testsuite.build_dir(targs)
    start = time.monotonic()
    try:
        configs = resolve_configs(cell, args.configs)
        run = new_run(args.linker, configs, args.argv, cell.lto)
        run.update(target=cell.target, opt=cell.opt, cell=cell.name)
        run["programs"] = testsuite.run(targs, configs)
        entry["run"] = run
    except (MatrixError, testsuite.TestSuiteError) as e:
        entry["error"] = str(e)
    entry["seconds"] = round(time.monotonic() - start, 1)
    return entry


def new_matrix(args):
    m = {"schema": SCHEMA, "revision": revision(),
         "date": datetime.datetime.now().isoformat(timespec="seconds"),
         "machine": machine(), "command": args.command,
         "linker": os.path.abspath(args.linker), "cells": []}
    m.update(linker_identity(args.linker))
    return m


def write(matrix, outdir, stem):
    os.makedirs(outdir, exist_ok=True)
    base = os.path.join(outdir, stem)
    with open(base + ".json", "w") as f:
        json.dump(matrix, f, indent=1, sort_keys=True)
    with open(base + ".md", "w") as f:
        f.write(matrix_report.markdown(matrix) + "\n")
    return [base + ".json", base + ".md"]


def write_cell(entry, outdir):
    path = os.path.join(outdir, "cells", f"{entry['cell']}.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(entry, f, indent=1, sort_keys=True)
    return path


def run(args, new_run):
    """Runs every selected cell in turn; returns the matrix."""
    chosen = cells.select_cells(args.targets, args.opts, args.ltos,
                                args.cells)
    for cell in chosen:      # every name checked before hours of building
        resolve_configs(cell, args.configs)
    matrix = new_matrix(args)
    for cell in chosen:
        print(f"matrix: {cell.name}", file=sys.stderr)
        entry = run_cell(args, cell, new_run)
        # The cell file has what the matrix file would have, so that
        # matrix-report can join cells of a run that stopped.
        for key in ("revision", "linker", "linker_sha256", "plugin_sha256",
                    "command", "machine"):
            entry.setdefault(key, matrix.get(key))
        print(f"matrix: {cell.name} done in {entry['seconds'] / 60:.1f} "
              f"min{': ' + entry['error'] if entry['error'] else ''}; "
              f"{write_cell(entry, args.out)}", file=sys.stderr)
        matrix["cells"].append(entry)
    return matrix


def load(path):
    """A matrix file, or a cell file as a matrix of one cell."""
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise MatrixError(f"cannot read {path}: {e}")
    if data.get("schema") == SCHEMA:
        return data
    if "cell" in data and ("run" in data or data.get("error")):
        matrix = {k: data.get(k) for k in ("revision", "linker",
                                           "linker_sha256", "plugin_sha256",
                                           "command", "machine")}
        matrix.update(schema=SCHEMA, date=(data.get("run") or {}).get(
            "date", "unknown"), cells=[data])
        return matrix
    raise MatrixError(f"{path} is neither a matrix (schema {SCHEMA}) nor a "
                      f"cell of one")


def join(matrices):
    """One matrix of the cells of several (the first's header; a cell
    named twice keeps its last measurement)."""
    if not matrices:
        raise MatrixError("no matrix to join")
    out = dict(matrices[0], cells=[])
    by_name = {}
    for m in matrices:
        for e in m["cells"]:
            by_name[e["cell"]] = e
    out["cells"] = sorted(by_name.values(), key=cell_order)
    linkers = {m.get("linker_sha256") for m in matrices}
    if len(linkers) > 1:
        out["warning"] = "cells measured with different linkers"
    return out


def cell_order(entry):
    """Cells in the matrix's order: target, then optimization, then LTO."""
    keys = (list(cells.TARGETS), list(cells.OPTS), list(cells.LTOS))
    values = (entry["target"], entry["opt"], entry["lto"])
    return tuple(k.index(v) if v in k else len(k)
                 for k, v in zip(keys, values))


def compare(baseline, current, threshold):
    """Problems of the current matrix against the baseline, cell by cell
    (regress.compare on each cell's run)."""
    problems = []
    cur = {e["cell"]: e for e in current["cells"]}
    for b in baseline["cells"]:
        name = b["cell"]
        c = cur.get(name)
        if b.get("error"):
            continue
        if c is None:
            problems.append(f"{name}: missing from the current matrix")
        elif c.get("error"):
            problems.append(f"{name}: not measured: {c['error']}")
        else:
            problems += [f"{name}: {p}" for p in
                         regress.compare(b["run"], c["run"], threshold)]
    return problems
