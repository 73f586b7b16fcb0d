"""Does a line belong in the section its card kind names? Sections hold only their own content.

Ingestion files a line under the heading it sat beneath; a stray sentence ("Co-led with our
clinical nurse specialist.") can land under Publications. A line goes into a section only when it
has that section's shape:

- Publications: a citation — a quoted or italic title, a year, or a publishing word (journal,
  conference, proceedings, press, presented, published, poster, …);
- Education: a qualification or a place of study (degree words, school words, a year, GPA);
- Certifications: a credential word, an acronym, or a year;
- other kinds: any line that says something.
An education or certification entry is a line, not a paragraph: one of `LONGEST_ENTRY` words or
more (a coursework description) is not listed as an entry.
"""

from __future__ import annotations

import re

from core.contracts import CardKind

_YEAR = r"(?<!\d)(?:19|20)\d{2}(?!\d)"
_PUBLICATION = re.compile(
    _YEAR + r"|[\"“”]|\b(?:journal|conference|proceedings|press|publish\w*|presented|poster|"
    r"symposium|magazine|review|article|paper|chapter|book|vol\.|issue|doi|isbn|arxiv)\b",
    re.I,
)
_EDUCATION = re.compile(
    _YEAR + r"|\b(?:b\.?a|b\.?s|b\.?sc|m\.?a|m\.?s|m\.?sc|mba|msn|bsn|phd|ph\.d|pharmd|md|jd|"
    r"bachelor\w*|master\w*|doctor\w*|associate\w*|diploma|degree|certificate|university|"
    r"college|school|institute|academy|polytechnic|gpa|coursework|major|minor|honou?rs|"
    r"graduat\w*|contact hours|credits?|ged)\b",
    re.I,
)
_CERTIFICATION = re.compile(
    _YEAR + r"|\b[A-Z]{2,}\b|\b(?:certif\w*|licen[cs]\w*|registered|accredit\w*|board|"
    r"credential\w*|course|training|provider|member|fellow)\b",
    re.I,
)
SHAPES = {
    CardKind.PUBLICATION: _PUBLICATION,
    CardKind.EDUCATION: _EDUCATION,
    CardKind.CERTIFICATION: _CERTIFICATION,
}


LONGEST_ENTRY = 60  # words
_ENTRY_KINDS = frozenset({CardKind.EDUCATION, CardKind.CERTIFICATION})


def fits_section(kind: CardKind, text: str) -> bool:
    """Is `text` the kind of line a `kind` section holds (module doc)?"""
    if not any(ch.isalnum() for ch in text):
        return False
    if kind in _ENTRY_KINDS and len(re.findall(r"\w+", text)) >= LONGEST_ENTRY:
        return False
    shape = SHAPES.get(kind)
    return shape is None or shape.search(text) is not None
