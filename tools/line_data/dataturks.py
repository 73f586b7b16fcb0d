"""DataTurks' Indeed resumes (entity spans) -> line labels, a second, real source.

A line covered mostly by one entity span takes that entity's label. Other lines are labelled
by the Indeed export's fixed template: its section headings are a closed set printed in
capitals, so a line equal to one is a heading of that meaning, and an uncovered line takes
the role its section gives it (a date line, a bullet, a paragraph). These are weak labels
from one generator's template, reported as such.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.text.contact import URL, find_contacts
from core.text.dates import find_dates

INDEED_HEADINGS = {
    "WORK EXPERIENCE": "experience",
    "EDUCATION": "education",
    "SKILLS": "skills",
    "ADDITIONAL INFORMATION": "other",
    "LINKS": "other",
    "CERTIFICATIONS/LICENSES": "certifications",
    "PUBLICATIONS": "publications",
    "AWARDS": "awards",
    "GROUPS": "other",
    "PATENTS": "publications",
    "MILITARY SERVICE": "experience",
}
ENTITY_LABEL = {
    "Name": "name",
    "Email Address": "contact",
    "Designation": "title",
    "Companies worked at": "employer",
    "Degree": "education",
    "College Name": "education",
    "Graduation Year": "education",
    "Skills": "skills",
    "Years of Experience": "summary",
    "Location": "dates",
}
SECTION_LABEL = {
    "education": "education",
    "skills": "skills",
    "certifications": "certification",
    "awards": "certification",
}
BULLETS = "•●▪◦➢✓-*–·"


def _covering(spans: list[tuple[int, int, str]], start: int, end: int) -> str | None:
    """The entity covering most of the line: a third of it, or from the line's start."""
    best, best_len, best_start = None, 0, -1
    for s, e, label in spans:
        overlap = min(e, end) - max(s, start)
        if overlap > best_len:
            best, best_len, best_start = label, overlap, s
    if best and (best_len * 3 >= end - start or abs(best_start - start) <= 2):
        return best
    return None


def _is_date_line(text: str) -> bool:
    spans = find_dates(text)
    covered = sum(len(s.text) for s in spans)
    return bool(spans) and covered * 2 >= len(text.strip())


def label_record(record: dict[str, Any]) -> list[tuple[str, str, str | None]]:
    content: str = record["content"]
    spans = [
        (p["start"], p["end"] + 1, ENTITY_LABEL[a["label"][0]])
        for a in record.get("annotation") or []
        if a.get("label") and a["label"][0] in ENTITY_LABEL
        for p in a["points"]
    ]
    out: list[tuple[str, str, str | None]] = []
    section, offset = None, 0
    for raw in content.split("\n"):
        start, end = offset, offset + len(raw)
        offset = end + 1
        text = raw.strip()
        if not text:
            out.append(("", "", None))
            continue
        if text in INDEED_HEADINGS:
            section = INDEED_HEADINGS[text]
            out.append((raw, "heading", section))
            continue
        entity = _covering(spans, start + len(raw) - len(raw.lstrip()), end)
        label = _line_label(text, entity, section, len(out))
        if label == "description" and out and out[-1][1] == "bullet":
            label = "bullet"  # a bullet's wrapped line keeps its label, as in the generator
        out.append((raw, label, None))
    return out


def _line_label(text: str, entity: str | None, section: str | None, index: int) -> str:
    if section is None:  # the header block above the first heading
        if entity == "name":
            return "name"
        contact = index <= 3 or "indeed.com" in text or find_contacts(text) or URL.search(text)
        return "contact" if contact else "summary"
    if section in SECTION_LABEL:
        return SECTION_LABEL[section]
    if entity == "dates" or (entity is None and _is_date_line(text)):
        return "dates"
    if entity in ("title", "employer"):
        return entity
    if section == "experience":
        return "bullet" if text[0] in BULLETS else "description"
    return "other"


def load(path: Path) -> list[dict[str, Any]]:
    """One document per record: id, source, format, family, lines."""
    docs = []
    for number, row in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if row.strip():
            lines = label_record(json.loads(row))
            docs.append(
                {
                    "id": f"dataturks-{number:03d}",
                    "source": "dataturks",
                    "format": "text",
                    "family": "indeed",
                    "lines": lines,
                }
            )
    return docs
