"""The job title a posting advertises, and the level it implies.

The title is the first short segment of the header that names a role ("Meterwise — Senior
Platform Engineer (Developer Platform)", "Group Product Manager, Self-Serve Growth"), or the
value of a 'Title:' label; a parenthesised or comma-separated qualifier after it is the team or
specialty. An ad whose header names no role gets the candidate phrase a small learned model
scores best (`core.jd.title_model`): a first line, a 'looking for …' phrase, a role it names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.jd.sections import Section
from core.jd.title_model import best_title

# Highest first: the first rule whose pattern matches the title decides the level.
LEVEL_RULES: tuple[tuple[str, str], ...] = (
    ("VP", r"\b(vp|vice president|chief|cto|cpo|ceo|svp|evp)\b"),
    ("Director", r"\b(director|head of)\b"),
    ("Senior Manager", r"\b(senior|sr\.?) manager\b|\bgroup \w*\s*manager\b"),
    ("Manager", r"\b(engineering|people|team|design|research|data science|delivery) manager\b"),
    ("Principal", r"\b(principal|distinguished|fellow)\b"),
    ("Staff", r"\bstaff\b"),
    ("Lead", r"\b(lead|leader)\b"),
    ("Senior", r"\b(senior|sr\.?)\b|\biii\b"),
    ("Junior", r"\b(junior|jr\.?|entry[- ]level|graduate|intern|apprentice|trainee)\b"),
    ("Mid", r"\b(mid[- ]level|intermediate|ii)\b"),
    ("Manager", r"\bmanager\b(?<!product manager)(?<!program manager)(?<!project manager)"),
)


@dataclass(frozen=True)
class Title:
    title: str = ""
    specialty: str = ""


def detect_title(sections: list[Section]) -> Title:
    """The advertised title: the one a header or a 'Title:' label states, else the phrase the
    learned model scores best (`core.jd.title_model`)."""
    return Title(*best_title(sections))


def level_from_title(title: str) -> str | None:
    low = title.lower()
    for level, pattern in LEVEL_RULES:
        if re.search(pattern, low):
            return level
    return None


def level_from_years(years: float | None) -> str | None:
    if years is None:
        return None
    for floor, level in ((12, "Principal"), (8, "Staff"), (5, "Senior"), (2, "Mid")):
        if years >= floor:
            return level
    return "Junior"
