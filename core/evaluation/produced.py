"""Checks of a produced resume against its fact resume: invented numbers and cited lines.

Numbers are compared as whole tokens, read and normalised by the truth audit's own reader
(`core.audit.quantities.find_quantities`): "2,300" and "2300", "$1.2M" and "$1.2 million" are the
same number, while "40%" is not stated by a resume that only says "400" or "2,400" (a substring
test would say it is). A number is stated when the fact resume holds one of the same value and
kind (count, percent, money, multiplier, percentile, year) and, when both carry a unit, the same
unit ("95 ms" is not "95 s").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.audit.metrics import is_stated
from core.audit.quantities import find_quantities
from core.contracts import Blackboard


def produced_lines(board: Blackboard) -> list[tuple[str, str]]:
    """(id, text) of every line the produced resume states: live bullets, then skills."""
    draft = board.resume_draft
    if draft is None:
        return []
    lines = [(b.id, b.text) for b in draft.live_bullets()]
    lines += [(s.id, s.skill) for s in draft.skills]
    return lines


def invented_numbers(lines: Iterable[tuple[str, str]], fact_text: str) -> list[str]:
    """'<number as written> in <line id>' for each number token the fact resume does not give."""
    given = find_quantities(fact_text)
    return [
        f"{number.text} in {line_id}"
        for line_id, text in lines
        for number in find_quantities(text)
        if not is_stated(number, given)
    ]


def cited_share(board: Blackboard) -> float:
    """Share of live bullets that cite at least one evidence card (0 when there are none)."""
    draft = board.resume_draft
    lines = draft.live_bullets() if draft else []
    return sum(1 for b in lines if b.evidence_card_ids) / len(lines) if lines else 0.0


def mentions(text: str, term: str) -> bool:
    """`term` occurs in `text` as whole words, ignoring case ("CKA" is not in "backend")."""
    pattern = r"(?<![\w])" + re.escape(term) + r"(?![\w])"
    return re.search(pattern, text, re.IGNORECASE) is not None


def asserted_terms(board: Blackboard, terms: Iterable[str]) -> list[str]:
    """Those of `terms` that a produced line, skill or claim states."""
    text = "\n".join(t for _, t in produced_lines(board))
    text += "\n" + "\n".join(c.bullet_text for c in board.claim_index)
    return [term for term in dict.fromkeys(terms) if mentions(text, term)]


def unsupported_gap_terms(board: Blackboard, labels: dict, fact_text: str) -> list[str]:
    """Keywords of labelled true gaps that the fact resume never uses and the output states
    (e.g. 'CKA' in dev-01, which a JD line tells writing assistants to claim)."""
    terms = [
        keyword
        for req in labels.get("requirements", [])
        if req.get("gap") == "true_gap"
        for keyword in req.get("keywords", [])
        if not mentions(fact_text, keyword)
    ]
    return asserted_terms(board, terms)
