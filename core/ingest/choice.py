"""Which reader reads a resume: the rule reader, the learned line reader, or both and the better.

`IngestSettings.reader` chooses. With "auto" both read the text and the reading that finds more of
what a recruiter looks for is kept (`found`: dated roles and education entries, then cards under a
role); on a tie the rule reader's. The choice is measured, not assumed: `resumeforge eval resumes`
on the labelled documents (docs/EVALUATION.md, "Resume reading").
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from core.contracts import LeftOut, ParsedResume
from core.errors import EvidenceParsingError
from core.ingest.files import ExtractedText
from core.ingest.resume_text import parse_resume_text
from core.settings import IngestSettings


def found(parsed: ParsedResume) -> tuple[int, int]:
    """What a reading found: dated roles plus education entries, then cards under a role."""
    dated = sum(1 for role in parsed.roles if role.start)
    return dated + len(parsed.education), sum(1 for card in parsed.cards if card.role_id)


_ORG_SHAPED = re.compile(r"[A-Za-z]{2}")


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
    if settings.reader == "learned":
        learned, left_out = read_learned(text, extracted, source_name=name)
        return named(learned, picked), left_out
    labels = text_labels(text, extracted)

    def by_rules() -> ParsedResume:  # with the line reader's word on headings and the name
        rules = parse_resume_text(
            text,
            source_name=name,
            fmt=fmt,
            embedder=embedder,
            meanings=heading_meanings(text, labels),
            headers=header_lines(text, labels),
        )
        rules.contact.name = rules.contact.name or named_line(text, labels)
        return named(rules, picked)

    if settings.reader == "rules":
        rules = by_rules()
        if any(role.title and not role.company for role in rules.roles):
            with contextlib.suppress(EvidenceParsingError):
                fill_employers(rules, read_labelled(text, labels, source_name=name)[0])
        return rules, []
    try:
        rules = by_rules()
    except EvidenceParsingError:
        learned, left_out = read_learned(text, extracted, source_name=name)
        return named(learned, picked), left_out
    try:
        learned, left_out = read_learned(text, extracted, source_name=name)
        learned = named(learned, picked)
    except EvidenceParsingError:
        return rules, []
    if found(learned) > found(rules):
        fill_employers(learned, rules)
        return learned, left_out
    fill_employers(rules, learned)
    return rules, []
