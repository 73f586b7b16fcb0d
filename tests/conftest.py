"""Shared fixtures: a private home per test, the labelled eval cases, and no real network."""

from __future__ import annotations

import ipaddress
import os
import socket
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
EVAL_DEV = (REPO.parent / "shared" / "eval" / "dev").resolve()
PROVIDER_KEY_VARS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GROQ_API_KEY",
    "DEEPSEEK_API_KEY",
)


def _is_local(address: object) -> bool:
    if not isinstance(address, tuple):
        return True  # unix sockets
    host = str(address[0])
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@pytest.fixture(autouse=True)
def no_real_network(monkeypatch):
    """Any connection outside loopback fails the test: nothing may reach a real provider.

    Attempts are also recorded and fail the test at teardown, because client libraries turn
    the AssertionError (or a failed DNS lookup) into their own "connection error", which code
    under test may catch and hide.
    """
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo
    blocked: list[object] = []

    def guarded_connect(self, address):
        if not _is_local(address):
            blocked.append(address)
            raise AssertionError(f"test tried to reach the network: {address!r}")
        return real_connect(self, address)

    def guarded_getaddrinfo(host, *args, **kwargs):
        name = host.decode() if isinstance(host, bytes) else host
        if name is not None and not _is_local((name, 0)):
            blocked.append(name)
            raise socket.gaierror(socket.EAI_NONAME, f"test tried to resolve {name!r}")
        return real_getaddrinfo(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(
        socket.socket,
        "connect_ex",
        lambda self, address: guarded_connect(self, address) or 0,
    )
    monkeypatch.setattr(socket, "getaddrinfo", guarded_getaddrinfo)
    yield
    if blocked:
        pytest.fail(f"test tried to reach the network (even if the error was caught): {blocked!r}")


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    """Every test gets its own RESUMEFORGE_HOME and no provider keys from the environment."""
    home = tmp_path / "rf-home"
    monkeypatch.setenv("RESUMEFORGE_HOME", str(home))
    for var in PROVIDER_KEY_VARS:
        monkeypatch.delenv(var, raising=False)
    from core.settings import get_settings

    get_settings.cache_clear()
    yield home
    get_settings.cache_clear()


@pytest.fixture(scope="session")
def eval_dir() -> Path:
    if not EVAL_DEV.is_dir():
        pytest.fail(f"labelled cases not found at {EVAL_DEV} (../shared must sit beside the repo)")
    return EVAL_DEV


@pytest.fixture(scope="session")
def eval_cases(eval_dir) -> list[Path]:
    return sorted(p for p in eval_dir.iterdir() if p.is_dir())


def pytest_report_header(config):
    return f"eval cases: {EVAL_DEV} ; HF_HUB_OFFLINE={os.environ.get('HF_HUB_OFFLINE')}"
