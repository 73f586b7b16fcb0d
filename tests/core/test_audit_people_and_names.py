"""Evasions the probe suite's tuning part showed: authority over a person named by title, a
course or credential made of a known name and an ordinary word, an absolute about another
thing than the evidence's, a multiplier backed by a frequency ("twice a week"), and a title
that is someone else's or stated after the employer's name."""

from __future__ import annotations

import pytest

from core.audit import audit_bullets
from core.audit.quantities import find_quantities
from core.contracts import CardKind, ParsedResume, Severity, ViolationType

V = ViolationType
METRIC = {V.METRIC_CHANGED, V.METRIC_INVENTED}
SCOPE = {V.SCOPE_INFLATED}
SKILL = {V.SKILL_INVENTED}
TITLE = {V.TITLE_INFLATED}

RESUME = """# Noor Haddad

noor@example.com

## Experience

### Tallis Print Works — Production Coordinator
*May 2021 – Present*

- Ran the press floor walks with the plant foreman to check make-ready times.
- Cut paper waste from 12% to 10% by re-imposing the long runs in Prinergy and checking plates
  twice a week.
- Passed every customer audit in 2022 and 2023 with no major findings.
- Taught the ISO 12647 color workflow and physical proofing to 5 press operators.
- Ran the 2022 capacity review with the production director.
- Supervised the bindery crew leads on the night shift.
- Helped the lead estimator price 30 jobs a month.
- Checked every proof for art director review.
- Prepared the bid packages for the general counsel.

### Orrin Signs — Print Assistant
*June 2018 – April 2021*

- Prepared vinyl signs and banners for 40 local businesses.

## Skills

Prinergy, color management, preflight, imposition

## Certifications

- G7 Expert (2022)
- Certified Print Production Manager (2023)
"""


@pytest.fixture(scope="module")
def resume() -> ParsedResume:
    from core.ingest import parse_resume

    return parse_resume(RESUME.encode(), "fact_resume.md")


def _blockers(text: str, resume: ParsedResume) -> set[ViolationType]:
    [verdict] = audit_bullets([text], resume=resume)
    return {v.type for v in verdict.violations if v.severity == Severity.BLOCKER}


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        # a led-level verb over a person the evidence names only beside the writer
        ("Supervised the plant foreman on the press floor walks.", SCOPE),
        ("Directed the production director's 2022 capacity review.", SCOPE),
        # a known name with an ordinary capitalised word is one name (a course, a credential)
        ("Taught ISO Physics and physical proofing to 5 press operators.", SKILL),
        ("Holds the G7 Color credential and runs color management.", SKILL),
        # an absolute that qualifies a thing the evidence's absolute is not about
        ("Earned a perfect rating on every customer audit in 2022 and 2023.", METRIC),
        # a title the evidence gives someone else (helped the …, for … review), or one stated
        # right after the employer's name
        ("Worked as Lead Estimator at Tallis Print Works, pricing 30 jobs a month.", TITLE),
        ("As an art director at Tallis Print Works, checked every proof.", TITLE | SCOPE),
        ("Served as general counsel at Tallis Print Works, preparing bid packages.", TITLE),
        ("Tallis Print Works Production Manager, running the press floor walks.", TITLE),
        # "twice a week" is a frequency: it backs no ratio
        ("Halved paper waste by re-imposing the long runs in Prinergy.", METRIC),
    ],
)
def test_evasion_is_blocked(line: str, kinds: set[ViolationType], resume: ParsedResume) -> None:
    assert _blockers(line, resume) & kinds


@pytest.mark.parametrize(
    "line",
    [
        "Ran the press floor walks with the plant foreman.",
        "Supervised the bindery crew leads on the night shift.",
        "Ran the 2022 capacity review with the production director.",
        "Tallis Print Works Production Coordinator, running the press floor walks.",
        "Helped the lead estimator price 30 jobs a month.",
        "Passed every customer audit in 2022 and 2023 with no major findings.",
        "Cut paper waste from 12% to 10% by re-imposing the long runs in Prinergy.",
        "Taught the ISO 12647 color workflow to five press operators.",
    ],
)
def test_the_faithful_line_passes(line: str, resume: ParsedResume) -> None:
    assert _blockers(line, resume) == set()


def test_twice_a_week_is_a_count_over_a_week_and_doubled_a_ratio() -> None:
    twice, doubled = find_quantities("met twice a week and doubled output")
    assert (twice.kind, twice.value, twice.rate) == ("count", 2.0, "week")
    assert (doubled.kind, doubled.value) == ("multiplier", 2.0)
    [weekly] = find_quantities("checked it twice weekly")
    assert weekly.rate == "week"


def test_a_certification_gives_no_title_or_employer(resume: ParsedResume) -> None:
    from core.audit.truth import evidence_roles

    # the reader files a credential named like a job in the card's role field
    [cert] = [c for c in resume.cards if c.kind == CardKind.CERTIFICATION and c.role]
    assert evidence_roles([cert], resume.roles, None) == []
    [verdict] = audit_bullets(["Ran color management as their plant manager."], resume=resume)
    assert not any(cert.role in v.violation for v in verdict.violations)


def test_the_authority_finding_quotes_the_person_as_written(resume: ParsedResume) -> None:
    [verdict] = audit_bullets(["Supervised our plant foreman on press walks."], resume=resume)
    spans = {v.span for v in verdict.violations if v.type == V.SCOPE_INFLATED}
    assert "Supervised our plant foreman" in spans
