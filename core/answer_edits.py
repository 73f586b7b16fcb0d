"""Answers stay editable: an answered or declined gap can be answered again or withdrawn.

Answering again or withdrawing first releases the gap: its answer card leaves the board and the
gap is open again, as before the answer. The evidence index keeps what it once indexed (it only
adds and replaces), so the run searches through `KnownCardsIndex`, which hides every card the
board no longer holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.contracts import AnswerStatus, Blackboard, GapStrategy
from core.errors import InputError


def release_answers(board: Blackboard, gap_ids: Iterable[str]) -> set[str]:
    """Reopen the answered or declined gaps among `gap_ids`; returns the answer cards removed."""
    wanted = set(gap_ids)
    known = {g.gap_id for g in board.gap_resolutions}
    unknown = sorted(wanted - known)
    if unknown:
        raise InputError(f"There is no gap called {', '.join(unknown)}.")
    removed: set[str] = set()
    for n, gap in enumerate(board.gap_resolutions):
        if gap.gap_id not in wanted or gap.answer_status == AnswerStatus.OPEN:
            continue
        if gap.answer_card_id:
            removed.add(gap.answer_card_id)
        board.gap_resolutions[n] = gap.model_copy(
            update={
                "answer_status": AnswerStatus.OPEN,
                "answer_card_id": None,
                "user_confirmed": False,
                "strategy": GapStrategy.ASK_USER,
            }
        )
    board.answer_cards = [c for c in board.answer_cards if c.id not in removed]
    return removed


class KnownCardsIndex:
    """An evidence index whose rankings leave out cards the board no longer holds (withdrawn
    answers); everything else is the index's own."""

    def __init__(self, index: Any, known: Callable[[], set[str] | None]) -> None:
        self._index = index
        self._known = known

    def search(self, query: str, *, k: int = 10, **options: Any) -> Any:
        known = self._known()
        if known is None:
            return self._index.search(query, k=k, **options)
        extra = max(0, len(getattr(self._index, "cards", [])) - len(known))
        ranking = self._index.search(query, k=k + extra, **options)
        kept = [hit for hit in ranking.results if hit.card_id in known][:k]
        return ranking.model_copy(update={"results": kept})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._index, name)
