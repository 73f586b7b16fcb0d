"""What a recruiter must never read in a finished resume, checked on the document's own text.

Markdown residue ("**MSN**", "### Education", backticks), mojibake ("â€™", "Ã©", "ï¼", "�"),
invisible characters inside words (the readers' own `INVISIBLE` rule), page furniture
("Page 1 of 2", "1/2", "Curriculum Vitae"), sensitive personal data (date of birth, marital
status, national ID / social security / passport numbers, religion) and lines in the first
person. The writer leaves such lines out; the same checks run on the DOCX body and on
the PDF text (core/render/format_check.py, tests).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from core.text.normalize import INVISIBLE

FIRST_PERSON = re.compile(
    r"(?<![\w'’-])(?:i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|me|my|mine|myself|we|we're|we’re|"
    r"we've|we’ve|us|our|ours|ourselves)(?![\w'’-])",
    re.I,
)
_US_ACRONYM = re.compile(r"(?<![\w.])US(?![\w])")  # "US" the country, written in capitals
# A grade after a capitalised title word ("Staff Engineer I", "Analyst I, Finance") is a roman
# numeral, not the pronoun: the pronoun "I" is followed by a verb in lower case ("Then I led").
_GRADE_I = re.compile(r"(\b[A-Z][\w&]*\s+)I(?![\w'’-])(?!\s+[a-z])")

MARKDOWN_RESIDUE = re.compile(
    r"\*\*|__\w|(?:^|\s)#{1,6}\s|`|(?<![\w*])\*(?=\S)[^*]+(?<=\S)\*(?![\w*])|^\s*[-*+]\s|\]\(",
)
# UTF-8 read as Latin-1 / Windows-1252: a lead byte (â Ã Â ï) then a continuation byte shown as a
# C1 control or a cp1252 symbol ("â€™", "Ã©", "â\x80¢", "ï¼"); and the replacement character.
_CONTINUATION = (
    "\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc"
    "\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122"
)
MOJIBAKE = re.compile(f"[âÃÂï][{_CONTINUATION}]|\ufffd")
FURNITURE = re.compile(
    r"^\s*(?:page\s+\d+(?:\s+of\s+\d+)?|\d+\s*/\s*\d+|-\s*\d+\s*-|curriculum vitae|"
    r"r[ée]sum[ée]|references available upon request\.?)\s*$",
    re.I,
)
SENSITIVE = re.compile(
    r"\b(?:date of birth|d\.?o\.?b\.?|born on|marital status|married|divorced|widowed|"
    r"nationality|religion|social security|ssn|passport (?:no|number)|national id|"
    r"id (?:no|number)|aadhaar|gender\s*:|sex\s*:|number of children)\b",
    re.I,
)


def first_person(text: str) -> bool:
    """Does `text` speak in the first person ("I", "my", "we", "our", "us" but not "US")?"""
    text = _GRADE_I.sub(r"\1 ", _US_ACRONYM.sub(" ", text))
    return FIRST_PERSON.search(text) is not None


CHECKS = (
    ("Markdown residue", MARKDOWN_RESIDUE.search),
    ("garbled characters (mojibake)", MOJIBAKE.search),
    ("invisible characters", INVISIBLE.search),
    ("page furniture", FURNITURE.search),
    ("sensitive personal data", SENSITIVE.search),
    ("first-person wording", first_person),
)


def without_mojibake(text: str) -> str:
    """`text` with mis-decoded UTF-8 repaired ("Managerâ€™s" → "Manager’s") where the bytes
    survived, else with the garbled sequence removed (they are no characters the author wrote)."""
    if not MOJIBAKE.search(text):
        return text
    for codec in ("cp1252", "latin-1"):
        try:
            repaired = text.encode(codec).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if not MOJIBAKE.search(repaired):
            return repaired
    removed = MOJIBAKE.sub(" ", text)
    return " ".join(re.sub(r"\s+([,.;:])", r"\1", removed).split())


def text_problems(lines: Iterable[str]) -> dict[str, list[str]]:
    """Problem name → the lines that show it (only problems that occur)."""
    found: dict[str, list[str]] = {}
    for line in lines:
        for name, check in CHECKS:
            if check(line):
                found.setdefault(name, []).append(line)
    return found


def text_warnings(lines: Iterable[str]) -> list[str]:
    """Human-readable warnings for the lines of a finished document (empty list = none)."""
    warnings: list[str] = []
    for name, bad in text_problems(lines).items():
        shown = bad[0] if len(bad[0]) <= 60 else bad[0][:59] + "…"
        warnings.append(
            f"{len(bad)} line(s) with {name}, e.g. '{shown}': a recruiter would see it; "
            "edit or remove the line."
        )
    return warnings
