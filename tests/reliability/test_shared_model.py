"""One visitor's heavy job never blocks another's light one.

The embedding model is shared by every session of the server process. It is taken in turns of a
few texts, handed out in arrival order, so a query asked during a big index build runs after the
batch in progress, not after the build; and a build that runs past the operator's time budget is
stopped with a clear message while the previous resume stays in use.
"""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import pytest

from core.errors import InputError
from core.retrieval.embedder import DEFAULT_MODEL, SentenceTransformerEmbedder, resolve_model
from core.retrieval.model_gate import FairLock
from core.service import TailoringSession
from core.workspace import Workspace
from tests.reliability.conftest import fact_resume


def _wait_until(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.005)


def test_the_model_lock_is_handed_to_waiters_in_arrival_order():
    lock = FairLock()
    order: list[str] = []

    def waiter(name: str) -> None:
        with lock:
            order.append(name)

    lock.acquire()
    first = threading.Thread(target=waiter, args=("first",))
    first.start()
    _wait_until(lambda: lock.waiting == 1)
    second = threading.Thread(target=waiter, args=("second",))
    second.start()
    _wait_until(lambda: lock.waiting == 2)
    lock.release()
    with lock:  # the thread that just let go asks again at once: it queues behind both
        order.append("again")
    first.join(5)
    second.join(5)
    assert order == ["first", "second", "again"]


class RecordingModel:
    """The real sentence-transformers model, noting which thread ran each call on it."""

    def __init__(self, model: Any, calls: list[str]) -> None:
        self._model = model
        self.calls = calls

    def encode(self, texts: list[str], **options: Any) -> Any:
        self.calls.append(threading.current_thread().name)
        return self._model.encode(texts, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)


@pytest.fixture(scope="module")
def real_model():
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(resolve_model(DEFAULT_MODEL)[1], device="cpu")


@pytest.mark.slow  # loads the torch model and encodes a 480-text build: not in the fast tier
@pytest.mark.timeout(300)
def test_a_query_runs_while_a_big_build_holds_the_shared_model(real_model):
    calls: list[str] = []
    model = RecordingModel(real_model, calls)
    lock = threading.Lock()  # one model, one lock, two sessions' embedders
    heavy = SentenceTransformerEmbedder(DEFAULT_MODEL, model, None, lock)
    light = SentenceTransformerEmbedder(DEFAULT_MODEL, model, None, lock)
    texts = [f"Reconciled {n} supplier invoices against purchase orders" for n in range(480)]
    build_done = threading.Event()

    def build() -> None:
        heavy.encode(texts)
        build_done.set()

    builder = threading.Thread(target=build, name="heavy")
    builder.start()
    _wait_until(lambda: len(calls) >= 2)  # the build is on its way

    heavy_turns_before = calls.count("heavy")
    vector = light.encode(["Experience with accounts payable"])
    heavy_turns_between = calls.count("heavy") - heavy_turns_before
    finished_first = build_done.is_set()
    builder.join(240)

    assert vector.shape == (1, heavy.dim)
    assert not finished_first, "the query waited for the whole build"
    # The query waited for at most the batch in progress (and one that may have started
    # while it was being set up), not for the 30 batches of the build.
    assert heavy_turns_between <= 2, calls
    assert build_done.is_set()
    assert calls.count("heavy") == 480 // 16  # the build still encoded every text, in turns


@pytest.mark.timeout(300)
def test_a_build_past_the_time_budget_is_refused_and_the_previous_resume_stays(rel_settings):
    # The budget is checked before each slice of 256 passages, so the first slice always runs:
    # 50 ms is far below what encoding 256 passages costs on any machine (0.2 s and more on an
    # idle 2-core one), while the one-slice resume below is never stopped. With 0.5 s a quiet
    # machine finished the first slice inside the budget and nothing was refused.
    retrieval = rel_settings.retrieval.model_copy(update={"index_budget_s": 0.05})
    settings = rel_settings.model_copy(update={"retrieval": retrieval})
    workspace = Workspace.open(settings.workspaces_dir / f"budget-{uuid.uuid4().hex[:8]}")
    session = TailoringSession.create(workspace=workspace, settings=settings)
    small = session.load_resume_text(fact_resume("budget"))  # one slice: never stopped
    extra = "\n- ".join(f"Reconciled {n} supplier invoices for audit {n}" for n in range(300))
    with pytest.raises(InputError, match=r"stopped after \d+ s with 256 of \d+ .*limit is 0\.05 s"):
        session.load_resume_text(fact_resume("budget-big", extra_bullet=extra))
    assert session.resume is small
    # the index still holds (only) the previous resume's cards
    assert {c.id for c in session._open_index().cards} == {c.id for c in small.cards}
