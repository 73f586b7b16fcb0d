"""Fact resume text (Markdown or plain; also what DOCX and PDF become) → ParsedResume."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from core.contracts import CardKind, ParsedResume, RoleEntry
from core.errors import EvidenceParsingError
from core.ingest.assemble import assemble
from core.ingest.cards import ID_PREFIX, CardFactory, Context, role_context, side_item_context
from core.ingest.contact import parse_contact
from core.ingest.education_entries import section_entries
from core.ingest.education_parts import entry_parts, shared_schools
from core.ingest.evidence import skill_terms
from core.ingest.glued import unglue_words
from core.ingest.heading_meaning import section_kind
from core.ingest.layout import (
    FIELD_GAP,
    Item,
    Section,
    split_dated_lines,
    split_lines,
    split_listed_lines,
    split_sections,
    wrap_groups,
)
from core.ingest.role_groups import (
    dated_later,
    employers_under_titles,
    names_only_employer,
    part_of,
    repeated,
    same_employer,
)
from core.ingest.role_scan import header_like, parse_role_header, split_at_headers
from core.ingest.role_sentences import parse_sentence_role, sentence_role
from core.ingest.roles import (
    HeaderParts,
    is_header_line,
    is_meta_line,
    is_org,
    name_and_place,
    parse_education,
)
from core.ingest.run_on import split_opened_blocks, unglue_inner_headings
from core.ingest.sections import heading_depth, unglue_headings
from core.ingest.sidebar import resume_after_sidebar
from core.ingest.skills import load_skill_lexicon
from core.ingest.study_lines import is_study_line, split_at_study_lines
from core.ingest.textnorm import normalize_text
from core.text.dates import DateSpan

_ROLE_SECTIONS = (CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE)
# side sections people write one entry per line, with or without bullets
_LISTED_KINDS = (CardKind.CERTIFICATION, CardKind.VOLUNTEERING)
_SIDE_KINDS = (
    CardKind.PROJECT,
    CardKind.PUBLICATION,
    CardKind.VOLUNTEERING,
    CardKind.AWARD,
    CardKind.CERTIFICATION,
    CardKind.OTHER,
)


def _stops_bullet(line: str) -> bool:
    """What ends the bullet above: a header line at the margin, or an indented line set out in
    fields whose last field is a place or dates ('Employer      City', as a laid-out page shows
    it where the next role starts at the bullets' text indent). A wrapped bullet line is prose,
    never fields."""
    if not line[:1].isspace():
        return is_header_line(line)
    fields = FIELD_GAP.split(line.strip())
    return len(fields) > 1 and (is_header_line(line) or is_meta_line(fields[-1]))


def _display_name(name: str, text: str) -> str:
    """'STRIDEWELL' → 'Stridewell' when the resume also writes it that way."""
    if not name.isupper() or len(name) <= 4:
        return name
    for match in re.finditer(re.escape(name), text, re.IGNORECASE):
        if not match.group(0).isupper():
            return match.group(0)
    return name


class ResumeBuilder:
    def __init__(
        self,
        text: str,
        source: str,
        terms: list[str],
        headers: frozenset[str] = frozenset(),
        wraps: frozenset[int] = frozenset(),
    ) -> None:
        self.text = text
        self.lines = text.splitlines()
        self.headers = headers  # role header lines by the line reader (list items among them)
        self.wraps = wraps  # numbers of the lines the layout wrapped onto (`list_wraps`)
        self.factory = CardFactory(source, terms)
        self.roles: list[RoleEntry] = []
        self.education: list[RoleEntry] = []
        self.group: RoleEntry | None = None  # the role under an employer-only line

    # --- experience -----------------------------------------------------------------------
    def _new_role(
        self,
        section: Section,
        header: Item,
        entries: list[RoleEntry],
        key: str,
        *,
        sentence: bool = False,
    ) -> RoleEntry:
        lines = [line.content for line in header.lines]
        parts: HeaderParts = parse_sentence_role(lines[0]) if sentence else parse_role_header(lines)
        if key == "e":  # degree and school first; the role reading only fills gaps
            education = parse_education(" | ".join(lines))
            if education.company:
                parts.company, parts.title = education.company, education.title or parts.title
            parts.date = education.date or parts.date
        role = self.entry(f"{key}{len(entries) + 1:02d}", section, parts, header.first)
        earlier = repeated(entries, role, self.factory.cards)  # an export repeats a role
        # a dump dates a role further down
        earlier = earlier or dated_later(entries, role, self.factory.cards)
        if earlier is not None:
            return earlier
        entries.append(role)
        return role

    def _take_meta(self, items: list[Item], i: int, header: Item, *, school: bool = False) -> None:
        """Move the location/dates lines under a markdown role heading into the header (and,
        under a degree heading, the school line, which may stand in a paragraph of its own below
        the dates' paragraph, as an HTML export writes each line)."""

        def is_meta(line: str) -> bool:
            return is_meta_line(line) or (school and is_org(line) and header_like(line))

        for nxt in items[i + 1 :]:
            if nxt.kind != "para":
                return
            while nxt.lines and is_meta(nxt.lines[0].content) and len(header.lines) < 3:
                header.lines.append(nxt.lines.pop(0))
            if nxt.lines or not school:
                return  # under a degree heading, the next paragraph may hold the school (HTML)

    def experience(self, section: Section) -> None:
        role: RoleEntry | None = None
        school: RoleEntry | None = None  # a study entry written among the jobs, and its lines
        self.group = None
        pieces = [
            (is_header, part)
            for is_header, item in split_at_headers(section.items)
            for part in ([item] if is_header else split_at_study_lines(item))
        ]
        items = [item for _, item in pieces]
        headed: RoleEntry | None = None  # a role under a sub-heading, until its first bullet
        level = 0  # how deep a Markdown heading opened the current role (0: none did)
        employer: tuple[RoleEntry, int] | None = None  # an employer-only heading over roles
        for i, (is_header, item) in enumerate(pieces):
            if not item.lines:
                continue
            if item.kind == "subheading":
                here = self._heading_level(item)
                employer = employer if employer and here > employer[1] else None
                deeper = here > level > 0 and role is not None
                if deeper and role is not None and self._part_of_role(section, role, item):
                    continue
                self._take_meta(items, i, item)
                if employer is not None:
                    role = self._under_employer(section, employer[0], item)
                else:
                    role = self._header_card(section, item)
                    if role.company and not (role.title or role.start) and here:
                        employer = (role, here)
                school, headed, level = None, role, here
                continue
            headed = None if item.kind == "bullet" or headed is not role else headed
            if is_study_line(item.lines[0].content):  # even when it reads like a role header
                school = self._study(section, item, None)
                continue
            if headed is not None and self._completes_heading(section, headed, item):
                continue
            if is_header and not part_of(
                role, parse_role_header([ln.content for ln in item.lines])
            ):
                role, school = self._header_card(section, item), None
                continue
            if school is not None:
                school = self._study(section, item, school)
                continue
            one_line = item.kind == "para" and len(item.lines) == 1
            if one_line and sentence_role(role, item.lines[0].content):
                role = self._header_card(section, item, sentence=True)
                continue
            if item.kind == "bullet" and self._read_as_header(item.lines[0].content):
                # a list of jobs: '- Tutor, Lakeside College (2016 – 2018)' over its description
                role, school = self._header_card(section, Item("para", item.lines[:1])), None
                if item.lines[1:]:
                    self.role_evidence(section, Item("para", item.lines[1:]), role)
                continue
            self.role_evidence(section, item, role)

    def _heading_level(self, item: Item) -> int:
        """How deep a Markdown heading `item` is (`heading_depth` of its first line)."""
        return heading_depth(self.lines[item.first - 1]) if 0 < item.first <= len(self.lines) else 0

    def _restate_cards(self, role: RoleEntry) -> None:
        """The role's cards say what the role now says (employer, dates, title, place)."""
        for card in self.factory.cards:
            if card.role_id == role.id:
                card.company, card.timeframe, card.role = role.company, role.timeframe, role.title
                card.location = role.location

    def _under_employer(self, section: Section, owner: RoleEntry, item: Item) -> RoleEntry:
        """A role heading deeper than an employer-only heading ('## Lakeside Telecom' / '###
        Network Engineer (2009 - 2010)' / '### Network Technician (2007 - 2009)'): the first
        fills the employer's entry, each later one is a role at that employer."""
        parts = parse_role_header([line.content for line in item.lines])
        if owner.title or owner.start or parts.company:
            role = self._header_card(section, item)
            if not role.company:
                role.company = owner.company
                self._restate_cards(role)
            return role
        owner.title, owner.location = parts.title, owner.location or parts.location
        if parts.date is not None:
            _set_dates(owner, parts.date)
        number = self.factory.next_number(f"exp-{owner.id}-h")
        self.factory.whole(
            f"exp-{owner.id}-h{number}", CardKind.OTHER, section.name, item, role_context(owner)
        )
        return owner

    def _part_of_role(self, section: Section, role: RoleEntry, item: Item) -> bool:
        """A heading deeper than its role's: what the role lacks (`_completes_heading`: its
        dates, '### March 2011 - May 2012'), or a part of it (`_inside_role`)."""
        return self._completes_heading(section, role, item) or self._inside_role(
            section, role, item
        )

    def _inside_role(self, section: Section, role: RoleEntry, item: Item) -> bool:
        """A heading deeper than its role's with no dates is part of that role: its title where
        the role has none ('## TippingPoint  March 2017 to June 2019' / '### Senior Linux Systems
        Engineer'), else a label over some of its lines ('#### Projects:'), unless it names a
        title of its own (a second job at the employer) and is not written as a label, or names
        only an employer ('### Teacher (2012 – 2013)' / '#### Lakeside High School')."""
        parts = parse_role_header([line.content for line in item.lines])
        label = item.text.rstrip().endswith(":")
        if parts.date is not None or (parts.company and not parts.title and not label):
            return False  # a role of its own, or its employer (`employers_under_titles`)
        if parts.title and not parts.company and not role.title and not label:
            role.title = parts.title
            self._restate_cards(role)
        elif parts.title and not label:
            return False
        number = self.factory.next_number(f"exp-{role.id}-h")
        self.factory.whole(
            f"exp-{role.id}-h{number}", CardKind.OTHER, section.name, item, role_context(role)
        )
        return True

    def _completes_heading(self, section: Section, role: RoleEntry, item: Item) -> bool:
        """Lines between a role's sub-heading and its first bullet that give what the heading
        lacks ('## Senior Engineer' / a specialty line / 'Regrow, Melbourne Australia' / a
        description / 'Dec 2022 – May 2024'; '### Employer' / 'Title' / 'dates'): a line of
        dates alone, a short employer line with its place, a short title line. The role takes
        them (its cards too) and the lines become one of its header cards. A line naming a title
        or employer with dates is a role of its own and completes nothing; a sentence never does."""
        texts = [line.content for line in item.lines]
        lines = [parse_role_header([text]) for text in texts]
        if any(p.date is not None and (p.title or p.company) for p in lines):
            return False
        short = [header_like(text) and len(text.split()) <= 8 for text in texts]
        date = next((p.date for p in lines if p.date is not None), None) if not role.start else None
        for p in lines:
            if p.company and not p.location:
                p.company, p.location = name_and_place(p.company)
        employer = next(
            (p for p, ok in zip(lines, short, strict=True) if ok and p.company and p.location),
            None,
        )
        title = next(
            (
                p.title
                for p, ok in zip(lines, short, strict=True)
                if ok and p.title and not p.company
            ),
            "",
        )
        alone = date is not None or len(lines) == 1
        employer = employer if not role.company and alone else None
        title = title if not role.title and alone else ""
        if date is None and employer is None and not title:
            return False
        if date is not None:
            _set_dates(role, date)
        if employer is not None:
            role.company, role.location = employer.company, role.location or employer.location
        role.title = role.title or title
        self._restate_cards(role)
        number = self.factory.next_number(f"exp-{role.id}-h")
        self.factory.whole(
            f"exp-{role.id}-h{number}", CardKind.OTHER, section.name, item, role_context(role)
        )
        return True

    def _read_as_header(self, line: str) -> bool:
        """A list item the line reader calls a role header that also carries a role's dates."""
        return line.strip() in self.headers and is_header_line(line)

    def entry(self, entry_id: str, section: Section, parts: HeaderParts, line: int) -> RoleEntry:
        """A job (or school) entry from the fields its header gives."""
        return RoleEntry(
            id=entry_id,
            section=section.name,
            company=_display_name(parts.company, self.text),
            title=parts.title,
            location=parts.location,
            timeframe=parts.date.text if parts.date else "",
            start=parts.date.start if parts.date else None,
            end=parts.date.end if parts.date else None,
            line=line,
        )

    def role_evidence(self, section: Section, item: Item, role: RoleEntry | None) -> None:
        """A bullet is one card of its role; a paragraph one card per sentence."""
        base = f"exp-{role.id if role else 'r00'}"
        ctx = role_context(role)
        if item.kind == "bullet":
            number = self.factory.next_number(base + "b")
            self.factory.whole(
                f"{base}-b{number:02d}", CardKind.EXPERIENCE_BULLET, section.name, item, ctx
            )
        else:
            number = self.factory.next_number(base + "p")
            kind = CardKind.ROLE_SENTENCE if role else CardKind.EXPERIENCE_BULLET
            self.factory.sentences(f"{base}-p{number:02d}", kind, section.name, item, ctx)

    def _study(self, section: Section, item: Item, school: RoleEntry | None) -> RoleEntry:
        """A study line among the jobs opens an education entry; the lines after it are its."""
        lines = item.lines
        if school is None:
            first = Item(item.kind, lines[:1])
            school, lines = self._add_entry(section, first, parse_education(first.text)), lines[1:]
        if lines:
            number = self.factory.next_number("edu")
            self.factory.whole(
                f"edu-{number:02d}", CardKind.EDUCATION, section.name, Item("para", lines),
                role_context(school),
            )  # fmt: skip
        return school

    def _header_card(self, section: Section, header: Item, *, sentence: bool = False) -> RoleEntry:
        previous = self.roles[-1] if self.roles else None
        role = self._new_role(section, header, self.roles, "r", sentence=sentence)
        if any(names_only_employer(line.content) for line in header.lines):
            self.group = role  # an employer line heads this role and any promotions under it
        elif self.group is not None and same_employer(self.group, previous, role):
            role.company, role.location = self.group.company, role.location or self.group.location
        else:
            self.group = None
        number = self.factory.next_number(f"exp-{role.id}-h")  # >1 for a repeated role
        card_id = f"exp-{role.id}-h" + (f"{number}" if number > 1 else "")
        self.factory.whole(card_id, CardKind.OTHER, section.name, header, role_context(role))
        return role

    # --- everything else ------------------------------------------------------------------
    def side_sections(self, sections: list[Section]) -> None:
        """Education, skills and every other section after the roles (so projects and awards
        can name their employer)."""
        for section in sections:
            if section.kind == CardKind.EDUCATION:
                self.education_section(section)
            elif section.kind == CardKind.SKILL:
                self.skills_section(section)
            else:
                self.other_section(section)

    def education_section(self, section: Section) -> None:
        """Each entry is a sub-heading (with its detail lines) or one line/bullet of its own."""
        entry: RoleEntry | None = None
        headed = any(item.kind == "subheading" for item in section.items)
        if not headed:
            section.items = section_entries(section.items, self.wraps)
        before = len(self.education)
        for i, item in enumerate(section.items):
            if not item.lines:
                continue  # a dates/location line already taken into the heading above it
            if item.kind == "subheading":
                self._take_meta(section.items, i, item, school=True)
                entry = self._new_role(section, item, self.education, "e")
            elif not headed:
                parts = entry_parts(item)
                if parts.company or parts.title:
                    entry = self._add_entry(section, item, parts)
                    continue
            number = self.factory.next_number("edu")
            ctx = role_context(entry)
            self.factory.whole(f"edu-{number:02d}", CardKind.EDUCATION, section.name, item, ctx)
        if not headed:
            self._share_schools(self.education[before:])

    def _share_schools(self, entries: list[RoleEntry]) -> None:
        """One school line over several degrees gives each of them the school (`shared_schools`);
        its cards say so."""
        firsts = [self.lines[e.line - 1] if e.line else "" for e in entries]
        schools = shared_schools(
            [(e.title, e.company, f) for e, f in zip(entries, firsts, strict=True)]
        )
        for entry, school in zip(entries, schools, strict=True):
            if school != entry.company:
                entry.company = school
                self._restate_cards(entry)

    def _add_entry(self, section: Section, item: Item, parts: HeaderParts) -> RoleEntry:
        entry = self.entry(f"e{len(self.education) + 1:02d}", section, parts, item.first)
        self.education.append(entry)
        number = self.factory.next_number("edu")
        self.factory.whole(
            f"edu-{number:02d}", CardKind.EDUCATION, section.name, item, role_context(entry)
        )
        return entry

    def skills_section(self, section: Section) -> None:
        for item in section.items:
            for piece in wrap_groups(item, self.wraps):
                number = self.factory.next_number("skl")
                self.factory.whole(
                    f"skl-{number:02d}", CardKind.SKILL, section.name, piece, Context()
                )

    def other_section(self, section: Section) -> None:
        kind = section.kind if section.kind in _SIDE_KINDS else CardKind.SUMMARY
        prefix = ID_PREFIX[kind]
        heading, entry = "", None  # entry: the dated entry heading the bullets below are under
        items = [part for item in section.items for part in split_dated_lines(item)]
        if kind in _LISTED_KINDS:  # one credential or membership per line
            items = [part for item in items for part in split_listed_lines(item, self.wraps)]
        for item in items if kind != CardKind.SUMMARY else section.items:
            if item.kind == "subheading":
                heading, entry = item.text.lstrip("#").strip(), None
                continue
            number = self.factory.next_number(prefix)
            if kind == CardKind.SUMMARY:
                ctx = Context()
            else:
                ctx, entry = side_item_context(item, self.roles, entry)
                ctx.project = ctx.project or heading
            if item.kind == "bullet":
                self.factory.whole(f"{prefix}-{number:02d}", kind, section.name, item, ctx)
            else:
                self.factory.sentences(f"{prefix}-{number:02d}", kind, section.name, item, ctx)


def _skills_terms(sections: list[Section], wraps: frozenset[int] = frozenset()) -> list[str]:
    """The skills sections' terms, each entry's (a bullet, or a line with the lines the layout
    wrapped onto it: `wraps`) read by `skill_terms`."""
    terms: list[str] = []
    for section in sections:
        if section.kind != CardKind.SKILL:
            continue
        lines = [entry.text for item in section.items for entry in wrap_groups(item, wraps)]
        terms.extend(_unwrapped(skill_terms(line) for line in lines))
    return list(dict.fromkeys(terms))


def _unwrapped(lines: Iterable[list[str]]) -> list[str]:
    """The terms of a skills list's lines, a name the line wrap cut in two ('… Express, Quick' /
    'Books, QuickBooks …') joined again when the lexicon knows the whole ('Quick Books')."""
    lexicon = load_skill_lexicon()
    terms: list[str] = []
    for line in lines:
        joined = f"{terms[-1]} {line[0]}" if terms and line else ""
        known = [lexicon.canonical(term) for term in (joined, *terms[-1:], *line[:1])]
        if joined and known[0] and not all(known[1:]):  # two known names stay two
            terms[-1], line = joined, line[1:]
        terms.extend(line)
    return terms


def _set_dates(role: RoleEntry, date: DateSpan) -> None:
    role.timeframe, role.start, role.end = date.text, date.start, date.end


def parse_resume_text(
    text: str,
    *,
    source_name: str,
    fmt: str = "markdown",
    embedder: Any = None,
    meanings: dict[str, CardKind] | None = None,
    headers: frozenset[str] = frozenset(),
    wraps: frozenset[int] = frozenset(),
) -> ParsedResume:
    """Parse resume text into contact details, roles, education and evidence cards. With an
    embedder, headings the synonym table does not know are also read by meaning; `meanings`
    (heading words → kind, from the line reader) reads the ones it still does not know;
    `headers` (lines the line reader calls role headers, list markers cut) makes a list item
    with a role's dates a role header; `wraps` (numbers of lines the layout wrapped onto the
    line above, `core.ingest.list_wraps`) joins a list's wrapped entries."""
    if fmt == "json":
        from core.ingest.jsonresume import parse_json_resume

        return parse_json_resume(text, source_name=source_name)
    text = unglue_inner_headings(unglue_headings(unglue_words(normalize_text(text))))
    if not text.strip():
        raise EvidenceParsingError(f"{source_name} is empty; there is no resume text to read.")
    lines = split_lines(text)
    contact, used = parse_contact(lines)
    sections = split_sections(lines, used, _stops_bullet, frozenset(meanings or ()))
    for section in sections:
        section.kind = section_kind(section, embedder=embedder, meanings=meanings)
    sections = split_opened_blocks(sections)
    sections = resume_after_sidebar(sections)
    if not any(section.name for section in sections):
        for section in sections:
            section.kind = CardKind.EXPERIENCE_BULLET  # no headings at all: read it as work history
    terms = _skills_terms(sections, wraps)
    builder = ResumeBuilder(text, source_name, terms, headers, wraps)
    for section in sections:  # roles first, so projects and awards can name their employer
        if section.kind in _ROLE_SECTIONS:
            builder.experience(section)
    builder.side_sections([s for s in sections if s.kind not in _ROLE_SECTIONS])
    roles = employers_under_titles(builder.roles, builder.factory.cards, text)
    education = builder.education
    return assemble(
        text, source_name, contact, sections, builder.factory.cards, roles, education, terms
    )
