"""A term is read whole: its words scattered over the resume do not state it."""

from __future__ import annotations

from core.audit import audit_bullets
from core.contracts import Severity
from core.ingest import parse_resume

RESUME = """# Ari Lindqvist

ari@example.com

## Experience

### Quillfeather Labs — Engineer
*March 2021 – Present*

- Built an answer assistant over 9,000 support articles and deployed it on Google Cloud Run.
- Added monitoring of answer latency with alerts to the on-call channel.
- Mapped 312 stormwater outfalls for the City's MS4 annual report.
- Supported the Brennan Falls NPDES MS4 permit.

## Skills

Python, AI, Google Cloud Run
"""


def _blocked(text: str) -> list[str]:
    resume = parse_resume(RESUME.encode(), "fact_resume.md")
    [verdict] = audit_bullets([text], resume=resume)
    return [v.span for v in verdict.violations if v.severity == Severity.BLOCKER]


def test_a_product_name_assembled_from_words_of_different_lines_is_blocked():
    assert "Cloud Monitoring" in _blocked(
        "Built an answer assistant over 9,000 support articles, with Cloud Monitoring alerts."
    )


def test_a_qualified_term_is_not_backed_by_its_last_word_alone():
    assert "generative AI" in _blocked(
        "Built a generative AI answer assistant over 9,000 support articles."
    )


def test_names_side_by_side_and_stated_names_pass():
    assert _blocked("Deployed the answer assistant on Google Cloud Run.") == []
    assert _blocked("Mapped 312 stormwater outfalls for the City's NPDES MS4 permit.") == []


def test_a_kind_of_tool_the_resume_never_names_is_blocked():
    assert "planogram software" in _blocked(
        "Built an answer assistant over 9,000 support articles with planogram software."
    )
    assert "yard management system" in _blocked(
        "Mapped 312 stormwater outfalls in a yard management system for the City's MS4 report."
    )


def test_an_owner_before_a_kind_of_tool_is_not_part_of_its_kind():
    # the possessive's "s" is no word of the kind (it was read as one and never found)
    line = "Mapped 312 stormwater outfalls for the City's NPDES MS4 permit and the City's system."
    assert _blocked(line) == []
    assert "yard management system" in _blocked(
        "Mapped 312 stormwater outfalls in the City's yard management system."
    )


def test_a_tool_described_in_the_resumes_own_words_passes():
    assert _blocked("Added answer latency monitoring to the on-call alert system.") == []
