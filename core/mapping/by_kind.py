"""Kind-specific mapping: credentials and degrees decided by their own matchers, logistics
shown but never matched, results read from lines that carry a number (years of experience:
core/mapping/years.py)."""

from __future__ import annotations

from collections.abc import Sequence

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceHit,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Priority,
    Requirement,
    RequirementKind,
)
from core.mapping.credentials import match_credential
from core.mapping.degrees import match_degree
from core.mapping.records import HEADER_NOTE, SHOWN_NOTE, gap_record, mapping_record
from core.mapping.verdict import UNDECIDED, Outcome, Verdict

Decided = tuple[EvidenceMapping, GapResolution | None]

# Cosine similarity (all-MiniLM-L6-v2) at which a line that states a result (a number: quota %,
# revenue, rank, counts) is evidence for an achievement requirement ("a track record of …")
# worded differently; chosen on the tuning dev cases.
ACHIEVEMENT_SIMILARITY = 0.42


def decide_by_kind(
    req: Requirement,
    kind: RequirementKind,
    cards: Sequence[EvidenceCard],
    *,
    header: str = "",
) -> Decided | None:
    """The mapping when the requirement's kind decides it, else None (general matcher)."""
    if kind == RequirementKind.LOGISTICS:
        return mapping_record(req, [], Confidence.LOW, [], SHOWN_NOTE), None
    verdict = UNDECIDED
    if kind == RequirementKind.CREDENTIAL:
        verdict = match_credential(req, cards, header=header)
    elif kind == RequirementKind.DEGREE:
        verdict = match_degree(req, cards, header=header)
    if verdict.outcome == Outcome.UNDECIDED:
        return None
    return from_verdict(req, verdict)


def from_verdict(req: Requirement, verdict: Verdict) -> Decided:
    found = [verdict.found] if verdict.found else []
    if verdict.outcome == Outcome.MET:
        note = f"stated: {verdict.found}" if verdict.found else "stated directly"
        return mapping_record(req, verdict.card_ids, Confidence.HIGH, found, note), None
    if verdict.outcome == Outcome.HEADER:
        return mapping_record(req, [], Confidence.MEDIUM, found, HEADER_NOTE), None
    strategy = GapStrategy.ASK_USER if req.priority == Priority.MUST else GapStrategy.OMIT
    if verdict.outcome in (Outcome.ADJACENT, Outcome.IN_PROGRESS):
        strategy = GapStrategy.ASK_USER  # the question names what was found: worth asking
        note = f"found {verdict.found}: not what is asked"
    else:
        note = "no supporting evidence"
    mapping = mapping_record(req, [], Confidence.LOW, [], note)
    gap = gap_record(req, GapType.TRUE_GAP, strategy, verdict.card_ids, nearby=verdict.found)
    return mapping, gap


def result_lines(
    req: Requirement, hits: Sequence[EvidenceHit], cards: Sequence[EvidenceCard]
) -> Decided | None:
    """An achievement requirement no term states, met by close lines that carry a result."""
    with_metrics = {c.id for c in cards if c.metrics}
    ids = [
        h.card_id
        for h in hits
        if h.card_id in with_metrics and h.scores.get("vector", 0.0) >= ACHIEVEMENT_SIMILARITY
    ]
    ids = list(dict.fromkeys(ids))[:3]
    if not ids:
        return None
    mapping = mapping_record(req, ids, Confidence.MEDIUM, [], "a result stated in other words")
    return mapping, gap_record(req, GapType.TERMINOLOGY_GAP, GapStrategy.ADJACENT, ids)
