"""The recorded line data, for the tests that rebuild the shipped line models byte for byte.

The data is what `make train`'s first step writes to the cache. When the cache holds another
build (or none) the tests that need it skip, except under CI=true: there the data is built from
../shared/corpus once per session (about a minute), so CI checks that `make train` still
reproduces the shipped files on a machine that never built them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import HAVE_SHARED, IN_CI, SHARED
from tools.line_data.build import MANIFEST
from tools.model_files import sha256

CACHED = Path.home() / ".cache" / "resumeforge" / "line_data" / "lines.jsonl"


def recorded_sha256() -> str:
    """The data hash `tools.line_data.build` recorded when the shipped models were trained."""
    return str(json.loads(MANIFEST.read_text(encoding="utf-8"))["data_sha256"])


@pytest.fixture(scope="session")
def line_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The line data the shipped models were trained on: the cached build when it is that one,
    else (in CI) a fresh build, which must then be that one."""
    if CACHED.is_file() and sha256(CACHED) == recorded_sha256():
        return CACHED
    if not (IN_CI and HAVE_SHARED):
        pytest.skip("the recorded line data is not in the cache (run tools.line_data.build)")
    from tools.line_data.build import main

    out = tmp_path_factory.mktemp("line-data")
    argv = ["--corpus", str(SHARED / "corpus"), "--out", str(out)]
    assert main([*argv, "--manifest", str(out / "manifest.json")]) == 0
    built = out / "lines.jsonl"
    assert sha256(built) == recorded_sha256(), "the build no longer gives the recorded line data"
    return built
