"""The writer stage: `write_draft` → a ResumeDraft in which every line cites its evidence.

Offline it is extractive (core/writer/extractive.py). With an LLM it rewrites under the SDD's
rules (core/writer/llm_writer.py); anything the model returns that cites unknown evidence, or any
provider failure, falls back to the extractive draft. Either way the audit runs afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from core.contracts import (
    ClaimMapping,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    Requirement,
    ResumeDraft,
    RoleEntry,
)
from core.writer.extractive import write_extractive
from core.writer.relevance import relevance_scores, requirement_weights


class WriterOutput(BaseModel):
    draft: ResumeDraft
    engine: str = "offline"
    change_log: list[str] = Field(default_factory=list)


def write_draft(
    *,
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    requirements: Sequence[Requirement],
    evidence_map: Sequence[EvidenceMapping],
    gaps: Sequence[GapResolution],
    keywords: Sequence[str],
    target_title: str,
    max_pages: int,
    exclude_ids: set[str] | frozenset[str] = frozenset(),
    revision_notes: Sequence[str] = (),
    llm=None,
    storylines: Sequence[str] = (),
) -> WriterOutput:
    weights = requirement_weights(requirements, evidence_map)
    base = write_extractive(
        cards=cards,
        roles=roles,
        weights=weights,
        keywords=keywords,
        target_title=target_title,
        max_pages=max_pages,
        exclude_ids=exclude_ids,
    )
    if llm is None:
        log = ["Extractive draft: your own bullets, chosen and ordered for this job."]
        return WriterOutput(draft=base, change_log=log)
    from core.writer.llm_writer import fit_model_output, rewrite_with_llm

    output = rewrite_with_llm(
        base,
        llm=llm,
        cards=cards,
        gaps=gaps,
        storylines=storylines,
        max_pages=max_pages,
        revision_notes=revision_notes,
        exclude_ids=exclude_ids,
    )
    if output.engine == "offline":  # the model failed: the extractive draft already fits
        return output
    score = relevance_scores(cards, weights=weights, keywords=keywords, exclude_ids=exclude_ids)
    return fit_model_output(output, score=score, max_pages=max_pages)


def claim_index(draft: ResumeDraft) -> list[ClaimMapping]:
    """Every live line of the draft with the card ids it rests on (skills included)."""
    claims = [
        ClaimMapping(bullet_id=b.id, bullet_text=b.text, evidence_card_ids=b.evidence_card_ids)
        for b in draft.live_bullets()
    ]
    claims.extend(
        ClaimMapping(bullet_id=s.id, bullet_text=s.skill, evidence_card_ids=s.evidence_card_ids)
        for s in draft.skills
    )
    return claims
