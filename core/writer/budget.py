"""Page budget: estimate rendered lines and drop the least relevant lines until the draft fits.

The estimate is deliberately simple (characters per line, fixed costs for headings) and
conservative; `max_pages` is a hard rule, so the draft errs on the short side. The education
entries are never taken here: a degree is what a recruiter and an ATS look for whatever the job
asks, and a line this estimate drops never reaches the draft the user reviews. The measured page
fit at export (core/render/page_fit.py) may still take one, last, and lists it.
"""

from __future__ import annotations

import math

from core.contracts import DraftBullet, ResumeDraft

LINES_PER_PAGE = 46
CHARS_PER_LINE = 95
HEADER_LINES = 4  # name, contact line, target title, spacing
SECTION_LINES = 2
ROLE_HEADER_LINES = 2
EDUCATION = "Education"  # the draft section of education entries (core.writer.extractive)


def bullet_lines(text: str) -> int:
    return max(1, math.ceil(len(text) / CHARS_PER_LINE))


def estimate_lines(draft: ResumeDraft) -> int:
    lines = HEADER_LINES
    if draft.summary:
        lines += SECTION_LINES + sum(bullet_lines(b.text) for b in draft.summary)
    if draft.roles:
        lines += SECTION_LINES
        for role in draft.roles:
            lines += ROLE_HEADER_LINES + sum(bullet_lines(b.text) for b in role.bullets)
    if draft.skills:
        skills_text = ", ".join(s.skill for s in draft.skills)
        lines += SECTION_LINES + bullet_lines(skills_text)
    for section in draft.sections:
        lines += SECTION_LINES + sum(bullet_lines(b.text) for b in section.bullets)
    return lines


def estimate_pages(draft: ResumeDraft) -> float:
    return estimate_lines(draft) / LINES_PER_PAGE


def fit_to_pages(draft: ResumeDraft, *, score: dict[str, float], max_pages: int) -> ResumeDraft:
    """Drop the lowest-scoring droppable line until the estimate fits `max_pages`."""
    draft = draft.model_copy(deep=True)
    budget = max_pages * LINES_PER_PAGE
    while estimate_lines(draft) > budget:
        victim = _least_relevant(draft, score)
        if victim is None:
            break
        draft.drop_lines({victim.id}, record=False)  # over the page budget, not untrue
    return draft


def left_out(before: ResumeDraft, after: ResumeDraft) -> list[DraftBullet]:
    """The lines of `before` that `after` no longer has (by id), in `before`'s order."""
    kept = {b.id for b in after.all_bullets()}
    return [b for b in before.all_bullets() if b.id not in kept]


def _bullet_score(bullet: DraftBullet, score: dict[str, float]) -> float:
    return max((score.get(cid, 0.0) for cid in bullet.evidence_card_ids), default=0.0)


def _least_relevant(draft: ResumeDraft, score: dict[str, float]) -> DraftBullet | None:
    candidates: list[DraftBullet] = []
    for role in draft.roles:
        if len(role.bullets) > 1:  # every role keeps at least one line
            candidates.extend(role.bullets)
    for section in draft.sections:
        if section.name != EDUCATION:
            candidates.extend(section.bullets)
    if len(draft.summary) > 1:
        candidates.extend(draft.summary[1:])
    if not candidates:
        return None
    return min(candidates, key=lambda b: (_bullet_score(b, score), -len(b.text)))
