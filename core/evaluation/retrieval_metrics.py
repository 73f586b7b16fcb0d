"""Retrieval scoring against labelled evidence quotes (format: ../shared/eval/README.md).

A labelled quote is found by a hit when it is a substring of the hit's card text after
normalising formatting, not content: runs of whitespace become one space (cards can span wrapped
lines; quotes sit on one line), a leading list or heading marker ("- ", "* ", "• ", "> ", "### ")
is dropped, and Markdown emphasis characters (* and _) are ignored on both sides. Graded
relevance: a hit's gain is the highest grade (2 direct, 1 related) among the not-yet-credited
quotes it contains, so one card holding two quotes counts once. The ideal ranking has one entry
per card that holds a quote, plus one per quote that no card holds (what the parser lost counts
against every mode alike).

Metrics per requirement (requirements without labelled evidence are not scored):
recall@k = quotes found in the top k / quotes; nDCG@k with gains 2/1 and log2 discount;
reciprocal rank of the first hit with gain > 0 (0 when none in the list).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, ConfigDict, Field

from core.evaluation.resume_match import as_card_text


class Quote(BaseModel):
    model_config = ConfigDict(extra="ignore")

    quote: str
    grade: int = Field(..., ge=1, le=2)


class LabelledRequirement(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    text: str
    priority: str = "must"
    gap: str = "none"
    evidence: list[Quote] = Field(default_factory=list)


_HEADING_MARK = re.compile(r"^#{1,6}\s+")


def normalize_ws(text: str) -> str:
    """Whitespace collapsed, a leading heading mark or list marker (the reader's own, '->'
    too: `as_card_text`) and emphasis characters removed."""
    text = as_card_text(_HEADING_MARK.sub("", text.strip()))
    return text.replace("*", "").replace("_", "").strip()


def contains(card_text: str, quote: str) -> bool:
    return normalize_ws(quote) in normalize_ws(card_text)


def quote_ranks(hit_texts: Sequence[str], quotes: Sequence[Quote]) -> list[int | None]:
    """For each quote, the 1-based rank of the first hit containing it (None: not found)."""
    normal_hits = [normalize_ws(t) for t in hit_texts]
    ranks: list[int | None] = []
    for quote in quotes:
        needle = normalize_ws(quote.quote)
        ranks.append(next((i for i, t in enumerate(normal_hits, 1) if needle in t), None))
    return ranks


def hit_gains(hit_texts: Sequence[str], quotes: Sequence[Quote]) -> list[int]:
    """Gain of each hit: best grade among quotes it holds that no earlier hit was credited for."""
    credited: set[int] = set()
    gains: list[int] = []
    for text in hit_texts:
        normal = normalize_ws(text)
        held = [
            i for i, q in enumerate(quotes) if i not in credited and normalize_ws(q.quote) in normal
        ]
        credited.update(held)
        gains.append(max((quotes[i].grade for i in held), default=0))
    return gains


def ideal_gains(card_texts: Iterable[str], quotes: Sequence[Quote]) -> list[int]:
    """Best possible gains: one per card holding a quote (its best grade), one per lost quote."""
    placed: set[int] = set()
    gains: list[int] = []
    for text in card_texts:
        normal = normalize_ws(text)
        held = [i for i, q in enumerate(quotes) if normalize_ws(q.quote) in normal]
        if held:
            placed.update(held)
            gains.append(max(quotes[i].grade for i in held))
    gains.extend(q.grade for i, q in enumerate(quotes) if i not in placed)
    return sorted(gains, reverse=True)


def dcg(gains: Sequence[int], k: int) -> float:
    return sum((2**g - 1) / math.log2(rank + 1) for rank, g in enumerate(gains[:k], start=1))


def ndcg_at(gains: Sequence[int], ideal: Sequence[int], k: int) -> float:
    best = dcg(sorted(ideal, reverse=True), k)
    return dcg(gains, k) / best if best > 0 else 0.0


def recall_at(ranks: Sequence[int | None], k: int) -> float:
    if not ranks:
        return 0.0
    return sum(1 for r in ranks if r is not None and r <= k) / len(ranks)


def reciprocal_rank(gains: Sequence[int]) -> float:
    return next((1.0 / rank for rank, g in enumerate(gains, start=1) if g > 0), 0.0)


def found_direct_within(ranks: Sequence[int | None], quotes: Sequence[Quote], k: int) -> bool:
    """Whether a grade-2 (direct) quote was found at rank ≤ k."""
    return any(
        r is not None and r <= k and q.grade == 2 for r, q in zip(ranks, quotes, strict=True)
    )


class RequirementScore(BaseModel):
    case: str
    requirement_id: str
    gap: str
    requested_mode: str
    mode: str = Field(..., description="The mode that actually ran")
    recall_at_5: float
    recall_at_10: float
    ndcg: float
    reciprocal_rank: float
    first_relevant_rank: int | None = None
    direct_found_at_5: bool


def score_requirement(
    case: str,
    req: LabelledRequirement,
    *,
    hit_texts: Sequence[str],
    card_texts: Sequence[str],
    requested_mode: str,
    mode: str,
    k: int,
) -> RequirementScore:
    ranks = quote_ranks(hit_texts, req.evidence)
    gains = hit_gains(hit_texts, req.evidence)
    first = next((i for i, g in enumerate(gains, start=1) if g > 0), None)
    return RequirementScore(
        case=case,
        requirement_id=req.id,
        gap=req.gap,
        requested_mode=requested_mode,
        mode=mode,
        recall_at_5=recall_at(ranks, 5),
        recall_at_10=recall_at(ranks, 10),
        ndcg=ndcg_at(gains, ideal_gains(card_texts, req.evidence), k),
        reciprocal_rank=reciprocal_rank(gains),
        first_relevant_rank=first,
        direct_found_at_5=found_direct_within(ranks, req.evidence, 5),
    )


class ModeSummary(BaseModel):
    mode: str
    ran: list[str] = Field(default_factory=list, description="Modes that actually ran")
    requirements: int = 0
    recall_at_5: float = 0.0
    recall_at_10: float = 0.0
    ndcg: float = 0.0
    mrr: float = 0.0
    terminology_gaps: int = 0
    terminology_gaps_found_at_5: int = 0


def summarize(mode: str, scores: Sequence[RequirementScore]) -> ModeSummary:
    n = len(scores)
    gaps = [s for s in scores if s.gap == "terminology_gap"]

    def mean(values: Iterable[float]) -> float:
        return round(sum(values) / n, 4) if n else 0.0

    return ModeSummary(
        mode=mode,
        ran=sorted({s.mode for s in scores}),
        requirements=n,
        recall_at_5=mean(s.recall_at_5 for s in scores),
        recall_at_10=mean(s.recall_at_10 for s in scores),
        ndcg=mean(s.ndcg for s in scores),
        mrr=mean(s.reciprocal_rank for s in scores),
        terminology_gaps=len(gaps),
        terminology_gaps_found_at_5=sum(1 for s in gaps if s.direct_found_at_5),
    )
