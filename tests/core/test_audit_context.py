"""Evidence scope per role (core/audit/context.py), employers and titles per role, and
credentials through the shared variant rules."""

from __future__ import annotations

import pytest

from core.audit import check_bullet
from core.contracts import ViolationType
from core.ingest import parse_resume

V = ViolationType

RESUME = """# Jo Doe
jo@example.com

## Certifications
- ACLS Provider (American Heart Association), valid through 2026

## Experience

### Senior Paralegal - Harborline Mutual
2019 - 2024

- Co-led the migration of 4,200 legacy agreements with the Records lead.
- The contract program had a construction value of $5.6M across 3 sites.
- Manage a team of 3 direct reports in contract review.

### Paralegal - Dowling Reyes LLP
2015 - 2019

- Abstracted 380 commercial leases for a grocery client.
"""


@pytest.fixture(scope="module")
def resume():
    return parse_resume(RESUME.encode(), "resume.md")


def verdict(resume, text, needle):
    cited = [c for c in resume.cards if needle in c.raw_text]
    assert cited, needle
    roles = {r.id: r for r in resume.roles}
    return check_bullet(
        text,
        cited=cited,
        resume_cards=resume.cards,
        roles=resume.roles,
        role=roles.get(cited[0].role_id or ""),
    )


def blockers(v):
    return {x.type for x in v.violations if x.severity.value == "BLOCKER"}


def test_a_number_from_another_line_of_the_same_role_is_not_invented(resume):
    text = "Co-led the migration of 4,200 legacy agreements on a $5.6M contract program."
    assert V.METRIC_INVENTED not in blockers(verdict(resume, text, "4,200"))
    wrong = "Co-led the migration of 4,200 legacy agreements on a $7.5M contract program."
    assert blockers(verdict(resume, wrong, "4,200")) & {V.METRIC_INVENTED, V.METRIC_CHANGED}


def test_an_achievement_credited_to_another_employer_is_employer_wrong(resume):
    text = "At Harborline Mutual, abstracted 380 commercial leases for a grocery client."
    assert V.EMPLOYER_WRONG in blockers(verdict(resume, text, "380"))
    assert verdict(
        resume, "Abstracted 380 commercial leases for a grocery client.", "380"
    ).supported


def test_a_senior_title_from_another_employer_is_title_inflated(resume):
    text = "Senior Paralegal at Dowling Reyes LLP, abstracting 380 commercial leases."
    assert V.TITLE_INFLATED in blockers(verdict(resume, text, "380"))


def test_credentials_keep_their_variant_and_may_come_from_the_credential_lines(resume):
    held = "Co-led the migration of 4,200 legacy agreements; holds ACLS Provider."
    other = "Co-led the migration of 4,200 legacy agreements; holds ACLS Instructor."
    assert V.SKILL_INVENTED not in blockers(verdict(resume, held, "4,200"))
    assert V.SKILL_INVENTED in blockers(verdict(resume, other, "4,200"))


def test_lead_a_team_of_direct_reports_the_resume_states_is_not_a_title(resume):
    line = "Lead a team of 3 direct reports in contract review."
    verdict_ = verdict(resume, line, "direct reports")
    assert verdict_.supported, verdict_.violations
    inflated = verdict(resume, "Lead a team of 5 direct reports in contract review.", "direct")
    assert not inflated.supported
