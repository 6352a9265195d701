# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The targets of issue 41, checked on one cell of the CTMark matrix.

A cell's run (a ``lmf-size/1`` run of ``lmf_size.py testsuite``: per
program, per configuration, ``.text`` bytes, lit's code and, for our
configurations, the report's estimates) is checked against:

(a) no program larger with merging than plain (ours-safe,
    ours-safe+similar, smallest), and none larger with similar merging
    than with identical merging alone;
(b) ours+similar at most min(GMF + ICF, ICF) on every program, and its
    geomean at least 0.3 points below GMF + ICF's;
(c) ours (identical only) at most ``--icf=safe`` on every program;
(d) ``--lto-smallest-binary`` at most GMF + outliner + ICF on every
    program, its geomean at least 1 point below.

The configurations are found by role (cells.py), so ThinLTO cells check
against two-round GMF. A check that lacks a configuration or a program's
bytes is reported as not checked, never as passed.

Beside them: the programs whose output check failed (lit's code, per
configuration), and, per program, the byte model's estimate beside the
measured saving (estimates.py): similar merging's estimate against
``.text(ours-safe) - .text(ours-safe+similar)``; identical merging's
measured saving ``.text(plain) - .text(ours-safe)``, which has an estimate
only for the folds across ThinLTO modules. An estimate is flagged when it
misses the measured saving by more than the tolerance: the larger of
``--estimate-bytes`` (200) and ``--estimate-share`` (20%) of the measured
saving.

Everything here is a pure function of the run, for the unit tests.
"""

import math

# Points (percent of plain .text) by which a geomean must lead.
MARGIN_B = 0.3
MARGIN_D = 1.0
ESTIMATE_BYTES = 200
ESTIMATE_SHARE = 0.2


def _text(program, config):
    if not config:
        return None
    rec = program["results"].get(config) or {}
    if rec.get("error"):
        return None
    return rec.get("text_bytes")


def geomean_pct(run, config, programs=None):
    """Geomean of .text(config) / .text(plain) over the programs (all of the
    run's where both are known), as a change in percent; None if none."""
    logs = []
    for p in run["programs"]:
        if programs is not None and p["program"] not in programs:
            continue
        a, base = _text(p, config), _text(p, "plain")
        if a and base:
            logs.append(math.log(a / base))
    if not logs:
        return None
    return (math.exp(sum(logs) / len(logs)) - 1) * 100


def _failure(check, program, what, over):
    return {"check": check, "program": program, "what": what, "bytes": over}


def _not_larger(check, program, ours, other, label_ours, label_other):
    """A failure when ours > other; a 'not checked' entry when unknown."""
    if ours is None or other is None:
        return None, {"check": check, "program": program,
                      "what": f"{label_ours} vs {label_other}: no bytes"}
    if ours > other:
        return _failure(check, program, f"{label_ours} larger than "
                        f"{label_other}", ours - other), None
    return None, None


def _geomean_lead(run, check, ours, other, margin, programs):
    g_ours = geomean_pct(run, ours, programs)
    g_other = geomean_pct(run, other, programs)
    if g_ours is None or g_other is None:
        return None, {"check": check, "program": "geomean",
                      "what": f"{ours} vs {other}: no geomean"}
    if g_ours > g_other - margin:
        return {"check": check, "program": "geomean",
                "what": f"{ours} geomean {g_ours:+.2f}% is not {margin} "
                        f"points below {other}'s {g_other:+.2f}%",
                "points": round(g_ours - (g_other - margin), 4)}, None
    return None, None


def _common(run, configs):
    """Programs with bytes in every one of the configurations."""
    return {p["program"] for p in run["programs"]
            if all(_text(p, c) is not None for c in configs)}


def targets(run, cell):
    """Checks (a)-(d) of one cell: {"failures": [...], "unchecked":
    [...], "applicable": the checks whose configurations the run has,
    "geomeans": {config: pct}}, failures in check order."""
    cfg = cell.config_of
    have = set(run["configs"])
    failures, unchecked = [], []

    def add(result):
        fail, skip = result
        if fail:
            failures.append(fail)
        if skip:
            unchecked.append(skip)

    safe, similar, smallest = cfg("ours-safe"), cfg("ours-similar"), \
        cfg("smallest")
    icf, gmf, gmf_out = cfg("icf"), cfg("gmf+icf"), cfg("gmf+outliner+icf")
    for p in run["programs"]:
        name = p["program"]
        t = lambda c: _text(p, c) if c in have else None  # noqa: E731
        # (a) merging never grows a program; similar never grows identical.
        for c in (safe, similar, smallest):
            if c in have:
                add(_not_larger("a", name, t(c), t("plain"), c, "plain"))
        if safe in have and similar in have:
            add(_not_larger("a", name, t(similar), t(safe), similar, safe))
        # (b) ours+similar <= min(GMF + ICF, ICF).
        if similar in have:
            for c in (gmf, icf):
                if c in have:
                    add(_not_larger("b", name, t(similar), t(c), similar, c))
        # (c) ours (identical only) <= ICF.
        if safe in have and icf in have:
            add(_not_larger("c", name, t(safe), t(icf), safe, icf))
        # (d) smallest <= GMF + outliner + ICF.
        if smallest in have and gmf_out in have:
            add(_not_larger("d", name, t(smallest), t(gmf_out), smallest,
                            gmf_out))
    if similar in have and gmf in have:
        add(_geomean_lead(run, "b", similar, gmf, MARGIN_B,
                          _common(run, ["plain", similar, gmf])))
    if smallest in have and gmf_out in have:
        add(_geomean_lead(run, "d", smallest, gmf_out, MARGIN_D,
                          _common(run, ["plain", smallest, gmf_out])))
    failures.sort(key=lambda f: (f["check"], f["program"] == "geomean"))
    # The checks the run's configurations allow at all.
    applicable = [check for check, needed in (
        ("a", [safe in have or similar in have or smallest in have]),
        ("b", [similar in have, gmf in have or icf in have]),
        ("c", [safe in have, icf in have]),
        ("d", [smallest in have, gmf_out in have])) if all(needed)]
    return {"failures": failures, "unchecked": unchecked,
            "applicable": applicable,
            "geomeans": {c: geomean_pct(run, c) for c in run["configs"]}}


def output_failures(run):
    """(program, configuration, lit code or error) of every output check
    that did not pass."""
    out = []
    for p in run["programs"]:
        for config in run["configs"]:
            rec = p["results"].get(config)
            if rec is None:
                out.append((p["program"], config, "missing"))
            elif rec.get("lit", "PASS") != "PASS" or rec.get("error"):
                out.append((p["program"], config,
                            rec.get("error") or rec.get("lit")))
    return out


def missing_reports(run):
    """(program, configuration, why) of every merging link whose report
    could not be read (its estimates are then unknown)."""
    return [(p["program"], c, rec["report_error"])
            for p in run["programs"] for c in run["configs"]
            for rec in [p["results"].get(c) or {}]
            if rec.get("report_error")]


def _estimates(rec):
    return (rec or {}).get("estimates") or {}


# The configuration with aligned merging on top of ours-similar (not a role:
# runs have it when --configs names it).
ALIGNED = "ours-safe+similar+aligned"


def estimate_rows(run, cell, tolerance_bytes=ESTIMATE_BYTES,
                  tolerance_share=ESTIMATE_SHARE):
    """Per program: the similar estimate and measured saving (flagged when
    they disagree beyond the tolerance), and the identical measured saving
    with the estimate the report has for it (across ThinLTO modules only;
    in-module folds carry none); where the run has ALIGNED, its estimate
    and measured saving over ours-similar too."""
    safe, similar = cell.config_of("ours-safe"), cell.config_of("ours-similar")
    rows = []
    for p in run["programs"]:
        res = p["results"]
        plain_t, safe_t, sim_t = (_text(p, c) for c in ("plain", safe,
                                                        similar))
        est_sim = _estimates(res.get(similar)).get("similar_estimate")
        est_safe = _estimates(res.get(safe))
        row = {"program": p["program"],
               "similar_estimate": est_sim,
               "similar_classes": _estimates(res.get(similar)).get(
                   "similar_classes"),
               "similar_measured": (safe_t - sim_t
                                    if safe_t is not None and
                                    sim_t is not None else None),
               "identical_measured": (plain_t - safe_t
                                      if plain_t is not None and
                                      safe_t is not None else None),
               "identical_folded": est_safe.get("identical_folded"),
               "identical_cross_module_folded": est_safe.get(
                   "identical_cross_module_folded"),
               "identical_cross_module_estimate": est_safe.get(
                   "identical_cross_module_estimate")}
        row["similar_flagged"] = flag(row["similar_estimate"],
                                      row["similar_measured"],
                                      tolerance_bytes, tolerance_share)
        if ALIGNED in run["configs"]:
            al_t = _text(p, ALIGNED)
            est_al = _estimates(res.get(ALIGNED))
            row["aligned_classes"] = est_al.get("aligned_classes")
            row["aligned_estimate"] = est_al.get("aligned_estimate")
            row["aligned_measured"] = (sim_t - al_t if sim_t is not None
                                       and al_t is not None else None)
            row["aligned_flagged"] = flag(row["aligned_estimate"],
                                          row["aligned_measured"],
                                          tolerance_bytes, tolerance_share)
        rows.append(row)
    return rows


def flag(estimate, measured, tolerance_bytes=ESTIMATE_BYTES,
         tolerance_share=ESTIMATE_SHARE):
    """True when the estimate misses the measured saving by more than the
    larger of tolerance_bytes and tolerance_share of the measured saving;
    None when either is unknown."""
    if estimate is None or measured is None:
        return None
    allowed = max(tolerance_bytes, tolerance_share * abs(measured))
    return abs(estimate - measured) > allowed
