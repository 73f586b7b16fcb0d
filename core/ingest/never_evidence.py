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
from itertools import pairwise

from core.contracts import ContactInfo, EvidenceCard, LeftOut, ParsedResume, RoleEntry
from core.ingest.sections import heading_kind
from core.text.contact import EMAIL_MASK, PHONE_MASK, find_emails, find_phones, mask_contacts
from core.text.dates import wrapped_start
from core.text.furniture import (
    CONTACT,
    EXPORT_LABEL,
    NO_WORDS,
    PAGE_FURNITURE,
    SENSITIVE,
    THIRD_PARTY,
    line_reason,
    strip_inline,
)
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


_TOP_LINES = 12  # the contact block is read from this many non-blank lines at the top


def _heading(line: str) -> bool:
    """A line that names a section ('Experience', '## Skills'): the top ends there."""
    return len(line.split()) <= 4 and heading_kind(line.strip()) is not None


def _top_contact(lines: list[str]) -> tuple[int, ContactInfo] | None:
    """(the number of lines the top of the resume spans: its first _TOP_LINES non-blank lines,
    up to its first heading; the e-mail and phone it shows), if the top shows one; None when the
    person's contact details stand lower (a sidebar)."""
    seen, number = 0, 0
    while number < len(lines) and seen < _TOP_LINES and not _heading(lines[number]):
        seen += bool(lines[number].strip())
        number += 1
    top = "\n".join(lines[:number])
    emails, phones = find_emails(top), find_phones(top)
    if not (emails or phones):
        return None
    return number, ContactInfo(email=emails[0] if emails else "", phone=phones[0] if phones else "")


_BLOCK_ABOVE, _BLOCK_BELOW, _BLOCK_WIDTH = 4, 2, 90  # a contact block: a few short lines


def _contact_block(lines: list[str], i: int) -> range:
    """The short lines around line `i` up to a blank or long line: a referee's name, post and
    address above the phone, the e-mail below (a few lines at most, never a section of prose)."""
    start, end = i, i + 1
    while start > max(0, i - _BLOCK_ABOVE) and _short(lines[start - 1]):
        start -= 1
    while end < min(len(lines), i + 1 + _BLOCK_BELOW) and _short(lines[end]):
        end += 1
    return range(start, end)


def _short(line: str) -> bool:
    return 0 < len(line.strip()) <= _BLOCK_WIDTH


def blank_lines(text: str) -> tuple[str, list[LeftOut]]:
    """`text` with never-evidence lines blanked, and what was left out. Below a top that shows
    the person's e-mail or phone, a line holding an e-mail address or a phone number is contact
    data too: the person's own again (that line), or another person's (`contact_reason`; its
    short lines around go too: a referee's name, post and address stand around the phone)."""
    left_out: list[LeftOut] = []
    lines = text.split("\n")
    top = _top_contact(lines)
    reasons = [line_reason(line) for line in lines]
    if top is not None:
        for i in range(top[0], len(lines)):
            why = reasons[i] or contact_reason(lines[i], top[1])
            reasons[i] = why
            if why == THIRD_PARTY:
                for j in _contact_block(lines, i):
                    reasons[j] = THIRD_PARTY
    for i in _range_halves(lines, reasons):
        reasons[i] = None
    for number, (line, why) in enumerate(zip(lines, reasons, strict=True), start=1):
        if why is None or (why in _KEEP_FOR_PARSER and (why != NO_WORDS or _STRUCTURE.match(line))):
            continue
        left_out.append(LeftOut(what=shown(line, why), why=why, line=number))
        lines[number - 1] = " " * len(line)
    return "\n".join(lines), left_out


def _range_halves(lines: list[str], reasons: list[str | None]) -> list[int]:
    """The lines read as furniture that are a half of a role's date range written one date a
    line ('2019-03-01' over '2021-06-30' or 'Current', `wrapped_start`): a full date alone is a
    document's date stamp, but not with its range's other half over or under it."""
    written = [i for i, line in enumerate(lines) if line.strip()]
    halves: set[int] = set()
    for upper, lower in pairwise(written):
        furniture = PAGE_FURNITURE in (reasons[upper], reasons[lower])
        if furniture and wrapped_start(lines[upper].strip(), lines[lower].strip()):
            halves.update(i for i in (upper, lower) if reasons[i] == PAGE_FURNITURE)
    return sorted(halves)


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


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)[-10:]


_TITLED_NAME = re.compile(
    r"(?:Dr|Prof|Professor|Mr|Mrs|Ms|Mx)\.?\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w.'’-]*){0,3}"
)
_CONTACT_WORDS = 6  # a contact line's words besides the details ('Email: …', 'Cell', a city)
_CREDENTIAL = 3  # words after the name on a name line ('| Ph.D.', ', RN, BSN')


def contact_reason(text: str, contact: ContactInfo) -> str | None:
    """Why a card is contact data, not evidence: the person's name line, or an e-mail address or
    a phone number (the person's own belong in the header; anyone else's, a referee's office
    phone, are another person's details). None when it is neither."""
    name = contact.name.strip().lower()
    if name and text.lower().startswith(name) and len(text[len(name) :].split()) <= _CREDENTIAL:
        return CONTACT  # the name line again: 'Jo Reyes | Ph.D.'
    if _TITLED_NAME.fullmatch(text.strip()):
        return THIRD_PARTY  # 'Dr. Daniela Marsh' alone: a referee or advisor, never evidence
    emails, phones = find_emails(text), find_phones(text)
    if not (emails or phones):
        return None
    own_email = all(e.lower() == contact.email.lower() for e in emails)
    own_phone = all(_digits(p) == _digits(contact.phone) for p in phones)
    if not (own_email and own_phone):
        return THIRD_PARTY
    rest = mask_contacts(text).replace(EMAIL_MASK, " ").replace(PHONE_MASK, " ")
    # the person's own details in a sentence of work ('escalations went to me at …') stay
    return CONTACT if len(re.findall(r"[^\W\d_]{2,}", rest)) <= _CONTACT_WORDS else None


def keep_evidence(parsed: ParsedResume) -> ParsedResume:
    """Plain-text cards without furniture, placeholders or personal data (anyone's e-mail or
    phone number among them); the rest reported."""
    cards: list[EvidenceCard] = []
    left_out: list[LeftOut] = []
    for card in parsed.cards:
        kept, dropped = _clean_card(card)
        left_out.extend(dropped)
        if kept is None:
            continue
        if why := contact_reason(kept.raw_text, parsed.contact):
            line = kept.provenance.line_start
            left_out.append(LeftOut(what=shown(kept.raw_text, SENSITIVE), why=why, line=line))
        else:
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
