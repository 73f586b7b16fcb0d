"""Where a line's facts may come from: evidence scope per role.

A drafted line cites a few cards, but the fact resume states a role's facts across several
lines (its header, its other bullets, a "Client: … | Construction value: …" line). A number,
place or title from another line of the same role is as true as one from the cited card, and
the resume's credential lines are true wherever they are cited from. Who did the work is still
judged against the sentences that match the line (core/audit/agency.py), so a strong word
elsewhere in the role does not carry it.

A card the parser could not place in a role carries its block instead: the cards of the same
section within NEIGHBOUR_LINES lines of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from core.contracts import CardKind, EvidenceCard
from core.text.normalize import comparable_text

NEIGHBOUR_LINES = 2
CREDENTIAL_KINDS = (CardKind.CERTIFICATION, CardKind.EDUCATION)


def card_text(cards: Sequence[EvidenceCard]) -> str:
    return "\n".join(comparable_text(c.raw_text) for c in cards)


def _near(card: EvidenceCard, other: EvidenceCard) -> bool:
    a, b = card.provenance, other.provenance
    if a.line_start is None or b.line_start is None or card.section != other.section:
        return False
    a_end, b_end = a.line_end or a.line_start, b.line_end or b.line_start
    return b.line_start - NEIGHBOUR_LINES <= a_end and a.line_start <= b_end + NEIGHBOUR_LINES


def role_lines(
    cited: Sequence[EvidenceCard], resume_cards: Sequence[EvidenceCard]
) -> list[EvidenceCard]:
    """The other cards of the cited cards' roles (or, without a role, of their blocks)."""
    owners = {c.role_id for c in cited if c.role_id}
    loose = [c for c in cited if not c.role_id]
    ids = {c.id for c in cited}
    return [
        c
        for c in resume_cards
        if c.id not in ids
        and ((c.role_id and c.role_id in owners) or any(_near(c, x) for x in loose))
    ]


def credential_lines(resume_cards: Sequence[EvidenceCard]) -> list[EvidenceCard]:
    """The resume's certificate, licence and degree lines."""
    return [c for c in resume_cards if c.kind in CREDENTIAL_KINDS]
