"""Credentials through the shared variant rules (core/text/variants.py): a line may name a
credential only as the resume holds it. "ACLS Instructor" for an "ACLS Provider", "OSHA 30" for
an "OSHA 10 card", "BCOP" for a "BCPS" are different credentials, not rewordings.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.text.variants import Match, compare_credentials, find_credentials


@dataclass(frozen=True)
class CredentialFinding:
    span: str
    detail: str


def check_credentials(text: str, *, evidence: str) -> list[CredentialFinding]:
    """Credentials in `text` that `evidence` (cited lines, role lines, credential lines) does not
    hold in that variant."""
    held = find_credentials(evidence)
    out: list[CredentialFinding] = []
    for claimed in find_credentials(text):
        if claimed.variant is None or compare_credentials(claimed, held) == Match.MET:
            continue
        same = [h for h in held if h.family == claimed.family]
        name = f"{claimed.family} {claimed.variant}"
        detail = (
            f"'{name}' is not the credential the resume states"
            + (f" ({same[0].family} {same[0].variant or ''})." if same else ".")
        ).replace(" ).", ").")
        out.append(CredentialFinding(claimed.family, detail))
    return out
