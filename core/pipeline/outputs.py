"""Exporting a finished run: resume.docx, resume.pdf, audit.json and the SDD's side files.

The documents get only lines without a BLOCKER, with every date in one style. Page fit is
measured on the typeset document (core/render/page_fit.py); it never takes a line the user
accepted or wrote, and `fit_pages=False` (the user's choice to keep every line) turns it off.
What it took is `document.dropped` in audit.json and `page_fit_plan` shows it before export.
After rendering, the DOCX and the PDF are read again (round trip); the ATS report is then
computed on the DOCX's own text, so it never claims a keyword the document lacks, and its
format warnings join the report.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from core.contracts import Blackboard, BulletStatus, DraftBullet, ResumeDraft
from core.errors import PipelineError
from core.workspace import atomic_write_json, atomic_write_text


@dataclass(frozen=True)
class RunOutputs:
    out_dir: Path
    docx: Path
    pdf: Path
    audit_json: Path
    claim_index: Path
    evidence_used: Path
    ats_report: Path
    audit_report: Path
    diff_md: Path


def export_run(
    board: Blackboard,
    *,
    out_dir: Path,
    template: str,
    previous: ResumeDraft | None = None,
    date_style: str | None = None,
    fit_pages: bool = True,
) -> RunOutputs:
    from core.render import diff_drafts

    if board.resume_draft is None:
        raise PipelineError(board.current_step.value, "there is no draft to export yet")
    out_dir = Path(out_dir)
    draft = final_draft(board, template=template, date_style=date_style, fit_pages=fit_pages)
    # The earlier variant as its recruiter got it, so the diff shows only what the user changed
    # (a saved run's document; an in-app draft before a rewind is made one the same way).
    before = None
    if previous is not None:
        before = as_document(previous, board, template=template, date_style=date_style)
    docx, pdf, problems = render_documents(draft, board, template=template, out_dir=out_dir)
    paths = RunOutputs(
        out_dir=out_dir,
        docx=docx,
        pdf=pdf,
        audit_json=out_dir / "audit.json",
        claim_index=out_dir / "claim_index.json",
        evidence_used=out_dir / "evidence_used.json",
        ats_report=out_dir / "ats_report.json",
        audit_report=out_dir / "audit_report.json",
        diff_md=out_dir / "diff_from_base.md",
    )
    dump = board.model_dump(mode="json")
    cited = {cid for claim in board.claim_index for cid in claim.evidence_card_ids}
    used = [c.model_dump(mode="json") for c in board.evidence_cards if c.id in cited]
    # The claim index names each line as the recruiter reads it: in the exported date style,
    # and without the lines the page budget trimmed (final_draft); other claims (skills) stay.
    shipped = {b.id: b.text for b in draft.live_bullets()}
    drafted = {b.id for b in board.resume_draft.all_bullets()}
    claims = [
        {**c, "bullet_text": shipped.get(c["bullet_id"], c["bullet_text"])}
        for c in dump["claim_index"]
        if c["bullet_id"] in shipped or c["bullet_id"] not in drafted
    ]
    atomic_write_json(paths.claim_index, claims)
    atomic_write_json(paths.evidence_used, used)
    atomic_write_json(paths.ats_report, dump["ats_report"])
    atomic_write_json(paths.audit_report, dump["audit_report"])
    atomic_write_text(paths.diff_md, diff_drafts(before, draft))
    document = draft.model_dump(mode="json")
    atomic_write_json(
        paths.audit_json,
        {"blackboard": dump, "document": document, "run_stats": run_stats(board, draft)},
    )
    if problems:
        raise PipelineError(
            "RENDER", "the documents did not read back correctly: " + "; ".join(problems)
        )
    return paths


def final_draft(
    board: Blackboard, *, template: str, date_style: str | None, fit_pages: bool = True
) -> ResumeDraft:
    """The board's draft as the recruiter receives it, without what the audit blocked."""
    assert board.resume_draft is not None
    return as_document(
        board.resume_draft,
        board,
        template=template,
        date_style=date_style,
        blocked=board.blocked_line_ids(),
        fit_pages=fit_pages,
    )


@dataclass(frozen=True)
class PageFitPlan:
    """What page fit takes from the document to keep to the page limit (none: it fits)."""

    lines: list[DraftBullet]  # the draft's lines page fit leaves out, in draft order
    pages: int  # pages the document has after page fit
    pages_unfitted: int  # pages it would have with every line
    max_pages: int

    @property
    def over_limit(self) -> bool:
        """Still over the limit: only lines the user accepted or wrote are left to take."""
        return self.pages > self.max_pages


def page_fit_plan(board: Blackboard, *, template: str, date_style: str | None) -> PageFitPlan:
    """The lines the export's page fit would leave out, measured as the export does it."""
    from core.render.page_fit import fit_rendered_pages
    from core.render.pdf_render import page_layout

    assert board.resume_draft is not None
    whole = final_draft(board, template=template, date_style=date_style, fit_pages=False)
    max_pages = board.inputs.length_rules.max_pages
    fitted, layout = fit_rendered_pages(
        whole, board.contact, template=template, max_pages=max_pages, keep=approved_ids(whole)
    )
    gone = page_fit_dropped(board.resume_draft, fitted)
    return PageFitPlan(
        lines=[b for b in board.resume_draft.all_bullets() if b.id in gone],
        pages=layout.pages,
        pages_unfitted=page_layout(whole, board.contact, template=template).pages,
        max_pages=max_pages,
    )


def page_fit_dropped(draft: ResumeDraft, document: ResumeDraft) -> set[str]:
    """Ids of the lines page fit took: dropped from the document, not earlier by the audit."""
    earlier = {b.id for b in draft.dropped}
    return {b.id for b in document.dropped} - earlier


def approved_ids(draft: ResumeDraft) -> set[str]:
    """Lines the user accepted or wrote: page fit never takes them."""
    approved = (BulletStatus.ACCEPTED, BulletStatus.EDITED)
    return {b.id for b in draft.all_bullets() if b.status in approved}


def as_document(
    draft: ResumeDraft,
    board: Blackboard,
    *,
    template: str,
    date_style: str | None,
    blocked: Collection[str] = (),
    fit_pages: bool = True,
) -> ResumeDraft:
    """A copy of `draft` without rejected and `blocked` lines, with every date in one style,
    trimmed to the measured page budget (unless `fit_pages` is off) without taking a line the
    user approved. A document already made this way comes back the same."""
    from core.render.dates import with_date_style
    from core.render.page_fit import fit_rendered_pages

    draft = draft.model_copy(deep=True)
    rejected = {b.id for b in draft.all_bullets() if b.status == BulletStatus.REJECTED}
    draft.drop_lines(set(blocked) | rejected, record=False)
    draft = with_date_style(draft, date_style)
    if not fit_pages:
        return draft
    max_pages = board.inputs.length_rules.max_pages
    fitted, _ = fit_rendered_pages(
        draft, board.contact, template=template, max_pages=max_pages, keep=approved_ids(draft)
    )
    return fitted


def render_documents(
    draft: ResumeDraft, board: Blackboard, *, template: str, out_dir: Path
) -> tuple[Path, Path, list[str]]:
    """DOCX and PDF from the same draft, both read back; the ATS report is made on the DOCX
    text. Returns the two paths and the round-trip problems."""
    from core.audit import ats_suggestions, build_ats_report
    from core.render import check_docx_roundtrip, docx_format_warnings, render_docx
    from core.render.pdf_render import pdf_text, render_pdf
    from core.render.roundtrip import body_paragraphs, check_pdf_roundtrip

    contact = board.contact
    docx = render_docx(draft, contact, template=template, out_path=out_dir / "resume.docx")
    pdf = render_pdf(draft, contact, template=template, out_path=out_dir / "resume.pdf")
    problems = check_docx_roundtrip(docx, draft, contact)
    problems += check_pdf_roundtrip(pdf_text(pdf.read_bytes()), draft, contact)
    if board.audit_report is not None:
        board.audit_report.roundtrip_problems = problems
    if board.jd is not None:
        board.ats_report = build_ats_report(
            draft,
            jd=board.jd,
            evidence_map=board.evidence_map,
            cards=board.evidence_cards,
            synonyms=board.synonyms_map,
            format_warnings=docx_format_warnings(docx),
            document_text="\n".join(body_paragraphs(docx)),
        )
        if board.audit_report is not None:
            board.audit_report.ats_suggestions = ats_suggestions(board.ats_report)
    return docx, pdf, problems


def run_stats(board: Blackboard, document: ResumeDraft | None = None) -> dict[str, object]:
    """Figures of the run; the line counts are of the exported `document` when there is one
    (`dropped_lines` is `document.dropped`: the audit's and page fit's together)."""
    calls = board.llm_calls
    draft = document if document is not None else board.resume_draft
    live = draft.live_bullets() if draft else []
    page_fit = (
        len(page_fit_dropped(board.resume_draft, document))
        if document is not None and board.resume_draft is not None
        else 0
    )
    return {
        "engine": board.engine,
        "retrieval_mode": board.retrieval_mode,
        "final_state": board.current_step.value,
        "revisions": board.retry_count,
        "seconds": round(sum(e.seconds for e in board.events), 3),
        "lines": len(live),
        "lines_cited": sum(1 for b in live if b.evidence_card_ids),
        "dropped_lines": len(draft.dropped) if draft else 0,
        "page_fit_dropped": page_fit,
        "jd_model_dropped": len(board.jd.model_dropped) if board.jd else 0,
        "llm_calls": len(calls),
        "llm_cache_hits": sum(1 for c in calls if c.cache_hit),
        "tokens_in": sum(c.prompt_tokens for c in calls),
        "tokens_out": sum(c.completion_tokens for c in calls),
        "cost_usd": round(sum(c.cost_usd for c in calls), 6),
    }


def load_exported_draft(run_dir: Path) -> ResumeDraft | None:
    """The document a run folder exported (audit.json's "document"; runs saved before it was
    written give their board's draft), for diffs between runs."""
    path = Path(run_dir) / "audit.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    draft = data.get("document") or data.get("blackboard", {}).get("resume_draft")
    return ResumeDraft.model_validate(draft) if draft else None
