"""Shared fixtures: a private home per test, the labelled eval cases, and no real network."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from core.environment import apply_process_defaults
from tests.netguard.guard import guarded_functions

apply_process_defaults()  # the test session is an entry point, like the CLI and the app

REPO = Path(__file__).resolve().parents[1]
SHARED = (REPO.parent / "shared").resolve()
EVAL_DEV = SHARED / "eval" / "dev"
# The labelled cases and the real corpus live in ../shared, beside the repository, never in it.
# A clone alone still tests: what needs them is skipped, named; under CI=true their absence is
# an error, so CI cannot lose those tests silently.
HAVE_SHARED = EVAL_DEV.is_dir()
SHARED_MISSING = f"../shared (labelled cases, real corpus) is not beside the repository: {SHARED}"
IN_CI = os.environ.get("CI", "").lower() == "true"
needs_shared = pytest.mark.needs_shared
NETGUARD = REPO / "tests" / "netguard"  # its sitecustomize.py guards child processes
PROVIDER_KEY_VARS = (
    "OPENAI_API_KEY",
    "ANTHROPIC_API_KEY",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GROQ_API_KEY",
    "DEEPSEEK_API_KEY",
)


class TextSnapshot(SingleFileSnapshotExtension):
    """A snapshot kept as one plain .txt file (tests/<dir>/__snapshots__/<test file>/), so a
    reviewer reads a change in the diff. Update after an intended change with
    `pytest <test file> --snapshot-update`."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshot)


@pytest.fixture(autouse=True)
def no_real_network(monkeypatch, tmp_path):
    """Any connection outside loopback fails the test: nothing may reach a real provider, from
    this process or from any Python process the test starts (their attempts go to a log file
    this fixture reads: tests/netguard).

    Attempts are also recorded and fail the test at teardown, because client libraries turn
    the AssertionError (or a failed DNS lookup) into their own "connection error", which code
    under test may catch and hide.
    """
    blocked: list[object] = []
    functions = guarded_functions(blocked.append)
    monkeypatch.setattr(socket.socket, "connect", functions["connect"])
    monkeypatch.setattr(socket.socket, "connect_ex", functions["connect_ex"])
    monkeypatch.setattr(socket, "getaddrinfo", functions["getaddrinfo"])
    child_log = tmp_path / "netguard-children.log"
    install_child_guard(monkeypatch, child_log)
    yield
    if child_log.exists():
        blocked += child_log.read_text(encoding="utf-8").splitlines()
    if blocked:
        pytest.fail(f"test tried to reach the network (even if the error was caught): {blocked!r}")


def install_child_guard(monkeypatch, log: Path) -> None:
    """Every Python process started from now on (with this environment) runs the guard."""
    paths = [str(NETGUARD), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    monkeypatch.setenv("RF_NETGUARD_LOG", str(log))


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


def pytest_configure(config):
    config.addinivalue_line("markers", "needs_shared: reads ../shared; skipped when it is absent")
    if IN_CI and not HAVE_SHARED:
        raise pytest.UsageError(f"CI=true but {SHARED_MISSING}: its tests cannot be skipped in CI.")


def pytest_collection_modifyitems(config, items):
    if HAVE_SHARED:
        return
    skip = pytest.mark.skip(reason=SHARED_MISSING)
    for item in items:
        if item.get_closest_marker("needs_shared"):
            item.add_marker(skip)


def shared_params(values: list, width: int = 1) -> list:
    """Values to parametrize a test with that come from ../shared: when it is absent, one
    skipped case named for the reason instead of an empty set (which fails at collection)."""
    if values or HAVE_SHARED:
        return values
    skip = pytest.mark.skip(reason=SHARED_MISSING)
    return [pytest.param(*[None] * width, id="no-shared", marks=skip)]


def real_pairs() -> list[tuple[str, str]]:
    """The shared real resume × job-ad pairs, (resume, job ad) paths under eval/real."""
    path = SHARED / "eval" / "real" / "pairs.json"
    if not path.is_file():
        return []
    rows = json.loads(path.read_text(encoding="utf-8"))
    rows = rows if isinstance(rows, list) else rows.get("pairs", [])
    return [(str(row["resume"]), str(row["jd"])) for row in rows if isinstance(row, dict)]


@pytest.fixture(scope="session")
def eval_dir() -> Path:
    if not HAVE_SHARED:
        pytest.skip(SHARED_MISSING)
    return EVAL_DEV


@pytest.fixture(scope="session")
def eval_cases(eval_dir) -> list[Path]:
    return sorted(p for p in eval_dir.iterdir() if p.is_dir())


def pytest_report_header(config):
    return f"eval cases: {EVAL_DEV} ; HF_HUB_OFFLINE={os.environ.get('HF_HUB_OFFLINE')}"
