"""The shared sidebar: engine status, model picker, API key (session memory only), usage so far,
and "Start over" / "Delete my data" (each asks first).

Keys: a key typed here lives in this browser session's memory only (never in files, caches,
logs or the audit JSON); "Forget key" clears it. A hosted demo's operator key comes from
st.secrets ([llm] model / api_key); visitors can use it with the operator's model but never see
it, and it is never sent to any endpoint but the provider's own.

Endpoints: visitors choose only among the operator's models (`llm.allowed_models`, plus the
st.secrets model), never type a model string or URL; local servers only with
`llm.allow_local_models`; the API base only from settings (core/llm/endpoints.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from core.errors import ResumeForgeError
from core.ui import actions, state
from core.ui.widgets import safe_text


@dataclass(frozen=True)
class OperatorConfig:
    model: str
    api_key: str


@dataclass(frozen=True)
class EngineChoice:
    model: str | None
    api_key: str | None
    key_is_operator: bool

    def signature(self) -> str:
        key_hash = hashlib.sha256((self.api_key or "").encode()).hexdigest()
        return f"{self.model}|{key_hash}|{self.key_is_operator}"


def operator_config() -> OperatorConfig | None:
    """The hosted demo's model and key from st.secrets, if the operator configured them."""
    try:
        section = st.secrets.get("llm")
    except Exception:  # no secrets file at all: the normal local case
        return None
    if not section or not section.get("model") or not section.get("api_key"):
        return None
    return OperatorConfig(model=str(section["model"]), api_key=str(section["api_key"]))


def current_choice(operator: OperatorConfig | None) -> EngineChoice:
    picked = state.text(state.MODEL_CHOICE)
    if picked == state.OFFLINE or not picked:
        return EngineChoice(None, None, False)
    model = picked
    user_key = state.text(state.API_KEY).strip()
    if user_key:
        return EngineChoice(model, user_key, False)
    if operator is not None and model == operator.model:
        return EngineChoice(model, operator.api_key, True)
    return EngineChoice(model, None, False)  # provider env variable, or a local model


def apply_engine(choice: EngineChoice) -> str | None:
    """Give the session the LLM for this choice. Rebuilt only when the choice changed or the
    session no longer holds the client last given (a new, resumed or reopened session)."""
    signature = choice.signature()
    session = state.session()
    applied, given = state.applied_engine()
    if applied == signature and session.llm is given:
        return None
    if choice.model is None:
        session.set_llm(None)
        state.set_applied_engine(signature, None)
        return None
    try:
        from core.llm.cache import ResponseCache
        from core.llm.client import make_llm
        from core.llm.endpoints import check_visitor_model

        settings = state.settings()
        operator = operator_config()
        check_visitor_model(
            choice.model, settings.llm, operator_model=operator.model if operator else None
        )
        llm_settings = settings.llm.model_copy(update={"model": choice.model})
        llm = make_llm(
            llm_settings,
            api_key=choice.api_key,
            api_base=None if choice.key_is_operator else settings.llm.api_base,
            key_is_operator=choice.key_is_operator,
            cache=ResponseCache(session.model_cache_dir),
        )
    except ResumeForgeError as err:
        session.set_llm(None)
        state.set_applied_engine(None, None)
        return str(err)
    session.set_llm(llm)
    state.remember_llm(llm)
    state.set_applied_engine(signature, llm)
    return None


def render_sidebar() -> DeltaGenerator:
    """Draw the sidebar; returns the usage slot, to refresh after the page's actions ran."""
    from core.llm.endpoints import visitor_models

    operator = operator_config()
    allowed = visitor_models(
        state.settings().llm, operator_model=operator.model if operator else None
    )
    options = [state.OFFLINE, *allowed]
    if state.text(state.MODEL_CHOICE) not in options:
        state.reset_input(state.MODEL_CHOICE, state.OFFLINE)
    with st.sidebar:
        st.markdown("### Engine")
        help_text = "The models this server's operator allows."
        st.selectbox("Model", options, key=state.MODEL_CHOICE, help=help_text)
        st.text_input(
            "API key",
            key=state.API_KEY,
            type="password",
            help="Kept in this browser session's memory only; never saved.",
        )
        st.button("Forget key", on_click=actions.forget_key, key="sidebar_forget_key")
        choice = current_choice(operator)
        problem = apply_engine(choice)
        render_engine_status(choice, problem)
        usage_slot = st.empty()
        render_usage(usage_slot)
        if choice.model is not None:
            st.button(
                "Clear cached model answers",
                on_click=actions.clear_model_answers,
                key="sidebar_clear_cache",
                help="Identical requests are answered from this session's cache; clear it to "
                "ask the model afresh.",
            )
        render_delete()
    return usage_slot


def render_engine_status(choice: EngineChoice, problem: str | None) -> None:
    if problem:
        st.error(safe_text(problem) + "  \nUsing the offline engine until this is fixed.")
    if choice.model is None or problem:
        st.success("Engine: offline (deterministic, no key needed)")
    else:
        source = (
            "hosted demo key"
            if choice.key_is_operator
            else ("your key" if choice.api_key else "key from the server environment / local model")
        )
        st.info(f"Engine: {safe_text(choice.model)} · {source}")
    note = state.session().embedder_note if state.session().resume is not None else None
    if note:
        st.caption(safe_text(note))


def render_usage(slot: DeltaGenerator) -> None:
    """Tokens and cost so far (every model call of this browser session)."""
    usage = state.usage()
    box = slot.container()
    box.caption(
        f"LLM use this session: {usage.calls} calls · {usage.tokens_in:,} tokens in · "
        f"{usage.tokens_out:,} out · ${usage.cost_usd:.4f}"
    )
    if usage.last_error:
        box.warning(
            f"The last model call failed: {safe_text(usage.last_error)}  \n"
            "That step used the offline engine's result instead."
        )


def render_delete() -> None:
    """The two destructive actions, each behind a second click: the first opens a popover
    that says what goes, and only its "Yes, …" button deletes."""
    with st.popover("Start over", width="stretch"):
        st.write(
            "This deletes this session's work (resume, job ad, answers, drafts and downloads) "
            "and starts a new one with a new link. It cannot be undone."
        )
        st.button(
            "Yes, start over",
            type="primary",
            on_click=actions.start_over,
            key="sidebar_start_over_confirm",
        )
    with st.popover("Delete my data", width="stretch"):
        st.write(
            "This deletes everything of this session on the server: your uploads, the evidence "
            "index, drafts, downloads and cached answers, and forgets your key."
        )
        st.button(
            "Yes, delete everything",
            type="primary",
            on_click=actions.delete_my_data,
            key="sidebar_delete_confirm",
        )
