"""Shared `render_*` widgets for the input, JD and evidence pages, and `safe_text`.

Everything a person or a model wrote (resume, JD, answers, drafts, file names, error messages
that quote them) is rendered through `safe_text` in Markdown contexts, or as plain cells in a
dataframe. Nothing here uses unsafe_allow_html.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pandas as pd
import streamlit as st

from core.contracts import (
    Blackboard,
    EvidenceCard,
    JDAnalysis,
    ParsedResume,
    UserQuestion,
)
from core.jd.reading import first_lines_read, lines_by_role, reading_warnings
from core.ui import state

# Every ASCII character that can start Markdown/HTML/LaTeX/directive syntax in st.markdown.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|$~:@&=\"])")
# Streamlit also turns bare URLs, www. names and e-mail addresses into links, and :name: into
# icons/emoji, on the parsed text (escapes do not stop it): a zero-width space breaks each one.
_ZWSP = "\u200b"
# What the reader did with text it read in full (core/ingest: files.py, textnorm.py,
# assemble.py word these notes): nothing was lost, so they are notes, not read problems.
# Instructions to an AI and hidden text are shown in their own panels below the notes.
_READ_NOTES = re.compile(
    r"invisible formatting character|is not UTF-8; read it as|read like instructions to an AI|"
    r"piece\(s\) of hidden text",
    re.IGNORECASE,
)
_AUTOLINK_TRIGGERS = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?=@)|(?<=:)(?=[\w+/-]+:)")


def safe_text(text: object) -> str:
    """Text for st.markdown that renders literally: links, images, HTML, LaTeX, emphasis and
    Streamlit directives are neutralised with backslash escapes, and bare URLs, e-mail
    addresses and :shortcodes: with an invisible zero-width space; line breaks are kept."""
    raw = str(text).replace("\r\n", "\n").replace("\r", "\n")
    raw = _AUTOLINK_TRIGGERS.sub(_ZWSP, raw)
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", raw)
    return escaped.replace("\n", "  \n")


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(text: object) -> str:
    """A table cell that a spreadsheet opens as text: Streamlit's "Download as CSV" exports
    cells as they are, and Excel or LibreOffice run a cell starting with = + - @ (or a tab or
    carriage return) as a formula, `=HYPERLINK(…)` included; a leading apostrophe stops that."""
    value = str(text)
    return f"'{value}" if value.lstrip(" ").startswith(_FORMULA_START) else value


def render_bullets(items: Sequence[str], *, empty: str = "None.") -> None:
    if not items:
        st.caption(empty)
        return
    st.markdown("\n".join(f"- {safe_text(item)}" for item in items))


def render_flashes() -> None:
    for note in state.take_flashes():
        show = {"success": st.success, "warning": st.warning, "error": st.error}.get(
            note.level, st.info
        )
        show(safe_text(note.message))


def start_here_message(board: Blackboard | None, what: str) -> tuple[bool, str]:
    """Why a page has nothing to show and what to do: (is it a problem with the inputs given?,
    the message). Both inputs given but no requirement read from the ad: the ad was too short or
    held no duties or qualifications (core/ui/ad_reading.py), and the way on is a fuller ad."""
    from core.ui.ad_reading import later_page_message, unread_ad

    ad = unread_ad(board)
    if ad is not None:
        return True, later_page_message(ad, what)
    return False, f"{what} Start on the Upload page: add your resume and a job, or try the sample."


def render_start_here(what: str) -> None:
    problem, message = start_here_message(state.board(), what)
    (st.warning if problem else st.info)(message)
    st.page_link("app_pages/upload.py", label="Go to Upload", icon=":material/upload_file:")


def render_next(page: str, label: str) -> None:
    """The way on: a primary button that opens the next page."""
    if st.button(label, type="primary", icon=":material/arrow_forward:", key=f"next_{page}"):
        st.switch_page(page)


def render_steps(steps: Sequence[tuple[str, str, str]]) -> None:
    """The pages as one row of small links above every page (path, short label, icon): on a
    phone the sidebar with the page list is folded away, this row is not."""
    with st.container(horizontal=True, gap="small", key="steps_row"):
        for path, label, icon in steps:
            st.page_link(path, label=label, icon=icon, width="content")


# --- page 1 ----------------------------------------------------------------------------------
def render_input(mode_key: str, text_key: str, *, kind: str, label: str, types: list[str]):
    """A file uploader or a text area, as the user chose; returns the uploaded file, if any."""
    if state.text(mode_key) != state.MODE_UPLOAD:
        st.text_area(f"Paste {label}", key=text_key, height=320)
        return None
    upload = st.file_uploader(f"Upload {label}", type=types, key=f"upload_{kind}_file")
    kept = state.uploaded(kind)
    if upload is None and kept is not None:
        st.caption(
            f"Using {safe_text(kept.name)} ({len(kept.data) / 1024:.0f} KB), uploaded earlier."
        )
    return upload


def render_parsed_resume(resume: ParsedResume, *, note: str | None = None) -> None:
    st.subheader("What we read from your resume")
    st.caption(f"Source: {safe_text(resume.source_name)}")
    left, middle, right = st.columns(3)
    left.metric("Roles", len(resume.roles))
    middle.metric("Evidence items", len(resume.cards))
    right.metric("Skills listed", len(resume.skills))
    if resume.roles:
        roles = pd.DataFrame(
            [
                {
                    "Company": spreadsheet_safe(r.company),
                    "Title": spreadsheet_safe(r.title),
                    "Dates": spreadsheet_safe(r.timeframe),
                    "Location": spreadsheet_safe(r.location),
                }
                for r in resume.roles
            ]
        )
        st.dataframe(roles, hide_index=True, width="stretch")
    problems, notes = read_problems(resume.warnings)
    if problems:
        st.warning("Some parts could not be read:")
        render_bullets(problems)
    for text in notes:
        st.caption(safe_text(text))
    hidden = [f"{i.what} ({i.why})" for i in resume.left_out if i.why.startswith("hidden text")]
    if hidden:  # text Word would not show is never evidence; the user sees what it said
        with st.expander(f"Hidden text left out ({len(hidden)})"):
            render_bullets(hidden)
    if note:
        st.caption(safe_text(note))
    render_suspicious("your resume", resume.suspicious_instructions)


def read_problems(warnings: Sequence[str]) -> tuple[list[str], list[str]]:
    """A resume's reading warnings split into (read problems, notes on text read in full)."""
    notes = [w for w in warnings if _READ_NOTES.search(w)]
    return [w for w in warnings if w not in notes], notes


def render_suspicious(where: str, lines: Sequence[str]) -> None:
    if not lines:
        return
    st.warning(
        f"{len(lines)} instruction(s) addressed to AI tools were found in {where}. They are "
        "treated as plain text and never followed:"
    )
    render_bullets(lines)


# --- page 2 ----------------------------------------------------------------------------------
def render_role_profile(analysis: JDAnalysis) -> None:
    profile = analysis.role_profile
    if analysis.target_title:
        st.subheader(safe_text(analysis.target_title))
    cols = st.columns(4)
    cols[0].metric("Level", profile.inferred_level or "—")
    cols[1].metric("Must-haves", len(profile.must_haves))
    cols[2].metric("Nice-to-haves", len(profile.nice_to_haves))
    cols[3].metric("ATS keywords", len(analysis.keywords))
    left, right = st.columns(2)
    with left:
        st.markdown("#### Must-haves")
        render_bullets(profile.must_haves)
    with right:
        st.markdown("#### Nice-to-haves")
        render_bullets(profile.nice_to_haves)
    st.markdown("#### Seniority signals")
    render_bullets(profile.seniority_signals)
    st.markdown("#### Keyword clusters")
    if not profile.keyword_clusters:
        st.caption("None found.")
    for cluster, terms in profile.keyword_clusters.items():
        st.markdown(f"**{safe_text(cluster)}**: " + " · ".join(safe_text(t) for t in terms))
    st.markdown("#### Recommended storylines")
    render_bullets(profile.recommended_storylines)
    st.markdown("#### ATS keywords")
    st.caption("What a recruiter would search for; the audit's keyword coverage counts these.")
    st.markdown(" · ".join(safe_text(k) for k in analysis.keywords) or "None found.")
    if analysis.other_terms:
        st.markdown("#### Other terms in the ad")
        st.caption("Read from the ad but seldom searched; not counted in keyword coverage.")
        st.markdown(" · ".join(safe_text(k) for k in analysis.other_terms))
    render_suspicious("the job description", analysis.suspicious_instructions)


def render_jd_reading(analysis: JDAnalysis) -> None:
    """Warnings about a thin reading, and which lines became requirements, duties, boilerplate."""
    warnings = reading_warnings(analysis)
    for warning in warnings:
        st.warning(warning, icon=":material/warning:")
    if warnings:
        st.caption("The job ad's text as it was read begins:")
        st.code("\n".join(first_lines_read(analysis)), language=None, wrap_lines=True)
    roles = lines_by_role(analysis)
    with st.expander("How the job ad was read", expanded=bool(warnings)):
        for role, label in (
            ("requirements", "Read as requirements"),
            ("duties", "Read as duties"),
            ("boilerplate", "Read as boilerplate (never requirements)"),
        ):
            st.markdown(f"**{label}** ({len(roles[role])})")
            render_bullets(roles[role])


# --- page 3 ----------------------------------------------------------------------------------
def provenance_label(card: EvidenceCard) -> str:
    where = card.provenance
    if where.source == "user_answer":
        return "your answer" + (f" ({where.answered_at:%Y-%m-%d})" if where.answered_at else "")
    parts = [where.source, where.section]
    if where.line_start:
        end = where.line_end or where.line_start
        parts.append(
            f"line {where.line_start}"
            if end == where.line_start
            else f"lines {where.line_start}–{end}"
        )
    return " · ".join(p for p in parts if p)


def render_gap_form(
    questions: Sequence[UserQuestion],
    *,
    on_submit: Callable[[tuple[str, ...]], None],
    roles: Sequence[tuple[str, str]] = (),
) -> None:
    """A few questions at a time (must-haves first); the submit callback calls core. With
    `roles` ((id, label) pairs) each answer asks which role it belongs to: the answer becomes a
    bullet of that role, else of "Additional experience"."""
    labels = {"": "No particular role (Additional experience)", **dict(roles)}
    with st.form("evidence_gap_form"):
        for q in questions:
            st.markdown(f"**{safe_text(q.question)}**")
            st.caption(safe_text(q.impact))
            st.text_area(
                "Your answer", key=f"evidence_answer_{q.gap_id}", height=90, max_chars=2000
            )
            if roles:
                st.selectbox(
                    "Which role was this?",
                    options=list(labels),
                    format_func=lambda role_id: labels[role_id],
                    key=f"evidence_role_{q.gap_id}",
                )
            st.checkbox("I don't have this", key=f"evidence_decline_{q.gap_id}")
        st.form_submit_button(
            "Save answers",
            type="primary",
            on_click=on_submit,
            args=(tuple(q.gap_id for q in questions),),
        )


def render_quotes(card_ids: Sequence[str], lookup: Callable[[str], EvidenceCard | None]) -> None:
    """The evidence quotes behind a line, each with where it came from."""
    for card_id in card_ids:
        card = lookup(card_id)
        if card is None:
            st.caption("This evidence is no longer in your resume.")
            continue
        st.markdown(f"> {safe_text(card.raw_text)}")
        st.caption(f"From {safe_text(provenance_label(card))}")
