"""Amounts and authority said without a digit: multiplicatives, vague quantities, absolute
results and a title the line makes the writer's own ("as their manager")."""

from __future__ import annotations

import pytest

from core.audit import audit_bullets
from core.contracts import ParsedResume, Severity, ViolationType
from core.ingest import parse_resume

V = ViolationType

RESUME = """# Lee Moreau

lee@example.com

## Experience

### Harrowgate Utilities — Operations Engineer
*March 2020 – Present*

- Wrote 25 runbooks for the on-call rotation of the billing platform.
- Kept the billing platform at 99.5% availability during the 2022 storm season.
- Mentored two junior engineers as their peer mentor in weekly pairing sessions.
- Cut the monthly cloud bill from $40,000 to $31,000 by resizing the database servers.
- Built about 30 dashboards on meter-read failures for the field teams.
- Covered the operations manager's desk during her two-week leave.
- Reduced meter-read failures from 2.4% to 1.6% with nightly retries.
- Trained 14 field technicians on the new meter app.

## Skills

Python, PostgreSQL, Grafana
"""


@pytest.fixture(scope="module")
def resume() -> ParsedResume:
    return parse_resume(RESUME.encode(), "fact_resume.md")


def _blockers(text: str, resume: ParsedResume) -> list[tuple[ViolationType, str, str]]:
    [verdict] = audit_bullets([text], resume=resume)
    return [
        (v.type, v.span, v.violation) for v in verdict.violations if v.severity == Severity.BLOCKER
    ]


@pytest.mark.parametrize(
    "line",
    [
        # multiplicatives
        "Tripled billing platform availability during the 2022 storm season.",
        "Cut the monthly cloud bill 15-fold by resizing the database servers.",
        "Halved meter-read failures with nightly retries.",
        # vague quantities
        "Wrote a score of runbooks for the on-call rotation of the billing platform.",
        "Trained dozens of field technicians on the new meter app.",
        "Built hundreds of dashboards on meter-read failures for the field teams.",
        # authority
        "Supervised two junior engineers as their manager in weekly pairing sessions.",
        "Ran operations as the operations manager during her two-week leave.",
        # absolutes
        "Kept the billing platform at zero downtime during the 2022 storm season.",
        "Reduced meter-read failures to zero with nightly retries.",
        "Reached 100% availability on the billing platform during the storm season.",
    ],
)
def test_a_claim_said_without_a_digit_is_held_to_the_evidence(resume, line):
    assert _blockers(line, resume), line


@pytest.mark.parametrize(
    "line",
    [
        "Wrote 25 runbooks for the billing platform's on-call rotation.",
        "Built dozens of dashboards on meter-read failures for the field teams.",
        "Mentored two junior engineers in weekly pairing sessions as their peer mentor.",
        "Covered the operations manager's desk during her two-week leave.",
        "Kept the billing platform at 99.5% availability during the 2022 storm season.",
        "Resized the database servers every month, cutting the cloud bill from $40,000 to $31,000.",
    ],
)
def test_the_same_facts_in_other_words_pass(resume, line):
    assert _blockers(line, resume) == [], line


def test_the_messages_say_what_the_words_mean_and_what_the_evidence_says(resume):
    [(kind, span, detail)] = _blockers(
        "Wrote a score of runbooks for the on-call rotation of the billing platform.", resume
    )
    assert kind == V.METRIC_CHANGED and span == "a score of runbooks"
    assert "means 18–22" in detail and "'25 runbooks" in detail
    found = _blockers("Supervised two junior engineers as their manager in weekly pairing.", resume)
    assert any(k == V.SCOPE_INFLATED and "Operations Engineer" in d for k, _, d in found), found


COUNTS = """# A

a@example.com

## Experience

### Harrowgate Utilities — Operations Engineer
*March 2020 – Present*

- Trained 3 new field technicians on the meter app.
- Cut meter-read failures across 15 districts with nightly retries.
- Cut the monthly cloud bill from $40,000 to $20,000 by resizing the servers.
"""


def test_a_multiplier_is_not_backed_by_a_count_of_the_same_value():
    resume = parse_resume(COUNTS.encode(), "fact_resume.md")
    tripled, fold, halved = audit_bullets(
        [
            "Tripled meter-read accuracy with nightly retries for 3 new field technicians.",
            "Cut meter-read failures 15-fold across districts with nightly retries.",
            "Halved the monthly cloud bill by resizing the servers.",
        ],
        resume=resume,
    )
    assert not tripled.supported and not fold.supported
    assert any("is a count" in v.violation for v in tripled.violations)
    assert halved.supported, halved.violations
