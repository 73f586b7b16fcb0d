"""A model's reading of the resume's structure, laid over the offline reading where it checks out.

The model sees the resume's lines numbered (contact lines left out, long lines shortened) and
answers with entries: kind, title, employer, dates, location and the span of lines each covers.
Every string it returns must be in the resume text (compared as the audit compares text) or it is
dropped and logged; a span is mapped back to the resume's own lines, so the structure can only
place lines that exist. `apply_structure` then puts it on the offline parse.

The offline reading is the floor: an entry the model does not cover keeps what the offline reader
found, a field the model leaves empty, invents or takes from another entry's lines keeps the
offline value, and a kind change (a job read as education, or not a job) is taken only with a
title or employer written in the entry's own lines, and to education only when the title names
a degree (to a job only when it does not). On any failure the offline parse is returned
unchanged, with a warning that says why.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from core.contracts import CardKind, EvidenceCard, LLMStage, ParsedResume
from core.errors import ProviderError
from core.ingest.degrees import DEGREE
from core.ingest.never_evidence import blank_lines
from core.ingest.structure import ResumeStructure, StructureEntry, apply_structure, structure_of
from core.llm.responses import StructureReaderEntry, StructureReaderResponse
from core.settings import IngestSettings
from core.text.normalize import comparable_text

log = logging.getLogger(__name__)

HEADER_REACH = 2  # an entry's header may sit this many lines above the first line it names
MAX_LINE_CHARS = 90  # the start of a bullet says what it is; headers are shorter than this
_ENTRY_CARDS = frozenset(
    {CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE, CardKind.EDUCATION, CardKind.OTHER}
)
_KINDS = {"job": "role", "education": "education", "not_a_job": "not_a_job"}
_FIELDS = ("title", "employer", "dates", "location")


@dataclass
class _Reading:
    lines: dict[int, str]  # line number → the resume line as written
    cards: list[EvidenceCard]
    dropped: list[str] = field(default_factory=list)

    def text(self, first: int = 0, last: int | None = None) -> str:
        end = max(self.lines, default=0) if last is None else last
        return comparable_text(" ".join(t for n, t in self.lines.items() if first <= n <= end))


def parse_resume_with_model(
    data: bytes, filename: str, *, settings: IngestSettings, embedder: Any = None, llm=None
) -> ParsedResume:
    """`core.ingest.parse_resume`, then, with a model, its structure read by the model (a JSON
    Resume states its structure itself and is not sent)."""
    from core.ingest import parse_extracted, read_upload

    extracted = read_upload(data, filename, settings=settings)
    parsed = parse_extracted(extracted, settings=settings, embedder=embedder)
    if llm is None or extracted.fmt == "json":
        return parsed
    return read_structure(parsed, extracted.text, llm=llm)


def read_structure(parsed: ParsedResume, text: str, *, llm) -> ParsedResume:
    """`parsed` with the model's verified structure applied; the offline parse, with a warning
    saying why, when there is no model or nothing of its answer checks out."""
    if llm is None:
        return _offline(parsed, "no model is configured")
    reading = _Reading(lines=_visible_lines(text, parsed), cards=_entry_cards(parsed))
    if not reading.lines or not reading.cards:
        return _offline(parsed, "the resume has no numbered lines to show the model")
    from core.llm.prompts import render_prompt

    numbered = "\n".join(f"{n}: {_shortened(line)}" for n, line in reading.lines.items())
    try:
        prompt = render_prompt(LLMStage.STRUCTURE_READER, lines=numbered)
        answer = llm.structured(prompt, StructureReaderResponse, stage=LLMStage.STRUCTURE_READER)
    except ProviderError as err:
        return _offline(parsed, f"the model's answer could not be used ({err.kind})")
    entries = _verified_entries(answer.entries, reading, parsed)
    for item in reading.dropped:
        log.info("structure reader dropped %s", item)
    if not entries:
        return _offline(parsed, "nothing in the model's answer was found in the resume", reading)
    corrected = apply_structure(
        parsed, ResumeStructure(source_name=parsed.source_name, entries=entries)
    )
    note = f"Structure read by the model ({len(entries)} entries checked against the resume)"
    note += _dropped_note(reading)
    return corrected.model_copy(update={"warnings": [*corrected.warnings, note + "."]})


def _offline(parsed: ParsedResume, why: str, reading: _Reading | None = None) -> ParsedResume:
    log.info("structure reader: offline structure kept (%s)", why)
    note = f"Structure read offline: {why}" + (_dropped_note(reading) if reading else "")
    return parsed.model_copy(update={"warnings": [*parsed.warnings, note + "."]})


def _dropped_note(reading: _Reading) -> str:
    """How much of the answer was left out; the log names it (the parse never holds it)."""
    count = len(reading.dropped)
    return f"; {count} part(s) of its answer not in the resume were left out" if count else ""


def _visible_lines(text: str, parsed: ParsedResume) -> dict[int, str]:
    """The resume's non-empty lines by number, without personal data or the contact lines."""
    blanked, _ = blank_lines(text)
    contact = [
        comparable_text(v)
        for v in (parsed.contact.name, parsed.contact.email, parsed.contact.phone)
        if v.strip()
    ]
    lines: dict[int, str] = {}
    for number, line in enumerate(blanked.split("\n"), start=1):
        seen = comparable_text(line)
        if seen and not any(c in seen for c in contact):
            lines[number] = line.strip()
    return lines


def _shortened(line: str) -> str:
    return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1].rstrip() + "…"


def _entry_cards(parsed: ParsedResume) -> list[EvidenceCard]:
    return [
        c for c in parsed.cards if c.kind in _ENTRY_CARDS and c.provenance.line_start is not None
    ]


def _verified_entries(
    answer: list[StructureReaderEntry], reading: _Reading, parsed: ParsedResume
) -> list[StructureEntry]:
    """The model's entries that check out, merged over the offline ones they re-read; offline
    entries it does not touch stay as they were (their lines keep their entry)."""
    offline = {e.id: e for e in structure_of(parsed).entries}
    headers = {e.id: e.line for e in [*parsed.roles, *parsed.education]}
    taken: set[str] = set()  # card ids placed by an earlier model entry
    merged: dict[str, StructureEntry] = {}
    for number, item in enumerate(answer, start=1):
        first, last = item.first_line, item.last_line
        if first > last or first not in reading.lines or last not in reading.lines:
            reading.dropped.append(f"entry {number} {_named(item)}: lines {first}–{last}")
            continue
        cards = [
            c
            for c in reading.cards
            if first <= (c.provenance.line_start or 0) <= last and c.id not in taken
        ]
        match = _matching_entry(cards, headers, first, last, set(merged))
        entry = _merged_entry(item, reading, cards, offline.get(match or ""))
        if entry is None:
            reading.dropped.append(f"entry {number} {_named(item)}: no resume lines")
            continue
        taken.update(c.id for c in cards)
        entry_id = match or f"m{number:02d}"
        merged[entry_id] = entry.model_copy(update={"id": entry_id})
    if not merged:
        return []
    kept = [e.model_copy(update={"lines": []}) for i, e in offline.items() if i not in merged]
    return [*merged.values(), *kept]


def _named(item: StructureReaderEntry) -> str:
    return " / ".join(repr(getattr(item, k)[:60]) for k in _FIELDS if getattr(item, k))


def _merged_entry(
    item: StructureReaderEntry,
    reading: _Reading,
    cards: list[EvidenceCard],
    was: StructureEntry | None,
) -> StructureEntry | None:
    """The model's entry with its checked fields, the offline entry's where it has none; None
    for a new entry without lines or a header of its own."""
    values = _checked_fields(item, reading)
    if was is None and not (cards and (values["title"] or values["employer"])):
        return None
    kind = _KINDS[item.kind]
    if kind != (was.kind if was else "role") and not _kind_fits(kind, values):
        reading.dropped.append(f"kind {item.kind!r} for lines {item.first_line}–{item.last_line}")
        kind = was.kind if was else "role"
    return StructureEntry(
        id=was.id if was else "",
        kind=kind,
        title=values["title"] or (was.title if was else ""),
        company=values["employer"] or (was.company if was else ""),
        dates=values["dates"] or (was.dates if was else ""),
        location=values["location"] or (was.location if was else ""),
        lines=[c.raw_text for c in cards],
    )


def _kind_fits(kind: str, values: dict[str, str]) -> bool:
    """A kind change is taken only when the entry's own header agrees: a checked title or
    employer, and a degree in the title exactly when it becomes education."""
    if not (values["title"] or values["employer"]):
        return False
    degree = bool(DEGREE.search(values["title"]))
    return degree if kind == "education" else not degree or kind == "not_a_job"


def _checked_fields(item: StructureReaderEntry, reading: _Reading) -> dict[str, str]:
    """The entry's strings that are written in its own lines (or the lines just above them);
    the others are dropped and named."""
    whole = reading.text()
    inside = reading.text(item.first_line - HEADER_REACH, item.last_line)
    values: dict[str, str] = {}
    for name in _FIELDS:
        value = getattr(item, name).strip()
        seen = comparable_text(value)
        if value and seen not in inside:
            where = "in its lines" if seen in whole else "in the resume"
            reading.dropped.append(f"{name} {value[:60]!r} (not {where})")
            value = ""
        values[name] = value
    return values


def _matching_entry(
    cards: list[EvidenceCard],
    header_lines: dict[str, int | None],
    first: int,
    last: int,
    used: set[str],
) -> str | None:
    """The offline entry these lines were read under (most cards, then its header line)."""
    score: dict[str, int] = {}
    for card in cards:
        if card.role_id and card.role_id not in used:
            score[card.role_id] = score.get(card.role_id, 0) + 2
    for entry_id, line in header_lines.items():
        if line is not None and first <= line <= last and entry_id not in used:
            score[entry_id] = score.get(entry_id, 0) + 1
    return max(score, key=lambda k: score[k]) if score else None
