"""AppTest: the sidebar (engine, key, usage, delete) and per-browser-session isolation."""

from __future__ import annotations

import tomllib

from core.settings import Settings
from core.ui import state
from tests.app.conftest import REPO, texts

CANARY = "sk-canary-app-7f3e9c"


def sidebar_text(at) -> str:
    return "\n".join(
        str(e.value)
        for kind in ("markdown", "caption", "success", "info", "error")
        for e in getattr(at.sidebar, kind)
    )


def test_the_router_runs_on_every_rerun_of_every_page(app, mapped_session):
    at = app(mapped_session)
    for page in ("app_pages/upload.py", "app_pages/evidence_map.py", "app_pages/audit.py"):
        at.switch_page(page).run()
        for _ in range(2):  # a page reached by url hash must still go through the router
            assert at.sidebar.selectbox(key=state.MODEL_CHOICE), page
            at.run()
        assert not at.exception


def test_engine_is_offline_by_default_and_the_key_field_is_masked(app):
    at = app()
    assert "Engine: offline" in sidebar_text(at)
    key_field = at.sidebar.text_input(key=state.API_KEY)
    assert key_field.proto.type == key_field.proto.PASSWORD
    assert at.session_state[state.SESSION_KEY].llm is None


def test_choosing_a_model_with_a_key_builds_an_llm_without_showing_the_key(app):
    at = app()
    at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("groq/llama-3.3-70b-versatile")
    at.sidebar.text_input(key=state.API_KEY).input(CANARY).run()
    assert not at.exception, at.exception
    session = at.session_state[state.SESSION_KEY]
    assert session.llm is not None
    shown = sidebar_text(at) + texts(at)
    assert "groq/llama-3.3-70b-versatile" in shown.replace("\\", "") and CANARY not in shown
    assert CANARY not in str(at.session_state["rf_engine"][0])
    at.sidebar.button(key="sidebar_forget_key").click().run()
    assert at.sidebar.text_input(key=state.API_KEY).value == ""
    at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value(state.OFFLINE).run()
    assert at.session_state[state.SESSION_KEY].llm is None


def test_a_session_put_in_place_later_is_given_the_chosen_engine_and_key(app, mapped_session):
    """Whatever puts another TailoringSession in place (a resumed, reopened or new session),
    the next run gives it the engine the sidebar shows, key included; none runs keyless."""
    at = app()
    at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("openai/gpt-4o-mini")
    at.sidebar.text_input(key=state.API_KEY).input(CANARY).run()
    first = at.session_state[state.SESSION_KEY].llm
    assert first is not None and first._redaction_secret() == CANARY
    assert mapped_session.llm is None
    at.session_state[state.SESSION_KEY] = mapped_session
    at.run()
    assert not at.exception, at.exception
    given = at.session_state[state.SESSION_KEY].llm
    assert at.session_state[state.SESSION_KEY] is mapped_session
    assert given is not None and given._redaction_secret() == CANARY
    assert "Engine: openai/gpt-4o-mini · your key" in sidebar_text(at).replace("\\", "")
    at.run()  # nothing changed: the client is kept (its call records are the usage shown)
    assert at.session_state[state.SESSION_KEY].llm is given


def test_the_operator_key_is_used_but_never_shown(app_settings, embedder):
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, TIMEOUT

    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.secrets["llm"] = {"model": "openai/gpt-4o-mini", "api_key": CANARY}
    at.session_state[state.SETTINGS_KEY] = app_settings
    at.run()
    at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("openai/gpt-4o-mini").run()
    assert not at.exception, at.exception
    assert "hosted demo key" in sidebar_text(at)
    assert at.session_state[state.SESSION_KEY].llm is not None
    assert CANARY not in sidebar_text(at) + texts(at)


def test_delete_my_data_removes_the_workspace_and_starts_afresh(app, mapped_session):
    at = app(mapped_session)
    old_root = mapped_session.workspace.root
    assert any(old_root.iterdir())
    at.sidebar.button(key="sidebar_delete_confirm").click().run()
    assert not at.exception, at.exception
    assert not old_root.exists()
    new = at.session_state[state.SESSION_KEY]
    assert new is not mapped_session and new.board is None and new.workspace.root.exists()
    assert at.text_area(key=state.JD_TEXT).value == ""
    assert "Your data was deleted" in texts(at)


def test_each_browser_session_gets_its_own_workspace(app):
    first, second = app(), app()
    a = first.session_state[state.SESSION_KEY].workspace.root
    b = second.session_state[state.SESSION_KEY].workspace.root
    assert a != b and a.parent == b.parent
    first.button(key="upload_try_sample").click().run()
    assert first.session_state[state.SESSION_KEY].board is not None
    second.run()
    assert second.session_state[state.SESSION_KEY].board is None
    assert second.text_area(key=state.JD_TEXT).value == ""


def test_idle_workspaces_expire_when_a_session_starts(app, app_settings):
    import os
    import time

    stale = app_settings.workspaces_dir / "stale-session"
    stale.mkdir(parents=True)
    (stale / ".last_used").write_text(
        str(time.time() - app_settings.workspace_ttl_hours * 3600 - 60)
    )
    os.utime(stale, (0, 0))
    app()
    assert not stale.exists()


def test_streamlit_config_matches_the_ingestion_limit_and_is_private():
    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text())
    assert config["server"]["maxUploadSize"] == Settings().ingest.max_upload_mb
    assert config["server"]["enableXsrfProtection"] is True
    assert config["browser"]["gatherUsageStats"] is False
    example = tomllib.loads((REPO / ".streamlit" / "secrets.toml.example").read_text())
    assert set(example["llm"]) == {"model", "api_key"}


def test_a_chosen_model_gets_the_key_and_its_failures_fall_back_readably(app_settings, embedder):
    """The real litellm path against a loopback server that rejects the key and echoes it back:
    the key reaches the provider, the run still completes offline, the sidebar says why, and
    the key appears nowhere on screen or in the session's files."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, TIMEOUT
    from tests.llm_server import Reply, ScriptedLLMServer, error_body

    with ScriptedLLMServer() as server:
        server.responder = lambda request: Reply(
            status=401, body=error_body(f"Incorrect API key provided: {CANARY}")
        )
        llm = app_settings.llm.model_copy(
            update={
                "api_base": server.url,
                "allowed_models": ["openai/test-model"],
                "retries": 0,
                "provider_retries": 0,
                "timeout_s": 5,
            }
        )
        settings = app_settings.model_copy(update={"llm": llm})
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.session_state[state.SETTINGS_KEY] = settings
        at.run()
        at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("openai/test-model")
        at.sidebar.text_input(key=state.API_KEY).input(CANARY).run()
        at.button(key="upload_try_sample").click().run()
        assert not at.exception, at.exception
        session = at.session_state[state.SESSION_KEY]
        assert session.board is not None and session.board.evidence_map
        assert server.requests, "the model was called"
        assert all(r.headers.get("Authorization") == f"Bearer {CANARY}" for r in server.requests)
        shown = sidebar_text(at) + texts(at) + " ".join(w.value for w in at.sidebar.warning)
        assert f"LLM use this session: {len(session.llm.records)} calls" in shown
        assert "last model call failed" in shown and CANARY not in shown
        for path in session.workspace.root.rglob("*"):
            if path.is_file():
                assert CANARY.encode() not in path.read_bytes(), path


def test_without_a_configured_home_the_app_writes_only_under_temp(monkeypatch, tmp_path):
    from core.settings import get_settings, temp_home

    monkeypatch.chdir(tmp_path)  # no resumeforge.toml here
    monkeypatch.delenv("RESUMEFORGE_HOME")
    get_settings.cache_clear()
    assert state.app_settings().home == temp_home()
    monkeypatch.setenv("RESUMEFORGE_HOME", str(tmp_path / "chosen"))
    get_settings.cache_clear()
    assert state.app_settings().home == tmp_path / "chosen"


def test_the_sidebar_counts_the_tokens_and_cost_of_successful_model_calls(app_settings, embedder):
    """A model that answers every stage (loopback server, real litellm path): the sidebar adds
    up the tokens the provider reported and prices them from litellm's local cost map."""
    from streamlit.testing.v1 import AppTest

    from core.llm.cache import ResponseCache
    from tests.app.conftest import APP, TIMEOUT
    from tests.llm_server import ScriptedLLMServer
    from tests.reliability.conftest import StageScript

    with ScriptedLLMServer() as server:
        server.responder = StageScript()
        llm = app_settings.llm.model_copy(
            update={"api_base": server.url, "retries": 0, "provider_retries": 0, "timeout_s": 5}
        )
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.session_state[state.SETTINGS_KEY] = app_settings.model_copy(update={"llm": llm})
        at.run()
        at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("openai/gpt-4o-mini").run()
        at.sidebar.text_input(key=state.API_KEY).input("sk-test-usage").run()
        at.button(key="upload_try_sample").click().run()
        assert not at.exception, at.exception
        records = at.session_state[state.SESSION_KEY].llm.records
        ok = [r for r in records if not r.error]
        assert ok and len(server.requests) >= len(ok)
        tokens_in = sum(r.prompt_tokens for r in records)
        tokens_out = sum(r.completion_tokens for r in records)
        cost = sum(r.cost_usd for r in records)
        assert tokens_in > 0 and tokens_out > 0 and cost > 0
        shown = sidebar_text(at)
        assert (
            f"LLM use this session: {len(records)} calls · {tokens_in:,} tokens in · "
            f"{tokens_out:,} out · ${cost:.4f}"
        ) in shown

        session = at.session_state[state.SESSION_KEY]
        cached = len(ResponseCache(session.model_cache_dir))
        assert cached > 0  # the answers were cached in the session's own workspace
        at.sidebar.button(key="sidebar_clear_cache").click().run()
        assert len(ResponseCache(session.model_cache_dir)) == 0
        flashes = [s.value.replace("\\", "") for s in at.success]  # shown Markdown-escaped
        assert any(f"Cleared {cached} cached model answer(s)" in f for f in flashes), flashes


def test_no_visitor_input_makes_the_server_contact_another_host(app_settings, embedder):
    """A forged model choice (a URL-carrying string, a local provider) and an
    operator secret naming a URL are refused; "Try the sample" runs offline and a listener on
    another loopback port receives 0 requests."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, TIMEOUT
    from tests.llm_server import Reply, ScriptedLLMServer, error_body

    with ScriptedLLMServer() as listener:
        listener.responder = lambda request: Reply(
            status=500, body=error_body("INTERNAL-SECRET token=abc", kind="server_error")
        )
        for forged in (f"oobabooga/{listener.url}/metadata#", f"openai/{listener.url}", "ollama/x"):
            at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
            at.secrets["llm"] = {"model": f"oobabooga/{listener.url}#", "api_key": "sk-op-123456"}
            at.session_state[state.SETTINGS_KEY] = app_settings
            at.session_state[state.MODEL_CHOICE] = forged
            at.run()
            options = at.sidebar.selectbox(key=state.MODEL_CHOICE).options
            assert not any(listener.url in o or o.startswith("ollama/") for o in options)
            at.button(key="upload_try_sample").click().run()
            assert not at.exception, at.exception
            assert at.session_state[state.SESSION_KEY].llm is None
            assert "Engine: offline" in sidebar_text(at)
            assert "INTERNAL-SECRET" not in sidebar_text(at) + texts(at)
        assert listener.count == 0


def test_a_provider_error_body_never_reaches_the_screen(app_settings, embedder):
    """The operator's own endpoint answers with an internal body: the sidebar shows the fixed
    message only."""
    from streamlit.testing.v1 import AppTest

    from tests.app.conftest import APP, TIMEOUT
    from tests.llm_server import Reply, ScriptedLLMServer, error_body

    with ScriptedLLMServer() as server:
        server.responder = lambda request: Reply(
            status=400, body=error_body("INTERNAL-SECRET token=abc is not a valid request")
        )
        llm = app_settings.llm.model_copy(
            update={
                "api_base": server.url,
                "allowed_models": ["openai/test-model"],
                "retries": 0,
                "provider_retries": 0,
                "timeout_s": 5,
            }
        )
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.session_state[state.SETTINGS_KEY] = app_settings.model_copy(update={"llm": llm})
        at.run()
        at.sidebar.selectbox(key=state.MODEL_CHOICE).set_value("openai/test-model")
        at.sidebar.text_input(key=state.API_KEY).input("sk-test-body-1234").run()
        at.button(key="upload_try_sample").click().run()
        assert not at.exception, at.exception
        assert server.requests, "the operator's endpoint was called"
        shown = sidebar_text(at) + texts(at) + " ".join(w.value for w in at.sidebar.warning)
        assert "last model call failed" in shown and "HTTP 400" in shown
        assert "INTERNAL-SECRET" not in shown


def test_start_over_and_delete_each_need_a_second_click(app, mapped_session):
    """Each opens a popover first; only its "Yes, …" button deletes, so a run of the app with
    the sidebar drawn deletes nothing."""
    at = app(mapped_session)
    labels = {b.label for b in at.sidebar.button}
    assert {"Yes, start over", "Yes, delete everything"} <= labels
    assert not {"Start over", "Delete my data"} & labels  # not buttons: popovers
    at.run()
    assert mapped_session.workspace.root.exists() and mapped_session.board is not None
