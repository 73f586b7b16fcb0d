"""Reciprocal Rank Fusion (Cormack et al., 2009): score(d) = Σ_i w_i / (k + rank_i(d))."""

from __future__ import annotations

from collections.abc import Sequence


def rrf_fuse(
    rankings: Sequence[Sequence[str]],
    *,
    k: int = 60,
    weights: Sequence[float] | None = None,
) -> list[tuple[str, float]]:
    """Fuse ranked id lists (best first) into one list of (id, score), best first.

    Ranks are 1-based; an id repeated within one ranking counts at its first position only.
    Ties keep a stable order: better best-rank first, then first appearance.
    """
    if k <= 0:
        raise ValueError("rrf_fuse: k must be positive")
    if weights is None:
        weights = [1.0] * len(rankings)
    if len(weights) != len(rankings):
        raise ValueError(f"rrf_fuse: {len(weights)} weights for {len(rankings)} rankings")
    scores: dict[str, float] = {}
    best_rank: dict[str, int] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        seen: set[str] = set()
        for rank, doc_id in enumerate(ranking, start=1):
            if doc_id in seen:
                continue
            seen.add(doc_id)
            scores[doc_id] = scores.get(doc_id, 0.0) + weight / (k + rank)
            best_rank[doc_id] = min(best_rank.get(doc_id, rank), rank)
    order = {doc_id: i for i, doc_id in enumerate(scores)}
    fused = sorted(scores.items(), key=lambda item: (-item[1], best_rank[item[0]], order[item[0]]))
    return fused
