"""Gap questions for the user, and turning their answers into user-attested evidence cards.

An answer becomes an EvidenceCard with provenance `user_answer` (question + timestamp); it is
indexed and cited like any other card. "I don't have this" is an answer too: the gap stays a gap
and its strategy becomes `omit`, so nothing papers over it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.contracts import (
    AnswerStatus,
    CardKind,
    EvidenceCard,
    GapAnswer,
    GapResolution,
    GapStrategy,
    GapType,
    Priority,
    Provenance,
    UserQuestion,
    utc_now,
)
from core.errors import InputError
from core.jd.kinds import is_quality

MAX_ANSWER_CHARS = 2000


def build_questions(gaps: Sequence[GapResolution]) -> list[UserQuestion]:
    """One question per open ask_user gap, must-haves first (stable order otherwise)."""
    open_gaps = [
        g
        for g in gaps
        if g.strategy == GapStrategy.ASK_USER and g.answer_status == AnswerStatus.OPEN
    ]
    # must-haves first; a personal quality after the things done (stable order otherwise)
    open_gaps.sort(key=lambda g: (g.priority != Priority.MUST, is_quality(g.requirement_text)))
    return [_question(g) for g in open_gaps]


def _question(gap: GapResolution) -> UserQuestion:
    text = gap.requirement_text.rstrip(".")
    if gap.nearby and gap.unstated:
        question = (
            f"You list {gap.nearby}; this job also asks for {gap.unstated} (“{text}”). Do you "
            "have that as well? If so, say where and when; if not, only what you list is claimed."
        )
    elif gap.nearby:
        question = (
            f"You list {gap.nearby}; this job asks for “{text}”. Do you hold that as well? "
            "If so, say where and when; if not, the gap stays and nothing claims it."
        )
    elif gap.gap_type == GapType.HIDDEN_EVIDENCE:
        question = (
            f"The job asks for: “{text}”. Your resume has related work but does not say this "
            "outright. Have you done it? If so, where, when, and what exactly did you do?"
        )
    elif is_quality(gap.requirement_text):
        question = (
            f"The job asks for: “{text}”. A resume shows this through what you did rather "
            "than by saying it. Is there something you did that shows it (who it was for, what "
            "you did, what came of it)? Describe it in your own words; if not, nothing claims it."
        )
    else:
        question = (
            f"The job asks for: “{text}”. Nothing in your fact resume shows it. Have you done "
            "this anywhere (a job, a project, a course)? Describe it in your own words."
        )
    level = "a must-have" if gap.priority == Priority.MUST else "a nice-to-have"
    impact = (
        f"This is {level} for the role. A true answer becomes evidence the draft can cite; "
        "'I don't have this' keeps the resume honest and the gap is left out."
    )
    return UserQuestion(gap_id=gap.gap_id, question=question, impact=impact, priority=gap.priority)


def next_questions(gaps: Sequence[GapResolution], *, limit: int = 3) -> list[UserQuestion]:
    return build_questions(gaps)[:limit]


def answer_card(
    gap: GapResolution, answer: GapAnswer, *, question: str, index: int
) -> EvidenceCard:
    """The evidence card for one answer (skills and metrics found in the user's own words)."""
    from core.ingest import extract_metrics, find_skills

    text = " ".join(answer.answer.split())
    return EvidenceCard(
        id=f"ans-{gap.requirement_id or gap.gap_id}-{index}",
        kind=CardKind.USER_ANSWER,
        section="User answers",
        project=gap.requirement_text[:80],
        role_id=answer.role_id or None,
        raw_text=text,
        metrics=extract_metrics(text),
        skills=find_skills(text),
        provenance=Provenance(source="user_answer", question=question, answered_at=utc_now()),
    )


def apply_answers(
    gaps: list[GapResolution],
    answers: Sequence[GapAnswer],
    *,
    existing_ids: set[str],
) -> tuple[list[GapResolution], list[EvidenceCard]]:
    """Record answers on the gaps; return the updated gaps and the new user-attested cards."""
    by_id = {g.gap_id: g for g in gaps}
    unknown = [a.gap_id for a in answers if a.gap_id not in by_id]
    if unknown:
        known = ", ".join(sorted(by_id)) or "none"
        raise InputError(f"Answers name unknown gaps: {', '.join(unknown)} (known gaps: {known})")
    new_cards: list[EvidenceCard] = []
    updated = {g.gap_id: g.model_copy() for g in gaps}
    for answer in answers:
        gap = updated[answer.gap_id]
        if answer.declined or not answer.answer.strip():
            if not answer.declined:
                continue  # an empty answer is no answer: the question stays open
            updated[gap.gap_id] = gap.model_copy(
                update={"answer_status": AnswerStatus.DECLINED, "strategy": GapStrategy.OMIT}
            )
            continue
        if len(answer.answer) > MAX_ANSWER_CHARS:
            raise InputError(
                f"The answer for {gap.gap_id} is {len(answer.answer)} characters; "
                f"keep it under {MAX_ANSWER_CHARS}."
            )
        n = 1
        while f"ans-{gap.requirement_id or gap.gap_id}-{n}" in existing_ids:
            n += 1
        card = answer_card(gap, answer, question=_question(gap).question, index=n)
        existing_ids.add(card.id)
        new_cards.append(card)
        updated[gap.gap_id] = gap.model_copy(
            update={
                "answer_status": AnswerStatus.ANSWERED,
                "answer_card_id": card.id,
                "user_confirmed": True,
            }
        )
    return [updated[g.gap_id] for g in gaps], new_cards
