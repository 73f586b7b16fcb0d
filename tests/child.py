"""Running a script in a fresh Python process, for tests about what a cold process does
(imports, environment, files it writes): one runner for every such test."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def run_python(script: str, *args: str, env: dict[str, str], timeout: int = 300) -> str:
    """Run `script` with `args` in a new interpreter from the repo root; fail the test (with the
    end of its stderr) if it exits non-zero; return what it printed."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def last_line(output: str) -> str:
    lines = output.strip().splitlines()
    return lines[-1] if lines else ""
