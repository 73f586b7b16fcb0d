"""Supply chain and telemetry.

- pyproject's lower bounds exclude the known-bad releases (streamlit < 1.54, jinja2 < 3.1.6,
  pypdf < 6.16.1, litellm 1.82.7 / 1.82.8); the installed versions satisfy them and match
  constraints.txt.
- `make audit-deps` never reports "no known vulnerabilities" when nothing could be checked: with
  the advisory service unreachable it says NOT AUDITED (exit 0, or 2 with STRICT=1).
- No telemetry: Streamlit usage stats are off, litellm's telemetry, callbacks and message
  logging are off once a client exists; caches store JSON, never pickles.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import tomllib
from importlib.metadata import version

import diskcache
import numpy as np
import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from core.llm.cache import ResponseCache
from core.llm.client import make_llm
from core.retrieval.embedder import EmbeddingCache
from tests.reliability.conftest import REPO, fast_llm_settings

KNOWN_BAD = {
    "streamlit": ["1.53.0", "1.40.0"],
    "jinja2": ["3.1.5", "3.1.4"],
    "pypdf": ["6.14.2", "6.13.3", "6.7.4", "5.9.0"],  # crafted-PDF DoS advisories
    "litellm": ["1.82.7", "1.82.8"],
}


def _requirements() -> dict[str, Requirement]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found = [Requirement(line) for line in project["dependencies"]]
    found += [Requirement(line) for line in project["optional-dependencies"]["dev"]]
    return {r.name.lower(): r for r in found}


def _pins() -> dict[str, str]:
    pins = {}
    for line in (REPO / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if "==" in line and not line.lstrip().startswith("#"):
            name, pinned = line.split("==", 1)
            pins[name.strip().lower()] = pinned.strip()
    return pins


@pytest.mark.parametrize("name", sorted(KNOWN_BAD))
def test_lower_bounds_exclude_known_bad_releases_and_admit_the_pinned_one(name):
    requirement = _requirements()[name]
    for bad in KNOWN_BAD[name]:
        assert Version(bad) not in requirement.specifier, f"{name} {bad} is allowed"
    installed = version(name)
    assert Version(installed) in requirement.specifier
    pinned = _pins().get(name)
    if pinned is not None:
        assert _matches(installed, pinned), f"{name}: installed {installed}, pinned {pinned}"


def _matches(installed: str, pinned: str) -> bool:
    """PEP 440 '==': a local label ('2.13.0+cpu') still matches the pin ('2.13.0')."""
    return Version(installed) in SpecifierSet(f"=={pinned}")


def test_every_pin_in_constraints_is_installed_and_allowed_by_pyproject():
    requirements = _requirements()
    for name, pinned in _pins().items():
        assert _matches(version(name), pinned), (name, version(name), pinned)
        if name in requirements:
            assert Version(pinned) in requirements[name].specifier, name


def _audit_deps(**extra: str) -> subprocess.CompletedProcess:
    """`make audit-deps` with the install step taken as done and the network unreachable
    (a closed local proxy port: nothing leaves the machine)."""
    env = {**os.environ, "HTTPS_PROXY": "http://127.0.0.1:9", "HTTP_PROXY": "http://127.0.0.1:9"}
    env.pop("NO_PROXY", None)
    env.pop("no_proxy", None)
    command = ["make", "-s", "-o", "install", "-o", ".venv/.installed", "audit-deps"]
    command += [f"{key}={value}" for key, value in extra.items()]
    return subprocess.run(
        command, cwd=REPO, env=env, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.slow
@pytest.mark.timeout(180)
def test_audit_deps_says_not_audited_when_the_service_is_unreachable():
    done = _audit_deps()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "NOT AUDITED" in done.stdout and "Nothing was checked" in done.stdout
    assert "No known vulnerabilities found" not in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr

    strict = _audit_deps(STRICT="1")
    assert strict.returncode == 2 and "NOT AUDITED" in strict.stdout


def test_streamlit_sends_no_usage_statistics_and_shows_no_tracebacks():
    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["browser"]["gatherUsageStats"] is False
    assert config["client"]["showErrorDetails"] in ("none", False)
    assert config["server"]["enableXsrfProtection"] is True
    assert config["server"]["maxUploadSize"] <= 10


def test_litellm_telemetry_callbacks_and_message_logging_are_off_once_a_client_exists():
    import litellm

    litellm.telemetry = True  # whatever state the process was in before…
    litellm.success_callback = ["langfuse"]
    make_llm(fast_llm_settings(), api_key="sk-test-telemetry", api_base="http://127.0.0.1:9/v1")
    assert litellm.telemetry is False  # …building a client turns it all off
    assert litellm.turn_off_message_logging is True
    assert litellm.success_callback == [] and litellm.failure_callback == []
    assert litellm.callbacks == []
    assert os.environ.get("LITELLM_LOCAL_MODEL_COST_MAP") == "True"  # no price-list fetch


def test_caches_store_json_never_pickles(tmp_path):
    llm_cache = ResponseCache(tmp_path / "llm")
    llm_cache.set("k1", model="m", value={"bullet": "Built pipelines", "n": [1, 2]})
    llm_cache.close()
    vectors = EmbeddingCache(tmp_path / "embeddings")
    vectors.put_many("model", ["Built pipelines"], np.ones((1, 4), dtype=np.float32))

    modes = []
    for db in tmp_path.rglob("cache.db"):
        with sqlite3.connect(db) as conn:
            modes += [row[0] for row in conn.execute("SELECT mode FROM Cache")]
        assert oct(db.parent.stat().st_mode & 0o777) == "0o700"  # owner-only folders
    assert len(modes) == 2
    assert diskcache.core.MODE_PICKLE not in modes
