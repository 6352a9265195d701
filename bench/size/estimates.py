# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What a merge report says it saved, to set beside what the link measured.

Our byte model prices every merge before making it; the report
(docs/report-schema.md) keeps the prices it acted on. Where they are:

- similar classes, in a module: ``similar.estimated_bytes_saved`` (the sum
  over the module's classes); across ThinLTO modules:
  ``cross_module.similar_classes[].estimated_bytes_saved``;
- identical classes folded across ThinLTO modules:
  ``cross_module.classes[].estimated_bytes_saved``;
- aligned pairs, in a module: ``aligned.estimated_bytes_saved``;
- identical folds inside a module (``groups``): **no estimate**; a group
  has only the kept body's instruction count (``body_instructions``), so
  the identical saving of a full-LTO link, and the in-module part of a
  ThinLTO one, can only be measured.

``summarize(report)`` reads a full-LTO report (``lto-merge-functions-
report/1``) or a ThinLTO one (``...-thinlto-report/1``, one module report
per backend and the ``cross_module`` section) into one flat record, with
``None`` where the report has no such price. The matrix (matrix_checks.py)
compares the similar estimate with the ``.text`` the similar link saved
over the identical-only link, and the aligned estimate with what the
aligned link saved over the similar one.
"""

THIN_SCHEMA = "lto-merge-functions-thinlto-report/1"
MODULE_SCHEMA = "lto-merge-functions-report/1"


class ReportError(Exception):
    """Not a merge report this module can read."""


def _modules(report):
    schema = report.get("schema")
    if schema == THIN_SCHEMA:
        return report.get("modules", [])
    if schema == MODULE_SCHEMA:
        return [report]
    raise ReportError(f"not a merge report (schema {schema!r})")


def _sum(values):
    values = list(values)
    return sum(values) if values else None


def summarize(report):
    """One flat record of a merge report's counts and estimates."""
    modules = _modules(report)
    cross = report.get("cross_module") or {}
    similar_sections = [m["similar"] for m in modules if m.get("similar")]
    aligned_sections = [m["aligned"] for m in modules if m.get("aligned")]
    xm_similar = cross.get("similar_classes", [])
    xm_identical = cross.get("classes", [])
    similar_ran = bool(similar_sections) or bool(xm_similar)
    in_module_similar = sum(s.get("estimated_bytes_saved", 0)
                            for s in similar_sections)
    xm_similar_bytes = sum(c.get("estimated_bytes_saved", 0)
                           for c in xm_similar)
    return {
        # Identical folds inside modules (no estimate) and across them.
        "identical_folded": sum(m.get("functions_folded", 0)
                                for m in modules),
        "identical_groups": sum(len(m.get("groups", [])) for m in modules),
        "identical_cross_module_folded": cross.get("functions_folded", 0),
        "identical_cross_module_estimate": _sum(
            c.get("estimated_bytes_saved", 0) for c in xm_identical),
        # Similar classes (estimated, in modules and across them).
        "similar_ran": similar_ran,
        "similar_classes": sum(s.get("classes_merged", 0)
                               for s in similar_sections) + len(xm_similar),
        "similar_functions": sum(s.get("functions_merged", 0)
                                 for s in similar_sections)
        + sum(len(c.get("members", [])) for c in xm_similar),
        "similar_estimate": (in_module_similar + xm_similar_bytes
                             if similar_ran else None),
        "similar_cross_module_estimate": xm_similar_bytes if xm_similar
        else None,
        # Aligned pairs (in modules only).
        "aligned_classes": _sum(a.get("classes_merged", 0)
                                for a in aligned_sections),
        "aligned_estimate": _sum(a.get("estimated_bytes_saved", 0)
                                 for a in aligned_sections),
    }
