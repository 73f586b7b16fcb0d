"""This browser remembers its last session: one cookie holding the session's token (the
opaque id in the `?s=` link; nothing else, nothing personal). On a bare address the app offers
"Resume where you left off" and loads nothing until the visitor says so; the token still works
only in the browser that made it (core/workspace.py) and only while its workspace lives.

The cookie is read from the page request (`st.context.cookies`) and written by a snippet the
page runs itself (`st.html` with JavaScript; the token is checked against its pattern first):
no request leaves the page.
"""

from __future__ import annotations

import streamlit as st

from core.service import TailoringSession
from core.ui import state
from core.workspace import TOKEN_PATTERN

COOKIE = "rf_session"
FORGET_FLAG = "rf_forget_cookie"  # set after "Delete my data": the cookie names a deleted session


def cookie_token() -> str | None:
    """The token this browser's cookie names (as sent when the page was loaded)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:  # no browser context (bare script runs)
        return None
    return value if isinstance(value, str) and TOKEN_PATTERN.fullmatch(value) else None


def has_work(session: TailoringSession | None) -> bool:
    """Is there anything worth coming back to: a read resume, an analysed job?"""
    return session is not None and (session.resume is not None or session.board is not None)


def cookie_script(token: str | None, *, max_age_s: int) -> str:
    """The snippet that sets the cookie to `token`, or expires it (None)."""
    if token is not None and not TOKEN_PATTERN.fullmatch(token):
        raise ValueError("not a session token")
    value, age = (token, max_age_s) if token else ("", 0)
    return (
        "<script>(function(){var top=window.parent;"
        "var secure=top.location.protocol==='https:'?'; Secure':'';"
        f"top.document.cookie='{COOKIE}={value}; Path=/; Max-Age={age}; SameSite=Strict'+secure;"
        "})();</script>"
    )


def remember_in_browser(*, after_page: bool = False) -> None:
    """Call before the page and again after it: point the cookie at this session while it
    holds work, or take it back after "Delete my data". The snippet is drawn on every run
    until the page is loaded with the cookie in place (a run cut short by a rerun may not
    have run it); after the page, only when the page's action changed what is wanted."""
    token = state.token()
    wanted = token if token and has_work(state.current_session()) else ""
    page_cookie = cookie_token() or ""
    if wanted and wanted != page_cookie:
        emit = wanted
    elif not wanted and page_cookie and state.flag(FORGET_FLAG):
        emit = "-"  # expire it
    else:
        emit = ""
    if after_page and emit == state.cookie_written():
        return  # drawn before the page already
    state.set_cookie_written(emit)
    if emit:
        _write(None if emit == "-" else emit)


def _write(token: str | None) -> None:
    max_age = int(state.settings().workspace_ttl_hours * 3600)
    with st.sidebar:
        st.html(cookie_script(token, max_age_s=max_age), unsafe_allow_javascript=True)
