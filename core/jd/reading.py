"""How a job ad was read: warnings when it reads badly, and which lines went where."""

from __future__ import annotations

from core.contracts import JDAnalysis
from core.jd.sections import NEVER_REQUIREMENTS

MIN_REQUIREMENTS = 3
MOSTLY_BOILERPLATE = 0.5  # above this share of the ad's lines, it reads as mostly notices
QUALIFICATION_SECTIONS = frozenset({"requirements", "nice_to_have"})
FIRST_LINES = 8


def reading_warnings(analysis: JDAnalysis) -> list[str]:
    """Plain-language warnings about a thin reading of the ad; empty when it read well."""
    count = len(analysis.requirements)
    if count < MIN_REQUIREMENTS:
        read = {0: "no requirement", 1: "only 1 requirement"}.get(
            count, f"only {count} requirements"
        )
        return [
            f"We could read {read} from this job ad. Paste its requirements part, "
            "or check that its bullets are on separate lines."
        ]
    boilerplate, lines = boilerplate_share(analysis)
    if lines and boilerplate / lines > MOSTLY_BOILERPLATE:
        return [
            f"Most of this job ad ({boilerplate} of its {lines} lines) read as notices, pay, "
            "benefits or company text, not as what the job asks for. Check that this is the "
            "ad itself, or paste its requirements part."
        ]
    if not any(r.section in QUALIFICATION_SECTIONS for r in analysis.requirements):
        return [
            "We found no qualifications section in this job ad, so its requirements were taken "
            "from the duties. Paste its requirements part if it has one."
        ]
    return []


DUTY_SECTIONS = frozenset({"responsibilities"})


def boilerplate_share(analysis: JDAnalysis) -> tuple[int, int]:
    """(lines read as boilerplate, all lines read), headings not counted."""
    counts = [
        (s.kind in NEVER_REQUIREMENTS, sum(1 for line in s.text.splitlines() if line.strip()))
        for s in analysis.sections
    ]
    return sum(n for never, n in counts if never), sum(n for _, n in counts)


def first_lines_read(analysis: JDAnalysis, limit: int = FIRST_LINES) -> list[str]:
    """The first lines of the text as it was read (headings included), so a reader can see
    what went wrong: markup left in, one long line, the wrong part of a page."""
    lines: list[str] = []
    for section in analysis.sections:
        lines += [section.heading] if section.heading.strip() else []
        lines += [line for line in section.text.splitlines() if line.strip()]
        if len(lines) >= limit:
            break
    return [line if len(line) <= 200 else line[:199] + "…" for line in lines[:limit]]


def lines_by_role(analysis: JDAnalysis) -> dict[str, list[str]]:
    """Which lines were read as requirements, duties and boilerplate, so a misread shows."""
    duties = [
        line
        for s in analysis.sections
        if s.kind in DUTY_SECTIONS
        for line in s.text.splitlines()
        if line.strip()
    ]
    boilerplate = [
        line
        for s in analysis.sections
        if s.kind in NEVER_REQUIREMENTS
        for line in s.text.splitlines()
        if line.strip()
    ]
    return {
        "requirements": [r.text for r in analysis.requirements],
        "duties": duties,
        "boilerplate": boilerplate,
    }
