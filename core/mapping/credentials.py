"""Credential requirements: looked up in every card and the name/header line, variant-aware.

A credential of the same family but another variant (ACLS Provider for ACLS Instructor, OSHA 10
for OSHA 30, EIT for PE) is *adjacent*: reported as a gap that names what was found, never met.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.contracts import CardKind, EvidenceCard, Requirement
from core.mapping.verdict import UNDECIDED, Outcome, Verdict
from core.text.variants import Match, compare_credential, compare_credentials, find_credentials

# Where credentials are listed first; other cards are looked at after these.
_CREDENTIAL_KINDS = (CardKind.CERTIFICATION, CardKind.EDUCATION, CardKind.SUMMARY)


def match_credential(
    req: Requirement, cards: Sequence[EvidenceCard], *, header: str = ""
) -> Verdict:
    """Met / header / adjacent / missing for a credential of a known family; UNDECIDED when
    the requirement names none (a state licence, a residency: the general matcher reads it)."""
    if not find_credentials(req.text):
        return UNDECIDED
    ordered = sorted(cards, key=lambda c: 0 if c.kind in _CREDENTIAL_KINDS else 1)
    met: list[EvidenceCard] = []
    adjacent: list[EvidenceCard] = []
    for card in ordered:
        result = compare_credential(req.text, card.raw_text)
        if result == Match.MET:
            met.append(card)
        elif result == Match.ADJACENT:
            adjacent.append(card)
    if met:
        return Verdict(Outcome.MET, [c.id for c in met[:3]], _found(req, met[0].raw_text))
    if header and compare_credential(req.text, header) == Match.MET:
        return Verdict(Outcome.HEADER, [], _found(req, header), "stated in your name line")
    if adjacent:
        found = _found(req, adjacent[0].raw_text, Match.ADJACENT)
        return Verdict(Outcome.ADJACENT, [c.id for c in adjacent[:2]], found)
    if header and compare_credential(req.text, header) == Match.ADJACENT:
        return Verdict(Outcome.ADJACENT, [], _found(req, header, Match.ADJACENT))
    return Verdict(Outcome.MISSING)


def _found(req: Requirement, text: str, how: Match = Match.MET) -> str:
    """The held credential(s) that meet (or are adjacent to) an asked one, by name."""
    asked = find_credentials(req.text)
    held = [
        c for c in find_credentials(text) if any(compare_credentials(a, [c]) == how for a in asked)
    ]
    return ", ".join(dict.fromkeys(_name(c.family, c.variant) for c in held))


def _name(family: str, variant: str | None) -> str:
    """ "ACLS Provider", "EPA 608 Type II", but "OSHA 30" and "BCPS" on their own."""
    if not variant:
        return family
    first = variant.split()[0]
    return variant if first.isupper() and len(first) > 1 else f"{family} {variant}"
