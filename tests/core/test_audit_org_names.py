"""Employers are matched as whole names, and an organisation's own name is never scope."""

from __future__ import annotations

import pytest

from core.audit import audit_bullets
from core.contracts import ParsedResume, Severity, ViolationType
from core.ingest import parse_resume
from core.text.orgs import org_key, same_org, suffixed_names

V = ViolationType

RESUME = """# Dana Whitlock

dana@example.com

## Summary

Operations lead who hits the sales target most months.

## Experience

### Global Freight Partners — Logistics Coordinator
*April 2021 – Present*

- Schedule about 45 inbound trucks a day for a distribution center in Manhattan WMS.
- Moved the carrier portal to Kubernetes on Amazon EKS with the IT team.
- Matched carrier remittances weekly, cutting unapplied cash from $90,000 to $12,000.

### National Parcel Corp — Dispatch Clerk
*May 2017 – March 2021*

- Dispatched 60 delivery routes a day from a parcel sort center.
- Wrote a route-sheet checker in Go that caught 300 address errors a month.

### Tech Startup Inc — Data Analyst
*2015 – 2017*

- Ran 12 A/B tests on the onboarding flow.

## Skills

Manhattan WMS, Redis, Go, Amazon EKS, Oracle Financials
"""


@pytest.fixture(scope="module")
def resume() -> ParsedResume:
    return parse_resume(RESUME.encode(), "fact_resume.md")


def _blocked_as(text: str, resume: ParsedResume) -> list[tuple[ViolationType, str, str]]:
    [verdict] = audit_bullets([text], resume=resume)
    return [
        (v.type, v.span, v.violation) for v in verdict.violations if v.severity == Severity.BLOCKER
    ]


@pytest.mark.parametrize(
    "line, org",
    [
        ("Logistics Coordinator at Amazon, scheduling 45 inbound trucks a day.", "Amazon"),
        ("Dispatch Clerk at Google, dispatching 60 delivery routes a day.", "Google"),
        ("Dispatch Clerk at Goodyear, dispatching 60 delivery routes a day.", "Goodyear"),
        ("Dispatch Clerk at GoDaddy, dispatching 60 delivery routes a day.", "GoDaddy"),
        ("Store Manager at Oracle, scheduling 45 inbound trucks a day.", "Oracle"),
        ("Logistics Coordinator at Target, scheduling 45 inbound trucks a day.", "Target"),
        ("Logistics Coordinator at Redis, scheduling 45 inbound trucks a day.", "Redis"),
        ("Logistics Coordinator at Manhattan, scheduling 45 inbound trucks a day.", "Manhattan"),
        ("Dispatch Clerk at National Bank, dispatching 60 delivery routes a day.", "National Bank"),
    ],
)
def test_an_employer_smuggled_in_as_a_word_or_a_technology_is_blocked(resume, line, org):
    found = _blocked_as(line, resume)
    assert any(kind == V.EMPLOYER_WRONG and span == org for kind, span, _ in found), found


def test_the_message_says_how_the_resume_uses_the_letters(resume):
    [(_, _, target)] = _blocked_as(
        "Logistics Coordinator at Target, scheduling 45 inbound trucks a day.", resume
    )
    assert "as a word, not a name" in target
    found = _blocked_as(
        "Logistics Coordinator at Amazon, scheduling 45 inbound trucks a day.", resume
    )
    assert any("'Amazon EKS'" in detail for _, _, detail in found), found


@pytest.mark.parametrize(
    "line",
    [
        "At Global Freight Partners, scheduled about 45 inbound trucks a day in Manhattan WMS.",
        "Dispatched 60 delivery routes a day at National Parcel Corp.",
        "At Tech Startup Inc, ran 12 A/B tests on the onboarding flow.",
        "Matched carrier remittances every week, cutting unapplied cash from $90,000 to $12,000.",
        "Logistics Coordinator at Global Freight Partners, scheduling 45 inbound trucks a day.",
    ],
)
def test_organisation_names_are_not_scope_or_titles(resume, line):
    assert _blocked_as(line, resume) == []


def test_organisation_names_compare_whole_with_the_legal_suffix_optional():
    assert org_key("National Parcel Corp") == "national parcel"
    assert same_org("Acme, Inc.", "Acme")
    assert not same_org("Pacific Bank", "Pacific Trading Co")
    text = "Shipped goods for Global Logistics Corp and for a global retailer."
    assert [text[a:b] for a, b in suffixed_names(text)] == ["Global Logistics Corp"]
