"""A finding says exactly what differs and names the line of the resume it was compared with."""

from __future__ import annotations

from core.audit import audit_bullets
from core.contracts import Severity
from core.ingest import parse_resume

RESUME = """# Noor Haddad

noor@example.com

## Experience

### Copperline Couriers — Dispatcher
*2019 – Present*

- Cut missed pickups from 40 a month to 12 by checking route sheets against customer windows.
- Wrote 25 runbooks for the night shift.
- Kept the tracking service's p99 latency at 180 ms during the holiday peak.
"""


def _details(text: str) -> list[str]:
    resume = parse_resume(RESUME.encode(), "fact_resume.md")
    [verdict] = audit_bullets([text], resume=resume)
    return [v.violation for v in verdict.violations if v.severity == Severity.BLOCKER]


def test_the_same_number_over_another_period_says_which_period():
    [detail] = _details("Cut missed pickups from 40 a day to 12 by checking route sheets.")
    assert "a day here, but a month in the evidence" in detail
    assert "'40' does not match the evidence, which says '40" not in detail


def test_the_same_number_as_another_statistic_says_which():
    [detail] = _details("Kept the tracking service's median latency at 180 ms in the holiday peak.")
    assert "median here, but p99 in the evidence" in detail


def test_a_finding_names_the_line_it_was_compared_with():
    [detail] = _details("Wrote 35 runbooks for the night shift.")
    assert "'25'" in detail and 'compared with exp-r01-b02: "Wrote 25 runbooks' in detail
