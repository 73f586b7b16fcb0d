"""The structure read from a fact resume, in a form the user can correct: the roles and education
entries, each with its title, employer, dates and the lines of the resume under it.

`structure_of` writes it (`resumeforge parse RESUME --structure --out structure.json`); the user
fixes a title or dates, moves a line to another entry (splitting a role in two), turns a job read
as education into a role and back, or marks an entry "not_a_job"; `apply_structure` puts the
corrected structure back on a fresh parse (`resumeforge run --structure structure.json`).

A structure never adds evidence: a line is placed only where the same text is in the resume
(compared as the audit compares text); any other line is left out and named. The header fields
(title, employer, dates) are the user's own statement about their jobs, like their contact
details. Lines the structure does not mention keep the entry they were read under, so a
structure made from an earlier version of the resume still applies where its lines are there.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Literal

from pydantic import BaseModel, Field

from core.contracts import CardKind, ContactInfo, EvidenceCard, ParsedResume, RoleEntry
from core.text.dates import first_range
from core.text.normalize import comparable_text

EntryKind = Literal["role", "education", "not_a_job"]
# Cards that belong to an entry by what they are; other kinds (summary, skills, certifications)
# are never moved by a structure.
_ENTRY_CARDS = frozenset(
    {CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE, CardKind.EDUCATION, CardKind.OTHER}
)


class StructureEntry(BaseModel):
    id: str = Field(..., description="Any unique id; keep a read entry's id to keep its place")
    kind: EntryKind = "role"
    title: str = Field("", description="Job title, or the degree for education")
    company: str = Field("", description="Employer, or the school for education")
    location: str = ""
    dates: str = Field("", description="As it should be printed, e.g. 'Mar 2021 – Present'")
    lines: list[str] = Field(default_factory=list, description="Resume lines under this entry")


class ResumeStructure(BaseModel):
    source_name: str = ""
    content_hash: str = Field("", description="The parse it was made from (informational)")
    contact: ContactInfo = Field(default_factory=ContactInfo)
    entries: list[StructureEntry] = Field(default_factory=list)


def structure_of(resume: ParsedResume) -> ResumeStructure:
    """The roles and education read from `resume`, with the lines under each."""
    lines: dict[str, list[str]] = defaultdict(list)
    for card in resume.cards:
        if card.role_id and card.kind in _ENTRY_CARDS:
            lines[card.role_id].append(card.raw_text)
    entries = [
        StructureEntry(
            id=entry.id,
            kind=kind,
            title=entry.title,
            company=entry.company,
            location=entry.location,
            dates=entry.timeframe,
            lines=lines.get(entry.id, []),
        )
        for kind, group in (("role", resume.roles), ("education", resume.education))
        for entry in group
    ]
    return ResumeStructure(
        source_name=resume.source_name,
        content_hash=resume.content_hash,
        contact=resume.contact,
        entries=entries,
    )


def apply_structure(resume: ParsedResume, structure: ResumeStructure) -> ParsedResume:
    """`resume` with the user's structure in place of what was read; what could not be applied
    (lines not in the resume, duplicate ids) is added to its warnings, which every reader of the
    parse shows."""
    notes: list[str] = []
    by_text: dict[str, list[EvidenceCard]] = defaultdict(list)
    for card in resume.cards:
        if card.kind in _ENTRY_CARDS:
            by_text[comparable_text(card.raw_text)].append(card)
    read = {entry.id: entry for entry in [*resume.roles, *resume.education]}
    entries: dict[str, StructureEntry] = {}
    placed: dict[str, StructureEntry] = {}  # card id → the entry the user put it under
    roles: list[RoleEntry] = []
    education: list[RoleEntry] = []
    for entry in structure.entries:
        if not entry.id.strip() or entry.id in entries:
            notes.append(f"An entry without a unique id was left out ({entry.title!r}).")
            continue
        entries[entry.id] = entry
        if entry.kind != "not_a_job":
            target = roles if entry.kind == "role" else education
            target.append(_entry(entry, read.get(entry.id)))
        for line in entry.lines:
            free = [c for c in by_text.get(comparable_text(line), []) if c.id not in placed]
            if not free:
                notes.append(f"Not in your resume, so left out: {line[:80]!r}.")
                continue
            placed[free[0].id] = entry
    cards = [_card(card, placed.get(card.id), entries) for card in resume.cards]
    roles.sort(key=_recency, reverse=True)  # newest first, as a resume lists them; undated last
    education.sort(key=_recency, reverse=True)
    contact = resume.contact.model_copy(
        update={k: v for k, v in structure.contact.model_dump().items() if v}
    )
    digest = hashlib.sha256(
        (resume.content_hash + structure.model_dump_json()).encode("utf-8")
    ).hexdigest()
    return resume.model_copy(
        update={
            "roles": roles,
            "education": education,
            "cards": cards,
            "contact": contact,
            "content_hash": digest[: len(resume.content_hash) or 64],
            "warnings": [*resume.warnings, *notes],
        }
    )


def _recency(entry: RoleEntry) -> str:
    last = entry.end or entry.start or ""
    return "9999" if last == "present" else last


def _entry(entry: StructureEntry, was: RoleEntry | None) -> RoleEntry:
    span = first_range(entry.dates) if entry.dates.strip() else None
    return RoleEntry(
        id=entry.id,
        section=(was.section if was else "") or ("Education" if entry.kind == "education" else ""),
        company=entry.company.strip(),
        title=entry.title.strip(),
        location=entry.location.strip(),
        timeframe=entry.dates.strip(),
        start=span.start if span else None,
        end=span.end if span else None,
        line=was.line if was else None,
    )


def _card(
    card: EvidenceCard, placed: StructureEntry | None, entries: dict[str, StructureEntry]
) -> EvidenceCard:
    """The card under the entry the user put it in, else under its own entry as corrected; a
    card whose entry the structure dropped, or marked not a job, belongs to no role."""
    if card.kind not in _ENTRY_CARDS or (placed is None and not card.role_id):
        return card
    entry = placed or entries.get(card.role_id or "")
    if entry is None or entry.kind == "not_a_job":
        return card.model_copy(update={"role_id": None, "kind": CardKind.OTHER})
    if entry.kind == "education":
        kind = CardKind.EDUCATION
    elif card.kind == CardKind.EDUCATION:
        kind = CardKind.EXPERIENCE_BULLET
    else:
        kind = card.kind
    return card.model_copy(
        update={
            "role_id": entry.id,
            "kind": kind,
            "company": entry.company.strip(),
            "role": entry.title.strip(),
            "timeframe": entry.dates.strip(),
            "location": entry.location.strip(),
        }
    )


def share_found(resume: ParsedResume, structure: ResumeStructure) -> float:
    """How much of the structure's lines the resume still holds (0-1): a structure is applied
    again to a re-read of the same resume, not to another person's."""
    lines = [comparable_text(line) for entry in structure.entries for line in entry.lines]
    if not lines:
        return 0.0
    held = {comparable_text(card.raw_text) for card in resume.cards}
    return sum(line in held for line in lines) / len(lines)


def structure_json(structure: ResumeStructure) -> str:
    return json.dumps(structure.model_dump(mode="json"), ensure_ascii=False, indent=2)
