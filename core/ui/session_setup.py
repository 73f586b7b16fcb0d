"""Which workspace this browser tab works in: set up on every run, reopened after a reload.

Each browser session gets its own `TailoringSession` over a private workspace directory, named
by an unguessable token kept in the page URL (`?s=…`) and bound to this browser's XSRF cookie:
a reload or a revisit in the same browser reopens the saved run (gap answers, line decisions,
edits) on the page the URL names; another browser, a guessed or an expired token gets nothing.
"""

from __future__ import annotations

import streamlit as st

from core.contracts import Blackboard
from core.errors import ResumeForgeError
from core.service import TailoringSession
from core.settings import Settings
from core.ui import media, state
from core.ui.binding import browser_binding
from core.workspace import (
    expire_idle_workspaces,
    new_token,
    open_for_token,
    reopen_by_token,
)

TOKEN_PARAM = state.TOKEN_PARAM


def init_session_state() -> None:
    """Call first on every run: defaults, this browser session's workspace, kept-alive inputs;
    the served files of workspaces that are gone (expired here or by any session) go too."""
    state.ensure_defaults()
    media.use_per_session_ids()
    current = state.current_session()
    if current is None or not current.workspace.root.exists():
        # a new TailoringSession has no model yet: forget which engine the old one was given,
        # so the sidebar gives it to this one (else the run would silently go offline)
        state.set_llm_signature(None)
    if current is None:
        state.set_session(reopened_session() or new_session(state.settings()))
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
    conf = state.settings()
    workspace = reopen_by_token(
        conf.workspaces_dir,
        token,
        binding=browser_binding(st.context),
        max_idle_s=conf.workspace_ttl_hours * 3600,
    )
    if workspace is None:
        state.flash("info", "That link's session has expired or is not yours: here is a fresh one.")
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
        state.flash("success", "Welcome back: your work is restored where you left it.")
    return session


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
    state.set_session(new_session(state.settings()))
    st.query_params[TOKEN_PARAM] = state.token() or ""
