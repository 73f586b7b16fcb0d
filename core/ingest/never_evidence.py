"""Keep page furniture, export metadata, placeholders and sensitive personal data out of evidence.

Two passes, both reported to the user as `ParsedResume.left_out`:
- `blank_lines(text)` before parsing: whole lines that are furniture, metadata or personal data
  become blank (spaces of the same length, so every line number and offset stays true). Lines
  that may be section headings ("Skill Details") and lines without words ('---') stay for the
  parser: they are structure.
- `keep_evidence(parsed)` after parsing: each card's text becomes plain text (Markdown markup,
  placeholders such as "Company Name", dump labels such as "company - " and icon names removed;
  the text as written stays in `provenance.quote`); a card left with furniture, metadata or no
  words is dropped. Role, education and contact fields lose placeholders the same way.
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.contracts import ContactInfo, EvidenceCard, LeftOut, ParsedResume, RoleEntry
from core.text.furniture import EXPORT_LABEL, NO_WORDS, SENSITIVE, line_reason, strip_inline
from core.text.markup import plain_text

_KEEP_FOR_PARSER = frozenset({NO_WORDS, EXPORT_LABEL})
# a line of these alone is structure (a rule, a setext underline, a bullet glyph on its own line)
_STRUCTURE = re.compile(r"^[\s\-=*_•·▪◦●‣✓>#|+~]*$")
_SPACES = re.compile(r"\s+")


def shown(text: str, why: str) -> str:
    """What the user is shown: personal values are cut to their label ('Date of birth: …')."""
    text = _SPACES.sub(" ", text).strip()
    if why == SENSITIVE:
        label = re.split(r"(?<=:)|(?<=\s-\s)", text, maxsplit=1)[0]
        words = label.split()
        return " ".join(words[:3]).rstrip(":") + " …"
    return text if len(text) <= 80 else text[:77] + "…"


def blank_lines(text: str) -> tuple[str, list[LeftOut]]:
    """`text` with never-evidence lines blanked, and what was left out."""
    left_out: list[LeftOut] = []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        why = line_reason(line)
        if why is None or (why in _KEEP_FOR_PARSER and (why != NO_WORDS or _STRUCTURE.match(line))):
            continue
        left_out.append(LeftOut(what=shown(line, why), why=why, line=number))
        lines[number - 1] = " " * len(line)
    return "\n".join(lines), left_out


@lru_cache(maxsize=4096)  # the same employer / title repeats on every card of a role
def clean_field(value: str) -> str:
    """A role, employer, location or contact field without placeholders or markup."""
    if not value:
        return value
    stripped, removed = strip_inline(value)
    if removed:  # the separators around a removed placeholder go too: 'Nurse, Company Name'
        stripped = stripped.strip(" ,-–—|:")
    return plain_text(stripped) if stripped != value or "*" in value or "`" in value else value


def _clean_card(card: EvidenceCard) -> tuple[EvidenceCard | None, list[LeftOut]]:
    line = card.provenance.line_start
    stripped, removed = strip_inline(card.raw_text)
    text = plain_text(stripped)
    left_out = [LeftOut(what=shown(what, why), why=why, line=line) for what, why in removed]
    why = line_reason(text) if text.strip(" ,-–—|:") else NO_WORDS
    if why is not None:
        if why != NO_WORDS or card.raw_text.strip():
            left_out.append(LeftOut(what=shown(card.raw_text, why), why=why, line=line))
        return None, left_out
    if text != card.raw_text:
        card.provenance.quote = card.raw_text
        card.raw_text = text
    for name in ("company", "role", "location", "project"):
        setattr(card, name, clean_field(getattr(card, name)))
    return card, left_out


def _clean_entry(entry: RoleEntry) -> None:
    entry.company = clean_field(entry.company)
    entry.title = clean_field(entry.title)
    entry.location = clean_field(entry.location)


def _clean_contact(contact: ContactInfo) -> None:
    contact.location = clean_field(contact.location)


def keep_evidence(parsed: ParsedResume) -> ParsedResume:
    """Plain-text cards without furniture, placeholders or personal data; the rest reported."""
    cards: list[EvidenceCard] = []
    left_out: list[LeftOut] = []
    for card in parsed.cards:
        kept, dropped = _clean_card(card)
        left_out.extend(dropped)
        if kept is not None:
            cards.append(kept)
    for entry in [*parsed.roles, *parsed.education]:
        _clean_entry(entry)
    _clean_contact(parsed.contact)
    parsed.cards = cards
    seen = {(item.what, item.why) for item in parsed.left_out}
    for item in left_out:
        if (item.what, item.why) not in seen:
            seen.add((item.what, item.why))
            parsed.left_out.append(item)
    return parsed
