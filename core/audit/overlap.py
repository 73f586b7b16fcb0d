"""How much of a line its evidence actually says: the share of the line's content words (stemmed,
stopwords and numbers left out) that occur in the evidence.

The specific checks (numbers, names, dates, skills, scope) cannot see a claim made of ordinary
words ("Knitted scarves for a llama sanctuary" citing a card that happens to share a number).
A faithful line, even reworded, shares most of its words with its evidence (two thirds or more
on the labelled cases); an unrelated line shares almost none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.audit.vocabulary import word_set
from core.retrieval.text_analysis import tokenize

BLOCK_BELOW = 0.4  # less than this much of the line is in its evidence: unsupported
WARN_BELOW = 0.6
_WORD = re.compile(r"[A-Za-z][\w'’-]*")
# Words about when, judged by the date check, not by overlap.
_TIME_WORDS = word_set(
    """since until till through present current currently today now joined started starting
    year years month months week weeks january february march april may june july august
    september october november december jan feb mar apr jun jul aug sep sept oct nov dec"""
)


@dataclass(frozen=True)
class Overlap:
    share: float
    missing: list[str]  # the line's words (as written) that the evidence does not contain


def content_overlap(text: str, evidence: str) -> Overlap:
    # The evidence is split both ways the line is, so "B.S." counts the same on either side.
    have = set(tokenize(evidence)) | {s for w in _WORD.findall(evidence) for s in tokenize(w)}
    seen: set[str] = set()
    total = 0
    missing: list[str] = []
    for word in _WORD.findall(text):
        if word.lower() in _TIME_WORDS:
            continue
        stems = [s for s in tokenize(word) if not re.search(r"\d|[/.&'-]", s)]
        key = " ".join(stems)
        if not stems or key in seen:
            continue
        seen.add(key)
        total += 1
        if not all(s in have for s in stems):
            missing.append(word)
    share = 1.0 if total == 0 else 1 - len(missing) / total
    return Overlap(round(share, 2), missing)
