"""The offline writer: selects and orders the user's own evidence, never rewords a fact.

Bullets are the cards' own text (whitespace tidied, first letter capitalised). The summary is the
resume's own summary sentences most relevant to the job; skills are the skills the evidence
names, JD keywords first. Every line cites the card(s) it came from.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from core.contracts import (
    CardKind,
    DraftBullet,
    DraftRole,
    DraftSection,
    EvidenceCard,
    ResumeDraft,
    RoleEntry,
    SkillLine,
)
from core.mapping.terms import mentions
from core.writer.budget import fit_to_pages
from core.writer.relevance import relevance_scores

ROLE_BULLET_CAPS = (7, 5, 4, 3, 3, 2)
ROLE_KINDS = (CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE)
EXTRA_SECTIONS = (
    (CardKind.EDUCATION, "Education", 6, False),
    (CardKind.CERTIFICATION, "Certifications", 5, False),
    (CardKind.PROJECT, "Projects", 3, True),
    (CardKind.PUBLICATION, "Publications", 3, True),
    (CardKind.USER_ANSWER, "Additional Experience", 5, False),
)
MAX_SKILLS = 18


def tidy(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] if text else text


def write_extractive(
    *,
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    weights: dict[str, float],
    keywords: Sequence[str],
    target_title: str,
    max_pages: int,
    exclude_ids: set[str] | frozenset[str] = frozenset(),
) -> ResumeDraft:
    score = relevance_scores(cards, weights=weights, keywords=keywords, exclude_ids=exclude_ids)
    usable = [c for c in cards if c.id in score]
    draft = ResumeDraft(
        target_title=target_title,
        summary=_summary(usable, score),
        roles=_roles(usable, roles, score, max_pages),
        skills=_skills(usable, keywords),
        sections=_sections(usable, score),
    )
    return fit_to_pages(draft, score=score, max_pages=max_pages)


def _summary(cards: Sequence[EvidenceCard], score: dict[str, float]) -> list[DraftBullet]:
    summary = [c for c in cards if c.kind == CardKind.SUMMARY]
    chosen = sorted(summary, key=lambda c: -score.get(c.id, 0.0))[:2]
    chosen.sort(key=summary.index)  # keep the resume's own order
    return [
        DraftBullet(id=f"summary-{n}", text=tidy(c.raw_text), evidence_card_ids=[c.id])
        for n, c in enumerate(chosen, 1)
    ]


def _roles(
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    score: dict[str, float],
    max_pages: int,
) -> list[DraftRole]:
    by_role: dict[str, list[EvidenceCard]] = defaultdict(list)
    for card in cards:
        if card.kind in ROLE_KINDS and card.role_id:
            by_role[card.role_id].append(card)
    scale = 1.0 if max_pages >= 2 else 0.6
    drafted: list[DraftRole] = []
    for position, role in enumerate(roles):
        pool = by_role.get(role.id, [])
        bullets_only = [c for c in pool if c.kind == CardKind.EXPERIENCE_BULLET]
        pool = bullets_only if len(bullets_only) >= 2 else pool
        cap = ROLE_BULLET_CAPS[min(position, len(ROLE_BULLET_CAPS) - 1)]
        cap = max(1, round(cap * scale))
        chosen = sorted(pool, key=lambda c: -score.get(c.id, 0.0))[:cap]
        bullets = [
            DraftBullet(id=f"{role.id}-b{n}", text=tidy(c.raw_text), evidence_card_ids=[c.id])
            for n, c in enumerate(chosen, 1)
        ]
        drafted.append(
            DraftRole(
                role_id=role.id,
                company=role.company,
                title=role.title,
                location=role.location,
                timeframe=role.timeframe,
                bullets=bullets,
            )
        )
    return drafted


def _skills(cards: Sequence[EvidenceCard], keywords: Sequence[str]) -> list[SkillLine]:
    sources: dict[str, list[str]] = defaultdict(list)
    spelled: dict[str, str] = {}
    for card in cards:
        for skill in card.skills:
            key = skill.lower()
            spelled.setdefault(key, skill)
            if card.id not in sources[key]:
                sources[key].append(card.id)

    def order(key: str) -> tuple[int, int]:
        for position, keyword in enumerate(keywords):
            if mentions(keyword, spelled[key]) or mentions(spelled[key], keyword):
                return (position, -len(sources[key]))
        return (len(keywords), -len(sources[key]))

    keys = sorted(sources, key=order)[:MAX_SKILLS]
    return [SkillLine(skill=spelled[k], evidence_card_ids=sources[k][:3]) for k in keys]


def _sections(cards: Sequence[EvidenceCard], score: dict[str, float]) -> list[DraftSection]:
    sections: list[DraftSection] = []
    for kind, name, cap, needs_relevance in EXTRA_SECTIONS:
        pool = [c for c in cards if c.kind == kind]
        if needs_relevance:
            pool = [c for c in pool if score.get(c.id, 0.0) > 0.5]
            pool = sorted(pool, key=lambda c: -score.get(c.id, 0.0))[:cap]
        else:
            pool = pool[:cap]
        if not pool:
            continue
        slug = name.lower().replace(" ", "-")
        bullets = [
            DraftBullet(id=f"{slug}-{n}", text=tidy(c.raw_text), evidence_card_ids=[c.id])
            for n, c in enumerate(pool, 1)
        ]
        sections.append(DraftSection(name=name, bullets=bullets))
    return sections
