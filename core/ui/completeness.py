"""Upload page: what the parsed resume lacks for a draft (a stop) or will lack in the tailored
resume (a warning), and fields to supply it right away (name, email, phone, "no education to
list"), instead of a failure at the writing step."""

from __future__ import annotations

import streamlit as st

from core.service import TailoringSession
from core.ui import state
from core.ui.progress import attempt
from core.ui.widgets import render_bullets

NAME, EMAIL, PHONE = "upload_contact_name", "upload_contact_email", "upload_contact_phone"
NO_EDUCATION = "upload_no_education"


def supply_missing() -> None:
    """Callback of the completeness form: give the session what the user typed."""
    session = state.session()

    def apply() -> None:
        session.set_contact(
            name=str(st.session_state.get(NAME, "")),
            email=str(st.session_state.get(EMAIL, "")),
            phone=str(st.session_state.get(PHONE, "")),
        )
        session.set_no_education(state.flag(NO_EDUCATION))

    error = attempt(apply)
    if error:
        state.flash("error", error)


def render_completeness(session: TailoringSession) -> None:
    """Name what the resume lacks; offer the fields that supply it (nothing when complete)."""
    if session.resume is None:
        return
    missing, notes = session.missing_parts(), session.advisories()
    if not missing and not notes:
        return
    if missing:
        st.warning("Before a draft can be written your resume needs:")
        render_bullets(missing)  # escaped once, there
    if notes:
        st.info("You can go on; the tailored resume will lack what is named here:")
        render_bullets(notes)
    contact = session.resume.contact
    with st.form("upload_completeness"):
        st.caption("Contact details are added to the finished resume only, never to prompts.")
        left, middle, right = st.columns(3)
        left.text_input("Your name", value=contact.name, key=NAME)
        middle.text_input("Email", value=contact.email, key=EMAIL)
        right.text_input("Phone", value=contact.phone, key=PHONE)
        st.checkbox("My resume has no education to list", key=NO_EDUCATION)
        st.form_submit_button("Use these details", on_click=supply_missing)
