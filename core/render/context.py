"""The values a DOCX template sees, built from a draft and the contact details.

Every string here is user or model text. It is cleaned (characters XML cannot hold removed,
whitespace collapsed) but never interpreted: escaping happens in the Jinja environment
(`core.render.docx_render`), so text enters a template only as a value.

Template authors get these names (see core/templates/ and `python -m tools.build_templates`):
name, contact (name, email, phone, location, links, line), contact_line, target_title,
headings (summary, experience, skills), summary, summary_lines, roles (company, title, location,
timeframe, headline, meta_line, bullets), skills, skills_line, sections (name, lines).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from core.contracts import BulletStatus, ContactInfo, DraftBullet, ResumeDraft
from core.writer.lines import markdown_marks_removed
from core.writer.text_rules import without_mojibake

# Characters XML 1.0 cannot hold (C0 controls except tab/newline/CR, surrogates, U+FFFE/FFFF).
XML_INVALID = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
C1_CONTROLS = re.compile("[\u0080-\u009f]")  # no printable glyph; left over after a repair
HEADLINE_SEPARATOR = " — "
META_SEPARATOR = " | "
CONTACT_SEPARATOR = " | "
SKILLS_SEPARATOR = ", "
DATE_LINE_CHARS = 84  # headline + gap + dates that fit one line of the narrowest template
_SPACES = re.compile(r"[^\S\u00a0]+")  # whitespace runs, except the no-break space dates use
# A space before a comma or semicolon, or before a colon after a word, that ends a phrase: builder
# exports join fields so ("Accounting , May 2010", "A.S : Nursing"); ".NET", "3 : 1" stay.
_SPACE_BEFORE_MARK = re.compile(
    r"(?:(?<=\S)[^\S\u00a0]+([,;])|(?<=[^\W\d_])[^\S\u00a0]+(:))(?=\s|$)"
)


@dataclass(frozen=True)
class Headings:
    summary: str = "Summary"
    experience: str = "Experience"
    skills: str = "Skills"


HEADINGS = Headings()


@dataclass(frozen=True)
class ContactView:
    name: str
    email: str
    phone: str
    location: str
    links: list[str]
    line: str


@dataclass(frozen=True)
class RoleView:
    company: str
    title: str
    location: str
    timeframe: str
    headline: str  # "Title — Company"
    meta_line: str  # "Timeframe | Location"
    bullets: list[str]
    date_fits: bool  # headline and dates share one line without the date wrapping


@dataclass(frozen=True)
class SectionView:
    name: str
    lines: list[str]


def clean_text(text: str) -> str:
    """Text as it appears in the DOCX: no XML-invalid characters, no mojibake or Markdown residue,
    single spaces (a no-break space stays: it keeps a date in one piece), trimmed."""
    text = C1_CONTROLS.sub(" ", without_mojibake(XML_INVALID.sub(" ", text)))
    text = _SPACES.sub(" ", markdown_marks_removed(text)).strip()
    return _SPACE_BEFORE_MARK.sub(lambda m: m.group(1) or m.group(2), text)


def join_present(parts: Iterable[str], separator: str) -> str:
    return separator.join(p for p in (clean_text(part) for part in parts) if p)


def live_lines(bullets: Iterable[DraftBullet]) -> list[str]:
    """Texts of the bullets that are not REJECTED (and not blank), cleaned, in order."""
    lines = [clean_text(b.text) for b in bullets if b.status != BulletStatus.REJECTED]
    return [line for line in lines if line]


def skill_names(draft: ResumeDraft) -> list[str]:
    seen: set[str] = set()
    names: list[str] = []
    for line in draft.skills:
        name = clean_text(line.skill)
        if name and name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    return names


def role_views(draft: ResumeDraft) -> list[RoleView]:
    views: list[RoleView] = []
    for role in draft.roles:
        headline = join_present((role.title, role.company), HEADLINE_SEPARATOR)
        timeframe = clean_text(role.timeframe)
        views.append(
            RoleView(
                company=clean_text(role.company),
                title=clean_text(role.title),
                location=clean_text(role.location),
                timeframe=timeframe,
                headline=headline,
                meta_line=join_present((role.timeframe, role.location), META_SEPARATOR),
                bullets=live_lines(role.bullets),
                date_fits=len(headline) + len(timeframe) + 4 <= DATE_LINE_CHARS,
            )
        )
    return views


def section_views(draft: ResumeDraft) -> list[SectionView]:
    """Other sections that still have a line to show (empty ones get no heading)."""
    views = [SectionView(clean_text(s.name), live_lines(s.bullets)) for s in draft.sections]
    return [view for view in views if view.name and view.lines]


def contact_view(contact: ContactInfo) -> ContactView:
    links = [link for link in (clean_text(x) for x in contact.links) if link]
    line = join_present((contact.email, contact.phone, contact.location, *links), CONTACT_SEPARATOR)
    return ContactView(
        name=clean_text(contact.name),
        email=clean_text(contact.email),
        phone=clean_text(contact.phone),
        location=clean_text(contact.location),
        links=links,
        line=line,
    )


def build_context(draft: ResumeDraft, contact: ContactInfo) -> dict[str, object]:
    """Everything a template may use. Rejected bullets are not in it."""
    person = contact_view(contact)
    summary_lines = live_lines(draft.summary)
    skills = skill_names(draft)
    return {
        "name": person.name,
        "contact": person,
        "contact_line": person.line,
        "target_title": clean_text(draft.target_title),
        "headings": HEADINGS,
        "summary": " ".join(summary_lines),
        "summary_lines": summary_lines,
        "roles": role_views(draft),
        "skills": skills,
        "skills_line": SKILLS_SEPARATOR.join(skills),
        "sections": section_views(draft),
    }
