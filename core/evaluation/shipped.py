"""Does the exported run tell one story? Checks of a run folder against its own DOCX.

- `ats_mismatches`: the ATS report saved in audit.json (and ats_report.json) must equal the
  report recomputed from the DOCX's text and the exported document; every keyword it lists as
  present must be found word for word in the DOCX and none it lists as missing; the run's
  `dropped_lines` must count `document.dropped`.
- `silent_drops`: a draft line that is live and not blocked, but neither in the DOCX nor listed
  in `document.dropped`, was dropped silently; so was a line the user accepted or wrote that
  page fit took.
Both return human-readable problems; an empty list is a pass. `exported_checks` gathers them
with the output checks of core.evaluation.output_checks for `eval pipeline`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.contracts import ATSReport, Blackboard, ResumeDraft
from core.mapping.terms import mentions

ATS_FIELDS = (
    "keyword_coverage_score",
    "supported_keywords",
    "missing_keywords",
    "suggested_keywords",
    "terms_not_counted",
    "format_warnings",
    "role_signal_score",
    "must_have_coverage",
    "must_haves_supported",
    "must_haves_missing",
)


def _exported(out_dir: Path) -> tuple[dict[str, Any], ResumeDraft, str]:
    from core.render.roundtrip import body_paragraphs

    saved = json.loads((out_dir / "audit.json").read_text(encoding="utf-8"))
    document = ResumeDraft.model_validate(saved["document"])
    return saved, document, "\n".join(body_paragraphs(out_dir / "resume.docx"))


def docx_ats_report(out_dir: Path, board: Blackboard) -> ATSReport | None:
    """The ATS report made afresh from the run folder's DOCX text and exported document."""
    from core.audit import build_ats_report
    from core.render import docx_format_warnings

    if board.jd is None:
        return None
    _, document, text = _exported(out_dir)
    return build_ats_report(
        document,
        jd=board.jd,
        evidence_map=board.evidence_map,
        cards=board.evidence_cards,
        synonyms=board.synonyms_map,
        format_warnings=docx_format_warnings(out_dir / "resume.docx"),
        document_text=text,
    )


def ats_mismatches(out_dir: Path, board: Blackboard) -> list[str]:
    """Differences between the saved ATS report and the DOCX (module doc)."""
    out_dir = Path(out_dir)
    saved, document, text = _exported(out_dir)
    problems: list[str] = []
    stats = saved.get("run_stats", {})
    if stats.get("dropped_lines") != len(document.dropped):
        problems.append(
            f"run_stats.dropped_lines {stats.get('dropped_lines')} but document.dropped "
            f"lists {len(document.dropped)}"
        )
    report = saved["blackboard"].get("ats_report")
    if report is None:
        return problems
    side_file = json.loads((out_dir / "ats_report.json").read_text(encoding="utf-8"))
    if side_file != report:
        problems.append("ats_report.json differs from audit.json's ats_report")
    problems += [
        f"listed as present, not in the DOCX: {k}"
        for k in report["supported_keywords"]
        if not mentions(text, k)
    ]
    problems += [
        f"listed as lacking, but in the DOCX: {k}"
        for k in report["missing_keywords"]
        if mentions(text, k)
    ]
    fresh = docx_ats_report(out_dir, board)
    if fresh is not None:
        again = fresh.model_dump(mode="json")
        problems += [
            f"{name}: saved {report.get(name)!r}, from the DOCX {again[name]!r}"
            for name in ATS_FIELDS
            if report.get(name) != again[name]
        ]
    return problems


def silent_drops(out_dir: Path, board: Blackboard) -> list[str]:
    """Lines that went missing from the DOCX without being listed (module doc)."""
    from core.pipeline.outputs import approved_ids, page_fit_dropped
    from core.render.context import clean_text

    draft = board.resume_draft
    if draft is None:
        return []
    _, document, text = _exported(Path(out_dir))
    shown = " ".join(text.split()).casefold()
    listed = {b.id for b in document.dropped}
    shipped = {b.id: b.text for b in document.live_bullets()}  # in the exported date style
    blocked = board.blocked_line_ids()
    problems: list[str] = []
    for bullet in draft.live_bullets():
        if bullet.id in blocked or bullet.id in listed:
            continue
        line = shipped.get(bullet.id)
        if line is None:
            problems.append(f"not in the document and not listed as dropped: {bullet.text}")
        elif " ".join(clean_text(line).split()).casefold() not in shown:
            problems.append(f"in the document but not in the DOCX: {line}")
    approved = approved_ids(draft) & page_fit_dropped(draft, document)
    problems += [
        f"page fit took a line you approved: {b.text}"
        for b in draft.all_bullets()
        if b.id in approved
    ]
    return problems


def exported_checks(board: Blackboard, out_dir: Path | None) -> dict[str, Any]:
    """A finished run's checks for `eval pipeline` (None: it did not export): the ATS report and
    silent drops against the DOCX, and the output checks (core.evaluation.output_checks) with
    orphan headings read from the PDF against the exported document it was rendered from."""
    from core.evaluation.output_checks import orphan_headings, output_faults

    faults = output_faults(board)
    if out_dir is None:
        return {
            "exported": False,
            "ats_mismatches": [],
            "silent_drops": [],
            "page_fit_dropped": 0,
            "output_faults": faults | {"orphan_headings": []},
        }
    saved = json.loads((out_dir / "audit.json").read_text(encoding="utf-8"))
    document = ResumeDraft.model_validate(saved["document"])
    pdf = (out_dir / "resume.pdf").read_bytes()
    return {
        "exported": True,
        "ats_mismatches": ats_mismatches(out_dir, board),
        "silent_drops": silent_drops(out_dir, board),
        "page_fit_dropped": saved["run_stats"].get("page_fit_dropped", 0),
        "output_faults": faults | {"orphan_headings": orphan_headings(pdf, document)},
    }
