"""Taking turns on a shared model: small batches, handed out in arrival order.

One embedding model serves every session of a process (it is loaded once), and a torch model must
not run on two threads at once, so every call takes the model's lock. Held across a whole index
build, that lock made every other visitor wait for the build. Here work is cut into batches of at
most `batch` texts and the lock is taken once per batch through a `FairLock`, which hands it to
waiters in the order they asked. A query that arrives while a big build runs therefore waits for
at most the batch in progress (plus the requests queued before it), never the whole build.

`encode_in_turns` works for any backend whose encode takes a list of texts and returns one row per
text; `FairLock` wraps the model's own lock, so code that still takes the raw lock stays excluded.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from types import TracebackType

import numpy as np

from core.errors import InputError

# Texts per turn on the model. Measured on the shared 2-core machine (docs/BENCHMARKS.md,
# "Shared model"): 16 texts take ≈ 0.1–0.3 s of MiniLM, which bounds a light query's wait,
# and cost no more throughput than batches of 64.
TURN_TEXTS = 16
# Texts between two checks of a session's time budget (a few seconds of model time).
BUDGET_SLICE = 256


class FairLock:
    """A lock granted first-come, first-served (Python's own lock may let the releasing thread
    take it straight back, starving a waiter). It also holds `inner` while granted."""

    def __init__(self, inner: threading.Lock | None = None) -> None:
        self._inner = inner if inner is not None else threading.Lock()
        self._state = threading.Lock()
        self._waiting: deque[threading.Lock] = deque()
        self._taken = False

    def acquire(self) -> None:
        with self._state:
            if not self._taken and not self._waiting:
                self._taken = True
                ticket = None
            else:
                ticket = threading.Lock()
                ticket.acquire()
                self._waiting.append(ticket)
        if ticket is not None:
            ticket.acquire()  # released by the holder that hands the turn to us
        self._inner.acquire()

    def release(self) -> None:
        self._inner.release()
        with self._state:
            if self._waiting:
                self._waiting.popleft().release()  # still taken: the turn passes on directly
            else:
                self._taken = False

    @property
    def waiting(self) -> int:
        """How many threads are queued for a turn (for tests and diagnostics)."""
        with self._state:
            return len(self._waiting)

    def __enter__(self) -> FairLock:
        self.acquire()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


_FAIR: dict[object, FairLock] = {}
_FAIR_GUARD = threading.Lock()


def fair_lock_for(lock: threading.Lock) -> FairLock:
    """The one FairLock around a model's lock (every embedder of that model shares it)."""
    with _FAIR_GUARD:
        if lock not in _FAIR:
            _FAIR[lock] = FairLock(lock)
        return _FAIR[lock]


def encode_in_turns(
    encode: Callable[[list[str]], np.ndarray],
    texts: Sequence[str],
    turns: FairLock,
    *,
    batch: int = TURN_TEXTS,
) -> np.ndarray:
    """`encode(texts)` as batches of at most `batch` texts, taking one turn on the model each."""
    parts: list[np.ndarray] = []
    for start in range(0, len(texts), batch):
        with turns:
            part = encode(list(texts[start : start + batch]))
        parts.append(np.asarray(part, dtype=np.float32))
    return np.concatenate(parts) if parts else np.zeros((0, 0), dtype=np.float32)


def encode_within(
    encode: Callable[[list[str]], np.ndarray],
    texts: Sequence[str],
    *,
    budget_s: float,
    dim: int,
    what: str = "this resume",
) -> np.ndarray:
    """`encode(texts)` in slices; refuse with an InputError once `budget_s` seconds have passed.

    The per-session bound on model time: turns keep a build from blocking others, this keeps one
    visitor from keeping the shared model busy for longer than the operator allows.
    """
    started = time.monotonic()
    parts: list[np.ndarray] = [np.zeros((0, dim), dtype=np.float32)]
    for start in range(0, len(texts), BUDGET_SLICE):
        spent = time.monotonic() - started
        if spent > budget_s:
            raise InputError(
                f"Indexing {what} was stopped after {spent:.0f} s with {start:,} of "
                f"{len(texts):,} passages done (the limit is {budget_s:g} s): the resume is "
                "too long or the server too busy. Upload a shorter resume or try again later."
            )
        parts.append(np.asarray(encode(list(texts[start : start + BUDGET_SLICE])), np.float32))
    return np.concatenate(parts)
