"""Draft actions: write the draft, decide and edit its lines, pick its template and date style,
and export its downloads once per version (pages 4 and 5; see core/ui/actions.py for the rest).
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import partial

import streamlit as st

from core.contracts import ATSReport, BulletStatus, CardKind, DraftBullet, ResumeDraft, Severity
from core.errors import ResumeForgeError
from core.pipeline.outputs import PageFitPlan
from core.ui import state
from core.ui.progress import attempt, show_error


# --- page 4: draft -------------------------------------------------------------------------------
def write_draft() -> bool:
    session = state.session()
    if session.draft_is_current():  # a repeated click: nothing to rewrite, edits are kept
        state.flash(
            "info",
            "Nothing the draft rests on has changed since it was written (evidence, answers, "
            "gap strategies, engine), so it is kept as it is, with your edits.",
        )
        return True
    from core.ui.stale_draft import rewrite

    return rewrite()


def education_missing() -> bool:
    """The fact resume lists no education (the draft needs one, or the user's word: none)."""
    current = state.board()
    resume = current.resume if current else None
    if resume is None:
        return False
    return not resume.education and not any(c.kind == CardKind.EDUCATION for c in resume.cards)


def set_no_education(widget_key: str) -> None:
    """Callback of "My resume has no education to list"."""
    value = state.flag(widget_key)
    error = attempt(lambda: state.session().set_no_education(value))
    if error:
        state.flash("error", error)


@st.cache_data(show_spinner=False, ttl=600)
def _templates() -> dict[str, str]:
    from core.render import list_templates

    return {t.name: t.description for t in list_templates()}


def template_names() -> list[str]:
    """Template names, the configured default first."""
    names = list(_templates()) or [state.settings().default_template]
    default = state.settings().default_template
    return sorted(names, key=lambda name: name != default)


def template_label(name: str) -> str:
    description = _templates().get(name, "")
    return f"{name} — {description}" if description else name


def find_line(bullet_id: str) -> DraftBullet | None:
    current = state.board()
    draft = current.resume_draft if current else None
    return next((b for b in draft.all_bullets() if b.id == bullet_id), None) if draft else None


def set_line_status(bullet_id: str, status: BulletStatus) -> None:
    """Callback: accept / reject / restore one line."""
    error = attempt(lambda: state.session().set_bullet_status(bullet_id, status))
    state.set_line_note(bullet_id, state.Flash("error", error) if error else None)


def toggle_editor(bullet_id: str) -> None:
    """Callback of a line's Edit / Close editor button."""
    state.set_editing(bullet_id, not state.editing(bullet_id))
    state.set_line_note(bullet_id, None)


def edit_line(bullet_id: str, widget_key: str) -> None:
    """Callback of a line's edit form: save the text and re-audit it at once."""
    text = state.text(widget_key)
    try:
        verdict = state.session().edit_bullet(bullet_id, text)
    except ResumeForgeError as err:
        state.set_line_note(bullet_id, state.Flash("error", str(err)))
        return
    state.set_editing(bullet_id, False)
    blockers = [v for v in verdict.violations if v.severity == Severity.BLOCKER]
    if blockers:
        message = "Saved, but the audit blocks this line: it will not reach the DOCX until fixed."
        state.set_line_note(bullet_id, state.Flash("error", message))
    else:
        state.set_line_note(bullet_id, state.Flash("success", "Saved and re-audited: supported."))


# --- page 5: downloads ---------------------------------------------------------------------------
def download_stem() -> str:
    current = state.board()
    title = current.inputs.target_title if current else ""
    slug = re.sub(r"[^a-z0-9]+", "-", (title or "tailored").lower()).strip("-")[:40]
    return f"resume-{slug or 'tailored'}"


DATE_STYLES = {
    "short": "Mar 2021 – Present",
    "long": "March 2021 – Present",
    "numeric": "03/2021 – Present",
    "year": "2021 – Present",
}


def date_style_label(style: str) -> str:
    return DATE_STYLES.get(style, style)


def draft_signature(template: str, date_style: str = "short") -> str:
    """Changes whenever the DOCX would: another run, template, line text or status, or audit."""
    current = state.board()
    if current is None or current.resume_draft is None:
        return ""
    blocked = (
        sorted(v.bullet_id for v in current.audit_report.blockers()) if current.audit_report else []
    )
    parts = [current.run_id, template, date_style, current.resume_draft.model_dump_json()]
    parts.append(",".join(blocked))
    parts += [str(state.fit_pages()), str(current.inputs.length_rules.max_pages)]
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


def prepare_downloads(template: str, date_style: str = "short") -> state.ExportBundle | None:
    """Export the current draft once per version; reuse the bytes while nothing changes."""
    signature = draft_signature(template, date_style)
    bundle = state.export_bundle()
    if bundle is not None and bundle.signature == signature:
        return bundle
    session = state.session()
    has_previous = session.has_previous_draft
    fit = state.fit_pages()
    try:
        outputs = session.export(template=template, date_style=date_style, fit_pages=fit)
    except ResumeForgeError as err:
        show_error(err)
        return None
    try:
        preview = session.preview_png(template=template, date_style=date_style, fit_pages=fit)
    except ResumeForgeError:
        preview = b""  # the downloads matter more than the picture of them
    bundle = state.ExportBundle(
        signature=signature,
        docx=outputs.docx.read_bytes(),
        audit_json=outputs.audit_json.read_bytes(),
        diff_md=outputs.diff_md.read_bytes(),
        pdf=outputs.pdf.read_bytes(),
        preview_png=preview,
        has_previous=has_previous,
    )
    state.set_export_bundle(bundle)
    return bundle


def shipped_document(bundle: state.ExportBundle) -> ResumeDraft:
    """The document the downloads hold (audit.json's "document": after the audit and page fit)."""
    return ResumeDraft.model_validate(json.loads(bundle.audit_json)["document"])


def shipped_ats(bundle: state.ExportBundle) -> ATSReport | None:
    """The ATS report of the downloads, made on the DOCX's own text: what the page shows."""
    report = json.loads(bundle.audit_json)["blackboard"].get("ats_report")
    return ATSReport.model_validate(report) if report else None


# --- page fit: shown before export, decided by the user ----------------------------------------
def page_fit_plan(template: str, date_style: str = "short") -> PageFitPlan | None:
    """What page fit would leave out of the current draft, measured once per version."""
    signature = draft_signature(template, date_style)
    if not signature:
        return None
    plan = state.page_fit(signature)
    if plan is None:
        try:
            plan = state.session().page_fit_plan(template=template, date_style=date_style)
        except ResumeForgeError as err:
            show_error(err)
            return None
        state.set_page_fit(signature, plan)
    return plan


def page_fit_takes(bullet: DraftBullet) -> bool:
    """Would page fit leave this line out (by the last measurement; never a decided line)?"""
    plan = state.last_page_fit()
    if plan is None or not state.fit_pages() or bullet.status != BulletStatus.PROPOSED:
        return False
    return any(b.id == bullet.id for b in plan.lines)


def fit_choice_key(bullet_id: str) -> str:
    return f"draft_fit_out_{bullet_id}"


def apply_fit_choice(bullet_ids: list[str]) -> None:
    """Callback of "Leave out the ticked lines": ticked lines are rejected (left out by the
    user), the others accepted (so page fit keeps them)."""
    session = state.session()
    for bullet_id in bullet_ids:
        left_out = state.flag(fit_choice_key(bullet_id))
        status = BulletStatus.REJECTED if left_out else BulletStatus.ACCEPTED
        error = attempt(partial(session.set_bullet_status, bullet_id, status))
        if error:
            state.flash("error", error)
            return
    state.flash("success", "Done: the lines you ticked are left out, the others kept.")


def keep_every_line(keep: bool) -> None:
    """Callback: keep every line (no page fit), or fit to the page limit again."""
    error = attempt(partial(state.session().set_fit_pages, not keep))
    if error:
        state.flash("error", error)


def show_page_fit(template: str, date_style: str, *, prefix: str) -> None:
    """The page-fit panel for the document as it would be exported now (pages 4 and 5; `prefix`
    keeps the two pages' widget keys apart)."""
    from core.ui.page_fit_widgets import render_page_fit

    plan = page_fit_plan(template, date_style)
    if plan is not None:
        render_page_fit(
            plan,
            fitting=state.fit_pages(),
            prefix=prefix,
            choice_key=fit_choice_key,
            on_apply=apply_fit_choice,
            on_keep_all=keep_every_line,
        )
