# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turn one size-harness run (its JSON) into a Markdown report and a chart.

The Markdown has one table per measure, programs as rows and configurations
as columns, each cell the change against the plain link of the run's kind of
LTO (full LTO, or ThinLTO for a run with ``"lto": "thin"``), and a last row
with the geometric mean of the ratios; then link and merge-phase times, smoke
verdicts, and the issue's targets per program (ours-safe ``.text`` at most
MergeFunctions'; the gap from ours to ``--icf=all``; for ThinLTO, ours +
``--icf=safe`` at most ``--icf=safe`` and the link time with merging against
the link without).

The chart (SVG and PNG, with gnuplot) shows the ``.text`` change of every
configuration for every program.
"""

import math
import os
import shutil
import subprocess

from configs import LTO_KINDS


def lto_kind(run):
    """What the run's plain link is called: "full LTO" or "ThinLTO" (runs
    written before the key existed are full LTO)."""
    return LTO_KINDS[run.get("lto", "full")]


def geomean(values):
    values = [v for v in values if v and v > 0]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def pct(ratio):
    return "n/a" if ratio is None else f"{(ratio - 1) * 100:+.2f}%"


def ratio(run, program, config, key):
    res = program["results"]
    base, cur = res.get("plain"), res.get(config)
    if not base or not cur or base.get(key) is None or cur.get(key) is None:
        return None
    return cur[key] / base[key] if base[key] else None


def geomeans(run, key):
    return {c: geomean([ratio(run, p, c, key) for p in run["programs"]])
            for c in run["configs"]}


def change_table(run, key, title):
    configs = run["configs"]
    lines = [f"### {title}", "",
             row(["program", "plain"] + configs[1:]),
             "|---|---:|" + "---:|" * (len(configs) - 1)]
    for p in run["programs"]:
        plain = p["results"].get("plain", {}).get(key)
        lines.append(row([p["program"], "n/a" if plain is None else plain] +
                         [pct(ratio(run, p, c, key)) for c in configs[1:]]))
    g = geomeans(run, key)
    lines.append(row(["**geomean**", ""] + [pct(g[c]) for c in configs[1:]]))
    return lines + [""]


def row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def time_table(run):
    configs = run["configs"]
    title = "### Link wall time, median seconds (merge phase from the report)"
    if run.get("lto", "full") != "full":
        title = ("### Link wall time, median seconds (merge phase from the "
                 "report: the sum over the backends)")
    lines = [title, "", "| program | " + " | ".join(configs) + " |",
             "|---|" + "---:|" * len(configs)]
    for p in run["programs"]:
        cells = []
        for c in configs:
            r = p["results"].get(c, {})
            if r.get("link_seconds") is None:
                cells.append("n/a")
                continue
            cell = f"{r['link_seconds']:.2f}"
            if r.get("merge_seconds") is not None:
                cell += f" ({r['merge_seconds']:.3f}; {r['functions_folded']} folded)"
            cells.append(cell)
        lines.append(f"| {p['program']} | " + " | ".join(cells) + " |")
    return lines + [""]


def smoke_table(run):
    configs = run["configs"]
    lines = ["### Smoke output", "",
             "| program | " + " | ".join(configs) + " |",
             "|---|" + "---|" * len(configs)]
    for p in run["programs"]:
        cells = [p["results"].get(c, {}).get("verdict", "n/a") for c in configs]
        lines.append(f"| {p['program']} | " + " | ".join(cells) + " |")
    return lines + [""]


def target_table(run):
    lines = ["### Targets", "",
             "| program | ours-safe vs mergefunc `.text` | ours-all vs icf-all "
             "`.text` (gap) | ours-all+icf-all vs icf-all |",
             "|---|---|---:|---:|"]
    for p in run["programs"]:
        res = p["results"]

        def text(c):
            return res.get(c, {}).get("text_bytes")

        ours, mf = text("ours-safe"), text("mergefunc")
        verdict = "n/a" if ours is None or mf is None else (
            f"{'ok' if ours <= mf else 'LARGER'} ({ours - mf:+d} B)")
        icf = text("icf-all")
        gap = "n/a" if icf is None or text("ours-all") is None else \
            f"{text('ours-all') - icf:+d} B"
        both = "n/a" if icf is None or text("ours-all+icf-all") is None else \
            f"{text('ours-all+icf-all') - icf:+d} B"
        lines.append(f"| {p['program']} | {verdict} | {gap} | {both} |")
    return lines + [""]


def _vs(res, ours, other, key, worse, show):
    """ok, or `worse`, as res[ours][key] is at most res[other][key]."""
    a = res.get(ours, {}).get(key)
    b = res.get(other, {}).get(key)
    if a is None or b is None:
        return "n/a"
    return f"{'ok' if a <= b else worse} ({show(a, b)})"


def _bytes_vs(res, ours, other):
    return _vs(res, ours, other, "text_bytes", "LARGER",
               lambda a, b: f"{a - b:+d} B")


def _time_vs(res, ours, other):
    return _vs(res, ours, other, "link_seconds", "SLOWER",
               lambda a, b: f"{a:.2f} vs {b:.2f} s")


def thin_target_table(run):
    """The ThinLTO targets: .text of ours at most MergeFunctions', ours +
    --icf=safe at most --icf=safe, and merging links no slower."""
    lines = ["### Targets", "",
             "| program | ours-safe vs mergefunc `.text` | ours-safe+icf-safe "
             "vs icf-safe `.text` | link ours-safe vs plain | link "
             "ours-safe+icf-safe vs icf-safe |",
             "|---|---|---|---|---|"]
    for p in run["programs"]:
        res = p["results"]
        lines.append(row([p["program"],
                          _bytes_vs(res, "ours-safe", "mergefunc"),
                          _bytes_vs(res, "ours-safe+icf-safe", "icf-safe"),
                          _time_vs(res, "ours-safe", "plain"),
                          _time_vs(res, "ours-safe+icf-safe", "icf-safe")]))
    return lines + [""]


def markdown(run):
    m = run["machine"]
    kind = lto_kind(run)
    lines = [f"## Size harness run {run['date']}", "",
             f"- machine: {m['cpu']}, {m['cores']} cores, {m['system']}",
             f"- command: `{run['command']}`",
             f"- revision: {run.get('revision', 'unknown')}",
             f"- linker: `{run['linker']}`; configurations: "
             f"{', '.join(run['configs'])}"]
    thin = run.get("lto", "full") != "full"
    if thin:
        lines.append(f"- LTO: {kind} (`-flto={run['lto']}` objects and "
                     f"links; every in-process backend runs the merger)")
    if run.get("retimed"):
        lines.append(f"- link times retimed {run['retimed']}, configurations "
                     f"alternating: `{run['retime_command']}`")
    lines.append("")
    lines += change_table(run, "text_bytes", f"`.text` bytes (change against plain {kind})")
    lines += change_table(run, "file_bytes", f"File bytes (change against plain {kind})")
    lines += change_table(run, "function_symbols", "Function symbols (change)")
    lines += change_table(run, "function_addresses", "Distinct function addresses (change)")
    lines += time_table(run) + smoke_table(run)
    lines += thin_target_table(run) if thin else target_table(run)
    return "\n".join(lines)


GNUPLOT = """set terminal {term}
set termoption noenhanced
set output '{out}'
set title '.text change against plain {kind} (%)'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.9 border -1
set boxwidth 0.9
set key outside right top vertical
set xtics rotate by -30 scale 0 font ',9'
set ylabel '% of plain .text'
set grid ytics
set yrange [*:0.5]
plot {plots}
"""


def chart(run, stem):
    """Writes stem.svg and stem.png; returns the files written (none when
    gnuplot is missing)."""
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        return []
    configs = run["configs"][1:]
    dat = stem + ".dat"
    with open(dat, "w") as f:
        f.write("# program " + " ".join(configs) + "\n")
        rows = list(run["programs"]) + [{"program": "geomean"}]
        g = geomeans(run, "text_bytes")
        for p in rows:
            vals = []
            for c in configs:
                r = g[c] if p["program"] == "geomean" else \
                    ratio(run, p, c, "text_bytes")
                vals.append("0" if r is None else f"{(r - 1) * 100:.3f}")
            f.write(p["program"].replace(" ", "_") + " " + " ".join(vals) + "\n")
    plots = ", ".join(
        f"'{dat}' using {i + 2}:xtic(1) title '{c}'" for i, c in enumerate(configs))
    written = []
    for term, ext in (("svg size 1100,520 dynamic", "svg"),
                      ("png size 1100,520", "png")):
        out = f"{stem}.{ext}"
        script = GNUPLOT.format(term=term, out=out, plots=plots,
                                kind=lto_kind(run))
        proc = subprocess.run([gnuplot], input=script, text=True,
                              capture_output=True)
        if proc.returncode == 0 and os.path.exists(out):
            written.append(out)
    os.remove(dat)
    return written
