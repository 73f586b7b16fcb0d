"""The audit reads numbers exactly. Each way a number can be misread is a case here,
run through `audit_bullets` against a real parsed resume (as `resumeforge audit` does)."""

from __future__ import annotations

import pytest

from core.audit import audit_bullets
from core.ingest import parse_resume

RESUME = """# Sam Rivera
sam@example.com

## Experience

### Northwind Freight - Senior Platform Engineer
2019 - 2024

- Signed 9 insurance partners for the claims marketplace.
- Hired 7 engineers and 4 analysts for the pricing group.
- Processed 1.2M orders a month through the new order pipeline.
- Cut p99 checkout latency from 800 ms to 120 ms.
- Moved 3.1 TB of shipment logs onto Amazon EKS.
- Handled 3M insurance claims a year with the rules engine.
- Raised conversion 7x on the self-serve signup flow.
- Cut onboarding time from 40 days to 30 days.

### Contoso Logistics - Platform Engineer
2015 - 2019

- Built the rate shopping service in Go.
"""


@pytest.fixture(scope="module")
def resume():
    return parse_resume(RESUME.encode(), "resume.md")


def supported(resume, line: str) -> bool:
    return audit_bullets([line], resume=resume)[0].supported


@pytest.mark.parametrize(
    "line",
    [
        "Signed ninety insurance partners for the claims marketplace.",
        "Hired seventy engineers and 4 analysts for the pricing group.",
        "Hired seventeen engineers and 4 analysts for the pricing group.",
        "Hired 7 engineers and fourteen analysts for the pricing group.",
        "Processed 1.2M orders a day through the new order pipeline.",
        "Cut median checkout latency from 800 ms to 120 ms.",
        "Senior Platform Engineer at Contoso Logistics, building the rate shopping service in Go.",
        "At Amazon, moved 3.1 TB of shipment logs onto Amazon EKS.",
        "Cut onboarding time by 25%.",
    ],
)
def test_walked_around_with_words_is_caught(resume, line):
    assert not supported(resume, line)


@pytest.mark.parametrize(
    "line",
    [
        "Signed nine insurance partners for the claims marketplace.",
        "Moved 3,100 GB of shipment logs onto Amazon EKS.",
        "Handled three million insurance claims a year with the rules engine.",
        "Raised conversion sevenfold on the self-serve signup flow.",
        "Cut onboarding time from 40 days to 30 days (25% faster).",
        "Cut onboarding time from 40 days to 30 days, 10 days sooner.",
        "Processed 1.2M orders a month through the new order pipeline.",
        "Cut p99 checkout latency from 800 ms to 120 ms.",
    ],
)
def test_true_restatements_pass(resume, line):
    verdict = audit_bullets([line], resume=resume)[0]
    assert verdict.supported, verdict.violations
