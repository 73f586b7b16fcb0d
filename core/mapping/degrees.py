"""Degree requirements: levels are ordered (diploma < associate < bachelor's < master's <
doctorate). A degree at or above the asked level meets it (a BSN meets "BSN required", a PharmD
meets "bachelor's"); one in progress is reported as in progress; an associate degree does not
meet "bachelor's". The field of study is left to the reader (it is shown with the evidence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.contracts import CardKind, EvidenceCard, Requirement
from core.jd.kinds import degree_in_progress, degree_mentions, degree_table
from core.mapping.verdict import UNDECIDED, Outcome, Verdict

_EQUIVALENT = re.compile(r"\bor (?:the )?equivalent\b|\bequivalent (?:work )?experience\b", re.I)


def degree_levels(text: str) -> list[int]:
    return sorted({int(level.rank) for level, _ in degree_mentions(text)})


def level_name(level: int) -> str:
    return next(lv.name for lv in degree_table() if lv.rank == level)


def match_degree(req: Requirement, cards: Sequence[EvidenceCard], *, header: str = "") -> Verdict:
    asked = degree_levels(req.text)
    if not asked:
        return UNDECIDED
    need = min(asked)  # "a bachelor's degree … or a J.D.": the lowest named level is enough
    held: list[tuple[int, bool, EvidenceCard]] = []
    for card in cards:
        if card.kind not in (CardKind.EDUCATION, CardKind.CERTIFICATION, CardKind.SUMMARY):
            continue
        for level in degree_levels(card.raw_text):
            held.append((level, bool(degree_in_progress().search(card.raw_text)), card))
    done = [(lv, c) for lv, progress, c in held if lv >= need and not progress]
    if done:
        done.sort(key=lambda pair: -pair[0])
        return Verdict(Outcome.MET, [c.id for _, c in done[:2]], level_name(done[0][0]))
    in_header = [lv for lv in degree_levels(header) if lv >= need] if header else []
    if in_header:  # name the level only: the name line itself is contact data
        return Verdict(Outcome.HEADER, [], level_name(max(in_header)), "stated in your name line")
    if _EQUIVALENT.search(req.text):
        # Experience may stand in for the degree (finished or not): the general matcher reads it.
        return UNDECIDED
    pending = [(lv, c) for lv, progress, c in held if lv >= need and progress]
    if pending:
        lv, card = pending[0]
        return Verdict(Outcome.IN_PROGRESS, [card.id], f"a {level_name(lv)} in progress")
    lower = sorted(((lv, c) for lv, _, c in held), key=lambda pair: -pair[0])
    if lower:
        lv, card = lower[0]
        return Verdict(Outcome.ADJACENT, [card.id], f"a {level_name(lv)}")
    return Verdict(Outcome.MISSING)
