"""What the line reader leaves out, applied to the rule reader's reading.

The line reader labels a referees' section and a referee's lines; the rule reader files a
'References' section with its 'other' sections and keeps the referees' names and posts as cards.
Where the rule reader's reading is kept, its cards in a referees' section whose lines the line
reader left out go. And a resume that puts its contact details in a footer and lists referees
has several addresses: the person's is the one naming the person.
"""

from __future__ import annotations

import re
import unicodedata

from core.contracts import LeftOut, ParsedResume
from core.ingest.contact import email_from_links
from core.ingest.sections import heading_words
from core.text.contact import find_emails
from core.text.furniture import THIRD_PARTY

_HIDDEN = "(not shown: another person's details)"
# what a referees' section is called; the rule reader files it with 'other' sections
REFEREE_HEADINGS = frozenset(
    {"references", "referees", "reference", "referee", "professional references"}
)


def left_out_lines(left_out: list[LeftOut]) -> set[int]:
    """The lines the line reader left out as another person's details."""
    return {item.line for item in left_out if item.line and item.why == THIRD_PARTY}


def without_left_out(parsed: ParsedResume, left_out: list[LeftOut]) -> list[LeftOut]:
    """Drop from `parsed` every card in a section the rule reader reads as referees' whose lines
    the line reader, too, left out (`left_out`) as another person's details; what was dropped.
    Both must agree: the line reader alone takes a 'Summary' or a 'How I work' for references."""
    gone = left_out_lines(left_out)
    kept, dropped = [], []
    for card in parsed.cards:
        start = card.provenance.line_start
        end = card.provenance.line_end or start
        referees = heading_words(card.provenance.section) in REFEREE_HEADINGS
        if referees and start and end and all(no in gone for no in range(start, end + 1)):
            dropped.append(LeftOut(what=_HIDDEN, why=THIRD_PARTY, line=start))
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
