"""How a job ad was read: warnings when it reads badly, and which lines went where."""

from __future__ import annotations

from core.contracts import JDAnalysis
from core.jd.sections import NEVER_REQUIREMENTS

MIN_REQUIREMENTS = 3
QUALIFICATION_SECTIONS = frozenset({"requirements", "nice_to_have"})


def reading_warnings(analysis: JDAnalysis) -> list[str]:
    """Plain-language warnings about a thin reading of the ad; empty when it read well."""
    count = len(analysis.requirements)
    if count < MIN_REQUIREMENTS:
        noun = "requirement" if count == 1 else "requirements"
        return [
            f"We could read only {count} {noun} from this job ad. Paste its requirements part, "
            "or check that its bullets are on separate lines."
        ]
    if not any(r.section in QUALIFICATION_SECTIONS for r in analysis.requirements):
        return [
            "We found no qualifications section in this job ad, so its requirements were taken "
            "from the duties. Paste its requirements part if it has one."
        ]
    return []


DUTY_SECTIONS = frozenset({"responsibilities"})


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
