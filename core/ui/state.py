"""Typed session-state accessors: the only module that knows the app's st.session_state keys.

What the user typed lives under widget keys that are re-asserted on every run
(`ensure_defaults`), so switching pages, a rerun or an error never loses it. Which workspace
this browser tab works in (the token in the URL, reopening after a reload) is decided in
core/ui/session_setup.py; the values kept here are the dataclasses of core/ui/session_values.py.
API keys stay in this in-memory state only.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from core.contracts import Blackboard
from core.pipeline.outputs import PageFitPlan
from core.service import TailoringSession
from core.settings import Settings, get_settings, temp_home
from core.ui.session_values import ExportBundle, Flash, FormInputs, UploadedInput, Usage

# --- widget keys (page prefix + name); values are what the user typed ------------------------
RESUME_MODE = "upload_resume_mode"
RESUME_TEXT = "upload_resume_text"
JD_MODE = "upload_jd_mode"
JD_TEXT = "upload_jd_text"
TARGET_TITLE = "upload_target_title"
TEMPLATE = "draft_template"
DATE_STYLE = "draft_date_style"
MODEL_CHOICE = "sidebar_model_choice"
API_KEY = "sidebar_api_key"

MODE_PASTE = "Paste text"
MODE_UPLOAD = "Upload a file"
OFFLINE = "Offline engine (no key needed)"

# What each input reads as before its widget is drawn (the widget's own default: first option,
# empty text).
_INPUT_DEFAULTS: dict[str, Any] = {
    RESUME_MODE: MODE_UPLOAD,
    RESUME_TEXT: "",
    JD_MODE: MODE_PASTE,
    JD_TEXT: "",
    TARGET_TITLE: "",
    MODEL_CHOICE: OFFLINE,
    API_KEY: "",
    TEMPLATE: "",
    DATE_STYLE: "short",
}
# The page that draws each input whose value outlives a visit to another page (the sidebar's are
# drawn on every page). Gap answers typed on page 3 are kept too, by their key's prefix.
_DRAWN_ON: dict[str, str] = {
    RESUME_MODE: "app_pages/upload.py",
    RESUME_TEXT: "app_pages/upload.py",
    JD_MODE: "app_pages/upload.py",
    JD_TEXT: "app_pages/upload.py",
    TARGET_TITLE: "app_pages/upload.py",
    TEMPLATE: "app_pages/draft_review.py",
    DATE_STYLE: "app_pages/draft_review.py",
}
_KEEP_ALIVE_PREFIXES = ("evidence_answer_", "evidence_decline_", "evidence_edit_")
_PREFIXES_DRAWN_ON = "app_pages/evidence_map.py"

# --- app-owned keys (the two public ones let tests seed a real session) -------------------------
SETTINGS_KEY = "rf_settings"
SESSION_KEY = "rf_session"
_UPLOADS = "rf_uploads"
_EXPORT = "rf_export"
_LLM_CLIENTS = "rf_llm_clients"
_PENDING = "rf_pending"
_FLASHES = "rf_flashes"
_ENGINE = "rf_engine"  # the engine choice applied last, and the client it gave the session
_LINE_NOTES = "rf_line_notes"
_EDITING = "rf_editing"
_PAGE_FIT = "rf_page_fit"
_TOKEN = "rf_token"  # noqa: S105 (a state key, not a secret)
_RESUMABLE = "rf_resumable"  # the remembered session this browser may resume (offered)
_COOKIE_WRITTEN = "rf_cookie_written"  # the token this run's page last put in the cookie
TOKEN_PARAM = "s"  # noqa: S105 - the URL query parameter that names this browser's workspace


def app_settings() -> Settings:
    """Settings for the app: unless RESUMEFORGE_HOME (or a config file) names a home, the app
    keeps everything under the system temp dir (hosted demo: no writes anywhere else)."""
    settings = get_settings()
    if "home" in settings.model_fields_set:
        return settings
    return settings.model_copy(update={"home": temp_home()})


def ensure_defaults() -> None:
    """Call first on every run: the app's settings and containers. Inputs get no value here: an
    input the session does not hold yet takes its widget's default, or the value the browser
    sends (after the server lost or restarted the session; a default set here would replace
    it)."""
    state = st.session_state
    if SETTINGS_KEY not in state:
        state[SETTINGS_KEY] = app_settings()
    for key in (_UPLOADS, _LLM_CLIENTS, _LINE_NOTES):
        state.setdefault(key, {})
    state.setdefault(_PENDING, set())
    state.setdefault(_EDITING, set())
    state.setdefault(_FLASHES, [])


def keep_inputs_alive(page: str) -> None:
    """Call before the page `page` runs: the inputs of the other pages keep their values (else
    Streamlit drops the value of a widget not drawn). Never those `page` draws: re-assigning sends
    the value back to the browser, which would wipe what the visitor typed and not submitted yet
    (a form's text) at every rerun of their page."""
    state = st.session_state
    prefixed = [k for k in state if isinstance(k, str) and k.startswith(_KEEP_ALIVE_PREFIXES)]
    kept = [
        *(key for key, drawn_on in _DRAWN_ON.items() if drawn_on != page),
        *(prefixed if page != _PREFIXES_DRAWN_ON else []),
    ]
    for key in kept:
        if key in state:
            state[key] = state[key]


def forget_inputs() -> None:
    """Inputs, uploads, model clients, line notes, downloads and the engine choice, forgotten."""
    state = st.session_state
    for key, default in _INPUT_DEFAULTS.items():
        state[key] = default
    for key in (_UPLOADS, _LLM_CLIENTS, _LINE_NOTES):
        state[key] = {}
    state.pop(_EXPORT, None)
    state.pop(_ENGINE, None)
    state.pop(_PAGE_FIT, None)
    state[_EDITING] = set()


# --- getters and setters -----------------------------------------------------------------------
def settings() -> Settings:
    value = st.session_state.get(SETTINGS_KEY)
    return value if isinstance(value, Settings) else app_settings()


def session() -> TailoringSession:
    return st.session_state[SESSION_KEY]


def current_session() -> TailoringSession | None:
    """The session of this browser tab, None before the first run set one up."""
    return st.session_state.get(SESSION_KEY)


def set_session(value: TailoringSession) -> None:
    st.session_state[SESSION_KEY] = value


def token() -> str | None:
    """The token naming this browser's workspace (kept in the URL as ?s=…)."""
    return st.session_state.get(_TOKEN)


def set_token(value: str) -> None:
    st.session_state[_TOKEN] = value


def resumable() -> str | None:
    """The token of this browser's remembered session, while "Resume" is offered."""
    return st.session_state.get(_RESUMABLE)


def set_resumable(value: str | None) -> None:
    st.session_state[_RESUMABLE] = value


def cookie_written() -> str:
    return st.session_state.get(_COOKIE_WRITTEN, "")


def set_cookie_written(value: str) -> None:
    st.session_state[_COOKIE_WRITTEN] = value


def put_form(inputs: FormInputs) -> None:
    """Fill the upload form with saved inputs (only before its widgets are drawn)."""
    state = st.session_state
    state[RESUME_MODE], state[RESUME_TEXT] = inputs.resume_mode, inputs.resume_text
    state[JD_MODE], state[JD_TEXT] = inputs.jd_mode, inputs.jd_text
    state[TARGET_TITLE] = inputs.title
    set_uploaded("resume", inputs.resume_file)
    set_uploaded("jd", inputs.jd_file)


def board() -> Blackboard | None:
    return session().board


def text(key: str) -> str:
    value = st.session_state.get(key, _INPUT_DEFAULTS.get(key, ""))
    return value if isinstance(value, str) else ""


def flag(key: str) -> bool:
    return bool(st.session_state.get(key, False))


def reset_input(key: str, value: str) -> None:
    """Set an input's value (only before its widget is drawn on this run)."""
    st.session_state[key] = value


def seed_input(key: str, value: str) -> None:
    """Give an input its first value (kept from then on: it holds what the user types)."""
    st.session_state.setdefault(key, value)


def forget_inputs_of(keys: list[str]) -> None:
    """Forget what these inputs hold (only from a callback: before their widgets are drawn)."""
    for key in keys:
        st.session_state.pop(key, None)


def reset_flag(key: str, value: bool) -> None:
    """Set a checkbox's value (only before its widget is drawn on this run)."""
    st.session_state[key] = value


def forget_api_key() -> None:
    st.session_state[API_KEY] = ""


def set_inputs(*, resume_text: str, jd_text: str, title: str) -> None:
    """Fill the upload form (only from a callback: before its widgets are drawn)."""
    state = st.session_state
    state[RESUME_MODE] = MODE_PASTE
    state[JD_MODE] = MODE_PASTE
    state[RESUME_TEXT] = resume_text
    state[JD_TEXT] = jd_text
    state[TARGET_TITLE] = title


def form_inputs() -> FormInputs:
    resume_mode, jd_mode = text(RESUME_MODE), text(JD_MODE)
    return FormInputs(
        resume_mode=resume_mode,
        resume_text=text(RESUME_TEXT),
        resume_file=uploaded("resume") if resume_mode == MODE_UPLOAD else None,
        jd_mode=jd_mode,
        jd_text=text(JD_TEXT),
        jd_file=uploaded("jd") if jd_mode == MODE_UPLOAD else None,
        title=text(TARGET_TITLE),
    )


def uploaded(kind: str) -> UploadedInput | None:
    return st.session_state[_UPLOADS].get(kind)


def set_uploaded(kind: str, value: UploadedInput | None) -> None:
    uploads = st.session_state[_UPLOADS]
    if value is None:
        uploads.pop(kind, None)
    else:
        uploads[kind] = value


def export_bundle() -> ExportBundle | None:
    return st.session_state.get(_EXPORT)


def set_export_bundle(bundle: ExportBundle | None) -> None:
    st.session_state[_EXPORT] = bundle


def fit_pages() -> bool:
    """Does the export fit the page limit (the default), or did the user keep every line? The
    choice is saved with the run (`Blackboard.fit_pages`), so a reload keeps it."""
    current = current_session()
    board = current.board if current is not None else None
    return board.fit_pages if board is not None else True


def page_fit(signature: str) -> PageFitPlan | None:
    """The page-fit plan measured for this draft version (None: not measured yet)."""
    saved = st.session_state.get(_PAGE_FIT)
    return saved[1] if saved and saved[0] == signature else None


def last_page_fit() -> PageFitPlan | None:
    """The last page-fit plan measured, whichever version (for a line redrawn on its own)."""
    saved = st.session_state.get(_PAGE_FIT)
    return saved[1] if saved else None


def set_page_fit(signature: str, plan: PageFitPlan) -> None:
    st.session_state[_PAGE_FIT] = (signature, plan)


def request(action: str) -> None:
    """Ask the page body to run an action on this run (set from a callback)."""
    st.session_state[_PENDING].add(action)


def take_request(action: str) -> bool:
    pending: set[str] = st.session_state[_PENDING]
    if action in pending:
        pending.discard(action)
        return True
    return False


def flash(level: str, message: str) -> None:
    """A message shown once, on the next render (survives st.rerun)."""
    st.session_state[_FLASHES].append(Flash(level, message))


def take_flashes() -> list[Flash]:
    flashes = list(st.session_state[_FLASHES])
    st.session_state[_FLASHES] = []
    return flashes


def line_note(bullet_id: str) -> Flash | None:
    return st.session_state[_LINE_NOTES].get(bullet_id)


def set_line_note(bullet_id: str, note: Flash | None) -> None:
    notes = st.session_state[_LINE_NOTES]
    if note is None:
        notes.pop(bullet_id, None)
    else:
        notes[bullet_id] = note


def editing(bullet_id: str) -> bool:
    return bullet_id in st.session_state[_EDITING]


def set_editing(bullet_id: str, value: bool) -> None:
    lines: set[str] = st.session_state[_EDITING]
    if value:
        lines.add(bullet_id)
    else:
        lines.discard(bullet_id)


def applied_engine() -> tuple[str | None, Any]:
    """(signature of the engine choice applied last, the client it gave the session)."""
    return st.session_state.get(_ENGINE, (None, None))


def set_applied_engine(signature: str | None, llm: Any) -> None:
    st.session_state[_ENGINE] = (signature, llm)


def remember_llm(llm: Any) -> None:
    """Keep every LLM client this session used: their call records are its usage so far."""
    clients: dict[int, Any] = st.session_state[_LLM_CLIENTS]
    clients[id(llm)] = llm


def usage() -> Usage:
    """Tokens and cost of every LLM call made for this browser session (all models used)."""
    records = [
        r for llm in st.session_state[_LLM_CLIENTS].values() for r in getattr(llm, "records", [])
    ]
    return Usage(
        calls=len(records),
        tokens_in=sum(r.prompt_tokens for r in records),
        tokens_out=sum(r.completion_tokens for r in records),
        cost_usd=sum(r.cost_usd for r in records),
        last_error=records[-1].error if records else "",
    )
