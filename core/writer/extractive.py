"""The offline writer: selects and orders the user's own evidence, never adds or changes a fact.

Bullets are the cards' own text in resume style (core/writer/lines.py: implied subject, no first
person, no Markdown); a line that cannot lose its first person is left out. The summary is
assembled from headline facts (core/writer/summary.py); skills come from the Skills section and
the skill lexicon (core/writer/skills.py). A section holds only its own kind of content. Gap
answers become bullets of the role the user named, else of "Additional experience". Every line
cites the card(s) it came from, and the truth audit runs afterwards.
"""

from __future__ import annotations

import re
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
)
from core.writer.budget import EDUCATION, fit_to_pages
from core.writer.lines import resume_line
from core.writer.relevance import relevance_scores
from core.writer.sections import fits_section
from core.writer.skills import for_the_job, skill_lines
from core.writer.summary import write_summary

ROLE_BULLET_CAPS = (7, 5, 4, 3, 3, 2)
ROLE_KINDS = (CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE, CardKind.USER_ANSWER)
EXTRA_SECTIONS = (
    (CardKind.EDUCATION, EDUCATION, 6, False),
    (CardKind.CERTIFICATION, "Certifications", 5, False),
    (CardKind.PROJECT, "Projects", 3, True),
    (CardKind.PUBLICATION, "Publications", 3, True),
    (CardKind.USER_ANSWER, "Additional experience", 5, False),
)


def _bullets(prefix: str, cards: Sequence[EvidenceCard]) -> list[DraftBullet]:
    """Resume-style bullets of `cards`, numbered from 1; cards that stay first-person are left."""
    written = [(card, resume_line(card.raw_text)) for card in cards]
    return [
        DraftBullet(id=f"{prefix}{n}", text=text, evidence_card_ids=[card.id])
        for n, (card, text) in enumerate([(c, t) for c, t in written if t], 1)
    ]


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
    resume_text = "\n".join(c.raw_text for c in cards)
    skills = skill_lines(usable, keywords, resume_text=resume_text)
    asked = frozenset(card_id for card_id, weight in weights.items() if weight > 0)
    sections = _sections(usable, score, {r.id for r in roles})
    listed = frozenset(c for s in sections for b in s.bullets for c in b.evidence_card_ids)
    summary = write_summary(
        usable, roles, for_the_job(skills, keywords), score, listed=listed, asked=asked
    )
    in_summary = _said_in_full(summary, usable)
    draft = ResumeDraft(
        target_title=target_title,
        summary=summary,
        roles=_roles(usable, roles, score, max_pages, leave_out=in_summary),
        skills=skills,
        sections=sections,
    )
    return fit_to_pages(draft, score=score, max_pages=max_pages)


def _said_in_full(summary: Sequence[DraftBullet], cards: Sequence[EvidenceCard]) -> frozenset[str]:
    """Ids of the role cards a summary line repeats, whole or a clause of them word for word:
    the role does not say them again."""

    def words(text: str) -> str:
        return " ".join(re.findall(r"\w+", text.casefold()))

    said = [words(b.text) for b in summary]
    return frozenset(
        c.id
        for c in cards
        if c.role_id and any(line and line in words(resume_line(c.raw_text)) for line in said)
    )


def _roles(
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    score: dict[str, float],
    max_pages: int,
    *,
    leave_out: frozenset[str] = frozenset(),
) -> list[DraftRole]:
    """Each role's most relevant lines up to its cap; `leave_out` (lines the summary states)
    only while the role keeps another line."""
    by_role: dict[str, list[EvidenceCard]] = defaultdict(list)
    for card in cards:
        if card.kind in ROLE_KINDS and card.role_id:
            by_role[card.role_id].append(card)
    scale = 1.0 if max_pages >= 2 else 0.6
    drafted: list[DraftRole] = []
    for position, role in enumerate(roles):
        pool = by_role.get(role.id, [])
        answers = [c for c in pool if c.kind == CardKind.USER_ANSWER]
        bullets_only = [c for c in pool if c.kind == CardKind.EXPERIENCE_BULLET]
        pool = bullets_only + answers if len(bullets_only) >= 2 else pool
        pool = [c for c in pool if c.id not in leave_out] or pool
        cap = ROLE_BULLET_CAPS[min(position, len(ROLE_BULLET_CAPS) - 1)]
        cap = max(1, round(cap * scale))
        ranked = sorted(pool, key=lambda c: (c.kind != CardKind.USER_ANSWER, -score.get(c.id, 0)))
        bullets = _bullets(f"{role.id}-b", ranked)[:cap]
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


def _sections(
    cards: Sequence[EvidenceCard], score: dict[str, float], role_ids: set[str]
) -> list[DraftSection]:
    sections: list[DraftSection] = []
    for kind, name, cap, needs_relevance in EXTRA_SECTIONS:
        pool = [c for c in cards if c.kind == kind and fits_section(kind, c.raw_text)]
        if kind == CardKind.USER_ANSWER:  # answers given for a role are that role's bullets
            pool = [c for c in pool if c.role_id not in role_ids]
        if needs_relevance:
            pool = [c for c in pool if score.get(c.id, 0.0) > 0.5]
            pool = sorted(pool, key=lambda c: -score.get(c.id, 0.0))[:cap]
        else:
            pool = pool[:cap]
        if not pool:
            continue
        bullets = _bullets(name.lower().replace(" ", "-") + "-", pool)
        if bullets:
            sections.append(DraftSection(name=name, bullets=bullets))
    return sections
