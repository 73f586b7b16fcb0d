"""Texts embedded ahead, on a background thread: `SentenceTransformerEmbedder.prefetch`.

A cold `run` embeds the resume here while the main thread imports LanceDB: ONNX
Runtime releases the GIL, the import holds it, so the two share the machine's cores. Whoever needs
the vectors waits for `result()`; when the thread failed it gets {} and computes them itself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

import numpy as np

log = logging.getLogger(__name__)


class Prefetch:
    """Texts being encoded on a background thread (`SentenceTransformerEmbedder.prefetch`)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = frozenset(texts)
        self._list = list(dict.fromkeys(texts))
        self._vectors: dict[str, np.ndarray] = {}
        self._done = threading.Event()
        self.error: BaseException | None = None

    def start(self, compute: Callable[[list[str]], np.ndarray]) -> None:
        def run() -> None:
            try:
                vectors = compute(self._list)
                self._vectors = dict(zip(self._list, vectors, strict=True))
            except Exception as err:  # the caller's encode computes them again
                self.error = err
                log.info("embedding ahead failed (%s); the texts are encoded when needed", err)
            finally:
                self._done.set()

        # Not a daemon: a process that ends early (an error after the prefetch started) waits
        # for the model call in flight instead of tearing ONNX Runtime down under it.
        threading.Thread(target=run, name="embed-ahead", daemon=False).start()

    def result(self) -> dict[str, np.ndarray]:
        """{text: vector} once the thread is done ({} when it failed)."""
        self._done.wait()
        return self._vectors
