"""Checks of the resume a recruiter receives: what must never be in it, whatever the input.

Each check reads a finished run (its Blackboard) and returns one plain sentence per failure, so
`resumeforge eval pipeline` can list them and a test can require none over every case:

- `from_the_ad`: a line sharing a run of `AD_RUN` words with the job ad that the fact resume
  does not have (the ad's text became the candidate's);
- `placeholders`: template placeholders in the header or a line ("Company Name", "City, State",
  "your name", "placeholder", "lorem ipsum");
- `misplaced_bullets`: a bullet under a role citing a card of another role;
- `headings_as_titles`: a role whose title is one of the resume's section headings;
- `non_entries`: page furniture as a line, or a paragraph of `LONGEST_ENTRY`+ words as an
  education or certification entry (a coursework paragraph);
- `summary_faults`: a summary line repeating a bullet, a summary of fewer than two facts
  (`facts_cited`; one of the resume's own summary sentences is the person's own words), a
  summary stating a term the user said they do not have;
- `orphan_headings` (reads the exported PDF, not the board): a page that ends with a section
  heading or a role's header, its lines left to the next page.
"""

from __future__ import annotations

import dataclasses
import re

from core.contracts import Blackboard, DraftBullet, ResumeDraft
from core.evaluation.produced import produced_lines
from core.ingest.sections import heading_kind
from core.render.context import HEADINGS, role_views, section_views
from core.render.pdf_render import page_texts
from core.text.furniture import PAGE_FURNITURE, PLACEHOLDER, line_reason, strip_inline
from core.text.normalize import comparable_text
from core.writer.sections import LONGEST_ENTRY
from core.writer.summary import facts_cited, own_words

AD_RUN = 8  # words in a row: longer than any skill or credential name an ad and a resume share
_PLACEHOLDER_WORDS = re.compile(r"\bplaceholder\b|\blorem ipsum\b", re.IGNORECASE)
_WORD = re.compile(r"\w+")


def _words(text: str) -> list[str]:
    return _WORD.findall(comparable_text(text).casefold())


def _runs(text: str, n: int) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def _fact_text(board: Blackboard) -> str:
    return "\n".join(card.raw_text for card in board.evidence_cards)


def from_the_ad(board: Blackboard) -> list[str]:
    ad = _runs(board.inputs.job_description, AD_RUN)
    resume = _runs(_fact_text(board), AD_RUN)
    return [
        f"{line_id} repeats the job ad: {text[:70]!r}"
        for line_id, text in produced_lines(board)
        if (_runs(text, AD_RUN) & ad) - resume
    ]


def _placeholder(text: str) -> bool:
    _, removed = strip_inline(text)
    return any(reason == PLACEHOLDER for _, reason in removed) or bool(
        _PLACEHOLDER_WORDS.search(text)
    )


def placeholders(board: Blackboard) -> list[str]:
    contact = board.resume.contact if board.resume else None
    header = [contact.name, contact.email, contact.phone, *contact.links] if contact else []
    out = [f"header holds a placeholder: {value!r}" for value in header if _placeholder(value)]
    draft = board.resume_draft
    roles = draft.roles if draft else []
    fields = [(r.role_id, f) for r in roles for f in (r.title, r.company, r.location)]
    out += [f"{rid} holds a placeholder: {f!r}" for rid, f in fields if f and _placeholder(f)]
    out += [
        f"{i} holds a placeholder: {t[:70]!r}" for i, t in produced_lines(board) if _placeholder(t)
    ]
    return out


def misplaced_bullets(board: Blackboard) -> list[str]:
    draft = board.resume_draft
    if draft is None:
        return []
    cards = {c.id: c for c in board.evidence_cards}
    out = []
    for role in draft.roles:
        for bullet in role.bullets:
            others = {
                owner
                for cid in bullet.evidence_card_ids
                if cid in cards and (owner := cards[cid].role_id) not in (None, role.role_id)
            }
            if others:
                out.append(f"{bullet.id} under {role.role_id} cites a card of {sorted(others)}")
    return out


def headings_as_titles(board: Blackboard) -> list[str]:
    draft = board.resume_draft
    roles = draft.roles if draft else []
    headings = {" ".join(_words(name)) for name in (board.resume.sections if board.resume else [])}
    return [
        f"{role.role_id} is titled with a section name: {role.title!r}"
        for role in roles
        if role.title and " ".join(_words(role.title)) in headings
    ]


def non_entries(board: Blackboard) -> list[str]:
    draft = board.resume_draft
    if draft is None:
        return []
    out = [
        f"{line_id} is page furniture: {text[:70]!r}"
        for line_id, text in produced_lines(board)
        if line_reason(text) == PAGE_FURNITURE
    ]
    for section in draft.sections:
        if heading_kind(section.name) is None:
            continue
        out += [
            f"{b.id} in {section.name} is a {len(_words(b.text))}-word paragraph, not an entry"
            for b in section.bullets
            if len(_words(b.text)) >= LONGEST_ENTRY
        ]
    return out


def _same(a: str, b: str) -> bool:
    x, y = " ".join(_words(a)), " ".join(_words(b))
    return bool(x and y) and (x == y or (len(x) > 40 and x in y) or (len(y) > 40 and y in x))


def _holds(text: str, term: str) -> bool:
    said = " ".join(_words(term))
    return bool(said) and f" {said} " in f" {' '.join(_words(text))} "


def summary_faults(board: Blackboard) -> list[str]:
    draft = board.resume_draft
    if draft is None or not draft.summary:
        return []
    out = []
    bullets: list[DraftBullet] = [b for r in draft.roles for b in r.bullets]
    for line in draft.summary:
        out += [f"{line.id} repeats {b.id}" for b in bullets if _same(line.text, b.text)]
    cards = board.resume.cards if board.resume else []
    facts = facts_cited(draft.summary, cards)
    if len(facts) < 2 and not own_words(draft.summary, cards):
        out.append(f"the summary states {len(facts)} fact(s) of the resume")
    declined = {a.gap_id for a in board.answers if a.declined}
    asked = {g.requirement_id for g in board.gap_resolutions if g.gap_id in declined}
    requirements = [r for r in (board.jd.requirements if board.jd else []) if r.id in asked]
    # what a declined ask names: the ad's keywords, the draft's skills and the names
    # (capitalised words) its text holds
    named = [*(board.jd.all_terms() if board.jd else []), *(k.skill for k in draft.skills)]
    named += [w for r in requirements for w in re.findall(r"\b[A-Z][\w+#.-]+", r.text)]
    terms = [t for r in requirements for t in named if _holds(r.text, t)]
    summary = " ".join(line.text for line in draft.summary)
    resume = _fact_text(board)
    for term in dict.fromkeys(terms):
        if _holds(summary, term) and not _holds(resume, term):
            out.append(f"the summary states {term!r}, which the user said they do not have")
    return out


CHECKS = {
    "from_the_ad": from_the_ad,
    "placeholders": placeholders,
    "misplaced_bullets": misplaced_bullets,
    "headings_as_titles": headings_as_titles,
    "non_entries": non_entries,
    "summary_faults": summary_faults,
}


def output_faults(board: Blackboard) -> dict[str, list[str]]:
    """Every check's failures for one finished run (empty lists: it passed)."""
    return {name: check(board) for name, check in CHECKS.items()}


def _heading_lines(draft: ResumeDraft) -> tuple[set[str], set[str]]:
    """What a page must not end with: headings (whole lines) and role headers (line starts)."""
    headings = {*dataclasses.astuple(HEADINGS), *(s.name for s in section_views(draft))}
    headers = set()
    for role in role_views(draft):
        headers |= {role.headline, role.meta_line, role.location, role.timeframe}
    return {_flat(h) for h in headings if h}, {_flat(h) for h in headers if h.strip()}


def _flat(text: str) -> str:
    return " ".join(comparable_text(text).casefold().split())


def orphan_headings(pdf: bytes, draft: ResumeDraft) -> list[str]:
    """Pages (all but the last) whose last line is a heading or a role's header."""
    headings, headers = _heading_lines(draft)
    out = []
    pages = page_texts(pdf)
    for number, text in enumerate(pages[:-1], start=1):
        lines = [line for line in text.splitlines() if line.strip()]
        last = _flat(lines[-1]) if lines else ""
        if last and (last in headings or any(last.startswith(h) for h in headers)):
            out.append(f"page {number} ends with the heading {lines[-1].strip()!r}")
    return out
