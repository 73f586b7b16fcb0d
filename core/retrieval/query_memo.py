"""Query vectors remembered for one index (one session): mapping asks the same requirement
queries again after every gap answer or strategy change, and each costs an embedding call.

Held in memory by the session's own index, never shared between sessions, and gone with it
("Delete my data" drops the index).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from core.retrieval.embedder import Embedder


class RememberedQueries:
    """An Embedder that encodes only the texts it has not seen among its last `size` ones."""

    def __init__(self, embedder: Embedder, *, size: int = 512) -> None:
        self.name = embedder.name
        self.dim = embedder.dim
        self._embedder = embedder
        self._size = size
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def unknown(self, texts: Sequence[str]) -> list[str]:
        """The texts `encode` would pass to the model now (each once, in order)."""
        with self._lock:
            return [t for t in dict.fromkeys(texts) if t not in self._vectors]

    def encode(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            known = {t: self._vectors[t] for t in texts if t in self._vectors}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            fresh = self._embedder.encode(missing)
            known.update(zip(missing, fresh, strict=True))
            self._remember(missing, fresh)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([known[t] for t in texts]).astype(np.float32)

    def _remember(self, texts: list[str], vectors: np.ndarray) -> None:
        with self._lock:
            for text, vector in zip(texts, vectors, strict=True):
                self._vectors[text] = vector
                self._vectors.move_to_end(text)
            while len(self._vectors) > self._size:
                self._vectors.popitem(last=False)
