"""Start and stop llama.cpp's server (tests/realmodel/serve.py) with a pinned small model.

Used by the pytest fixture (tests/realmodel/conftest.py) and by the measurement script
(tests/realmodel/measure.py). The model file is verified (tests/realmodel/models.py) before the
server loads it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.realmodel.models import SMOLLM2, NotInstalled, PinnedModel, model_file

__all__ = ["NotInstalled", "llama_server"]

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 120


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(root: str, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"{root}/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    tail = log.read_text(errors="replace")[-4000:]
    raise RuntimeError(f"the llama.cpp server did not become healthy; its log ends:\n{tail}")


@contextmanager
def llama_server(log: Path, *, model: PinnedModel = SMOLLM2, n_ctx: int = 8192) -> Iterator[str]:
    """A running server on 127.0.0.1 with `model`; yields its api_base (ending in /v1)."""
    path, port = model_file(model), free_port()
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    with log.open("w") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.realmodel.serve", str(path), str(port), str(n_ctx)],
            cwd=REPO,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        _wait_healthy(f"http://127.0.0.1:{port}", proc, log)
        yield f"http://127.0.0.1:{port}/v1"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
