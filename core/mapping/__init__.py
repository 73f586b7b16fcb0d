"""Evidence mapping: each requirement → cited evidence with a confidence, or a classified gap.

The requirement's kind comes first (core/jd/kinds.py): credentials and degrees have their own
matchers (core/mapping/by_kind.py: variant-aware, levels ordered), logistics (location,
authorisation, schedule) are shown and never matched, years are measured on the role timeline.
Everything else, and what those matchers cannot decide, rests on three honest signals:
1. a requirement keyword stated directly in a retrieved card      → supported (high / medium);
2. a keyword stated only through a synonym class                  → terminology_gap (supported);
3. semantic similarity of the best card, when no term matches     → hidden_evidence (ask the
   user) above a threshold, else a true gap (adjacent evidence kept when it is close).
With an LLM, its judgement is merged on top (core/mapping/llm_merge.py), and can never cite ids
that do not exist.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from pydantic import BaseModel, Field

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceHit,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Priority,
    Ranking,
    Requirement,
    RequirementKind,
    RoleEntry,
)
from core.jd.kinds import kind_of
from core.mapping.asks import judge_asks
from core.mapping.by_kind import decide_by_kind, result_lines
from core.mapping.overlap import Stated, judge_words
from core.mapping.records import HEADER_NOTE, SHOWN_NOTE, gap_record, mapping_record
from core.mapping.terms import (
    TermMatcher,
    content_words,
    is_named_tool,
    named_phrases,
    synonym_classes,
    whole_keywords,
)
from core.mapping.years import with_years, years_on_timeline

# Cosine similarity of the best vector hit (all-MiniLM-L6-v2 scale) above which an unmatched
# requirement is treated as "you may have this: tell us" rather than a plain gap.
HIDDEN_EVIDENCE_SIMILARITY = 0.62
ADJACENT_SIMILARITY = 0.35
TOP_HITS = 8
MAX_CITED = 3


class Searcher(Protocol):
    def search(
        self,
        query: str,
        *,
        k: int = 10,
        mode: str = "hybrid",
        hyde: Callable[[str], str | None] | None = None,
    ) -> Ranking: ...


class MappingResult(BaseModel):
    evidence_map: list[EvidenceMapping] = Field(default_factory=list)
    gaps: list[GapResolution] = Field(default_factory=list)
    retrieval_mode: str = ""
    candidates: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Requirement id → the card ids judged for it (retrieval hits, term scan)",
    )


def requirement_query(req: Requirement) -> str:
    extra = [k for k in req.keywords if k.lower() not in req.text.lower()]
    return " ".join([req.text, *extra])


def map_evidence(
    requirements: Sequence[Requirement],
    *,
    index: Searcher,
    synonyms: Mapping[str, Sequence[str]],
    cards: Sequence[EvidenceCard] = (),
    roles: Sequence[RoleEntry] = (),
    header: str = "",
    job_title: str = "",
    mode: str = "hybrid",
    hyde: Callable[[str], str | None] | None = None,
) -> MappingResult:
    """Map every requirement to evidence ids or a gap. Deterministic for a given index.

    Candidates are the retrieval hits plus every card that states a requirement term (a scan
    of the whole resume: retrieval may rank such a card low, the term match is still evidence).
    `roles` (the resume's timeline) measures years, "relevant" years on the roles titled like
    `job_title`; `header` is the name line, where people list credentials ("Dana Ruiz, BSN, RN,
    CCRN").
    """
    matcher = TermMatcher(synonym_classes(synonyms))
    result = MappingResult()
    kinds = [kind_of(req) for req in requirements]
    pairs = zip(requirements, kinds, strict=True)
    by_kind = [decide_by_kind(req, kind, cards, header=header) for req, kind in pairs]
    search_ahead = getattr(index, "search_ahead", None)
    if search_ahead is not None and hyde is None:  # the searches' vectors, embedded meanwhile
        searched = [r for r, d in zip(requirements, by_kind, strict=True) if d is None]
        search_ahead([requirement_query(r) for r in searched], mode=mode)
    years = RequirementKind.YEARS  # measured on the timeline, not ask by ask
    for req, kind, decided in zip(requirements, kinds, by_kind, strict=True):
        if decided is not None:
            result.candidates[req.id] = list(decided[0].evidence_card_ids)
            result.evidence_map.append(decided[0])
            result.gaps += [decided[1]] if decided[1] is not None else []
            continue
        ranking = index.search(requirement_query(req), k=TOP_HITS, mode=mode, hyde=hyde)
        req = req.model_copy(update={"keywords": whole_keywords(req.text, req.keywords)})
        result.retrieval_mode = ranking.mode
        hits = list(ranking.results) + term_scan(req, cards, matcher, seen=ranking.results)
        result.candidates[req.id] = list(dict.fromkeys(h.card_id for h in hits))
        mapping, gap = classify_requirement(req, hits, matcher)
        if gap is not None and gap.gap_type != GapType.TERMINOLOGY_GAP and by_sentence(req, kind):
            # The analyser's keywords are not stated: the sentence's own words may be.
            retried = classify_requirement(req.model_copy(update={"keywords": []}), hits, matcher)
            if retried[1] is None or retried[1].gap_type == GapType.TERMINOLOGY_GAP:
                mapping, gap = retried
        if gap is not None and gap.gap_type != GapType.TERMINOLOGY_GAP and kind != years:
            split = not any(is_named_tool(k) for k in req.keywords)
            asked = judge_asks(req, cards, matcher, split=split)
            mapping, gap = asked or (mapping, gap)
        if kind == RequirementKind.ACHIEVEMENT and gap is not None:
            mapping, gap = result_lines(req, hits, cards) or (mapping, gap)
        if kind == RequirementKind.YEARS:
            mapping = with_years(mapping, req, cards, roles)
            timed = years_on_timeline(req, gap, cards, roles, job_title=job_title) if gap else None
            mapping, gap = timed or (mapping, gap)
        result.evidence_map.append(mapping)
        if gap is not None:
            result.gaps.append(gap)
    return result


def by_sentence(req: Requirement, kind: RequirementKind) -> bool:
    """Whether a responsibility or achievement whose keywords no line states may be judged by
    its sentence's words instead: not when a keyword names a tool, language or credential (the
    words around "Apache Spark" in "Spark for large-scale data processing" are not Spark)."""
    if kind not in (RequirementKind.RESPONSIBILITY, RequirementKind.ACHIEVEMENT):
        return False
    return bool(req.keywords) and not any(is_named_tool(k) for k in req.keywords)


def term_scan(
    req: Requirement,
    cards: Sequence[EvidenceCard],
    matcher: TermMatcher,
    *,
    seen: Sequence[EvidenceHit],
) -> list[EvidenceHit]:
    """Cards outside the retrieval hits that state one of the requirement's keywords (or, with
    none, a several-word term its text names)."""
    terms = req.keywords or named_phrases(req.text, matcher.classes)
    if not terms:
        return []
    known = {h.card_id for h in seen}
    found: list[tuple[int, EvidenceHit]] = []
    for card in cards:
        if card.id in known:
            continue
        direct, by_synonym = matcher.match(card.raw_text, terms)
        if direct or by_synonym:
            hit = EvidenceHit(card_id=card.id, text=card.raw_text, kind=card.kind)
            found.append((2 * len(direct) + len(by_synonym), hit))
    found.sort(key=lambda pair: -pair[0])
    return [hit for _, hit in found[:MAX_CITED]]


def classify_requirement(
    req: Requirement, hits: Sequence[EvidenceHit], matcher: TermMatcher
) -> tuple[EvidenceMapping, GapResolution | None]:
    terms = req.keywords or sorted(content_words(req.text))
    # With keywords the analyser chose the key terms: a phrase of the text around a named tool
    # ("large-scale data processing" around "Apache Spark") must not stand in for it.
    phrases = [] if req.keywords else named_phrases(req.text, matcher.classes)
    direct_ids: list[str] = []
    synonym_ids: list[str] = []
    matched: set[str] = set()
    for hit in hits:
        direct, by_synonym = matcher.match(hit.text, terms)
        if not req.keywords:
            stated = judge_words(req.text, terms, direct, by_synonym, _similarity(hit))
            if stated == Stated.OTHER_WORDS:
                direct, by_synonym = [], [*direct, *by_synonym]
            elif stated == Stated.NOT:
                direct = []
        if phrases and not direct and not by_synonym:
            direct, by_synonym = matcher.match(hit.text, phrases)
        if direct:
            direct_ids.append(hit.card_id)
            matched.update(direct)
        elif by_synonym:
            synonym_ids.append(hit.card_id)
            matched.update(by_synonym)
    best_similarity = max((_similarity(h) for h in hits[:3]), default=0.0)
    if direct_ids:
        top_is_direct = bool(hits) and hits[0].card_id in direct_ids[:1]
        confidence = Confidence.HIGH if top_is_direct or len(direct_ids) > 1 else Confidence.MEDIUM
        ids = _unique(direct_ids + synonym_ids)[:MAX_CITED]
        return mapping_record(req, ids, confidence, matched, "stated directly"), None
    if synonym_ids:
        ids = _unique(synonym_ids)[:MAX_CITED]
        mapping = mapping_record(req, ids, Confidence.MEDIUM, matched, "stated in other words")
        return mapping, gap_record(req, GapType.TERMINOLOGY_GAP, GapStrategy.ADJACENT, ids)
    adjacent = [h.card_id for h in hits[:2] if _similarity(h) >= ADJACENT_SIMILARITY]
    if best_similarity >= HIDDEN_EVIDENCE_SIMILARITY:
        mapping = mapping_record(req, adjacent, Confidence.LOW, matched, "related evidence only")
        return mapping, gap_record(req, GapType.HIDDEN_EVIDENCE, GapStrategy.ASK_USER, adjacent)
    strategy = GapStrategy.ASK_USER if req.priority == Priority.MUST else GapStrategy.OMIT
    if adjacent and req.priority == Priority.NICE:
        strategy = GapStrategy.ADJACENT
    mapping = mapping_record(req, [], Confidence.LOW, matched, "no supporting evidence")
    return mapping, gap_record(req, GapType.TRUE_GAP, strategy, adjacent)


def _similarity(hit: EvidenceHit) -> float:
    return float(hit.scores.get("vector", 0.0))


def _unique(ids: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def is_supported(mapping: EvidenceMapping) -> bool:
    if mapping.confidence == Confidence.LOW:
        return False
    return bool(mapping.evidence_card_ids) or mapping.notes == HEADER_NOTE


_NONE = EvidenceMapping(requirement_id="")


def must_have_coverage(
    requirements: Sequence[Requirement], evidence_map: Sequence[EvidenceMapping]
) -> float:
    """Supported must-haves / must-haves, in percent (100 when the JD names none)."""
    by_id = {m.requirement_id: m for m in evidence_map}
    musts = [
        r
        for r in requirements
        if r.priority == Priority.MUST and by_id.get(r.id, _NONE).notes != SHOWN_NOTE
    ]
    if not musts:
        return 100.0
    supported = sum(1 for r in musts if r.id in by_id and is_supported(by_id[r.id]))
    return round(100.0 * supported / len(musts), 1)
