"""The parsed resume put together: cards in source order, warnings, the injection check."""

from __future__ import annotations

import hashlib

from core.contracts import ContactInfo, EvidenceCard, ParsedResume, RoleEntry
from core.errors import EvidenceParsingError
from core.ingest.injection import detect_injection
from core.ingest.layout import Section


def assemble(
    text: str,
    source: str,
    contact: ContactInfo,
    sections: list[Section],
    cards: list[EvidenceCard],
    roles: list[RoleEntry],
    education: list[RoleEntry],
    terms: list[str],
) -> ParsedResume:
    cards = sorted(cards, key=lambda c: (c.provenance.line_start or 0, c.id))
    if not cards:
        raise EvidenceParsingError(
            f"{source} holds no text that could be turned into evidence (only contact details "
            "or headings); add your experience and try again."
        )
    warnings = []
    if not roles:
        warnings.append(
            "No job roles (company, title, dates) were recognised; experience text was kept as "
            "evidence without role context. Put each job on its own heading line with its dates."
        )
    suspicious = detect_injection(text)
    if suspicious:
        warnings.append(
            f"{len(suspicious)} line(s) read like instructions to an AI; they are kept as "
            "plain text and never followed."
        )
    return ParsedResume(
        source_name=source,
        content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        contact=contact,
        sections=[s.name for s in sections if s.name],
        roles=roles,
        education=education,
        cards=cards,
        skills=terms,
        warnings=warnings,
        suspicious_instructions=suspicious,
    )
