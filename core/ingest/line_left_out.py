"""What the line reader leaves out, applied to the rule reader's reading.

The line reader labels a referees' section, a referee's lines and page furniture (a web page's
'download this as a PDF' prompt); the rule reader has no such labels. Where the rule reader's
reading is kept, its cards on such lines go, but for those under a heading the rule reader knows
as a section of evidence (the line reader can take a 'Summary' for references). And a resume
that puts its contact details in a footer and lists referees has several addresses: the
person's is the one naming the person.
"""

from __future__ import annotations

import re
import unicodedata

from core.contracts import CardKind, LeftOut, ParsedResume
from core.ingest.contact import email_from_links
from core.ingest.sections import heading_kind
from core.text.contact import find_emails
from core.text.furniture import PAGE_FURNITURE, THIRD_PARTY

_NOT_EVIDENCE = (THIRD_PARTY, PAGE_FURNITURE)
_HIDDEN = "(not shown: another person's details)"


def left_out_lines(left_out: list[LeftOut], why: tuple[str, ...] = _NOT_EVIDENCE) -> set[int]:
    return {item.line for item in left_out if item.line and item.why in why}


def without_left_out(parsed: ParsedResume, left_out: list[LeftOut]) -> list[LeftOut]:
    """Drop from `parsed` every card all of whose lines the line reader left out (`left_out`)
    as another person's details or page furniture, unless the rule reader knows the card's
    section as one of evidence (a 'Summary' the line reader took for references); what was
    dropped."""
    gone = left_out_lines(left_out)
    why_of = {item.line: item.why for item in left_out if item.line in gone}
    kept, dropped = [], []
    for card in parsed.cards:
        start = card.provenance.line_start
        end = card.provenance.line_end or start
        known = heading_kind(card.provenance.section) not in (None, CardKind.OTHER)
        if not known and start and end and all(no in gone for no in range(start, end + 1)):
            why = why_of[start]
            what = _HIDDEN if why == THIRD_PARTY else card.raw_text[:80]
            dropped.append(LeftOut(what=what, why=why, line=start))
        else:
            kept.append(card)
    parsed.cards = kept
    return dropped


def person_email(parsed: ParsedResume, text: str, targets: list[str]) -> None:
    """No e-mail read from the contact block: the one 'mailto:' link target (`targets`), else,
    of several addresses (referees'), the one that holds the most words of the person's name
    ('jo.reyes@…' for Jo Reyes; a referee's holds the referee's), at least one. A tie: no
    guess."""
    email_from_links(parsed.contact, targets)
    if parsed.contact.email:
        return
    words = {w for w in _letters(parsed.contact.name).split() if len(w) >= _NAME_WORD}
    named = {e.lower(): (_named(e, words), e) for e in find_emails(text)}
    best = max(named.values(), default=(0, ""))
    if best[0] and [n for n, _ in named.values()].count(best[0]) == 1:
        parsed.contact.email = best[1]


_NAME_WORD = 3  # shorter name parts ('Jo', 'Li') are inside too many addresses


def _named(address: str, words: set[str]) -> int:
    """How many words of the name the address holds ('royelaranb' holds 'oyelaran'; a referee's
    'divo.renn' holds 'ivo' of Ivo Marsh, but 'ivo@marsh.example' holds two)."""
    letters = _letters(address)
    return sum(w in letters for w in words)


def _letters(text: str) -> str:
    """Lower-case letters without accents, the rest spaces: 'Jürgen' → 'jurgen'."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return re.sub(r"[^a-z]+", " ", "".join(c for c in plain if not unicodedata.combining(c)))


def with_line_left_out(
    parsed: ParsedResume, text: str, left_out: list[LeftOut], targets: list[str]
) -> list[LeftOut]:
    """The rule reader's reading with its person's e-mail looked for (`person_email`) and the
    cards on lines the line reader left out dropped (returned)."""
    person_email(parsed, text, targets)
    return without_left_out(parsed, left_out)
