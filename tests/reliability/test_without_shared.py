"""A clone with no ../shared beside it: the tests that read it are skipped and named, and under
CI=true its absence is an error, so CI cannot lose those tests silently."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

PROBE = """
from tests.conftest import needs_shared, shared_params
import pytest

def test_plain():
    assert True

@needs_shared
def test_reads_the_cases():
    raise AssertionError("must not run without ../shared")

@pytest.mark.parametrize("case", shared_params([]))
def test_each_case(case):
    raise AssertionError("must not run without ../shared")
"""


def _lone_clone(tmp_path: Path) -> Path:
    """The test machinery alone (tests/conftest.py and what it imports), with no ../shared."""
    clone = tmp_path / "clone"
    tests = clone / "tests"
    shutil.copytree(REPO / "tests" / "netguard", tests / "netguard")
    for name in ("__init__.py", "conftest.py"):
        shutil.copy2(REPO / "tests" / name, tests / name)
    (tests / "test_probe.py").write_text(PROBE, encoding="utf-8")
    (clone / "pytest.ini").write_text("[pytest]\naddopts = -rs\n", encoding="utf-8")
    assert not (tmp_path / "shared").exists()
    return clone


def _pytest(clone: Path, ci: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CI": ci, "PYTHONPATH": str(clone)}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_without_shared_its_tests_are_skipped_and_named(tmp_path):
    done = _pytest(_lone_clone(tmp_path), ci="")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "1 passed, 2 skipped" in done.stdout
    assert done.stdout.count("../shared (labelled cases, real corpus) is not beside") == 2


def test_under_ci_a_missing_shared_fails_loudly(tmp_path):
    done = _pytest(_lone_clone(tmp_path), ci="true")
    assert done.returncode != 0
    assert "CI=true but ../shared" in done.stderr + done.stdout
    assert "passed" not in done.stdout
