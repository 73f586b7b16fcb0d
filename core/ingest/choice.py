"""Which reader reads a resume: the rule reader, the learned line reader, or both and the better.

`IngestSettings.reader` chooses. With "auto" both read the text and the reading whose structure
is the more plausible is kept (`plausibility`: whole roles, their fields in place, and education
entries, less roles that cannot be one job and jobs left without a role); on a tie the one with
fewer roles whose fields stand in each other's place (`misfielded`), and on a tie of both the
rule reader's (`keeps_learned`). The kept reading then takes the employers the other read for
its roles without one. The choice is measured, not assumed: `resumeforge eval resumes`, `python
-m tools.dev_twofold` and `python -m tools.heldout_documents` (docs/EVALUATION.md, "Resume
reading").
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from core.contracts import CardKind, LeftOut, ParsedResume, RoleEntry
from core.errors import EvidenceParsingError
from core.ingest.degrees import DEGREE
from core.ingest.files import ExtractedText
from core.ingest.line_left_out import person_email, with_line_left_out
from core.ingest.list_wraps import wrapped_rows
from core.ingest.resume_text import parse_resume_text
from core.ingest.roles import is_org, title_score
from core.settings import IngestSettings

_ORG_SHAPED = re.compile(r"[A-Za-z]{2}")
# what sets fields of a line apart ('Client: X | Role: Y', columns): three fields or more on
# one title are a line of fields, no job title; two may be one title ('Lead · Developer')
_FIELD_MARKS = re.compile(r"[|｜•·\t:]|\s{2,}")
_FIELDS = 3
_TITLE_EDGE = " -–—/·•|,:"


def _month_span(role: RoleEntry) -> tuple[str, str] | None:
    """A dated role's months as sortable text: a year alone starts in January and ends in
    December; an open end is the latest; no end is the start (one date)."""
    if not role.start:
        return None
    start = role.start if len(role.start) > 4 else f"{role.start}-01"
    end = role.end or role.start
    end = "9999-12" if end == "present" else end if len(end) > 4 else f"{end}-12"
    return start, end


def _inside(role: RoleEntry, other: RoleEntry) -> bool:
    """`role` is a part of `other` as read: the same employer, and its dates inside other's."""
    if other is role or other.company.casefold() != role.company.casefold():
        return False
    span, around = _month_span(role), _month_span(other)
    if span is None or around is None:
        return False
    return around != span and around[0] <= span[0] and span[1] <= around[1]


def _split(role: RoleEntry, roles: list[RoleEntry]) -> bool:
    """The role is a unit, rotation or line of a job read as a job of its own, or the job it
    was cut from: a split leaves neither whole."""
    return any(_inside(role, other) or _inside(other, role) for other in roles)


def _fields(title: str) -> int:
    """How many fields a title holds, set apart by field marks (a mark at its edge, as the
    reader may leave one, 'Senior Java Developer ·', sets nothing apart)."""
    return sum(1 for part in _FIELD_MARKS.split(title) if part.strip())


def _implausible(role: RoleEntry, roles: list[RoleEntry]) -> bool:
    """A role that cannot be one job as read: a split of another, a degree read as a job
    (the degree vocabulary finds one in its title or employer), or a title holding several
    fields of a line (three or more)."""
    return (
        _split(role, roles)
        or bool(DEGREE.search(f"{role.title} {role.company}"))
        or _fields(role.title) >= _FIELDS
    )


def plausibility(parsed: ParsedResume) -> int:
    """How much of a reading has a resume's structure: whole roles (a title, an employer and a
    start, none of them implausible, each field in its place: `misfielded`) and education
    entries naming a school or a degree, less implausible roles (`_implausible`) and sections
    of roles where some work cards were left without one (a job whose header was lost; a section
    of work bullets with no role at all, a list of projects, is no loss). Partial roles (no
    employer, no title, no date) count neither way: both readers leave such roles where the
    resume does."""
    roles = parsed.roles
    flagged = [_implausible(role, roles) for role in roles]
    whole = sum(
        1
        for role, implausible in zip(roles, flagged, strict=True)
        if role.title and role.company and role.start and not implausible and not _misfielded(role)
    )
    faulty = sum(flagged)
    schooled = sum(1 for entry in parsed.education if entry.company or DEGREE.search(entry.title))
    with_roles = {card.section for card in parsed.cards if card.role_id}
    lost = {
        card.section
        for card in parsed.cards
        if card.kind is CardKind.EXPERIENCE_BULLET
        and not card.role_id
        and card.section in with_roles
    }
    return whole + schooled - faulty - len(lost)


def _has_title_words(text: str) -> bool:
    """Job-title words and no organisation word ('Senior Software Development Engineer')."""
    return title_score(text) > 0 and not is_org(text)


def _has_org_words(text: str) -> bool:
    """An organisation word and no job-title word ('The University of Edinburgh')."""
    return is_org(text) and title_score(text) == 0


def _repeats_title(role: RoleEntry) -> bool:
    """The role's employer opens with its own title and goes on with words that name no
    organisation ('Nurse' | 'Nurse for the cardiac wards'): a line that describes
    the job, read as its employer. A rest that names an organisation is an employer named after
    the trade ('Nurse' | 'Nurse Staffing Agency')."""
    title, company = role.title.casefold().strip(), role.company.casefold().strip()
    if not title or not company.startswith(title):
        return False
    rest = company[len(title) :]
    return bool(rest.strip(_TITLE_EDGE)) and rest[:1] in " ,:" and not is_org(rest)


# a length of time alone ('8 months', '2 yrs', '1 year 3 months'): how long a job lasted
_LENGTH = re.compile(
    r"\(?\d+(?:[.,]\d+)?\+?\s*(?:years?|yrs?|months?|mos?|weeks?|wks?)"
    r"(?:,?\s*(?:and\s+)?\d+\s*(?:months?|mos?))?\.?\)?",
    re.IGNORECASE,
)


def _misfielded(role: RoleEntry) -> bool:
    """The role's employer or place reads as a job title or repeats its title with a
    description (`_repeats_title`), its employer is a length of time ('Software Engineer
    Intern - 8 months' read as title and employer), or its title reads as an organisation."""
    return (
        _has_title_words(role.company)
        or _has_title_words(role.location)
        or _has_org_words(role.title)
        or _repeats_title(role)
        or bool(_LENGTH.fullmatch(role.company.strip()))
    )


def misfielded(parsed: ParsedResume) -> int:
    """How many of a reading's roles hold a field in another's place: an employer or a place
    that reads as a job title, an employer that repeats the title with a description of the job,
    or a title that reads as an organisation (title and employer swapped, or a title cut apart
    and its rest read as the employer or the place). The title words and organisation words are
    the rule reader's own (`core.ingest.roles`)."""
    return sum(1 for role in parsed.roles if _misfielded(role))


def _cut_title(role: RoleEntry, other: RoleEntry) -> bool:
    """`role` holds the start of `other`'s title as its title, the rest of that title in its
    employer, and `other`'s employer in its employer or place: the same role, its title cut
    at a separator by one reading and whole in the other ('Operator' | 'Cloud Services' |
    'Acme, Melbourne' against 'Operator - Cloud Services' | 'Acme'). A rest that names an
    organisation is the employer the other reading took into its title, not a cut."""
    title, whole = role.title.casefold().strip(), other.title.casefold().strip()
    if not title or not other.company or role.start != other.start or whole == title:
        return False
    tail = whole[len(title) :].strip(_TITLE_EDGE) if whole.startswith(title) else ""
    held = f"{role.company} | {role.location}".casefold()
    if not tail or is_org(tail):  # 'Engineer, Acme GmbH' read whole: an employer, no title
        return False
    return tail in role.company.casefold() and other.company.casefold() in held


def cut_titles(parsed: ParsedResume, other: ParsedResume) -> int:
    """How many of a reading's roles hold a title the other reading reads whole (`_cut_title`)."""
    return sum(1 for role in parsed.roles if any(_cut_title(role, o) for o in other.roles))


def keeps_learned(learned: ParsedResume, rules: ParsedResume) -> bool:
    """Whether `auto` keeps the line reader's reading: the more plausible one (`plausibility`);
    on a tie, the one with fewer misfielded roles (`misfielded`), then the one with fewer
    titles the other reads whole (`cut_titles`); on a tie of all, the rule reader's (the reading
    the slow tests' cross-format floors were measured on)."""
    mine = (plausibility(learned), -misfielded(learned), -cut_titles(learned, rules))
    return mine > (plausibility(rules), -misfielded(rules), -cut_titles(rules, learned))


def fill_employers(kept: ParsedResume, other: ParsedResume) -> None:
    """A role of the kept reading without its employer takes the employer the other reader read
    for the same role (same title, same start), where that is shaped like a name; its cards too.
    Either way round: the rule reading filled from the line reader's, or the line reader's, when
    `auto` keeps it, from the rules'."""
    by_role = {(r.title.casefold(), r.start): r.company for r in other.roles if r.company}
    for role in kept.roles:
        company = by_role.get((role.title.casefold(), role.start), "")
        if role.company or not role.title or not _ORG_SHAPED.search(company):
            continue
        role.company = company
        for card in kept.cards:
            if card.role_id == role.id and not card.company:
                card.company = company


def layout_name(extracted: ExtractedText) -> str:
    """The person's name as the name picker reads it from the extractor's lines, with their
    layout (`core.reader.name_picker`); '' where it is unsure."""
    from core.reader.name_picker import name_picker
    from core.reader.read import extracted_lines

    picked = name_picker().pick(extracted_lines(extracted))
    return picked[1] if picked else ""


def named(parsed: ParsedResume, picked: str) -> ParsedResume:
    """`parsed` with the name the picker read (`picked`, from `layout_name`), where it read one;
    the reader's own otherwise, unless that is a label ('Contact').
    Names found on the dev documents: rule reader 0.909 (the same), line reader 0.818 → 0.909;
    on real documents left out of its training it takes the right line in 46 of 55
    (docs/EVALUATION.md, "Names read by a learned picker")."""
    from core.reader.name_picker import is_label

    own = "" if is_label(parsed.contact.name) else parsed.contact.name  # 'Contact', 'Email'
    parsed.contact.name = picked or own
    return parsed


def read_text(
    text: str, extracted: ExtractedText, settings: IngestSettings, embedder: Any = None
) -> tuple[ParsedResume, list[LeftOut]]:
    """The resume read by the configured reader, and the lines that reader left out."""
    name, fmt = extracted.source_name, extracted.fmt
    if fmt == "json":
        return parse_resume_text(text, source_name=name, fmt=fmt), []
    from core.ingest.learned import (
        header_lines,
        heading_meanings,
        named_line,
        read_labelled,
        read_learned,
        text_labels,
    )

    picked = layout_name(extracted)  # one reading of the name, whichever reader wins
    wraps = wrapped_rows(extracted)  # the lists' lines the layout wrapped, for both readers

    def personal(learned: ParsedResume) -> ParsedResume:  # the picked name, the person's e-mail
        learned = named(learned, picked)
        person_email(learned, text, extracted.link_targets)
        return learned

    if settings.reader == "learned":
        learned, left_out = read_learned(text, extracted, source_name=name)
        return personal(learned), left_out
    labels = text_labels(text, extracted)

    def by_rules() -> ParsedResume:  # with the line reader's word on headings and the name
        rules = parse_resume_text(
            text,
            source_name=name,
            fmt=fmt,
            embedder=embedder,
            meanings=heading_meanings(text, labels),
            headers=header_lines(text, labels),
            wraps=wraps,
        )
        rules.contact.name = rules.contact.name or named_line(text, labels)
        return named(rules, picked)

    if settings.reader == "rules":
        rules = by_rules()
        with contextlib.suppress(EvidenceParsingError):
            labelled, left_out = read_labelled(text, labels, source_name=name, wraps=wraps)
            if any(role.title and not role.company for role in rules.roles):
                fill_employers(rules, labelled)
            return rules, with_line_left_out(rules, text, left_out, extracted.link_targets)
        return rules, []
    try:
        rules = by_rules()
    except EvidenceParsingError:
        learned, left_out = read_labelled(text, labels, source_name=name, wraps=wraps)
        return personal(learned), left_out
    try:
        learned, left_out = read_labelled(text, labels, source_name=name, wraps=wraps)
    except EvidenceParsingError:
        return rules, []
    learned = personal(learned)
    if keeps_learned(learned, rules):
        fill_employers(learned, rules)
        return learned, left_out
    fill_employers(rules, learned)
    return rules, with_line_left_out(rules, text, left_out, extracted.link_targets)
