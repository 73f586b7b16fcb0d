"""`render_*` widgets for the draft review and audit pages (split from widgets.py for size).

A line's buttons call back into core through the callbacks the page passes in, so a click never
loses the page and an edit is re-audited before the line is drawn again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import streamlit as st

from core.contracts import (
    ATSReport,
    AuditReport,
    BulletStatus,
    BulletVerdict,
    CardKind,
    DraftBullet,
    EvidenceCard,
    ResumeDraft,
    Severity,
    TruthViolation,
)
from core.ui import state
from core.ui.widgets import render_bullets, render_quotes, safe_text

Lookup = Callable[[str], EvidenceCard | None]
OnStatus = Callable[[str, BulletStatus], None]
OnEdit = Callable[[str, str], None]
OnToggle = Callable[[str], None]


def render_violation(violation: TruthViolation) -> None:
    text = f"**{violation.type.value.replace('_', ' ')}** — {safe_text(violation.violation)}"
    if violation.span:
        text += f"  \nOffending text: “{safe_text(violation.span)}”"
    if violation.severity == Severity.BLOCKER:
        st.error(text, icon=":material/block:")
    else:
        st.warning(text, icon=":material/warning:")


STATUS_WORDS = {
    BulletStatus.PROPOSED: "suggested",
    BulletStatus.ACCEPTED: "accepted",
    BulletStatus.REJECTED: "left out",
    BulletStatus.EDITED: "edited by you",
}
ORIGIN_WORDS = {"user": "your words", "llm": "written by the model"}


def line_origin(bullet: DraftBullet, lookup: Lookup) -> str:
    """Where a line's words come from: the user's edit, the model, or the evidence it quotes
    (the resume, the user's gap answers, or both)."""
    if bullet.origin in ORIGIN_WORDS:
        return ORIGIN_WORDS[bullet.origin]
    cards = [card for cid in bullet.evidence_card_ids if (card := lookup(cid)) is not None]
    answers = sum(
        card.kind == CardKind.USER_ANSWER or card.provenance.source == "user_answer"
        for card in cards
    )
    if answers and answers == len(cards):
        return "from your answer"
    return "from your resume and your answer" if answers else "from your resume"


def line_verdict(verdict: BulletVerdict | None) -> tuple[str, str]:
    """The icon and word for what the audit says about one line."""
    problems = verdict.violations if verdict else []
    if any(v.severity == Severity.BLOCKER for v in problems):
        return ":red[:material/block:]", "blocked by the audit"
    if problems:
        return ":orange[:material/warning:]", "check this"
    return ":green[:material/check_circle:]", "supported by your evidence"


def render_line(
    bullet: DraftBullet,
    *,
    verdict: BulletVerdict | None,
    lookup: Lookup,
    on_status: OnStatus,
    on_edit: OnEdit,
    on_toggle_editor: OnToggle,
    fit_out: bool = False,
) -> None:
    """One compact row per draft line: verdict icon and text, plain-language status, its
    problems, then the evidence on expand and accept / reject / edit. A blocked line cannot
    be accepted until it is fixed. The edit box is drawn only for the line being edited;
    `fit_out` says page fit leaves the line out (accept it to keep it)."""
    rejected = bullet.status == BulletStatus.REJECTED
    icon, word = line_verdict(verdict)
    blocked = word.startswith("blocked")
    with st.container(border=True, key=f"draft_line_{bullet.id}"):
        body = safe_text(bullet.text)
        origin = line_origin(bullet, lookup)
        fit = " · :orange[left out by page fit: accept it to keep it]" if fit_out else ""
        st.markdown(
            f"{icon} {'~~' + body + '~~' if rejected else body}  \n"
            f":gray[{STATUS_WORDS.get(bullet.status, bullet.status.value)} · {word} · {origin}]"
            + fit
        )
        for violation in verdict.violations if verdict else []:
            render_violation(violation)
        note = state.line_note(bullet.id)
        if note is not None:
            (st.success if note.level == "success" else st.error)(safe_text(note.message))
        if state.editing(bullet.id):
            render_editor(bullet, on_edit=on_edit)
        quotes, buttons = st.columns([3, 2], vertical_alignment="top")
        with quotes.expander(f"Evidence ({len(bullet.evidence_card_ids)})"):
            render_quotes(bullet.evidence_card_ids, lookup)
        render_line_buttons(
            bullet, buttons, blocked=blocked, on_status=on_status, on_toggle_editor=on_toggle_editor
        )


def render_line_buttons(
    bullet: DraftBullet,
    box,
    *,
    blocked: bool,
    on_status: OnStatus,
    on_toggle_editor: OnToggle,
) -> None:
    rejected = bullet.status == BulletStatus.REJECTED
    row = box.container(horizontal=True, gap="small")
    row.button(
        "Accept",
        key=f"draft_accept_{bullet.id}",
        disabled=blocked or bullet.status == BulletStatus.ACCEPTED,
        help="Fix this line first: the audit blocks it." if blocked else None,
        on_click=on_status,
        args=(bullet.id, BulletStatus.ACCEPTED),
    )
    row.button(
        "Restore" if rejected else "Reject",
        key=f"draft_reject_{bullet.id}",
        on_click=on_status,
        args=(bullet.id, BulletStatus.PROPOSED if rejected else BulletStatus.REJECTED),
    )
    row.button(
        "Close editor" if state.editing(bullet.id) else "Edit",
        key=f"draft_editor_{bullet.id}",
        on_click=on_toggle_editor,
        args=(bullet.id,),
    )


def render_editor(bullet: DraftBullet, *, on_edit: OnEdit) -> None:
    edit_key = f"draft_edit_{bullet.id}"
    with st.form(f"draft_edit_form_{bullet.id}"):
        st.text_area("Line text", value=bullet.text, key=edit_key, height=80)
        st.caption("Saved lines are re-audited at once: keep to what your evidence says.")
        st.form_submit_button(
            "Save and re-audit",
            key=f"draft_save_{bullet.id}",
            type="primary",
            on_click=on_edit,
            args=(bullet.id, edit_key),
        )


def render_role_heading(title: str, company: str, timeframe: str, location: str) -> None:
    head = " — ".join(safe_text(x) for x in (title, company) if x)
    st.markdown(f"#### {head or 'Role'}")
    meta = " · ".join(safe_text(x) for x in (timeframe, location) if x)
    if meta:
        st.caption(meta)


def render_skills(draft: ResumeDraft) -> None:
    if draft.skills:
        st.markdown("### Skills")
        st.markdown(" · ".join(safe_text(s.skill) for s in draft.skills))


def render_dropped(draft: ResumeDraft) -> None:
    if draft.dropped:
        with st.expander(f"{len(draft.dropped)} line(s) the audit could not verify, left out"):
            render_bullets([b.text for b in draft.dropped])


# --- audit page ----------------------------------------------------------------------------
def render_verdict_banner(report: AuditReport, draft: ResumeDraft) -> None:
    """One coloured banner: passed or blocked, with the counts that say why."""
    lines = len(draft.all_bullets())
    blocked = len({v.bullet_id for v in report.blockers()})
    warnings = sum(v.severity == Severity.WARNING for v in report.truth_violations)
    counts = f"{lines} lines checked · {blocked} blocked · {warnings} to check"
    if blocked:
        st.error(
            f"**Audit: {blocked} line{'s' if blocked > 1 else ''} blocked** — {counts}.  \n"
            "Blocked lines never reach the DOCX: fix or reject them on the Draft review page.",
            icon=":material/block:",
        )
    elif warnings:
        st.warning(f"**Audit passed, with notes** — {counts}.", icon=":material/warning:")
    else:
        st.success(
            f"**Audit passed** — {counts}. Every line rests on your evidence.",
            icon=":material/verified:",
        )


def render_audit_problems(report: AuditReport, draft: ResumeDraft) -> None:
    """Each blocker and warning under the line it belongs to."""
    lines = {b.id: b.text for b in draft.all_bullets()}
    blockers = report.blockers()
    warnings = [v for v in report.truth_violations if v.severity == Severity.WARNING]
    for heading, problems in (
        ("Blockers (these lines never reach the DOCX)", blockers),
        ("Worth a second look", warnings),
    ):
        if problems:
            st.markdown(f"#### {heading}")
        for violation in problems:
            with st.container(border=True):
                line = lines.get(violation.bullet_id or "", "")
                if line:
                    st.markdown(f"Line: “{safe_text(line)}”")
                render_violation(violation)
    for problem in report.inconsistencies + report.roundtrip_problems:
        st.warning(safe_text(problem))


def render_ats(ats: ATSReport) -> None:
    """One coverage display (must-haves and keywords), then the keyword lists."""
    musts = len(ats.must_haves_supported) + len(ats.must_haves_missing)
    cols = st.columns(2)
    cols[0].metric(
        "Must-haves your DOCX shows",
        f"{len(ats.must_haves_supported)} of {musts}",
        help=(
            "Must-have requirements the DOCX states: every keyword they name, or a line "
            "citing their evidence."
        ),
    )
    cols[1].metric(
        "Job keywords in your DOCX",
        f"{ats.keyword_coverage_score:.0f}%",
        help=(
            "The job ad's ATS keywords (the terms a recruiter would search) a search of the "
            "DOCX finds, word for word. The ad's other terms are not counted."
        ),
    )
    st.markdown("**Keywords your DOCX has:** " + inline(ats.supported_keywords))
    st.markdown("**Keywords it lacks:** " + inline(ats.missing_keywords))
    if ats.terms_not_counted:
        st.caption(
            f"Coverage counts the job's ATS keywords only; {len(ats.terms_not_counted)} other "
            "term(s) in the ad are not counted."
        )
    if ats.suggested_keywords:
        st.caption(
            "Your evidence supports these, so you may add them: " + inline(ats.suggested_keywords)
        )
    if ats.must_haves_missing:
        st.markdown("#### Must-haves the draft does not show")
        render_bullets(ats.must_haves_missing)
    st.markdown("#### Format check")
    render_bullets(ats.format_warnings, empty="No format problems found in the document.")


def inline(items: Sequence[str]) -> str:
    return " · ".join(safe_text(i) for i in items) or "none"


def render_downloads(bundle: state.ExportBundle, *, stem: str) -> None:
    row = st.container(horizontal=True, gap="small")
    row.download_button(
        "Download DOCX",
        bundle.docx,
        file_name=f"{stem}.docx",
        mime="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        on_click="ignore",
        key="audit_download_docx",
        type="primary",
    )
    row.download_button(
        "Download PDF",
        bundle.pdf,
        file_name=f"{stem}.pdf",
        mime="application/pdf",
        on_click="ignore",
        key="audit_download_pdf",
        disabled=not bundle.pdf,
    )
    row.download_button(
        "Download audit JSON",
        bundle.audit_json,
        file_name=f"{stem}-audit.json",
        mime="application/json",
        on_click="ignore",
        key="audit_download_json",
    )
    if not bundle.has_previous:
        return
    row.download_button(
        "Download changes since the previous draft",
        bundle.diff_md,
        file_name=f"{stem}-diff.md",
        mime="text/markdown",
        on_click="ignore",
        key="audit_download_diff",
    )


def render_preview(bundle: state.ExportBundle) -> None:
    """The first page as the recruiter will see it, before anything is downloaded."""
    if not bundle.preview_png:
        return
    with st.expander("Preview of the first page", expanded=False):
        st.image(bundle.preview_png, width=420)


def lines_by_section(draft: ResumeDraft) -> Sequence[tuple[str, list[DraftBullet]]]:
    sections: list[tuple[str, list[DraftBullet]]] = [("Summary", list(draft.summary))]
    sections += [(s.name, list(s.bullets)) for s in draft.sections]
    return sections
