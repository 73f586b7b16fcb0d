"""A degree may be claimed only as the resume holds it: one the resume lists as in progress
("expected May 2026", "84 of 120 credits, in progress") may not be stated as held, and a level
the resume lists nowhere may not be claimed at all. Levels and in-progress words are the
evidence mapper's (core/data/requirement_kinds.json), so both stages read a degree alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.jd.kinds import degree_in_progress, degree_mentions
from core.text.sentences import sentence_spans


@dataclass(frozen=True)
class DegreeFinding:
    span: str
    detail: str


def _named_as_degree(text: str, m: re.Match[str]) -> bool:
    """A bare two-letter form ("MS", "MA", "BA") names a degree only as one ("an MS in …",
    "MS degree"); "MS Excel" and "Boston, MA" do not."""
    words = m.group(0)
    if "." in words or len(re.sub(r"[^A-Za-z]", "", words)) > 2:
        return True
    return bool(
        re.match(r"\s+(?:in|of|degree)\b", text[m.end() :], re.I)
        or re.search(r"\b(?:an?|holds?|earned|completed)\s+$", text[: m.start()], re.I)
    )


@lru_cache(maxsize=4096)  # the same lines are checked once per claim (8x on dev-01)
def _degrees(text: str) -> tuple[tuple[int, str, str], ...]:
    """(level, level name, the words naming it) for each degree named in `text`."""
    return tuple(
        (int(level.rank), level.name, m.group(0))
        for level, m in degree_mentions(text)
        if _named_as_degree(text, m)
    )


def check_degrees(text: str, *, evidence: str) -> list[DegreeFinding]:
    """Degrees `text` states as held that `evidence` (cited, role and credential lines) lists as
    in progress, or at a level it does not list."""
    held: dict[int, bool] = {}  # level -> finished (any finished entry wins)
    for line in evidence.splitlines():
        pending = bool(degree_in_progress().search(line))
        for level, _, _ in _degrees(line):
            held[level] = held.get(level, False) or not pending
    out: list[DegreeFinding] = []
    for sentence in (text[a:b] for a, b in sentence_spans(text)):
        if degree_in_progress().search(sentence):
            continue  # the line keeps the degree's status
        for level, name, words in _degrees(sentence):
            if level not in held:
                detail = f"The resume lists no {name}; '{words}' is not a degree it states."
            elif not held[level]:
                detail = f"The resume lists the {name} ('{words}') as in progress, not finished."
            else:
                continue
            out.append(DegreeFinding(words, detail))
    return list({f.span: f for f in out}.values())
