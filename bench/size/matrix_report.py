# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Markdown of a CTMark matrix run (matrix.py): a summary over the
cells, then per cell its ``.text`` table (programs x configurations, the
change against plain, geomean), the targets (a)-(d) with every failure
named by program and bytes, the byte model's estimates beside the measured
savings, and the output checks that failed (matrix_checks.py says what
each means).
"""

import cells
import matrix_checks as checks
import report

TARGET_TITLES = {
    "a": "(a) no program larger with merging than plain, nor with similar "
         "merging than identical only",
    "b": "(b) ours+similar <= min(GMF+ICF, ICF) per program; geomean at "
         f"least {checks.MARGIN_B} points below GMF+ICF",
    "c": "(c) ours (identical only) <= `--icf=safe` per program",
    "d": "(d) `--lto-smallest-binary` <= GMF+outliner+ICF per program; "
         f"geomean at least {checks.MARGIN_D} point below",
}
OPT_FLAGS = {"O3": "-O3", "Oz": "-Oz"}


def cell_of(entry):
    return cells.Cell(entry["target"], entry["opt"], entry["lto"])


def title(cell):
    return (f"{cell.target} {OPT_FLAGS[cell.opt]}, "
            f"{report.LTO_KINDS[cell.lto]} (`{cell.name}`)")


def _num(n):
    return "n/a" if n is None else f"{n:,}"


def _pct(p):
    return "n/a" if p is None else f"{p:+.2f}%"


def _minutes(entry):
    s = entry.get("seconds")
    return "n/a" if s is None else f"{s / 60:.1f}"


def describe_failure(f):
    if f["program"] == "geomean":
        return f"- ({f['check']}) geomean: {f['what']} (short by " \
               f"{f['points']:.2f} points)"
    return f"- ({f['check']}) {f['program']}: {f['what']} by " \
           f"{f['bytes']:,} B"


def target_lines(result):
    lines = ["#### Targets", "", "| target | result |", "|---|---|"]
    for check, text in TARGET_TITLES.items():
        fails = [f for f in result["failures"] if f["check"] == check]
        skipped = [u for u in result["unchecked"] if u["check"] == check]
        verdict = "ok" if not fails else f"**{len(fails)} failing**"
        if check not in result["applicable"]:
            verdict = "n/a (configurations not run)"
        if skipped:
            verdict += f" ({len(skipped)} not checked)"
        lines.append(f"| {text} | {verdict} |")
    lines.append("")
    if result["failures"]:
        lines += ["Failing, by how much:", ""]
        lines += [describe_failure(f) for f in result["failures"]] + [""]
    if result["unchecked"]:
        lines += ["Not checked (a configuration or its bytes missing):", ""]
        lines += [f"- ({u['check']}) {u['program']}: {u['what']}"
                  for u in result["unchecked"]] + [""]
    return lines


def estimate_lines(rows, thin):
    lines = ["#### Estimated against measured saving (bytes)", "",
             "Similar: the report's `estimated_bytes_saved` (classes in "
             "modules" + (" and across them" if thin else "") +
             ") against `.text` of ours-safe minus ours-safe+similar; "
             "**flagged** when they differ by more than "
             f"max({checks.ESTIMATE_BYTES} B, "
             f"{int(checks.ESTIMATE_SHARE * 100)}% of the measured). "
             "Identical: the saving against plain is measured only; "
             "the report prices no fold inside a module" +
             (", only those across ThinLTO modules (`cross_module.classes`)"
              if thin else "") + ".", "",
             "| program | similar classes | similar estimated | similar "
             "measured | difference | identical folded | identical measured "
             + ("| identical across modules: folded, estimated " if thin
                else "") + "|",
             "|---|---:|---:|---:|---:|---:|---:|" + ("---:|" if thin
                                                     else "")]
    for r in rows:
        est, meas = r["similar_estimate"], r["similar_measured"]
        diff = "n/a" if est is None or meas is None else f"{meas - est:+,}"
        if r["similar_flagged"]:
            diff = f"**{diff} flagged**"
        cellsv = [r["program"], _num(r["similar_classes"]), _num(est),
                  _num(meas), diff, _num(r["identical_folded"]),
                  _num(r["identical_measured"])]
        if thin:
            cellsv.append(f"{_num(r['identical_cross_module_folded'])}, "
                          f"{_num(r['identical_cross_module_estimate'])}")
        lines.append(report.row(cellsv))
    return lines + [""] + aligned_estimate_lines(rows)


def aligned_estimate_lines(rows):
    """The aligned stage's estimate beside its measured saving, when the
    run has the aligned configuration."""
    rows = [r for r in rows if "aligned_measured" in r]
    if not rows:
        return []
    lines = ["Aligned: the report's `aligned.estimated_bytes_saved` against "
             f"`.text` of ours-safe+similar minus {checks.ALIGNED}, flagged "
             "as above.", "",
             "| program | aligned classes | aligned estimated | aligned "
             "measured | difference |", "|---|---:|---:|---:|---:|"]
    for r in rows:
        est, meas = r["aligned_estimate"], r["aligned_measured"]
        diff = "n/a" if est is None or meas is None else f"{meas - est:+,}"
        if r["aligned_flagged"]:
            diff = f"**{diff} flagged**"
        lines.append(report.row([r["program"], _num(r["aligned_classes"]),
                                 _num(est), _num(meas), diff]))
    return lines + [""]


def output_lines(run):
    failed = checks.output_failures(run)
    n = len(run["programs"]) * len(run["configs"])
    lines = ["#### Output checks (lit)", ""]
    if not failed:
        lines += [f"All {n} passed ({len(run['programs'])} programs x "
                  f"{len(run['configs'])} configurations).", ""]
    else:
        lines += [f"{len(failed)} of {n} did not pass:", ""]
        lines += [f"- {program} [{config}]: {str(why).splitlines()[0]}"
                  for program, config, why in failed] + [""]
    missing = checks.missing_reports(run)
    if missing:
        lines += ["Merge reports missing (no estimates there):", ""]
        lines += [f"- {program} [{config}]: {why}"
                  for program, config, why in missing] + [""]
    return lines


def cell_lines(entry):
    cell = cell_of(entry)
    lines = [f"### {title(cell)}", ""]
    if entry.get("error"):
        return lines + [f"Not measured: {entry['error']}", ""]
    run = entry["run"]
    lines += [f"- {_minutes(entry)} minutes; build directory "
              f"`{entry.get('build', 'n/a')}`",
              "- roles: " + ", ".join(
                  f"{r} = `{cell.config_of(r)}`" for r in cells.ROLES[1:]
                  if cell.config_of(r) in run["configs"]), ""]
    table = report.change_table(run, "text_bytes",
                                f"`.text` bytes of {cell.name} (change "
                                f"against plain)")
    table[0] = "#" + table[0]
    lines += table
    lines += target_lines(checks.targets(run, cell))
    lines += estimate_lines(checks.estimate_rows(run, cell),
                            cell.lto == "thin")
    lines += output_lines(run)
    return lines


def summary_lines(matrix):
    entries = matrix["cells"]
    lines = ["### Geomean `.text` change against plain, per cell", "",
             report.row(["cell"] + list(cells.ROLES[1:])),
             "|---|" + "---:|" * (len(cells.ROLES) - 1)]
    for e in entries:
        if e.get("error"):
            lines.append(report.row([e["cell"]] + ["n/a"] *
                                    (len(cells.ROLES) - 1)))
            continue
        cell, run = cell_of(e), e["run"]
        g = checks.targets(run, cell)["geomeans"]
        lines.append(report.row([e["cell"]] + [
            _pct(g.get(cell.config_of(r))) for r in cells.ROLES[1:]]))
    lines += ["", "ThinLTO cells: gmf+icf and gmf+outliner+icf are GMF's "
              "two-round form (`-codegen-data-thinlto-two-rounds`).", "",
              "### Targets and checks, per cell", "",
              "| cell | minutes | (a) | (b) | (c) | (d) | outputs failed | "
              "estimates flagged |", "|---|---:|---|---|---|---|---:|---:|"]
    for e in entries:
        if e.get("error"):
            lines.append(f"| {e['cell']} | {_minutes(e)} | not measured: "
                         f"{e['error']} | | | | | |")
            continue
        cell, run = cell_of(e), e["run"]
        result = checks.targets(run, cell)
        verdicts = []
        for check in "abcd":
            fails = [f for f in result["failures"] if f["check"] == check]
            skipped = [u for u in result["unchecked"] if u["check"] == check]
            v = "ok" if not fails else ", ".join(
                f["program"] for f in fails)
            if check not in result["applicable"]:
                v = "n/a"
            if skipped:
                v += f" ({len(skipped)} unchecked)"
            verdicts.append(v)
        flagged = sum(1 for r in checks.estimate_rows(run, cell)
                      if r["similar_flagged"])
        lines.append(report.row([e["cell"], _minutes(e)] + verdicts + [
            len(checks.output_failures(run)), flagged]))
    return lines + [""]


def console_lines(matrix):
    """What a run prints when done: per cell, every failing target with its
    program and bytes, the output checks failed and the estimates
    flagged."""
    lines = []
    for e in matrix["cells"]:
        if e.get("error"):
            lines.append(f"{e['cell']}: not measured: {e['error']}")
            continue
        cell, run = cell_of(e), e["run"]
        result = checks.targets(run, cell)
        lines.append(f"{e['cell']} ({_minutes(e)} min): "
                     f"{len(result['failures'])} target failures, "
                     f"{len(checks.output_failures(run))} output checks "
                     f"failed")
        lines += ["  " + describe_failure(f)[2:] for f in result["failures"]]
        lines += [f"  output check: {p} [{c}]: {str(w).splitlines()[0]}"
                  for p, c, w in checks.output_failures(run)]
        lines += [f"  no report: {p} [{c}]: {w}"
                  for p, c, w in checks.missing_reports(run)]
        lines += [f"  estimate: {r['program']}: similar estimated "
                  f"{_num(r['similar_estimate'])} B, measured "
                  f"{_num(r['similar_measured'])} B"
                  for r in checks.estimate_rows(run, cell)
                  if r["similar_flagged"]]
    return lines


def markdown(matrix):
    m = matrix.get("machine") or {}
    lines = [f"## CTMark matrix {matrix['date']}", "",
             f"- machine: {m.get('cpu', 'n/a')}, {m.get('cores', 'n/a')} "
             f"cores, {m.get('system', 'n/a')}",
             f"- command: `{matrix['command']}`",
             f"- revision of the harness: {matrix.get('revision', 'unknown')}",
             f"- linker: `{matrix['linker']}` (sha256 "
             f"{matrix.get('linker_sha256', 'n/a')})", ""]
    lines += summary_lines(matrix)
    for e in matrix["cells"]:
        lines += cell_lines(e)
    return "\n".join(lines)
