"""Put list items that an export ran together back on lines of their own.

Job boards and copy-paste lose line breaks in three common ways; each is undone here before the
ad is split into sections, so every item reads as a bullet:
- bullets glued without a separator (LinkedIn exports): "…from initial call to closeConduct demos…",
  "…North Carolina license3 + years…", "…policies.Coordinate with…";
- a numbered list flattened onto one line: "1. Assist in … 2. Review … 3. Prepare …";
- inline bullet markers: "Medical • Dental • Vision".

A glued joint is a lower-case word of three or more letters running straight into a capitalised
word ("closeConduct"), or a sentence end or ':' running straight into one ("policies.Coordinate").
A word that starts with a capital is never cut ("JavaScript", "LinkedIn", "PowerPoint"), nor a
short one ("iPhone", "eBay"). Letters glued to digits ("license3") are cut only on a line that
has another glued joint, so "python3" or "mp3" alone stay whole.
"""

from __future__ import annotations

import re
from itertools import pairwise

from core.jd.sections import BULLET

GLUED_WORD = re.compile(r"(?<![A-Za-z])([a-z]{3,})(?=[A-Z][a-z])")
GLUED_SENTENCE = re.compile(
    r"(?:(?<=[A-Za-z)]{2}[.!?;])|(?<=[A-Za-z]:)|(?<=[a-z]{3}\)))"
    r"(?=[A-Z][a-z]|\d+\s*\+\s*(?:years|yrs))"
)
CAPS_LABEL = re.compile(r"(?<=[a-z.!?])\s+(?=[A-Z][A-Z &/,'-]{5,}:)")  # "… role.  DUTIES & TASKS:"
GLUED_OPENER = re.compile(  # "…with GitHub ActionsExcellent written skills": an item's first word
    r"(?<=[a-z]{2})(?=(?:Strong|Excellent|Solid|Proven|Demonstrated|Experience|Proficien\w*|"
    r"Knowledge|Familiarity|Ability|Bachelor|Master|Degree|Understanding|Must|Minimum)\b)"
)
GLUED_DIGIT = re.compile(r"(?<![A-Za-z])([a-z]{4,})(?=\d)")
GLUED_YEARS = re.compile(r"(?<=[a-z]{3})(?=\d{1,2}\s*\+?\s*(?:years|yrs)\b)")
NUMBERED = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})[.)]\s+(?=\S)")
INLINE_BULLET = re.compile(r"\s+[•▪●■◆►✓✔]\s+")
SENTENCE_GAP = re.compile(r"(?<=[a-z)][.!?])\s+(?=[A-Z][a-z])")
ITEM_END = re.compile(  # "…clinical experience Case Management experience" (no separators)
    r"\b(?:experience|skills|required|preferred|license|licence|certification)\s+(?=[A-Z][a-z])"
)
ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|incl|approx|Mr|Ms|Dr|Inc|Ltd|No|St)\.$")


def _abbreviated(line: str, match: re.Match[str]) -> bool:
    return ABBREVIATION.search(line[: match.start()].rstrip()) is not None


def _glued_cuts(line: str) -> list[int]:
    cuts = [m.end() for m in GLUED_WORD.finditer(line)]
    cuts += [m.start() for m in GLUED_YEARS.finditer(line)]
    cuts += [m.start() for m in GLUED_OPENER.finditer(line)]
    cuts += [m.end() for m in CAPS_LABEL.finditer(line)]
    for match in GLUED_SENTENCE.finditer(line):
        if not ABBREVIATION.search(line[: match.start()]):
            cuts.append(match.start())
    if cuts:  # a run-on line: its sentences and letter-digit joints are items too
        cuts += [m.end() for m in GLUED_DIGIT.finditer(line)]
        cuts += [m.end() for m in SENTENCE_GAP.finditer(line) if not _abbreviated(line, m)]
        if "." not in line:
            cuts += [m.end() for m in ITEM_END.finditer(line)]
    return sorted(set(cuts))


def _numbered_cuts(line: str) -> list[int]:
    """Start offsets of '1. … 2. … 3. …' items when two or more run in sequence on one line
    (other numbers in between, like "Five (5) plus years", are skipped)."""
    run: list[int] = []
    for match in NUMBERED.finditer(line):
        if int(match.group(1)) == len(run) + 1:
            run.append(match.start())
    return run if len(run) >= 2 else []


def _pieces(line: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(line)]
    return [line[a:b].strip() for a, b in pairwise(bounds)]


def split_run_together(line: str) -> list[str]:
    """The items of one line (the line itself when nothing was run together)."""
    if INLINE_BULLET.search(line) and len(INLINE_BULLET.findall(line)) >= 2:
        items = [p for piece in INLINE_BULLET.split(line) for p in split_run_together(piece)]
        return [i if BULLET.match(i) else f"- {i.strip()}" for i in items if i.strip()]
    numbered = _numbered_cuts(line)
    if numbered:
        head, *items = _pieces(line, numbered)
        return [*([head] if head else []), *(f"- {NUMBERED.sub('', i, 1)}" for i in items)]
    cuts = _glued_cuts(line)
    if not cuts:
        return [line]
    # every piece is an item (the first too), except a "LABEL:" piece, which stays a heading
    pieces = [p for p in _pieces(line, cuts) if p]
    return [p if p.endswith(":") or BULLET.match(p) else f"- {p}" for p in pieces]


def unglue_lists(text: str) -> str:
    """`split_run_together` on every line; line count may grow, wording is unchanged."""
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(split_run_together(line))
    return "\n".join(out)
