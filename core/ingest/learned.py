"""Labelled lines → ParsedResume: the light assembler behind the learned line reader.

The trained model (`core.reader`) says what each line is: a heading and its section's meaning, a
job title, an employer, a dates line, a combined role header, a bullet, a paragraph, an education
or skills line, other people's details, page furniture. This module only puts the labelled lines
together, in document order:

- a heading opens a section of its meaning; lines under no heading go by their own label;
  under a heading of a list section (skills, summary, other), header lines with a date and a
  bullet or paragraph under them are jobs all the same (a work-history heading the model missed);
- a run of header lines (title / employer / dates / combined) opens a role, one role each where
  it states a field twice (a second dates line, a second title: jobs listed without bullets);
  its fields come from the lines the model named (the one date parser reads the dates); a short
  line under header lines that name no title, over the role's list, is its title, and a short
  dated line over header lines without dates is their first (lines the model often calls
  paragraphs); where a section's roles open with a line of dates alone, each such line opens
  the next role; bullets and paragraphs after it are that role's evidence (a line the model
  calls a header inside a flat list of bullets, with their glyph and indent or wrapped at their
  text, is one of them: it does not split the job); a run with no employer
  under an undated employer-only line keeps that employer (promotions under one company);
- education, skills, certification and other lines become the same sections the rule reader
  builds, read by the same entry readers (`ResumeBuilder`);
- other people's details and page furniture are left out and named (`left_out`).

Exact rules stay where they are exact: the contact block (e-mail, phone, links), dates, markup.
How header lines form roles and give their fields lives in `core.ingest.learned_headers`; the
lines the model mislabels around them are read again in `core.ingest.learned_relabel`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import groupby

from core.contracts import CardKind, LeftOut, ParsedResume, RoleEntry
from core.errors import EvidenceParsingError
from core.ingest.assemble import assemble
from core.ingest.cards import role_context
from core.ingest.contact import parse_contact
from core.ingest.files import ExtractedText
from core.ingest.heading_meaning import names_degrees_not_posts
from core.ingest.layout import (
    Item,
    RawLine,
    Section,
    SourceLine,
    build_items,
    item_text,
    split_lines,
)
from core.ingest.learned_headers import (
    HEADER_LABELS,
    closed_range,
    dates_first,
    header_parts,
    only_dates,
    role_runs,
    stated_fields,
)
from core.ingest.learned_relabel import (
    addresses_are_not_headers,
    dated_lines_over_headers,
    employers_shaped_like_others,
    headers_shaped_like_others,
    list_lines_are_bullets,
    titles_under_headers,
    wrapped_date_ends,
)
from core.ingest.list_wraps import wrapped_rows
from core.ingest.never_evidence import shown
from core.ingest.resume_text import ResumeBuilder, _skills_terms, _stops_bullet
from core.ingest.roles import HeaderParts, strip_markup
from core.ingest.sections import names_schooling
from core.reader.labels import LineLabel
from core.reader.lines import Line
from core.reader.name_picker import could_be_name, name_part
from core.text.dates import find_dates
from core.text.furniture import PAGE_FURNITURE, THIRD_PARTY

MEANING_KIND = {
    "experience": CardKind.EXPERIENCE_BULLET,
    "education": CardKind.EDUCATION,
    "skills": CardKind.SKILL,
    "projects": CardKind.PROJECT,
    "certifications": CardKind.CERTIFICATION,
    "summary": CardKind.SUMMARY,
    "volunteering": CardKind.VOLUNTEERING,
    "publications": CardKind.PUBLICATION,
    "awards": CardKind.AWARD,
    "other": CardKind.OTHER,
}
# a line's own label, where no heading says otherwise
LINE_KIND = {
    "education": CardKind.EDUCATION,
    "skills": CardKind.SKILL,
    "certification": CardKind.CERTIFICATION,
    "summary": CardKind.SUMMARY,
    "other": CardKind.OTHER,
}
BODY_LABELS = frozenset({"bullet", "description"})
# sections whose header lines open entries with evidence under them
ROLE_KINDS = frozenset({CardKind.EXPERIENCE_BULLET})
# sections that list things and never hold dated entries with evidence under them: dated header
# lines with bullets under one are jobs under a heading the model read wrong (or did not see)
LIST_KINDS = frozenset({CardKind.SKILL, CardKind.SUMMARY, CardKind.OTHER})
LEFT_OUT_WHY = {"references": THIRD_PARTY, "furniture": PAGE_FURNITURE}


@dataclass
class _Part:
    """One section in the making: its heading, its kind and its lines with their labels."""

    name: str
    kind: CardKind
    line: int
    rows: list[tuple[RawLine, str]] = field(default_factory=list)


def _kind_of(label: str, section: CardKind | None) -> CardKind:
    """Which section a line belongs to: an education, skills or certification line to its own;
    any other line to its heading's, else by its label."""
    if label in ("education", "skills", "certification"):
        return LINE_KIND[label]
    if section is not None:
        return section
    if label in HEADER_LABELS | BODY_LABELS:
        return CardKind.EXPERIENCE_BULLET
    return LINE_KIND.get(label, CardKind.OTHER)


def _parts(
    lines: list[RawLine], labels: Sequence[LineLabel | None], skip: set[int]
) -> tuple[list[_Part], list[LeftOut]]:
    parts: list[_Part] = []
    left_out: list[LeftOut] = []
    heading: tuple[str, CardKind | None, int] = ("", None, 1)
    skipping = False  # under a references heading
    read = [
        (line, label)
        for line, label in zip(lines, labels, strict=True)
        if label is not None and line.text.strip() and line.no not in skip
    ]
    profile = False  # under a headline, above every heading: the person's profile
    jobs = False  # dated entries with evidence found under a list section's heading
    work_heading = any(  # the document heads its work history: no job stands above it
        label.label == "heading" and MEANING_KIND.get(label.meaning or "") in ROLE_KINDS
        for _, label in read
    )
    for at, (line, label) in enumerate(read):
        if heading[1] is None and _headline(read, at):
            profile = True  # 'STAFF ACCOUNTANT' over the profile: the headline, not a job
            continue
        if label.label == "heading":
            skipping = label.meaning == "references"
            kind = MEANING_KIND.get(label.meaning or "other", CardKind.OTHER)
            name = strip_markup(line.text).strip().strip("#*:").strip()
            if kind in ROLE_KINDS and _schooling_under(read, at, name):
                kind = CardKind.EDUCATION  # 'Academic Experience' over degrees, no posts
            heading = (name, kind, line.no)
            parts.append(_Part(name, kind, line.no))
            jobs = False
            continue
        third_party = label.label == "references" or skipping
        dated = label.label == "furniture" and heading[1] in ROLE_KINDS and only_dates(line)
        if third_party or (label.label == "furniture" and not dated):
            why = LEFT_OUT_WHY["references" if third_party else "furniture"]
            what = "(not shown: another person's details)" if third_party else shown(line.text, why)
            left_out.append(LeftOut(what=what, why=why, line=line.no))
            continue
        if label.label in ("name", "contact"):
            continue
        said = "dates" if dated else label.label  # a job's dates alone, not a page's furniture
        if heading[1] is None and (
            (profile and said in BODY_LABELS) or (work_heading and said in HEADER_LABELS)
        ):
            said = "summary"  # the profile: 'Lead tech since 2019. Chillers, boilers, …'
        jobs = jobs or (heading[1] in LIST_KINDS and _dated_entry(read, at))
        kind = _kind_of(said, CardKind.EXPERIENCE_BULLET if jobs else heading[1])
        if not parts or parts[-1].kind != kind:
            name = heading[0] if heading[1] == kind else ""
            parts.append(_Part(name, kind, heading[2] if name else line.no))
        parts[-1].rows.append((line, said))
    return [p for p in parts if p.rows], left_out


def _schooling_under(read: list[tuple[RawLine, LineLabel]], at: int, name: str) -> bool:
    """A heading that names schooling ('Academic Experience') over lines that are schools and
    degrees, not posts, up to the next heading: an education section, as the rule reader reads
    it (`names_degrees_not_posts`), whatever the model made of the heading's meaning."""
    if not names_schooling(name):
        return False
    entries = []
    for line, label in read[at + 1 :]:
        if label.label == "heading":
            break
        if label.label != "bullet":
            entries.append(line.text)
    return names_degrees_not_posts(entries)


def _dated_entry(read: list[tuple[RawLine, LineLabel]], at: int) -> bool:
    """A run of header lines starting here, one of them with a date, with a bullet or paragraph
    right under it: an entry of work history, whatever the heading above says."""
    for run, (_, label) in enumerate(read[at:]):
        if label.label not in HEADER_LABELS:
            header = read[at : at + run]
            dated = any(find_dates(strip_markup(line.text)) for line, _ in header)
            return bool(header) and dated and label.label in BODY_LABELS
    return False


def _headline(read: list[tuple[RawLine, LineLabel]], at: int) -> bool:
    """A title line above every heading, with no date, after which no role's header or date
    comes before the next heading: the headline under a name ('STAFF ACCOUNTANT' over the
    profile), not a job."""
    line, label = read[at]
    if label.label != "title" or find_dates(strip_markup(line.text)):
        return False
    for after, said in read[at + 1 :]:
        if said.label == "heading":
            return True
        if said.label in HEADER_LABELS or find_dates(strip_markup(after.text)):
            return False
    return True


def _source_line(line: RawLine) -> SourceLine:
    content = line.text.strip()
    return SourceLine(line.no, line.offset + line.text.index(content[:1]), content)


class LabelledResume(ResumeBuilder):
    """The rule reader's card and entry builders, fed sections the model found."""

    def roles_from(self, part: _Part, section: Section) -> None:
        role: RoleEntry | None = None
        group = ""  # an employer-only header line: the company of the roles under it
        rows = wrapped_date_ends(list_lines_are_bullets(addresses_are_not_headers(part.rows)))
        shaped = employers_shaped_like_others(
            headers_shaped_like_others(dated_lines_over_headers(rows))
        )
        labelled = titles_under_headers(shaped)
        opened_by_dates = dates_first(labelled)
        blocks = [list(run) for _, run in groupby(labelled, key=lambda r: r[1] in HEADER_LABELS)]
        for at, block in enumerate(blocks):
            if block[0][1] not in HEADER_LABELS:
                self._evidence(section, [line for line, _ in block], role)
                continue
            runs = role_runs(block, opened_by_dates)
            for rows in runs:
                fields = header_parts(rows)
                if rows is runs[-1] and at + 1 < len(blocks):
                    fields.date = closed_range(fields.date, rows, blocks[at + 1][0][0])
                labels = [lab for _, lab in rows]
                if "employer" in labels:  # an undated employer first heads the roles under it
                    heads = labels[0] == "employer" and "dates" not in stated_fields(*rows[0])
                    group = fields.company if heads else ""
                elif group and not (fields.company and fields.title):  # none of its own
                    if fields.company:  # 'Picker, 2018 - 2020'
                        fields.title = fields.company
                    fields.company = group
                role = self._role(section, rows, fields)

    def _role(
        self, section: Section, block: list[tuple[RawLine, str]], fields: HeaderParts
    ) -> RoleEntry:
        header = Item("para", [_source_line(line) for line, _ in block])
        role = self.entry(f"r{len(self.roles) + 1:02d}", section, fields, header.first)
        self.roles.append(role)
        self.factory.whole(
            f"exp-{role.id}-h", CardKind.OTHER, section.name, header, role_context(role)
        )
        return role

    def _evidence(self, section: Section, lines: list[RawLine], role: RoleEntry | None) -> None:
        for item in build_items(lines, 2, _stops_bullet):
            self.role_evidence(section, item, role)


def text_labels(text: str, extracted: ExtractedText) -> list[LineLabel | None]:
    """One label per line of `text` (the extracted text with never-evidence lines blanked; None
    for a blank line): the shipped model reads the extractor's lines as it was trained
    (`core.reader.read.extracted_lines`) and each label is carried to its line of the text."""
    from core.reader.model import label_lines
    from core.reader.read import extracted_lines, shown_rows

    lines = extracted_lines(extracted)
    labels = label_lines(lines)
    raw = text.split("\n")
    rows = shown_rows(lines, extracted.text)
    if rows is not None and len(extracted.text.split("\n")) == len(raw):
        per_line: list[LineLabel | None] = [None] * len(raw)
        for i, row in rows.items():
            per_line[row] = labels[i] if raw[row].strip() else None
        return per_line
    # not the same lines: read the text's own lines
    source = lines[0].source if lines else "text"
    fallback = label_lines([Line(text=line, source=source) for line in raw])
    return [label if line.strip() else None for line, label in zip(raw, fallback, strict=True)]


_SURE = 0.9  # the line reader's headings and role headers the rule reader takes


def heading_meanings(text: str, labels: list[LineLabel | None]) -> dict[str, CardKind]:
    """What the line reader says each heading of `text` means, where it is sure, keyed by its
    heading words (how the rule reader names a section), for the rule reader's headings it does
    not know. (Without the floor, 'SITES ON MY CURRENT ROUTE', 0.72, was read as skills.)"""
    from core.ingest.sections import heading_words

    meanings: dict[str, CardKind] = {}
    for line, label in zip(text.split("\n"), labels, strict=True):
        if _sure(label, "heading") and label is not None and label.meaning in MEANING_KIND:
            meanings.setdefault(heading_words(line), MEANING_KIND[label.meaning])
    return meanings


def header_lines(text: str, labels: list[LineLabel | None]) -> frozenset[str]:
    """The lines the line reader is sure are role headers, as the rule reader's items hold them
    (a list item's glyph cut: jobs written as a list)."""
    lines = zip(text.split("\n"), labels, strict=True)
    return frozenset(item_text(line) for line, label in lines if _sure(label, "role_header"))


def _sure(label: LineLabel | None, kind: str) -> bool:
    return label is not None and label.label == kind and label.probability >= _SURE


_NAME_TOP = 15  # the person's name stands in the first lines
_NAME_SURE = 0.8


def said_name(line: str) -> str:
    """The person's name as a line the model calls the name says it (`name_part`: its first
    part, markup and credentials off), where it can be a name (`could_be_name`) or is set all
    in lower case, as a stylised header writes it; '' otherwise."""
    name = name_part(strip_markup(line))
    styled = 2 <= len(name.split()) <= 4 and name.replace(" ", "").isalpha() and name.islower()
    return name if could_be_name(name) or styled else ""


def named_line(text: str, labels: list[LineLabel | None]) -> str:
    """The person's name as the line reader finds it near the top (`said_name`), where it is
    sure; '' otherwise."""
    for line, label in list(zip(text.split("\n"), labels, strict=True))[:_NAME_TOP]:
        if label is not None and label.label == "name" and label.probability >= _NAME_SURE:
            return said_name(line)
    return ""


def read_learned(
    text: str, extracted: ExtractedText, *, source_name: str
) -> tuple[ParsedResume, list[LeftOut]]:
    """The learned reader: every line labelled by the model (`text_labels`), then assembled."""
    labels = text_labels(text, extracted)
    return read_labelled(text, labels, source_name=source_name, wraps=wrapped_rows(extracted))


def read_labelled(
    text: str,
    labels: Sequence[LineLabel | None],
    *,
    source_name: str,
    wraps: frozenset[int] = frozenset(),
) -> tuple[ParsedResume, list[LeftOut]]:
    """Resume text and one label per line (None for blank lines) → ParsedResume, and the lines
    left out as other people's details or furniture; `wraps`: numbers of the lines the layout
    wrapped onto the line above (`core.ingest.list_wraps`), joined in lists."""
    lines = split_lines(text)
    if len(labels) != len(lines):
        raise ValueError(f"{len(labels)} labels for {len(lines)} lines")
    if not text.strip():
        raise EvidenceParsingError(f"{source_name} is empty; there is no resume text to read.")
    contact, used = parse_contact(lines)
    by_line = {line.no: label for line, label in zip(lines, labels, strict=True) if label}
    # the model says which lines are the contact block; the exact rules read their values
    kept = {no for no in used if no in by_line and by_line[no].label in ("name", "contact")}
    if any(contact.name in lines[no - 1].text for no in used - kept):
        contact.name = ""  # the rules took a line the model reads as something else
    used = kept
    named = [no for no, label in by_line.items() if label.label == "name"]
    sure = bool(named) and by_line[named[0]].probability >= _NAME_SURE  # as `named_line` asks
    said = said_name(lines[named[0] - 1].text) if sure else ""
    if said and (not contact.name or named[0] not in used):
        contact.name = said
        used.add(named[0])

    parts, left_out = _parts(lines, labels, used)
    sections = [
        Section(p.name, p.kind, p.line, build_items([ln for ln, _ in p.rows], 2, _stops_bullet))
        for p in parts
    ]
    terms = _skills_terms(sections, wraps)
    builder = LabelledResume(text, source_name, terms, wraps=wraps)
    for part, section in zip(parts, sections, strict=True):
        if part.kind in ROLE_KINDS:
            builder.roles_from(part, section)
    builder.side_sections([s for s in sections if s.kind not in ROLE_KINDS])
    parsed = assemble(
        text,
        source_name,
        contact,
        sections,
        builder.factory.cards,
        builder.roles,
        builder.education,
        terms,
    )
    return parsed, left_out
