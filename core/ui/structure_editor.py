"""Upload page: what was read from the resume, correctable — each entry's kind (job, education,
not a job), title, employer, dates and location, and which entry each line belongs to. A new
entry takes lines moved to it (a role split in two). The corrections go to the session, which
indexes the evidence again and re-maps the job on the corrected resume."""

from __future__ import annotations

import streamlit as st

from core.contracts import ParsedResume
from core.ingest.structure import ResumeStructure, StructureEntry, structure_of
from core.service import TailoringSession
from core.ui import state
from core.ui.progress import attempt

KINDS = {"role": "Job", "education": "Education", "not_a_job": "Not a job"}
FIELDS = (("title", "Title or degree"), ("company", "Employer or school"), ("dates", "Dates"))
ADDED = "structure_added_entries"


def _prefix(resume: ParsedResume) -> str:
    """Widget keys of one reading: a corrected or another resume gets fresh widgets."""
    return f"structure_{resume.content_hash[:10]}_"


def _entries(resume: ParsedResume) -> list[StructureEntry]:
    added = int(st.session_state.get(ADDED, 0))
    blank = [StructureEntry(id=f"added-{n + 1}") for n in range(added)]
    return [*structure_of(resume).entries, *blank]


def _label(entries: list[StructureEntry], n: int) -> str:
    entry = entries[n]
    name = " — ".join(part for part in (entry.title, entry.company) if part) or "new entry"
    return f"{n + 1}. {name}"


def apply_corrections(resume: ParsedResume) -> None:
    """Callback of the form: the structure as the user left it, given to the session."""
    prefix, entries = _prefix(resume), _entries(resume)
    values = st.session_state
    corrected = [
        entry.model_copy(
            update={
                "kind": values.get(f"{prefix}kind_{n}", entry.kind),
                **{name: str(values.get(f"{prefix}{name}_{n}", "")) for name, _ in FIELDS},
                "lines": [],
            }
        )
        for n, entry in enumerate(entries)
    ]
    lines = [(line, n) for n, entry in enumerate(entries) for line in entry.lines]
    for m, (line, owner) in enumerate(lines):
        corrected[int(values.get(f"{prefix}line_{m}", owner))].lines.append(line)
    kept = [entry for entry in corrected if entry.lines or entry.title or entry.company]
    structure = ResumeStructure(
        source_name=resume.source_name, content_hash=resume.content_hash, entries=kept
    )
    error = attempt(lambda: state.session().correct_structure(structure))
    if error:
        state.flash("error", error)
    else:
        st.session_state[ADDED] = 0
        state.flash("success", "Your corrections are in use: the evidence was read again.")


def add_entry() -> None:
    st.session_state[ADDED] = int(st.session_state.get(ADDED, 0)) + 1


def render_structure_editor(session: TailoringSession) -> None:
    resume = session.resume
    if resume is None or not (resume.roles or resume.education):
        return
    prefix, entries = _prefix(resume), _entries(resume)
    lines = [(line, n) for n, entry in enumerate(entries) for line in entry.lines]
    options = list(range(len(entries)))
    with st.expander("Correct what was read: jobs, education, titles and dates"):
        st.caption(
            "Fix a title, an employer or dates; move a line to another entry, or add an entry "
            "and move lines to it to split a job in two. Corrections never add text to your "
            "evidence. A job already analysed is read again against the corrected resume."
        )
        with st.form(f"{prefix}form"):
            for n, entry in enumerate(entries):
                columns = st.columns([1.2, 2.2, 2.2, 1.6])
                columns[0].selectbox(
                    f"Entry {n + 1}",
                    list(KINDS),
                    index=list(KINDS).index(entry.kind),
                    format_func=KINDS.__getitem__,
                    key=f"{prefix}kind_{n}",
                )
                for column, (name, label) in zip(columns[1:], FIELDS, strict=True):
                    column.text_input(label, value=getattr(entry, name), key=f"{prefix}{name}_{n}")
            st.markdown("**Which entry each line belongs to**")
            for m, (line, owner) in enumerate(lines):
                st.selectbox(
                    line,
                    options,
                    index=owner,
                    format_func=lambda n: _label(entries, n),
                    key=f"{prefix}line_{m}",
                )
            st.form_submit_button(
                "Use these corrections", on_click=apply_corrections, args=(resume,)
            )
        st.button("Add an entry", on_click=add_entry, key=f"{prefix}add")
