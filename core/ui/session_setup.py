"""Which workspace this browser tab works in: set up on every run, reopened after a reload.

Each browser session gets its own `TailoringSession` over a private workspace directory, named
by an unguessable token kept in the page URL (`?s=…`) and bound to this browser's XSRF cookie:
a reload or a revisit in the same browser reopens the saved run (gap answers, line decisions,
edits) on the page the URL names; another browser, a guessed or an expired token gets nothing.
On a bare address the browser's remembered session (core/ui/remembered.py) is offered, never
opened unasked; a reload during an analysis gives the form its inputs back (saved_inputs.py).
"""

from __future__ import annotations

import contextlib

import streamlit as st

from core.contracts import Blackboard
from core.errors import ResumeForgeError, WorkspaceError
from core.service import TailoringSession
from core.settings import Settings
from core.ui import media, saved_inputs, state
from core.ui.binding import browser_binding
from core.ui.remembered import FORGET_FLAG, cookie_token, has_work
from core.workspace import (
    expire_idle_workspaces,
    new_token,
    open_for_token,
    reopen_by_token,
    workspace_alive,
)

TOKEN_PARAM = state.TOKEN_PARAM


def init_session_state() -> None:
    """Call first on every run: defaults, this browser session's workspace, kept-alive inputs;
    the served files of workspaces that are gone (expired here or by any session) go too."""
    state.ensure_defaults()
    media.use_per_session_ids()
    current = state.current_session()
    if current is None:
        state.set_session(reopened_session() or new_session(state.settings()))
        offer_remembered()
    elif not current.workspace.root.exists():
        state.set_session(new_session(state.settings()))
        state.flash("warning", "Your previous session had expired and its data was removed.")
    else:
        current.workspace.touch()
    media.drop_files_of_removed_workspaces()
    token = state.token()
    if token and st.query_params.get(TOKEN_PARAM) != token:
        st.query_params[TOKEN_PARAM] = token  # page links drop it: put it back on every run


def reopened_session() -> TailoringSession | None:
    """After a reload: the session the URL's token names, if it is this browser's and alive."""
    token = st.query_params.get(TOKEN_PARAM)
    if not token:
        return None
    session = reopen(token)
    if session is None:
        state.flash("info", "That link's session has expired or is not yours: here is a fresh one.")
    return session


def reopen(token: str) -> TailoringSession | None:
    """The session of `token` with its saved work and inputs, if it is this browser's and alive."""
    conf = state.settings()
    workspace = reopen_by_token(
        conf.workspaces_dir,
        token,
        binding=browser_binding(st.context),
        max_idle_s=conf.workspace_ttl_hours * 3600,
    )
    if workspace is None:
        return None
    session = TailoringSession.create(workspace=workspace, settings=conf, llm=None)
    try:
        restored = session.restore_latest()
    except ResumeForgeError as err:
        state.flash("warning", f"Your saved work could not be read back ({err}).")
        restored = None
    state.set_token(token)
    if restored is not None:
        restore_inputs(restored)
    form = saved_inputs.load_form(workspace)
    if form is not None:
        state.put_form(form)  # the inputs of the last "Analyse": newer than any saved run
    if restored is not None:
        state.flash("success", "Welcome back: your work is restored where you left it.")
    elif form is not None:
        session.restore_parse()
        state.flash(
            "info",
            "Your inputs are back. The analysis was interrupted by the reload: "
            "press “Analyse” to run it again.",
        )
    return session


def offer_remembered() -> None:
    """On a bare address: offer this browser's remembered session, if it is alive and another
    than the one just opened (nothing of it is loaded until the visitor asks)."""
    if st.query_params.get(TOKEN_PARAM) or state.resumable():
        return
    token, conf = cookie_token(), state.settings()
    if token is None or token == state.token():
        return
    binding = browser_binding(st.context)
    max_idle_s = conf.workspace_ttl_hours * 3600
    if workspace_alive(conf.workspaces_dir, token, binding=binding, max_idle_s=max_idle_s):
        state.set_resumable(token)


def resume_remembered() -> None:
    """Callback of "Resume where you left off": open the remembered session instead of the
    fresh one (which goes, when nothing was done in it)."""
    token = state.resumable()
    state.set_resumable(None)
    session = reopen(token) if token else None
    if session is None:
        state.flash("info", "That session has expired and its data was removed.")
        return
    fresh = state.current_session()
    if fresh is not None and not has_work(fresh) and fresh.workspace.root != session.workspace.root:
        with contextlib.suppress(WorkspaceError):  # an empty folder; the idle expiry takes it
            fresh.workspace.delete()
    state.set_session(session)  # the sidebar gives it the engine chosen (sidebar.apply_engine)


def dismiss_remembered() -> None:
    """Callback of "Start fresh": keep the new empty session; the old one stays until expiry."""
    state.set_resumable(None)


def render_resume_offer() -> None:
    """The offer of this browser's remembered session (only while there is one, and until
    work starts in the new session: from then on the browser remembers that one)."""
    if not state.resumable():
        return
    if has_work(state.current_session()):
        state.set_resumable(None)
        return
    with st.container(border=True, key="session_resume_offer"):
        st.info(
            "This browser has a saved session of yours. Resume it, or start fresh "
            "(the saved one is kept until it expires or you delete it).",
            icon=":material/history:",
        )
        left, right = st.columns(2)
        left.button(
            "Resume where you left off",
            type="primary",
            key="session_resume",
            on_click=resume_remembered,
        )
        right.button("Start fresh", key="session_start_fresh", on_click=dismiss_remembered)


def restore_inputs(restored: Blackboard) -> None:
    """Put the restored run's job text and title back into the upload form."""
    state.reset_input(state.JD_MODE, state.MODE_PASTE)
    state.reset_input(state.JD_TEXT, restored.inputs.job_description)
    state.reset_input(state.TARGET_TITLE, restored.inputs.target_title)


def new_session(settings: Settings) -> TailoringSession:
    """A fresh TailoringSession over a new private workspace named by a new token; expires
    idle workspaces first."""
    parent = settings.workspaces_dir
    expire_idle_workspaces(parent, max_idle_s=settings.workspace_ttl_hours * 3600)
    token = new_token()
    workspace = open_for_token(parent, token, binding=browser_binding(st.context))
    state.set_token(token)
    return TailoringSession.create(workspace=workspace, settings=settings, llm=None)


def reset_after_delete() -> None:
    """After "Delete my data": a new empty session; inputs, uploads and key are forgotten."""
    state.forget_inputs()
    state.set_resumable(None)
    state.reset_flag(FORGET_FLAG, True)  # the browser forgets the deleted session too
    state.set_session(new_session(state.settings()))
    st.query_params[TOKEN_PARAM] = state.token() or ""
