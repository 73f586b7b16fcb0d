"""Degree names as people write them, from the maintained vocabulary in core/data/degrees.json.

`DEGREE` finds a degree or school-leaving qualification in an education line ('B.S.', 'A.S :
Nursing', 'Associate of Applied Science', 'H. S. C.', 'MBA'). Add a form to the data file and every
education reader picks it up; no degree is written into code.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

DEGREES_PATH = Path(__file__).resolve().parent.parent / "data" / "degrees.json"


def _abbreviation(letters: str) -> str:
    """'BSc' → B, Sc chunks with optional dots and a space between: 'B.Sc.', 'B. Sc', 'BSc'."""
    chunks = re.findall(r"[A-Z][a-z]*", letters)
    return r"\.?\s?".join(re.escape(chunk) for chunk in chunks) + r"\.?"


def _dotted(form: str) -> str:
    """'B.E.' → dots required, a space allowed after each: 'B.E.', 'B. E.'."""
    return r"\.\s?".join(re.escape(part) for part in form.rstrip(".").split(".")) + r"\."


def degree_pattern(data: dict) -> re.Pattern[str]:
    abbreviations = sorted(data["abbreviations"], key=len, reverse=True)
    letters = "|".join(_abbreviation(a) for a in abbreviations)
    dotted = "|".join(_dotted(d) for d in data["dotted"])
    phrases = "|".join(re.escape(p) for p in sorted(data["phrases"], key=len, reverse=True))
    return re.compile(
        rf"(?<![A-Za-z.])(?:{letters})(?![A-Za-z])"
        rf"|(?<![A-Za-z.])(?:{dotted})"
        rf"|\b(?i:{phrases})(?![A-Za-z])"
    )


DEGREE = degree_pattern(json.loads(DEGREES_PATH.read_text(encoding="utf-8")))

# the field a degree names, up to the next separator: 'Doctor of Pharmacy', 'Diploma in Hotel
# Management', 'Bachelor of Science in Accounting', "Bachelor's Degree in Systems Engineering"
_FIELD = re.compile(
    r"\s*(?P<joiner>(?:[Dd]egree\s+)?(?:of|in)\s+)?[A-Z][^,|｜(\n]*?(?=\s*(?:[,|｜(\n]|\s[-—–]\s|\s{2}|$))"
)


def without_degree(text: str) -> str:
    """`text` with every degree and the field it names removed (what is left may name a school:
    'Doctor of Pharmacy' leaves nothing, 'BSN, Lakeside College' leaves the college)."""
    out, pos = [], 0
    for match in DEGREE.finditer(text):
        out.append(text[pos : match.start()])
        field = _FIELD.match(text, match.end())
        joined = match.group(0).lower().endswith((" of", " in"))  # 'Doctor of' + 'Pharmacy'
        pos = field.end() if field and (joined or field.group("joiner")) else match.end()
    return "".join(out) + text[pos:]
