"""Vectors of the app's own fixed texts (prototype sentences, role descriptions), kept on disk
beside the model file they came from, so a new process reads them instead of encoding them.

The JD stage compares every ad with ~55 prototype sentences of `core/data`; they depend on
the model and the data file alone, yet every cold process encoded them again (~0.5 s CPU of a
cold `run`). `fixed_vectors` keeps them in one `.npy` file in the folder of the
model's ONNX export (the user's cache, or the private temp home on the hosted app), named by a
digest of the model file's name (itself a digest of the weights), the caller's `purpose` (how
it encodes: its batches decide the padding) and the texts. The file holds exactly what
`encode(texts)` returned when it was written, so the vectors are the same bit for bit; a
missing, damaged or mismatched file is computed again (and rewritten). Only the app's own
texts go there — never a resume's or an ad's.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)


def fixed_vectors(
    embedder: Any, texts: Sequence[str], *, purpose: str, encode: Callable[[], np.ndarray]
) -> np.ndarray:
    """`encode()`'s float32 matrix for `texts`, read from the model's folder when stored."""
    path = stored_path(embedder, texts, purpose)
    if path is not None:
        stored = _read(path, len(texts), int(getattr(embedder, "dim", 0)))
        if stored is not None:
            return stored
    vectors = np.asarray(encode(), dtype=np.float32)
    if path is not None:
        _write(path, vectors)
    return vectors


def stored_path(embedder: Any, texts: Sequence[str], purpose: str) -> Path | None:
    """Where the vectors of `texts` for `purpose` are kept (None: a model without a file)."""
    model_file = getattr(embedder, "model_file", None)
    if not isinstance(model_file, Path):
        return None
    digest = hashlib.sha256()
    for part in (model_file.name, str(getattr(embedder, "name", "")), purpose, *texts):
        digest.update(f"{len(part)}:{part}".encode())
    return model_file.parent / f"{model_file.stem}.fixed-{digest.hexdigest()[:20]}.npy"


def _read(path: Path, rows: int, dim: int) -> np.ndarray | None:
    try:
        vectors = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if vectors.dtype != np.float32 or vectors.shape != (rows, dim):
        return None
    return vectors


def _write(path: Path, vectors: np.ndarray) -> None:
    """Write atomically (another process may read or write the same file meanwhile)."""
    tmp = ""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".fixed-", suffix=".npy", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            np.save(handle, vectors, allow_pickle=False)
        os.replace(tmp, path)
    except OSError as err:  # a read-only cache: computed again next time, nothing else
        log.info("fixed vectors not stored (%s)", err)
        if tmp:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
