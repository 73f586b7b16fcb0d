"""LLM judgement merged on top of the deterministic stages — it can add, never make less true.

- JD analysis: the model's role profile (storylines, clusters, signals) replaces the rule-based
  one; every requirement, keyword or phrase it quotes must be in the JD's text or it is dropped
  and counted (no invented or injected requirements), and the deterministic list stays when
  the model fails.
- Evidence mapping: the model may upgrade a gap to supported when it cites existing cards that
  retrieval found for that requirement, and may add notes; ids are validated against the real
  cards. Asked in batches that fit the model's context window.
Any ProviderError → the deterministic result, recorded in the call log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

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
    UserQuestion,
)
from core.errors import ProviderError


def _squash(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def enrich_jd_analysis(analysis: JDAnalysis, jd_text: str, *, llm) -> JDAnalysis:
    """The model reads the ad as it was read offline (`job_ad_text`: markup gone, lists kept);
    every span of its answer must be written in that text (`core.jd.model_check`): the rest is
    dropped, logged and listed in `model_dropped`. Its requirements join the offline ones when
    they are new and not part of an instruction found in the ad."""
    from core.jd.analyze import job_ad_text
    from core.jd.model_check import AdCheck, checked_profile, checked_requirements, comparable
    from core.llm.prompts import render_prompt
    from core.llm.responses import JDAnalystResponse

    ad = AdCheck(job_ad_text(jd_text))
    try:
        prompt = render_prompt(
            LLMStage.JD_ANALYST, jd_text=ad.text, target_title=analysis.target_title
        )
        response = llm.structured(prompt, JDAnalystResponse, stage=LLMStage.JD_ANALYST)
    except ProviderError:
        return analysis
    profile = checked_profile(response, ad, analysis.role_profile)
    injected = [comparable(line) for line in analysis.suspicious_instructions]
    known = {comparable(r.text) for r in analysis.requirements}
    extra: list[Requirement] = []
    for item in checked_requirements(response, ad):
        text = comparable(item.text)
        if text in known or any(text in i for i in injected):
            continue
        known.add(text)
        extra.append(
            Requirement(
                id=f"r{len(analysis.requirements) + len(extra) + 1}",
                text=item.text,
                priority=Priority(item.priority),
                keywords=item.keywords,
                years=item.years,
                section="llm",
            )
        )
    return analysis.model_copy(
        update={
            "role_profile": profile,
            "requirements": [*analysis.requirements, *extra],
            "model_dropped": ad.dropped,
        }
    )


@dataclass(frozen=True)
class MapperUnit:
    """One requirement the model is asked about, with the cards it may cite for it."""

    requirement: Requirement
    card_ids: tuple[str, ...]


def judge_mapping(
    board: Blackboard,
    evidence_map: list[EvidenceMapping],
    gaps: list[GapResolution],
    *,
    llm,
    excluded: frozenset[str] = frozenset(),
    candidates: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[EvidenceMapping], list[GapResolution]]:
    """The model judges the requirements mapped with low confidence (the only ones its
    judgement can change), in batches that fit its context window (`llm.fits`), each batch
    with only its own requirements' candidate cards and the synonyms they name.

    `candidates`: requirement id → the card ids the offline mapping judged for it (None: every
    card). A cited card counts only among its requirement's candidates, so the result does not
    depend on how requirements were batched. `excluded`: card ids that are not evidence
    (instructions found in the resume); the model neither sees nor may cite them. A batch the
    model fails keeps its offline result; a requirement that does not fit even alone is refused
    by the client (nothing sent, recorded as `context_length`) and keeps its offline result."""
    from core.llm.responses import MapperMatch

    usable = {c.id: c for c in board.evidence_cards if c.id not in excluded}
    units = mapper_units(board, evidence_map, usable, candidates)
    judged: dict[str, MapperMatch] = {}
    for batch in mapper_batches(units, board, usable, llm=llm):
        judged.update(_judge_batch(batch, board, usable, llm=llm))
    own = {u.requirement.id: set(u.card_ids) for u in units}
    merged: list[EvidenceMapping] = []
    upgraded: set[str] = set()
    for mapping in evidence_map:
        model = judged.get(mapping.requirement_id)
        allowed = own.get(mapping.requirement_id, set())
        ids = [i for i in (model.evidence_card_ids if model else []) if i in allowed]
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


def mapper_units(
    board: Blackboard,
    evidence_map: list[EvidenceMapping],
    usable: Mapping[str, EvidenceCard],
    candidates: Mapping[str, Sequence[str]] | None,
) -> list[MapperUnit]:
    """The low-confidence requirements, in the mapping's order, each with its usable cards."""
    requirements = {r.id: r for r in board.requirements}
    units = []
    for mapping in evidence_map:
        requirement = requirements.get(mapping.requirement_id)
        if requirement is None or mapping.confidence != Confidence.LOW:
            continue
        found = list(usable) if candidates is None else candidates.get(requirement.id, [])
        ids = dict.fromkeys([*found, *mapping.evidence_card_ids])
        units.append(MapperUnit(requirement, tuple(i for i in ids if i in usable)))
    return units


def mapper_batches(
    units: list[MapperUnit], board: Blackboard, usable: Mapping[str, EvidenceCard], *, llm
) -> list[list[MapperUnit]]:
    """Consecutive units, as many to a batch as fit the model's window with their cards. A unit
    that does not fit alone is a batch of its own (the client refuses it without sending)."""
    batches: list[list[MapperUnit]] = []
    current: list[MapperUnit] = []
    for unit in units:
        trial = [*current, unit]
        if current and not _fits(trial, board, usable, llm=llm):
            batches.append(current)
            trial = [unit]
        current = trial
    if current:
        batches.append(current)
    return batches


def _fits(batch: list[MapperUnit], board: Blackboard, usable, *, llm) -> bool:
    from core.llm.responses import MapperResponse

    try:
        prompt = mapper_prompt(batch, board, usable)
    except ProviderError:  # the privacy tripwire: asked alone, it fails alone
        return False
    return bool(llm.fits(prompt, MapperResponse, stage=LLMStage.EVIDENCE_MAPPER))


def mapper_prompt(batch: list[MapperUnit], board: Blackboard, usable: Mapping[str, EvidenceCard]):
    from core.llm.prompts import render_prompt

    ids = dict.fromkeys(i for unit in batch for i in unit.card_ids)
    cards = [
        {"id": c.id, "text": c.raw_text, "role": f"{c.role} at {c.company}".strip(" at")}
        for c in (usable[i] for i in ids)
    ]
    requirements = [unit.requirement for unit in batch]
    return render_prompt(
        LLMStage.EVIDENCE_MAPPER,
        requirements=[r.model_dump(mode="json") for r in requirements],
        cards=cards,
        synonyms=named_synonyms(board.synonyms_map, requirements),
    )


def named_synonyms(
    synonyms: Mapping[str, Sequence[str]], requirements: Sequence[Requirement]
) -> dict[str, list[str]]:
    """The synonym entries whose term or an equivalent the requirements name (whole words)."""
    text = _squash(" ".join(" ".join([r.text, *r.keywords]) for r in requirements))
    padded = f" {text} "
    return {
        term: list(others)
        for term, others in synonyms.items()
        if any(f" {_squash(t)} " in padded for t in (term, *others) if _squash(t))
    }


def _judge_batch(batch: list[MapperUnit], board: Blackboard, usable, *, llm) -> dict:
    from core.llm.responses import MapperResponse

    asked = {unit.requirement.id for unit in batch}
    try:
        response = llm.structured(
            mapper_prompt(batch, board, usable),
            MapperResponse,
            stage=LLMStage.EVIDENCE_MAPPER,
            validation_context={
                "valid_card_ids": {i for u in batch for i in u.card_ids},
                "valid_requirement_ids": asked,
            },
        )
    except ProviderError:
        return {}
    return {m.requirement_id: m for m in response.evidence_map if m.requirement_id in asked}


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
