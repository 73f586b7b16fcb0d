"""Secrets: a canary API key used through the CLI (environment variable) and through the app
(TailoringSession + make_llm with api_key, and the sidebar) never appears in any file under
RESUMEFORGE_HOME (workspace, LanceDB, caches, run outputs, audit JSON), captured logs or
output, exception messages, exports or what the app displays — even when the provider echoes
it back in error bodies. An operator's key cannot be combined with a user-supplied API base.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from core.errors import ProviderError
from core.llm.cache import ResponseCache
from core.llm.client import make_llm
from core.service import TailoringSession
from core.settings import LLMSettings
from core.ui import state
from core.workspace import Workspace
from tests.llm_server import Reply, error_body
from tests.reliability.conftest import (
    MODEL,
    REPO,
    StageScript,
    fact_resume,
    fast_llm_settings,
    sample_jd,
    write_inputs,
)
from tests.reliability.inspection import (
    tree_text,
)


def _echo(status: int, template: str):
    """An error reply that echoes the request's key back (a badly behaved provider/proxy)."""

    def reply(request) -> Reply:
        key = request.headers.get("Authorization", "").removeprefix("Bearer ")
        return Reply(status=status, body=error_body(template.format(key=key)))

    return reply


ECHOING_PROVIDER = {
    "evidence_mapper": _echo(500, "upstream failed for Authorization: Bearer {key}"),
    "writer": _echo(401, "Incorrect API key provided: {key}. Find your key at ..."),
    "gap_questions": _echo(400, "bad request from key {key}"),
}


def canaries() -> list[str]:
    """One key shaped like an OpenAI key (the brief's canary) and one with no known shape."""
    return [f"sk-canary-{uuid.uuid4().hex}", f"canary{uuid.uuid4().hex}"]


def _leaks(canary: str, text: str) -> list[str]:
    """The canary, or a long piece of it (masked keys like 'sk-canar****5f3a' still leak)."""
    secret = canary.removeprefix("sk-canary-").removeprefix("canary")
    pieces = [canary, secret[:12], secret[-12:]]
    return [piece for piece in pieces if piece in text]


@pytest.mark.slow
@pytest.mark.timeout(180)
@pytest.mark.parametrize("canary", canaries(), ids=["sk_shaped", "unshaped"])
def test_cli_key_from_the_environment_never_leaks(canary, llm_server, tmp_path):
    llm_server.responder = StageScript(ECHOING_PROVIDER)
    home = tmp_path / "home"
    resume, jd = write_inputs(tmp_path / "in", fact_resume("cli-secret"), sample_jd())
    env = {
        **os.environ,
        "RESUMEFORGE_HOME": str(home),
        "OPENAI_API_KEY": canary,
        "LITELLM_LOG": "DEBUG",  # the noisiest logging a user could switch on
        "RESUMEFORGE_RETRIEVAL__EMBEDDING_MODEL": "",  # BM25 only: keeps the subprocess fast
        "RESUMEFORGE_MAX_RETRIES": "1",
        "RESUMEFORGE_LLM__PROVIDER_RETRIES": "1",
        "RESUMEFORGE_LLM__RETRIES": "1",
        "RESUMEFORGE_LLM__BACKOFF_S": "0",
        "RESUMEFORGE_LLM__TIMEOUT_S": "10",
        "RESUMEFORGE_LLM__HYDE": "false",
    }
    command = [sys.executable, "-m", "core", "run", "--resume", str(resume), "--jd", str(jd)]
    command += ["--title", "Senior Data Engineer", "--model", MODEL, "--api-base", llm_server.url]

    done = subprocess.run(
        command, cwd=REPO, env=env, capture_output=True, text=True, timeout=150, check=False
    )

    # Every model call fails here, so the run completes offline and exits 3 (docs/LLM.md, "After
    # failed model calls"); the provider bodies that echo the key go to a redacted log line.
    assert done.returncode == 3, done.stderr[-2000:]
    assert "COMPLETE" in done.stdout and "model calls failed" in done.stdout
    used = {r.headers.get("Authorization") for r in llm_server.requests}
    assert used == {f"Bearer {canary}"}  # the key really was sent, to the loopback server only
    assert _leaks(canary, done.stdout + done.stderr) == []
    files = tree_text(home)
    assert "blackboard" in files and "Snowflake" in files  # the walk sees the run's files
    assert _leaks(canary, files) == []


@pytest.fixture
def canary() -> str:
    return f"sk-canary-{uuid.uuid4().hex}"


@pytest.mark.timeout(180)
def test_app_session_key_never_leaks(
    canary, rel_settings, rel_home, embedder, llm_server, caplog, capfd
):
    caplog.set_level(logging.DEBUG)
    llm_server.responder = StageScript(ECHOING_PROVIDER)
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings(cache=True)})
    workspace = Workspace.open(settings.workspaces_dir / f"secret-{uuid.uuid4().hex[:8]}")
    llm = make_llm(  # exactly what the sidebar builds for a key typed by the user
        settings.llm,
        api_key=canary,
        api_base=llm_server.url,
        cache=ResponseCache(workspace.root / "llm-cache"),
    )
    session = TailoringSession.create(workspace=workspace, settings=settings, llm=llm)

    session.load_resume_text(fact_resume("app-secret"), source_name="r.md")
    session.analyze_job(sample_jd(), target_title="Senior Data Engineer")
    session.map_evidence()
    board = session.write_draft()
    outputs = session.export(template="classic")

    assert {r.headers.get("Authorization") for r in llm_server.requests} == {f"Bearer {canary}"}
    assert any(c.error for c in board.llm_calls)  # the echoing errors were recorded…
    assert _leaks(canary, board.model_dump_json()) == []  # …without the key
    # the walk sees the recorded errors (fixed messages: provider bodies only reach the log)
    assert "had a server error" in tree_text(outputs.out_dir)
    assert "upstream failed" in caplog.text
    assert _leaks(canary, tree_text(rel_home)) == []  # workspace, index, caches, exports
    out, err = capfd.readouterr()
    assert _leaks(canary, out + err + caplog.text) == []
    assert _leaks(canary, repr(llm) + repr(vars(session))) == []


def test_provider_error_messages_never_carry_the_key(canary, llm_server):
    llm_server.responder = _echo(401, "Incorrect API key provided: {key}")
    llm = make_llm(fast_llm_settings(), api_key=canary, api_base=llm_server.url)
    from core.llm.prompts import render_prompt
    from core.llm.responses import HydeResponse

    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")

    err = caught.value
    chain = []
    current: BaseException | None = err
    while current is not None:
        chain += [str(current), repr(current), repr(current.args)]
        current = current.__cause__ or current.__context__
    assert err.kind == "auth"
    assert _leaks(canary, "\n".join(chain)) == []


def test_a_key_from_the_provider_environment_is_redacted_for_every_caller(monkeypatch, llm_server):
    canary = f"canary{uuid.uuid4().hex}"
    monkeypatch.setenv("OPENAI_API_KEY", canary)
    llm_server.responder = _echo(400, "bad request from key {key}")
    llm = make_llm(fast_llm_settings(), api_base=llm_server.url)  # litellm reads the env key
    from core.llm.prompts import render_prompt
    from core.llm.responses import HydeResponse

    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")

    assert llm_server.requests[0].headers.get("Authorization") == f"Bearer {canary}"
    recorded = str(caught.value) + "".join(r.model_dump_json() for r in llm.records)
    assert _leaks(canary, recorded) == []


def test_an_operator_key_is_never_sent_to_a_user_supplied_api_base():
    operator = f"sk-operator-{uuid.uuid4().hex}"
    settings = LLMSettings(model=MODEL, api_base="https://operator-proxy.example/v1")

    with pytest.raises(ProviderError) as caught:
        make_llm(
            settings,
            api_key=operator,
            api_base="https://attacker.example/v1",
            key_is_operator=True,
        )

    assert "custom API base" in str(caught.value)
    assert operator not in str(caught.value)
    # with no user-supplied base the operator's own endpoint is used
    llm = make_llm(settings, api_key=operator, key_is_operator=True)
    assert llm is not None and "operator-proxy.example" in repr(llm)
    assert operator not in repr(llm)


@pytest.mark.timeout(180)
def test_the_sidebar_keeps_a_typed_key_in_memory_only(
    canary, rel_settings, rel_home, embedder, llm_server
):
    """AppTest: a key typed in the sidebar is used, never displayed and never written."""
    from streamlit.testing.v1 import AppTest

    llm_server.responder = StageScript(ECHOING_PROVIDER)
    settings = rel_settings.model_copy(
        update={
            "llm": fast_llm_settings(api_base=llm_server.url, cache=True, allowed_models=[MODEL])
        }
    )
    at = AppTest.from_file(str(REPO / "streamlit_app.py"), default_timeout=120)
    at.session_state[state.SETTINGS_KEY] = settings
    at.run()
    at.selectbox(key=state.MODEL_CHOICE).set_value(MODEL).run()
    at.text_input(key=state.API_KEY).input(canary).run()
    at.radio(key=state.RESUME_MODE).set_value(state.MODE_PASTE).run()
    at.text_area(key=state.RESUME_TEXT).input(fact_resume("sidebar-secret"))
    at.text_area(key=state.JD_TEXT).input(sample_jd())
    next(b for b in at.button if b.label == "Analyse").click().run()
    assert not at.exception, at.exception

    assert llm_server.requests, "the typed key and model were used"
    assert {r.headers.get("Authorization") for r in llm_server.requests} == {f"Bearer {canary}"}
    shown = [
        e.value
        for kind in ("markdown", "caption", "error", "warning", "info", "success")
        for e in getattr(at, kind)
    ]
    assert _leaks(canary, "\n".join(map(str, shown))) == []
    assert at.text_input(key=state.API_KEY).proto.type == 1  # rendered as a password field
    session: TailoringSession = at.session_state[state.SESSION_KEY]
    assert session.workspace.root.is_relative_to(rel_home)
    assert _leaks(canary, tree_text(rel_home)) == []
    # "Forget key" clears it from the session
    at.button(key="sidebar_forget_key").click().run()
    assert at.text_input(key=state.API_KEY).value == ""
    assert Path(session.workspace.root).exists()
