"""Round trip: re-open a rendered DOCX with python-docx and check the draft came back.

Part of the audit: a template that drops a section, a role's dates or the contact details (or
puts them in a header, where ATS parsers do not look) must not pass silently. Only the body
counts: every paragraph under w:body, including any inside tables or text boxes.
"""

from __future__ import annotations

import re
import unicodedata
import zipfile
from collections import Counter
from pathlib import Path

import docx
from docx.opc.exceptions import PackageNotFoundError
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
from lxml import etree

from core.contracts import BulletStatus, ContactInfo, ResumeDraft
from core.render.context import (
    HEADINGS,
    clean_text,
    contact_view,
    live_lines,
    role_views,
    section_views,
    skill_names,
)

BULLET_GLYPHS = "•·▪◦‣-–—*o "


def body_paragraphs(path: Path) -> list[str]:
    """Cleaned text of every non-empty paragraph in the document body, in order."""
    document = docx.Document(str(path))
    body = document.element.body
    texts = (Paragraph(p, document._body).text for p in body.iter(qn("w:p")))
    return [text for text in (clean_text(t) for t in texts) if text]


def check_docx_roundtrip(path: Path, draft: ResumeDraft, contact: ContactInfo) -> list[str]:
    """Problems found (human-readable); an empty list means everything came back."""
    try:
        paragraphs = body_paragraphs(Path(path))
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError, OSError) as err:
        return [f"The DOCX {Path(path).name} could not be opened again ({err})."]
    except etree.XMLSyntaxError as err:
        return [f"The DOCX {Path(path).name} holds broken XML ({err})."]
    folded = [p.casefold() for p in paragraphs]
    problems = _contact_problems(paragraphs, contact)
    problems += _heading_problems(folded, draft)
    problems += _role_problems(paragraphs, draft)
    problems += _line_problems(paragraphs, draft)
    return problems


def squashed(text: str) -> str:
    """Text without any whitespace: a PDF's extracted text breaks lines where the typesetter did
    (after "weight-", "entrant/", or a space), so only the characters themselves are compared."""
    return re.sub(r"\s+", "", text)


def check_pdf_roundtrip(text: str, draft: ResumeDraft, contact: ContactInfo) -> list[str]:
    """Problems found reading the PDF's extracted `text` back (every live line, title, date and
    contact detail must be there); an empty list means everything came back."""
    shown = squashed(text)
    wanted = [contact_view(contact).name, clean_text(draft.target_title)]
    wanted += [line for line in live_lines(draft.summary)]
    for role in role_views(draft):
        wanted += [role.headline, role.timeframe, *role.bullets]
    wanted += [line for section in section_views(draft) for line in section.lines]
    wanted += skill_names(draft)
    words = Counter(_WORDS.findall(text))
    return [
        f"The PDF is missing or alters: '{_short(item)}'."
        for item in wanted
        if item and squashed(item) not in shown and not _shown_as_words(item, words)
    ]


_WORDS = re.compile(r"\w+")
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]")


def _shown_as_words(item: str, words: Counter[str]) -> bool:
    """A line with right-to-left script or symbols (emoji) is extracted in visual order, and a
    symbol no embedded font has is not extracted at all: such a line counts as shown when all
    its words are in the PDF. Other lines must come back character for character."""
    symbols = [ch for ch in item if unicodedata.category(ch) == "So"]
    if not symbols and not _RTL.search(item):
        return False
    return not (Counter(_WORDS.findall(item)) - words)


def _somewhere(paragraphs: list[str], text: str) -> bool:
    return any(text in paragraph for paragraph in paragraphs)


def _is_line(paragraph: str, line: str) -> bool:
    return paragraph == line or paragraph.lstrip(BULLET_GLYPHS) == line


def _contact_problems(paragraphs: list[str], contact: ContactInfo) -> list[str]:
    person = contact_view(contact)
    wanted = (("name", person.name), ("email", person.email), ("phone", person.phone))
    return [
        f"The contact {label} '{value}' is not in the document body."
        for label, value in wanted
        if value and not _somewhere(paragraphs, value)
    ]


def _heading_problems(folded: list[str], draft: ResumeDraft) -> list[str]:
    headings: list[str] = []
    if live_lines(draft.summary):
        headings.append(HEADINGS.summary)
    if draft.roles:
        headings.append(HEADINGS.experience)
    if skill_names(draft):
        headings.append(HEADINGS.skills)
    headings += [section.name for section in section_views(draft)]
    return [
        f"The section heading '{heading}' is missing."
        for heading in headings
        if heading.casefold() not in folded
    ]


def _role_problems(paragraphs: list[str], draft: ResumeDraft) -> list[str]:
    problems: list[str] = []
    for number, role in enumerate(role_views(draft), 1):
        label = role.headline or f"role {number}"
        for field, value in (
            ("employer", role.company),
            ("title", role.title),
            ("dates", role.timeframe),
        ):
            if value and not _somewhere(paragraphs, value):
                problems.append(f"Role {number} ({label}): the {field} '{value}' is missing.")
    return problems


def _line_problems(paragraphs: list[str], draft: ResumeDraft) -> list[str]:
    problems: list[str] = []
    title = clean_text(draft.target_title)
    if title and not _somewhere(paragraphs, title):
        problems.append(f"The target title '{title}' is missing.")
    for line in live_lines(draft.summary):
        if not _somewhere(paragraphs, line):
            problems.append(f"A summary sentence is missing: '{_short(line)}'.")
    for bullet_id, line in _listed_bullets(draft):
        if not any(_is_line(paragraph, line) for paragraph in paragraphs):
            problems.append(f"Bullet {bullet_id} is missing or altered: '{_short(line)}'.")
    for skill in skill_names(draft):
        if not _somewhere(paragraphs, skill):
            problems.append(f"The skill '{skill}' is missing.")
    return problems


def _listed_bullets(draft: ResumeDraft) -> list[tuple[str, str]]:
    """(id, text) of every live role and section bullet, as the template receives them."""
    bullets = [b for role in draft.roles for b in role.bullets]
    bullets += [b for s in draft.sections if clean_text(s.name) for b in s.bullets]
    listed = [(b.id, clean_text(b.text)) for b in bullets if b.status != BulletStatus.REJECTED]
    return [(bullet_id, text) for bullet_id, text in listed if text]


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
