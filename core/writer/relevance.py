"""How much a card matters for this job: mapped requirements, JD keywords, and metrics."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from core.contracts import Confidence, EvidenceCard, EvidenceMapping, Priority, Requirement
from core.mapping.terms import mentions

CONFIDENCE_WEIGHT = {Confidence.HIGH: 1.0, Confidence.MEDIUM: 0.7, Confidence.LOW: 0.2}
PRIORITY_WEIGHT = {Priority.MUST: 2.0, Priority.NICE: 1.0}


def requirement_weights(
    requirements: Sequence[Requirement], evidence_map: Sequence[EvidenceMapping]
) -> dict[str, float]:
    """card id → summed weight of the requirements that cite it (earlier citations count more)."""
    priority = {r.id: PRIORITY_WEIGHT[r.priority] for r in requirements}
    weights: dict[str, float] = defaultdict(float)
    for mapping in evidence_map:
        base = priority.get(mapping.requirement_id, 1.0) * CONFIDENCE_WEIGHT[mapping.confidence]
        for position, card_id in enumerate(mapping.evidence_card_ids):
            weights[card_id] += base / (1 + 0.5 * position)
    return dict(weights)


def card_relevance(card: EvidenceCard, *, req_weight: float, keywords: Sequence[str]) -> float:
    keyword_hits = sum(1 for k in keywords if mentions(card.raw_text, k))
    metric_bonus = 0.3 if card.metrics else 0.0
    return req_weight * 2.0 + keyword_hits * 0.5 + metric_bonus


def relevance_scores(
    cards: Sequence[EvidenceCard],
    *,
    weights: dict[str, float],
    keywords: Sequence[str],
    exclude_ids: set[str] | frozenset[str] = frozenset(),
) -> dict[str, float]:
    """card id → relevance to the job, for the cards a draft may use (not excluded, not blank)."""
    return {
        c.id: card_relevance(c, req_weight=weights.get(c.id, 0.0), keywords=keywords)
        for c in cards
        if c.id not in exclude_ids and c.raw_text.strip()
    }
