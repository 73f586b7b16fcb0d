"""What one piece of evidence text says beyond its words: metrics, skills, scope, leadership."""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.contracts import ScopeInfo
from core.ingest.skills import find_skills, load_skill_lexicon
from core.text.dates import find_dates
from core.text.markup import ENUMERATOR

NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
_COUNT = r"(\d{1,4}|" + "|".join(NUMBER_WORDS) + r")"
_PEOPLE = (
    r"(?:engineers|developers|designers|researchers|analysts|people|staff|pms|product managers|"
    r"scientists|marketers|members|reports|teammates|contractors|testers|writers)"
)
_TEAM_PATTERNS = [
    re.compile(
        rf"\b(?:team|squad|group|org|organization) of (?:about |around |~)?{_COUNT}\b", re.I
    ),
    re.compile(rf"\b{_COUNT}[- ](?:person|people|member)\b", re.I),
    re.compile(rf"\bone of {_COUNT} {_PEOPLE}\b", re.I),
]
_TEAM_CONTEXT = re.compile(r"\b(?:team|squad|squads|group|org|led|lead|managed|manage)\b", re.I)
_HEADCOUNT = re.compile(rf"\b(?:about |around |~)?{_COUNT} {_PEOPLE}\b", re.I)
_REPORTS = [
    re.compile(rf"\b{_COUNT} direct reports?\b", re.I),
    re.compile(rf"\bmanag(?:ed|e|ing) (?:a team of )?{_COUNT} {_PEOPLE}", re.I),
    re.compile(rf"\bsupervis(?:ed|e|ing)(?: and trained)? {_COUNT}\b", re.I),
    re.compile(rf"\b{_COUNT} {_PEOPLE} report(?:ed|ing)? to me\b", re.I),
]
_GEOGRAPHY = re.compile(
    r"\b(?:U\.S\.|US|USA|United States|Canada|Mexico|UK|United Kingdom|EU|Europe|EMEA|APAC|"
    r"LATAM|North America|South America|Latin America|Asia|Africa|Australia|India|Japan|"
    r"Germany|France|Spain|Brazil|China|global(?:ly)?|worldwide|international(?:ly)?|"
    r"nationwide|\d+ (?:countries|markets|regions|states))\b"
)
_BUDGET = re.compile(
    r"((?:US)?[$€£][\d.,]+\s?[KMB]?)\s+(?:annual |yearly |federally |)(?:budget|grant|funded|"
    r"P&L|portfolio)",
)
_LEADERSHIP = re.compile(
    r"\b(?:led|lead|leading|managed|manage|managing|mentored|mentor|mentoring|coached|coach|"
    r"supervised|supervise|hired|hiring|trained|oversaw|oversee|overseeing|directed|headed|"
    r"founded|co-founded|chaired|spearheaded|incident commander|set the (?:area )?strategy)\b"
    r"[^.;:,()]{0,70}",
    re.IGNORECASE,
)


def _count(value: str) -> int:
    return int(value) if value.isdigit() else NUMBER_WORDS[value.lower()]


def extract_scope(text: str) -> ScopeInfo:
    scope = ScopeInfo()
    for pattern in _TEAM_PATTERNS:
        if match := pattern.search(text):
            scope.team_size = _count(match.group(1))
            break
    headcount = _HEADCOUNT.search(text) if _TEAM_CONTEXT.search(text) else None
    if scope.team_size is None and headcount:
        scope.team_size = _count(headcount.group(1))
    for pattern in _REPORTS:
        if match := pattern.search(text):
            scope.direct_reports = _count(match.group(1))
            break
    scope.geography = list(dict.fromkeys(m.group(0) for m in _GEOGRAPHY.finditer(text)))
    if match := _BUDGET.search(text):
        scope.budget = match.group(1)
    return scope


def leadership_signals(text: str) -> list[str]:
    """Phrases such as 'Led the move of 11 internal services' or 'Mentor two mid-level …'."""
    found = []
    for match in _LEADERSHIP.finditer(text):
        words = match.group(0).split()
        found.append(" ".join(words[:10]).rstrip(" -–—"))
    return list(dict.fromkeys(found))


def card_skills(text: str, resume_terms: Sequence[str]) -> list[str]:
    """Lexicon skills plus the resume's own Skills-section terms that occur in `text`."""
    return find_skills(text, extra=resume_terms)


_LABEL = re.compile(r"^\s*([A-Za-z][\w &/'’-]{0,30}?):\s+")
_ITEM_SPLIT = re.compile(r"[,;·•|]|\s+-\s+")
# A tab or a wide gap between words: the next column of a skills grid ('Conflict resolution
# <gap> Flexible and adaptive' in builder exports), a separator like a comma.
_COLUMN_GAP = re.compile(r"\t+|\s{3,}")


_NUMBERED = re.compile(rf"^\s*{ENUMERATOR}")  # '1.Autocad • 2.Catia': numbered items


def _top_level_split(text: str) -> list[str]:
    items: list[str] = []
    current: list[str] = []
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        in_number = ch == "," and text[i - 1 : i].isdigit() and text[i + 1 : i + 2].isdigit()
        if depth <= 0 and _ITEM_SPLIT.fullmatch(ch) and not in_number:  # '640,000' is one
            items.append("".join(current))
            current = []
        else:
            current.append(ch)
    items.append("".join(current))
    return items


def _looks_like_a_name(term: str) -> bool:
    """'tidyverse' no, 'lme4', 'BigQuery' yes; a note with a date or a colon ('daily since
    2018: surfaces') is not a name though it has digits."""
    return bool(re.search(r"[A-Z\d]", term)) and ":" not in term and not find_dates(term)


def skill_terms(line: str) -> list[str]:
    """'**Data:** PostgreSQL (partitioning), MySQL, R (tidyverse, lme4)' → the listed terms.

    Terms inside parentheses count only when the lexicon knows them or they look like a name
    ('tidyverse', 'lme4', 'BigQuery'); '(not recently)' or '(a lot)' are notes, not skills.
    """
    lexicon = load_skill_lexicon()
    body = _COLUMN_GAP.sub(";", _LABEL.sub("", line.replace("*", ""), count=1).strip())
    terms: list[str] = []
    for item in _top_level_split(body):
        main = _NUMBERED.sub("", re.sub(r"\([^)]*\)?", "", item)).strip(" .")
        if main and len(main) <= 60:
            terms.append(main)
        for inner in re.findall(r"\(([^)]*)\)", item):
            for term in re.split(r"[,;]", inner):
                term = term.strip(" .")
                if term and (lexicon.canonical(term) or _looks_like_a_name(term)):
                    terms.append(term)
    return list(dict.fromkeys(t for t in terms if re.search(r"\w", t)))
