"""User actions: each calls one `TailoringSession` method (or a short fixed chain of them),
inside `st.status` when it takes a while, or from a widget callback when it is quick. Inputs
stay in session state, so a failed action loses nothing; the user fixes it and tries again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import streamlit as st
from streamlit.runtime.uploaded_file_manager import UploadedFile

from core.contracts import GapAnswer, GapStrategy
from core.ui import saved_inputs, session_setup, state
from core.ui.answer_actions import STALE_NOTE
from core.ui.progress import attempt, run_steps
from core.ui.samples import (
    SAMPLE_JD,
    SAMPLE_RESUME,
    SAMPLE_TITLE,
    sample_text,
    wait_for_warmup,
    warmup_done,
)
from core.ui.widgets import render_bullets


# --- page 1: inputs ------------------------------------------------------------------------------
def use_sample() -> None:
    """Callback of "Try the sample": fill the inputs, then analyse on this run."""
    state.set_inputs(
        resume_text=sample_text(SAMPLE_RESUME), jd_text=sample_text(SAMPLE_JD), title=SAMPLE_TITLE
    )
    state.set_uploaded("resume", None)
    state.set_uploaded("jd", None)
    state.request("analyse_sample")


def keep_uploads(*, resume: UploadedFile | None, jd: UploadedFile | None) -> None:
    """Keep submitted files in session state: a page switch or an error must not lose them."""
    for kind, upload in (("resume", resume), ("jd", jd)):
        if upload is not None:
            state.set_uploaded(kind, state.UploadedInput(upload.name, upload.getvalue()))


WARMUP_STEP = "Loading the search model (only the first visitor of a fresh server waits)"


@dataclass
class JobText:
    """The JD text to analyse (pasted, or read from the uploaded file) and notes on reading it."""

    text: str
    notes: list[str] = field(default_factory=list)


def analyse(*, from_sample: bool = False) -> bool:
    """Parse + index the resume, read and analyse the JD, map the evidence: one st.status."""
    inputs = state.form_inputs()
    problem = missing_input(inputs)
    if problem:
        st.error(problem, icon=":material/error:")
        return False
    session = state.session()
    jd = JobText(inputs.jd_text)
    keep = attempt(lambda: saved_inputs.save_form(session.workspace, inputs))
    if keep:  # the analysis can run without it; only a reload meanwhile would lose the inputs
        st.warning(f"Your inputs could not be kept for a reload: {keep}")

    def load_resume() -> None:
        if inputs.resume_file is not None:
            session.load_resume(inputs.resume_file.data, inputs.resume_file.name)
        else:
            name = SAMPLE_RESUME if from_sample else "pasted.md"
            session.load_resume_text(inputs.resume_text, source_name=name)

    def read_jd() -> None:
        if inputs.jd_file is not None:
            from core.ingest import read_upload
            from core.jd import jd_file_settings

            settings = jd_file_settings(state.settings().ingest)
            extracted = read_upload(inputs.jd_file.data, inputs.jd_file.name, settings=settings)
            jd.text = extracted.text
            jd.notes = [*extracted.warnings, *(f"hidden: {t}" for t in extracted.hidden_text)]

    state.set_export_bundle(None)
    warming = [] if warmup_done() else [(WARMUP_STEP, wait_for_warmup)]
    ok = run_steps(
        "Reading your inputs",
        [
            *warming,
            ("Parsing and indexing your fact resume", load_resume),
            ("Reading the job description", read_jd),
            (
                "Analysing the job",
                lambda: session.analyze_job(jd.text, target_title=inputs.title),
            ),
            ("Mapping your evidence to its requirements", session.map_evidence),
        ],
    )
    if jd.notes:
        st.warning("About the job description file:")
        render_bullets(jd.notes)
    return ok


def missing_input(inputs: state.FormInputs) -> str | None:
    """What is missing before an analysis can start, said as what to do."""
    if inputs.resume_file is None and inputs.resume_mode == state.MODE_UPLOAD:
        return "Upload your fact resume (md, txt, html, docx, odt, fodt, pdf or JSON), or paste it."
    if inputs.resume_file is None and not inputs.resume_text.strip():
        return "Paste your fact resume, or upload it as a file."
    if inputs.jd_file is None and inputs.jd_mode == state.MODE_UPLOAD:
        return "Upload the job description, or paste its text."
    if inputs.jd_file is None and not inputs.jd_text.strip():
        return "Paste the job description, or upload it as a file."
    return None


# --- page 3: gaps --------------------------------------------------------------------------------
def role_choices() -> list[tuple[str, str]]:
    """(role id, "Title — Company (dates)") of the fact resume's roles, for the gap form."""
    board = state.session().board
    roles = board.resume.roles if board is not None and board.resume else []
    return [
        (
            r.id,
            " — ".join(p for p in (r.title, r.company) if p)
            + f" ({r.timeframe})".replace(" ()", ""),
        )
        for r in roles
    ]


def submit_gap_answers(gap_ids: tuple[str, ...]) -> None:
    """Callback of the gap-answer form: answers become evidence and the map is redone at once."""
    answers = []
    for gap_id in gap_ids:
        declined = state.flag(f"evidence_decline_{gap_id}")
        answer = state.text(f"evidence_answer_{gap_id}").strip()
        role_id = state.text(f"evidence_role_{gap_id}") or None
        if declined or answer:
            answers.append(
                GapAnswer(gap_id=gap_id, answer=answer, declined=declined, role_id=role_id)
            )
    if not answers:
        state.flash("warning", "Write an answer or tick “I don't have this” for a question.")
        return
    error = attempt(lambda: state.session().answer_gaps(answers))
    if error:
        state.flash("error", f"{error} Your answers are kept; fix them and save again.")
        return
    state.set_export_bundle(None)
    board = state.session().board
    stale = " " + STALE_NOTE if board is not None and board.resume_draft is not None else ""
    state.flash("success", answers_saved_message(answers) + stale)


def answers_saved_message(answers: list[GapAnswer]) -> str:
    """What was saved, in words: answers and "I don't have this" are different things."""
    given = sum(not a.declined for a in answers)
    declined = len(answers) - given
    parts = []
    if given:
        parts.append(f"Saved {given} answer{'s' if given > 1 else ''} as your evidence")
    if declined:
        noted = "1 requirement" if declined == 1 else f"{declined} requirements"
        parts.append(f"noted that you don't have {noted} (the draft leaves it out)")
    text = "; ".join(parts)
    return f"{text[0].upper()}{text[1:]}; the evidence map is updated."


def keywords_in_evidence() -> tuple[list[str], list[str]]:
    """The job's ATS keywords the evidence states, and the rest (for the headline panel)."""
    from core.audit.ats import evidence_keyword_coverage

    current = state.board()
    if current is None or current.jd is None:
        return [], []
    return evidence_keyword_coverage(current.jd, current.evidence_cards)


def change_gap_strategy(gap_id: str, widget_key: str) -> None:
    """Callback of a gap's strategy picker."""
    strategy = GapStrategy(state.text(widget_key))
    error = attempt(lambda: state.session().set_gap_strategy(gap_id, strategy))
    current = state.board()
    if error:
        state.flash("error", error)
    elif current is not None and current.resume_draft is not None:
        state.flash("info", "Strategy changed. Regenerate the draft to apply it.")


# --- sidebar -------------------------------------------------------------------------------------
def delete_my_data() -> None:
    """Callback: delete this session's workspace, index, files and served downloads; then a
    new empty session (with a new link)."""
    _discard_session("Your data was deleted: uploads, index, drafts and downloads.")


def start_over() -> None:
    """Callback of "Start over": the same clean slate as deleting, said as a fresh start."""
    _discard_session("Started over: your previous work and its downloads were deleted.")


def _discard_session(done: str) -> None:
    from core.ui import media

    errors = [
        e for e in (attempt(media.drop_served_files), attempt(state.session().delete_all)) if e
    ]
    session_setup.reset_after_delete()
    if errors:
        state.flash("error", f"Not everything could be deleted: {' '.join(errors)}")
    else:
        state.flash("success", done)


def clear_model_answers() -> None:
    """Callback: empty this session's cache of model answers."""
    counted: list[int] = []
    error = attempt(lambda: counted.append(state.session().clear_model_answers()))
    if error:
        state.flash("error", f"The cache could not be cleared: {error}")
    else:
        state.flash(
            "success",
            f"Cleared {counted[0]} cached model answer(s); the next run asks the model afresh.",
        )


def forget_key() -> None:
    state.forget_api_key()
