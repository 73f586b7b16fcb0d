"""Gap questions for the user, and turning their answers into user-attested evidence cards.

An answer becomes an EvidenceCard with provenance `user_answer` (question + timestamp); it is
indexed and cited like any other card. "I don't have this" is an answer too: the gap stays a gap
and its strategy becomes `omit`, so nothing papers over it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from core.retrieval.corpus import is_role_header

MAX_ANSWER_CHARS = 2000
MAX_QUOTE_CHARS = 160  # the closest line, quoted in a question, is cut at a word past this
MIN_QUOTE_WORDS = 4  # fewer is a title ("Teacher"), not a line of work worth quoting

Lookup = Callable[[str], EvidenceCard | None]


def build_questions(
    gaps: Sequence[GapResolution], lookup: Lookup | None = None
) -> list[UserQuestion]:
    """One question per open ask_user gap, must-haves first (stable order otherwise). With
    `lookup` (card id → card), a gap with no stated evidence quotes the closest line mapping
    kept for it, so the user sees what was found instead of "nothing"."""
    open_gaps = [
        g
        for g in gaps
        if g.strategy == GapStrategy.ASK_USER and g.answer_status == AnswerStatus.OPEN
    ]
    # must-haves first; a personal quality after the things done (stable order otherwise)
    open_gaps.sort(key=lambda g: (g.priority != Priority.MUST, is_quality(g.requirement_text)))
    return [_question(g, closest_line(g, lookup)) for g in open_gaps]


def closest_card(gap: GapResolution, lookup: Lookup | None) -> EvidenceCard | None:
    """The first adjacent card that is a line of work: not a role's own header line (its title
    and dates) and not a bare title of fewer than MIN_QUOTE_WORDS words."""
    if lookup is None:
        return None
    for card_id in gap.adjacent_evidence_ids:
        card = lookup(card_id)
        if card is None or is_role_header(card):
            continue
        if len(card.raw_text.split()) >= MIN_QUOTE_WORDS:
            return card
    return None


def closest_line(gap: GapResolution, lookup: Lookup | None) -> str:
    """`closest_card`'s text on one line, cut at a word near MAX_QUOTE_CHARS ("" without one)."""
    card = closest_card(gap, lookup)
    if card is None:
        return ""
    text = " ".join(card.raw_text.split())
    if len(text) <= MAX_QUOTE_CHARS:
        return text
    return text[:MAX_QUOTE_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + " …"


def _question(gap: GapResolution, closest: str = "") -> UserQuestion:
    text = gap.requirement_text.rstrip(".")
    seen = (
        f" The closest line in your resume is “{closest}”, which does not say it outright."
        if closest
        else ""
    )
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
        related = f" (“{closest}”)" if closest else ""
        question = (
            f"The job asks for: “{text}”. Your resume has related work{related} but does not "
            "say this outright. Have you done it? If so, where, when, and what exactly did you do?"
        )
    elif is_quality(gap.requirement_text):
        question = (
            f"The job asks for: “{text}”. A resume shows this through what you did rather "
            f"than by saying it.{seen} Is there something you did that shows it (who it was for, "
            "what you did, what came of it)? Describe it in your own words; if not, nothing "
            "claims it."
        )
    else:
        found = seen or " Nothing in your fact resume shows it."
        question = (
            f"The job asks for: “{text}”.{found} Have you done this anywhere (a job, a project, "
            "a course)? Describe it in your own words."
        )
    level = "a must-have" if gap.priority == Priority.MUST else "a nice-to-have"
    impact = (
        f"This is {level} for the role. A true answer becomes evidence the draft can cite; "
        "'I don't have this' keeps the resume honest and the gap is left out."
    )
    return UserQuestion(gap_id=gap.gap_id, question=question, impact=impact, priority=gap.priority)


def next_questions(
    gaps: Sequence[GapResolution], *, limit: int = 3, lookup: Lookup | None = None
) -> list[UserQuestion]:
    return build_questions(gaps, lookup)[:limit]


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
    lookup: Lookup | None = None,
) -> tuple[list[GapResolution], list[EvidenceCard]]:
    """Record answers on the gaps; return the updated gaps and the new user-attested cards
    (each keeps the question as asked: `lookup` as given to `build_questions`)."""
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
        asked = _question(gap, closest_line(gap, lookup)).question
        card = answer_card(gap, answer, question=asked, index=n)
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
