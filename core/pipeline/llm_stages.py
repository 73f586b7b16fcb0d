"""LLM judgement merged on top of the deterministic stages — it can add, never make less true.

- JD analysis: the model's role profile (storylines, clusters, signals) replaces the rule-based
  one; its requirements are only taken when their text really is in the JD (no invented or
  injected requirements), and the deterministic list stays when the model fails.
- Evidence mapping: the model may upgrade a gap to supported when it cites existing cards that
  retrieval found, and may add notes; ids are validated against the real cards.
Any ProviderError → the deterministic result, recorded in the call log.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from core.contracts import (
    Blackboard,
    Confidence,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    GapType,
    JDAnalysis,
    LLMStage,
    Priority,
    Requirement,
    RoleProfile,
    UserQuestion,
)
from core.errors import ProviderError


def _squash(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def enrich_jd_analysis(analysis: JDAnalysis, jd_text: str, *, llm) -> JDAnalysis:
    from core.llm.prompts import render_prompt
    from core.llm.responses import JDAnalystResponse

    try:
        prompt = render_prompt(
            LLMStage.JD_ANALYST, jd_text=jd_text, target_title=analysis.target_title
        )
        response = llm.structured(prompt, JDAnalystResponse, stage=LLMStage.JD_ANALYST)
    except ProviderError:
        return analysis
    profile_fields = set(RoleProfile.model_fields)
    profile = RoleProfile.model_validate(
        {k: v for k, v in response.model_dump().items() if k in profile_fields}
    )
    jd = _squash(jd_text)
    injected = {_squash(line) for line in analysis.suspicious_instructions}
    extra: list[Requirement] = []
    known = {_squash(r.text) for r in analysis.requirements}
    for item in response.requirements:
        text = _squash(item.text)
        if not text or text not in jd or text in known or any(text in i for i in injected):
            continue
        extra.append(
            Requirement(
                id=f"r{len(analysis.requirements) + len(extra) + 1}",
                text=item.text,
                priority=Priority(item.priority),
                keywords=[k for k in item.keywords if _squash(k) in jd],
                years=item.years,
                section="llm",
            )
        )
    return analysis.model_copy(
        update={"role_profile": profile, "requirements": [*analysis.requirements, *extra]}
    )


def judge_mapping(
    board: Blackboard,
    evidence_map: list[EvidenceMapping],
    gaps: list[GapResolution],
    *,
    llm,
    excluded: frozenset[str] = frozenset(),
) -> tuple[list[EvidenceMapping], list[GapResolution]]:
    """`excluded`: card ids that are not evidence (instructions found in the resume); the
    model neither sees nor may cite them."""
    from core.llm.prompts import render_prompt
    from core.llm.responses import MapperResponse

    usable = [c for c in board.evidence_cards if c.id not in excluded]
    valid_ids = {c.id for c in usable}
    cards = [
        {"id": c.id, "text": c.raw_text, "role": f"{c.role} at {c.company}".strip(" at")}
        for c in usable
    ]
    requirements = [r.model_dump(mode="json") for r in board.requirements]
    try:
        prompt = render_prompt(
            LLMStage.EVIDENCE_MAPPER,
            requirements=requirements,
            cards=cards,
            synonyms=board.synonyms_map,
        )
        response = llm.structured(
            prompt,
            MapperResponse,
            stage=LLMStage.EVIDENCE_MAPPER,
            validation_context={"valid_card_ids": valid_ids},
        )
    except ProviderError:
        return evidence_map, gaps
    judged = {m.requirement_id: m for m in response.evidence_map}
    merged: list[EvidenceMapping] = []
    upgraded: set[str] = set()
    for mapping in evidence_map:
        model = judged.get(mapping.requirement_id)
        ids = [i for i in (model.evidence_card_ids if model else []) if i in valid_ids]
        if model and ids and mapping.confidence == Confidence.LOW and model.confidence != "low":
            # The model found support retrieval ranked but term matching missed.
            mapping = mapping.model_copy(
                update={
                    "evidence_card_ids": ids[:3],
                    "confidence": Confidence.MEDIUM,
                    "notes": f"model judgement: {model.notes or ''}".strip(),
                }
            )
            upgraded.add(mapping.requirement_id)
        merged.append(mapping)
    kept = []
    for gap in gaps:
        if gap.requirement_id in upgraded and gap.gap_type == GapType.TRUE_GAP:
            gap = gap.model_copy(update={"gap_type": GapType.HIDDEN_EVIDENCE})
        kept.append(gap)
    return merged, kept


def hyde_writer(llm) -> Callable[[str], str | None]:
    """HyDE hook for retrieval: requirement → a hypothetical resume bullet (None on failure)."""
    from core.llm.prompts import render_prompt
    from core.llm.responses import HydeResponse

    def write(requirement: str) -> str | None:
        try:
            prompt = render_prompt(LLMStage.HYDE, requirement=requirement)
            return llm.structured(prompt, HydeResponse, stage=LLMStage.HYDE).bullet
        except ProviderError:
            return None

    return write


def phrase_questions(
    questions: list[UserQuestion],
    gaps: list[GapResolution],
    *,
    llm,
    lookup: Callable[[str], EvidenceCard | None] | None = None,
) -> list[UserQuestion]:
    """Let the model phrase the gap questions; ids, order and priorities stay ours. `lookup`
    (card id → card) gives it the closest line of each gap, as the offline questions quote it."""
    from core.llm.prompts import render_prompt
    from core.llm.responses import GapQuestionsResponse
    from core.mapping.questions import closest_line

    if not questions:
        return questions
    asked = {q.gap_id for q in questions}
    payload = [
        {
            "gap_id": g.gap_id,
            "requirement": g.requirement_text,
            "type": g.gap_type.value,
            "priority": g.priority.value,
            "nearby": g.nearby,
            "unstated": g.unstated,
            "closest": closest_line(g, lookup),
        }
        for g in gaps
        if g.gap_id in asked
    ]
    try:
        prompt = render_prompt(LLMStage.GAP_QUESTIONS, gaps=payload)
        response = llm.structured(
            prompt,
            GapQuestionsResponse,
            stage=LLMStage.GAP_QUESTIONS,
            validation_context={"valid_gap_ids": asked},
        )
    except ProviderError:
        return questions
    phrased = {q.gap_id: q for q in response.questions}
    out = []
    for question in questions:
        better = phrased.get(question.gap_id)
        if better is not None:
            question = question.model_copy(
                update={"question": better.question, "impact": better.impact or question.impact}
            )
        out.append(question)
    return out
