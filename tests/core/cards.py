"""Hand-made evidence for stage tests (no parser involved)."""

from core.contracts import CardKind, EvidenceCard, Provenance, RoleEntry


def card(
    card_id: str,
    text: str,
    *,
    role_id: str = "r1",
    kind=CardKind.EXPERIENCE_BULLET,
    company: str = "Acme",
    role: str = "Engineer",
    skills=(),
    line: int = 1,
) -> EvidenceCard:
    return EvidenceCard(
        id=card_id,
        kind=kind,
        raw_text=text,
        role_id=role_id,
        company=company,
        role=role,
        timeframe="2019 – 2023",
        skills=list(skills),
        provenance=Provenance(
            source="fact.md", section="Experience", line_start=line, line_end=line
        ),
    )


def roles() -> list[RoleEntry]:
    return [
        RoleEntry(id="r1", company="Acme", title="Engineer", timeframe="2019 – 2023"),
        RoleEntry(id="r2", company="Globex", title="Developer", timeframe="2015 – 2019"),
    ]
