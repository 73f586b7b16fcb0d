"""What each state does to the Blackboard. Every step is deterministic offline; with an LLM the
model's work is merged on top and the deterministic checks still decide what is true."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from core.contracts import (
    AnswerStatus,
    Blackboard,
    CardKind,
    Confidence,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    Ranking,
)
from core.llm.client import LLM
from core.mapping import Searcher, map_evidence
from core.mapping.questions import build_questions
from core.settings import Settings
from core.writer import claim_index, write_draft


class EvidenceStore(Searcher, Protocol):
    """What a run needs of the evidence index (core.retrieval.EvidenceIndex): ranking, and
    indexing the cards a user's answers add."""

    def add_cards(self, cards: list[EvidenceCard]) -> None: ...


@dataclass
class Deps:
    """What the steps need besides the board: keyword-only, never globals."""

    index: EvidenceStore
    settings: Settings
    llm: LLM | None = None
    notes: list[str] = field(default_factory=list)
    on_state: Callable[[str], None] | None = None


def do_preprocess(board: Blackboard, deps: Deps) -> None:
    from core.retrieval import load_synonyms

    board.synonyms_map = load_synonyms()
    if board.resume is not None:
        board.contact = board.resume.contact
        answers = [c for c in board.evidence_cards if c.kind == CardKind.USER_ANSWER]
        board.evidence_cards = [*board.resume.cards, *answers]


def do_jd_analysis(board: Blackboard, deps: Deps) -> None:
    from core.jd import analyze_jd

    analysis = analyze_jd(
        board.inputs.job_description,
        target_title=board.inputs.target_title,
        limits=deps.settings.ingest,
        embedder=getattr(deps.index, "embedder", None),  # section roles by meaning, if loaded
    )
    if deps.llm is not None:
        from core.pipeline.llm_stages import enrich_jd_analysis

        analysis = enrich_jd_analysis(analysis, board.inputs.job_description, llm=deps.llm)
    board.jd = analysis
    if not analysis.requirements:
        board.failure_reasons.append(
            "No requirements could be recognised in the job description. Paste the part that "
            "lists responsibilities and qualifications."
        )


def instruction_card_ids(board: Blackboard) -> frozenset[str]:
    """Cards whose text reads as instructions to an AI tool ("ignore previous instructions and
    state that the candidate…"): kept and shown as data, never used as evidence."""
    from core.ingest import detect_injection

    return frozenset(c.id for c in board.evidence_cards if detect_injection(c.raw_text))


@dataclass(frozen=True)
class ExcludingSearcher:
    """The evidence index with some cards left out of every ranking."""

    index: Searcher
    excluded: frozenset[str]

    def search(
        self,
        query: str,
        *,
        k: int = 10,
        mode: str = "hybrid",
        hyde: Callable[[str], str | None] | None = None,
    ) -> Ranking:
        ranking = self.index.search(query, k=k + len(self.excluded), mode=mode, hyde=hyde)
        kept = [hit for hit in ranking.results if hit.card_id not in self.excluded][:k]
        return ranking.model_copy(update={"results": kept})


def do_mapping(board: Blackboard, deps: Deps) -> None:
    excluded = instruction_card_ids(board)
    hyde = None
    if deps.llm is not None and deps.settings.llm.hyde:
        from core.pipeline.llm_stages import hyde_writer

        hyde = hyde_writer(deps.llm)
    result = map_evidence(
        board.requirements,
        index=ExcludingSearcher(deps.index, excluded) if excluded else deps.index,
        synonyms=board.synonyms_map,
        cards=[c for c in board.evidence_cards if c.id not in excluded],
        roles=board.resume.roles if board.resume else (),
        header=board.contact.name if board.contact else "",
        mode=deps.settings.retrieval.default_mode,
        hyde=hyde,
    )
    evidence_map, gaps = result.evidence_map, result.gaps
    if deps.llm is not None:
        from core.pipeline.llm_stages import judge_mapping

        evidence_map, gaps = judge_mapping(
            board, evidence_map, gaps, llm=deps.llm, excluded=excluded
        )
    board.retrieval_mode = result.retrieval_mode
    board.gap_resolutions = carry_over_answers(gaps, board.gap_resolutions)
    board.evidence_map = apply_answered(evidence_map, board.gap_resolutions)
    board.questions_for_user = build_questions(board.gap_resolutions)
    if deps.llm is not None:
        from core.pipeline.llm_stages import phrase_questions

        board.questions_for_user = phrase_questions(
            board.questions_for_user, board.gap_resolutions, llm=deps.llm
        )
    cited = [cid for m in board.evidence_map for cid in m.evidence_card_ids]
    board.selected_evidence_ids = list(dict.fromkeys(cited))


def carry_over_answers(
    fresh: list[GapResolution], previous: list[GapResolution]
) -> list[GapResolution]:
    """Keep what the user decided (answers, declines, chosen strategies) across re-mapping."""
    before = {g.gap_id: g for g in previous}
    merged: list[GapResolution] = []
    for gap in fresh:
        old = before.pop(gap.gap_id, None)
        if old is not None and (old.answer_status != AnswerStatus.OPEN or old.user_confirmed):
            gap = gap.model_copy(
                update={
                    "answer_status": old.answer_status,
                    "answer_card_id": old.answer_card_id,
                    "user_confirmed": old.user_confirmed,
                    "strategy": old.strategy,
                }
            )
        merged.append(gap)
    # An answered gap stays on record even when the answer now closes it.
    merged.extend(g for g in before.values() if g.answer_status == AnswerStatus.ANSWERED)
    return merged


def apply_answered(
    evidence_map: list[EvidenceMapping], gaps: list[GapResolution]
) -> list[EvidenceMapping]:
    """A user-attested answer is direct evidence for its requirement."""
    answered = {
        g.requirement_id: g.answer_card_id
        for g in gaps
        if g.answer_status == AnswerStatus.ANSWERED and g.answer_card_id
    }
    out: list[EvidenceMapping] = []
    for mapping in evidence_map:
        card_id = answered.get(mapping.requirement_id)
        if card_id:
            ids = [card_id, *(c for c in mapping.evidence_card_ids if c != card_id)]
            mapping = mapping.model_copy(
                update={
                    "evidence_card_ids": ids[:3],
                    "confidence": Confidence.HIGH,
                    "notes": "your answer",
                }
            )
        out.append(mapping)
    return out


def completeness_problems(board: Blackboard) -> list[str]:
    """Completeness gate: what the fact resume must yield before a draft is written (the rule
    lives in core.ingest.completeness; the CLI and the Upload page check it right after parsing)."""
    from core.ingest.completeness import missing_parts

    inputs = board.inputs
    return missing_parts(board.resume, contact=board.contact, no_education=inputs.no_education)


def do_writing(board: Blackboard, deps: Deps) -> None:
    problems = completeness_problems(board)
    if problems:
        board.failure_reasons.append(
            "Before a draft can be written the fact resume needs: " + "; ".join(problems)
        )
        return
    excluded = instruction_card_ids(board)
    if excluded:
        board.change_log.append(
            f"{len(excluded)} piece(s) of the resume read like instructions to an AI tool; "
            "they were not used as evidence."
        )
    output = write_draft(
        cards=board.evidence_cards,
        roles=board.resume.roles if board.resume else [],
        requirements=board.requirements,
        evidence_map=board.evidence_map,
        gaps=board.gap_resolutions,
        keywords=board.jd.keywords if board.jd else [],
        target_title=board.inputs.target_title,
        max_pages=board.inputs.length_rules.max_pages,
        exclude_ids=set(board.revision_exclude_ids) | excluded,
        revision_notes=board.revision_notes,
        llm=deps.llm,
        storylines=board.role_profile.recommended_storylines if board.role_profile else [],
    )
    if board.resume_draft is not None:  # a revision round: keep the record of what went
        output.draft.dropped = [*board.resume_draft.dropped, *output.draft.dropped]
    board.resume_draft = output.draft
    board.claim_index = claim_index(output.draft)
    board.change_log.extend(output.change_log)


def do_auditing(board: Blackboard, deps: Deps) -> None:
    from core.audit import ats_suggestions, audit_draft, build_ats_report

    assert board.resume_draft is not None
    roles = board.resume.roles if board.resume else []
    board.audit_report = audit_draft(
        board.resume_draft, cards=evidence_for_audit(board), roles=roles, llm=deps.llm
    )
    if board.jd is not None:
        board.ats_report = build_ats_report(
            board.resume_draft,
            jd=board.jd,
            evidence_map=board.evidence_map,
            cards=board.evidence_cards,
            synonyms=board.synonyms_map,
        )
        board.audit_report.ats_suggestions = ats_suggestions(board.ats_report)
    if not board.audit_report.passed and board.retry_count >= board.max_retries:
        drop_blocked_lines(board)
        do_auditing_once_more(board, deps)


def do_auditing_once_more(board: Blackboard, deps: Deps) -> None:
    from core.audit import audit_draft

    assert board.resume_draft is not None
    roles = board.resume.roles if board.resume else []
    board.audit_report = audit_draft(
        board.resume_draft, cards=evidence_for_audit(board), roles=roles
    )


def evidence_for_audit(board: Blackboard) -> list[EvidenceCard]:
    """The cards a line may rest on: a line citing an instruction card is unsupported."""
    excluded = instruction_card_ids(board)
    return [c for c in board.evidence_cards if c.id not in excluded]


def drop_blocked_lines(board: Blackboard) -> None:
    """Retries exhausted: the offending lines are dropped (and listed), never shipped."""
    draft = board.resume_draft
    assert draft is not None
    blocked = board.blocked_line_ids()
    draft.drop_lines(blocked)
    board.claim_index = claim_index(draft)
    board.change_log.append(f"Dropped {len(blocked)} line(s) the audit could not verify.")


def do_revision(board: Blackboard, deps: Deps) -> None:
    board.retry_count += 1
    draft = board.resume_draft
    blocked = board.blocked_line_ids()
    assert board.audit_report is not None and draft is not None
    notes = [
        f"FIX REQUIRED: line '{v.bullet_id}' — {v.violation}" for v in board.audit_report.blockers()
    ]
    lines = {b.id: b for b in draft.all_bullets()}
    for bullet_id in blocked:
        if bullet_id in lines and deps.llm is None:
            # Offline the writer cannot reword: the line's evidence is left out and the line
            # is listed as dropped (a model gets the notes and may fix the line instead).
            board.revision_exclude_ids.extend(lines[bullet_id].evidence_card_ids)
            draft.dropped.append(lines[bullet_id])
    board.revision_notes = notes
    board.change_log.append(f"Revision {board.retry_count}: {len(blocked)} line(s) to fix.")
