"""Numbers written as words, read as whole words: "ninety" is 90 (not 9), "seventeen" is 17,
"twenty-three" is 23, "three million" is 3,000,000, "one hundred and twenty" is 120,
"sevenfold" is a multiplier of 7. A lone "one" is not read ("one of the leads" is not a count).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SMALL = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "dozen": 12,
}
SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
_WORD = "|".join(sorted([*SMALL, *SCALES], key=len, reverse=True))
_RUN = re.compile(
    rf"(?<![\w-])(?:{_WORD})(?:(?:\s+and\s+|\s+|-)(?:{_WORD}))*(?![\w-])"
    r"(?P<times>\s+times\b)?(?P<pct>\s+percent\b)?",
    re.I,
)
_FOLD = re.compile(rf"(?<![\w-])(?P<n>{_WORD}|\d+(?:\.\d+)?)-?fold(?![\w-])", re.I)


@dataclass(frozen=True)
class WordedNumber:
    text: str
    value: float
    kind: str  # count | percent | multiplier
    start: int
    end: int


def words_value(words: list[str]) -> float:
    """The value of a run of number words ("twenty three", "three million")."""
    total, current = 0.0, 0.0
    for word in words:
        if word in SMALL:
            current += SMALL[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        else:
            total += max(current, 1) * SCALES[word]
            current = 0
    return total + current


def find_worded(text: str) -> list[WordedNumber]:
    found: list[WordedNumber] = []
    for m in _RUN.finditer(text):
        words = [w.lower() for w in re.findall(rf"{_WORD}", m.group(0), re.I)]
        if words == ["one"] or words == ["hundred"] or words[0] in SCALES:
            continue  # "one of", "hundreds", "thousand" alone are not a stated figure
        kind = "multiplier" if m.group("times") else "percent" if m.group("pct") else "count"
        found.append(WordedNumber(m.group(0), words_value(words), kind, *m.span()))
    for m in _FOLD.finditer(text):
        n = m.group("n").lower()
        value = float(SMALL[n]) if n in SMALL else float(n) if n[0].isdigit() else 0.0
        if value:
            found.append(WordedNumber(m.group(0), value, "multiplier", *m.span()))
    return found
