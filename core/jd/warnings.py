"""What to tell the user when a job ad reads badly (too few requirements, no qualifications)."""

from __future__ import annotations

from core.contracts import JDAnalysis

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
