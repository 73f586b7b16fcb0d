"""What kind of thing a job requirement asks for, read from its text.

    "OSHA 30 card"                                   -> credential
    "B.S. in Civil or Environmental Engineering"     -> degree
    "5+ years of store management experience"       -> years
    "Proficiency in Figma"                           -> tool
    "A proven track record of growing comp sales"    -> achievement
    "Bilingual in English and Spanish"               -> language
    "Must be authorized to work in the US"           -> logistics (shown, never matched)
    anything else                                    -> responsibility

The cue words are data (core/data/requirement_kinds.json); the order of the checks is the rule:
the most specific kind wins ("a BSN and an RN licence" is a degree requirement first).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from core.contracts import Requirement, RequirementKind
from core.text.levels import Level, any_pattern, data_table, level_table
from core.text.number_words import SMALL
from core.text.variants import find_credentials

_YEARS = re.compile(
    r"\b(?:\d+(?:\.\d+)?\s*\+?|one|two|three|four|five|six|seven|eight|nine|ten)\s*"
    r"(?:\+\s*)?(?:or more\s+)?years?\b",
    re.IGNORECASE,
)
_TOOL_CUES = re.compile(
    r"^\s*(?:strong |advanced |expert |solid |hands-on |working |daily )?"
    r"(?:proficien\w*|expert(?:ise)?|knowledge|familiarity|experience|fluency|skills?|use)\b"
    r"(?: (?:with|in|of|using))?",
    re.IGNORECASE,
)
_TOOL_WORDS = 9  # a tool requirement names the tool and little else


def kind_data() -> dict[str, Any]:
    return data_table("requirement_kinds.json")


@lru_cache(maxsize=1)
def degree_table() -> tuple[Level, ...]:
    """Degree levels, lowest first (high school diploma … doctorate)."""
    return level_table(
        (entry["name"], entry["level"], any_pattern(entry["patterns"]))
        for entry in kind_data()["degree_levels"]
    )


@lru_cache(maxsize=16)
def _any_of(key: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in kind_data()[key]), re.IGNORECASE)


def degree_mentions(text: str) -> Iterator[tuple[Level, re.Match[str]]]:
    """Each degree `text` names, with its level. Letters that begin a product name of the
    maintained term list (core/data/skill_terms.txt) name none: 'MS Office', 'MS Excel',
    'JD Edwards' are software, 'MS in Nursing' and 'MBA, Finance' are degrees."""
    for level in degree_table():
        for match in level.pattern.finditer(text):
            if not _starts_product_name(text, match):
                yield level, match


_NEXT_WORDS = re.compile(r"(?:\s+[A-Za-z0-9][\w+#.-]*){1,3}")


def _starts_product_name(text: str, match: re.Match[str]) -> bool:
    letters = match.group(0).replace(".", "").strip()
    if not letters.isupper():  # 'bachelor', 'master of' are never product names
        return False
    after = _NEXT_WORDS.match(text, match.end())
    if not after:
        return False
    from core.jd.phrases import skill_terms

    words = after.group(0).split()
    terms = skill_terms()
    return any(" ".join([letters, *words[:n]]).lower() in terms for n in range(1, len(words) + 1))


def degree_in_progress() -> re.Pattern[str]:
    """Words that say a degree is not held yet ("expected 2026", "in progress", "candidate"):
    one rule for mapping (reported as in progress) and the audit (never claimed as held)."""
    return _any_of("degree_in_progress")


def _is_language(text: str) -> bool:
    languages = "|".join(re.escape(x) for x in kind_data()["languages"])
    names_one = re.search(rf"\b(?:{languages})\b", text) is not None
    return names_one and _any_of("language_cues").search(text) is not None


def _is_degree(text: str) -> bool:
    named = next(degree_mentions(text), None) is not None
    return named or re.search(r"\bdegree\b", text, re.IGNORECASE) is not None


def _is_tool(text: str) -> bool:
    from core.ingest import find_skills

    words = len(text.split())
    return words <= _TOOL_WORDS and bool(find_skills(text)) and bool(_TOOL_CUES.search(text))


def requirement_kind(text: str) -> RequirementKind:
    """The kind of one requirement text (see the module docstring for the order)."""
    text = text.replace("’", "'")  # the cue words spell apostrophes straight ("driver's")
    if _any_of("logistics").search(text):
        return RequirementKind.LOGISTICS
    if _is_language(text):
        return RequirementKind.LANGUAGE
    if _is_degree(text):
        return RequirementKind.DEGREE
    if find_credentials(text) or _any_of("credential").search(text):
        return RequirementKind.CREDENTIAL
    if _YEARS.search(text):
        return RequirementKind.YEARS
    if _any_of("achievement").search(text):
        return RequirementKind.ACHIEVEMENT
    if _is_tool(text):
        return RequirementKind.TOOL
    return RequirementKind.RESPONSIBILITY


def is_quality(text: str) -> bool:
    """A personal quality rather than a thing done ("Responsible and compassionate", "A team
    player with excellent communication and interpersonal skills"): every word of four letters
    or more names a quality (core/data/requirement_kinds.json, "qualities") or only qualifies
    one. A resume shows these through what was done, so the gap question asks for that."""
    words = set(re.findall(r"[a-z][a-z-]{3,}", text.lower().replace("’", "'")))
    qualities = _word_set("qualities")
    return bool(words & qualities) and words <= qualities | _word_set("quality_filler")


@lru_cache(maxsize=4)
def _word_set(key: str) -> frozenset[str]:
    return frozenset(kind_data()[key])


def kind_of(req: Requirement) -> RequirementKind:
    """The requirement's kind as analysed, or read from its text when it has none."""
    return req.kind or requirement_kind(req.text)


def asked_years(text: str) -> float | None:
    """Years of experience a requirement text asks for ("5+ years", "three years")."""
    match = _YEARS.search(text)
    if not match:
        return None
    number = re.match(r"\s*(\d+(?:\.\d+)?|[a-z]+)", match.group(0), re.IGNORECASE)
    token = number.group(1).lower() if number else ""
    return float(token) if token[:1].isdigit() else float(SMALL.get(token, 0)) or None
