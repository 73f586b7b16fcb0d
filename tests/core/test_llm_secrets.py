"""A canary API key must never appear in files (workspace, cache), logs, output or errors —
not even when the server echoes it back in its 401 body."""

from __future__ import annotations

import gc
import logging
import os
import sqlite3
import subprocess
import sys
import textwrap
import traceback
import uuid
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from core.errors import ProviderError
from core.llm.cache import ResponseCache
from core.llm.client import make_llm
from core.llm.prompts import render_prompt
from core.llm.redaction import RedactingFilter, redact, remember_secret
from core.llm.responses import HydeResponse
from core.settings import LLMSettings
from tests.llm_server import ScriptedLLMServer

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def llm_server() -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as server:
        yield server


@pytest.fixture
def canary() -> str:
    return f"sk-canary-{uuid.uuid4().hex}"


def _chain_text(err: BaseException) -> str:
    parts = []
    current: BaseException | None = err
    while current is not None:
        parts += [str(current), repr(current), repr(getattr(current, "args", ""))]
        current = current.__cause__ or current.__context__
    parts.append("".join(traceback.format_exception(err)))
    return "\n".join(parts)


def _files_text(root: Path) -> str:
    """Every file's bytes, plus every diskcache value decompressed (whatever the level)."""
    texts = [p.read_bytes().decode("utf-8", "replace") for p in root.rglob("*") if p.is_file()]
    for db in root.rglob("cache.db"):
        with sqlite3.connect(db) as conn:
            rows = conn.execute("SELECT key, value FROM Cache").fetchall()
        for row in rows:
            for blob in row:
                if isinstance(blob, bytes):
                    texts.append(zlib.decompress(blob).decode("utf-8", "replace"))
    return "\n".join(texts)


def test_canary_never_leaks_through_errors_logs_cache_or_files(
    llm_server, canary, private_home, caplog, capfd
):
    caplog.set_level(logging.DEBUG)  # the noisiest setting a user could pick
    cache = ResponseCache(private_home / "cache" / "llm")
    settings = LLMSettings(
        model="openai/test-model", retries=1, provider_retries=1, backoff_s=0.0, timeout_s=5
    )
    llm = make_llm(settings, api_key=canary, api_base=llm_server.url, cache=cache)
    assert llm is not None
    prompt = render_prompt("hyde", requirement="Kubernetes")

    # 1. a good answer, cached
    llm_server.reply_json({"bullet": "Ran Kubernetes"})
    llm.structured(prompt, HydeResponse, stage="hyde")
    # 2. a 401 that echoes the key, in the message and in a header
    llm_server.reply_error(
        401,
        f"Incorrect API key provided: {canary}. You can find your key at ...",
        kind="invalid_request_error",
        code="invalid_api_key",
    )
    errors = []
    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Go"), HydeResponse, stage="hyde")
    errors.append(caught.value)
    # 3. a 500 whose body echoes the key, retried, then failing
    for _ in range(2):
        llm_server.reply_error(500, f"upstream rejected Authorization: Bearer {canary}")
    with pytest.raises(ProviderError) as caught:
        llm.structured(render_prompt("hyde", requirement="Rust"), HydeResponse, stage="hyde")
    errors.append(caught.value)

    assert llm_server.count == 4
    assert all(r.headers["Authorization"] == f"Bearer {canary}" for r in llm_server.requests)
    assert errors[0].kind == "auth" and "rejected the API key" in str(errors[0])
    for err in errors:
        assert canary not in _chain_text(err)
    records = "\n".join(r.model_dump_json() for r in llm.records)
    assert canary not in records
    assert canary not in repr(llm) and canary not in str(vars(llm).get("records"))
    cache.close()
    stored = _files_text(private_home)
    assert "Ran Kubernetes" in stored  # the check can see cached answers…
    assert canary not in stored  # …and the key is not among them
    out, err_out = capfd.readouterr()
    assert canary not in out and canary not in err_out
    assert canary not in caplog.text
    assert canary[:20] not in caplog.text  # not even a long prefix


def test_redaction_of_generic_key_shapes():
    text = (
        "key sk-ant-api03-AAAAAAAAAAAA, groq gsk_ABCDEFGH12345678, google "
        "AIzaSyA1234567890abcdefghijklmnop, header Authorization: Bearer abc.def.ghi123, "
        '{"api_key": "whatever-secret-value"}'
    )
    out = redact(text)
    for secret in (
        "sk-ant-api03",
        "gsk_ABCDEFGH",
        "AIzaSyA123",
        "abc.def.ghi123",
        "whatever-secret",
    ):
        assert secret not in out
    assert redact("ordinary text with a task-force") == "ordinary text with a task-force"


class _Holder:
    def __init__(self, secret: str) -> None:
        self.secret = secret

    def _redaction_secret(self) -> str:
        return self.secret


def test_redacting_filter_rewrites_records(canary):
    holder = _Holder(canary.replace("sk-", "k"))  # not key-shaped: only the registry knows it
    remember_secret(holder)
    secret = holder.secret
    record = logging.LogRecord("LiteLLM", logging.ERROR, __file__, 1, "failed: %s", (secret,), None)
    assert RedactingFilter().filter(record) is True
    assert secret not in record.getMessage() and "[redacted]" in record.getMessage()
    del holder
    gc.collect()
    assert redact(f"x {secret}") == f"x {secret}"  # the client is gone, and so is its key


def test_cache_directory_is_owner_only_json(private_home):
    cache = ResponseCache(private_home / "cache" / "llm")
    cache.set("k", model="m", value={"bullet": "x"})
    assert (cache.directory.stat().st_mode & 0o777) == 0o700
    assert cache.get("k") == {"model": "m", "value": {"bullet": "x"}}
    cache.close()
    blob = b"".join(p.read_bytes() for p in cache.directory.rglob("*") if p.is_file())
    assert b'{"model": "m", "value": {"bullet": "x"}}' in blob  # JSON, not a pickle
    assert b"\x80\x04" not in blob and b"\x80\x05" not in blob  # no pickle protocol header


SNEAKY = """
import socket
try:
    socket.create_connection(("api.openai.com", 443), timeout=1)
except Exception:
    pass  # a client library would turn this into "connection error"
"""


def run_probe_suite(tmp_path, test_body: str) -> subprocess.CompletedProcess:
    """pytest on one test `test_body` (module source), under a copy of this suite's conftest."""
    (tmp_path / "conftest.py").write_text((REPO / "tests" / "conftest.py").read_text())
    (tmp_path / "test_probe.py").write_text(test_body)
    # The copy sits where no ../shared is beside it: not CI's own suite, so CI=true is dropped
    # (under it the copied conftest would rightly refuse to run without ../shared).
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_a_test_that_reaches_the_network_fails_even_if_the_error_is_caught(tmp_path):
    """conftest's guard records the attempt and fails the test at teardown."""
    body = "def test_sneaky():\n" + textwrap.indent(SNEAKY, "    ")
    result = run_probe_suite(tmp_path, body)
    assert result.returncode != 0, result.stdout
    assert "tried to reach the network" in result.stdout and "api.openai.com" in result.stdout


@pytest.mark.slow
def test_a_process_started_by_a_test_cannot_reach_the_network_unnoticed(tmp_path):
    """The guard also runs in child processes (tests/netguard/sitecustomize.py); what they try
    is logged and fails the test that started them."""
    body = (
        "import subprocess, sys\n\n"
        "def test_child_is_sneaky():\n"
        f"    subprocess.run([sys.executable, '-c', {SNEAKY!r}], check=True, timeout=60)\n"
    )
    result = run_probe_suite(tmp_path, body)
    assert result.returncode != 0, result.stdout
    assert "tried to reach the network" in result.stdout and "api.openai.com" in result.stdout
