"""Building the mapping and gap records, one home for their shape."""

from __future__ import annotations

from collections.abc import Iterable

from core.contracts import (
    Confidence,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Requirement,
)

# A credential or degree the name line states ("Dana Ruiz, BSN, RN, CCRN") is evidence without
# a card to cite; the mapping says so in its note.
HEADER_NOTE = "stated in your name line"
SHOWN_NOTE = "shown to you: location, authorisation and schedule are not matched to evidence"


def mapping_record(
    req: Requirement,
    ids: list[str],
    confidence: Confidence,
    matched: Iterable[str],
    note: str,
) -> EvidenceMapping:
    return EvidenceMapping(
        requirement_id=req.id,
        evidence_card_ids=ids,
        confidence=confidence,
        notes=note,
        matched_terms=sorted(set(matched)),
    )


def gap_record(
    req: Requirement,
    gap_type: GapType,
    strategy: GapStrategy,
    adjacent: list[str],
    *,
    nearby: str = "",
) -> GapResolution:
    return GapResolution(
        gap_id=f"gap-{req.id}",
        requirement_id=req.id,
        requirement_text=req.text,
        priority=req.priority,
        gap_type=gap_type,
        strategy=strategy,
        adjacent_evidence_ids=adjacent,
        nearby=nearby,
    )
