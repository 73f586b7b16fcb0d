"""JSON Resume (jsonresume.org) input → the same structures as a text resume."""

from __future__ import annotations

import json

import pytest

from core.contracts import CardKind
from core.errors import InputError
from core.ingest import parse_resume

RESUME = {
    "basics": {
        "name": "Ada Example",
        "email": "ada@example.com",
        "phone": "555-0100",
        "url": "https://ada.example.com",
        "summary": "Platform engineer. I like boring deploys.",
        "location": {"city": "Berlin", "countryCode": "DE"},
        "profiles": [{"network": "GitHub", "url": "https://github.example.com/ada"}],
    },
    "work": [
        {
            "name": "Acme",
            "position": "Staff Engineer",
            "startDate": "2019-04-01",
            "summary": "Owned the deploy platform. Led a team of 4 engineers.",
            "highlights": [
                "Cut deploy time from 40 minutes to 6 with Argo CD",
                "Moved 12 services to Kubernetes on EKS",
            ],
        },
        {"name": "Globex", "position": "Developer", "startDate": "2015", "endDate": "2019"},
    ],
    "education": [
        {"institution": "Lakeside University", "area": "Physics", "studyType": "B.S.",
         "endDate": "2015", "courses": ["Statistics"]}
    ],
    "skills": [{"name": "Infrastructure", "keywords": ["Kubernetes", "Terraform", "toil budgets"]}],
    "projects": [{"name": "pgrollout", "description": "A Go CLI for schema changes.",
                  "highlights": ["1,100 GitHub stars"]}],
    "certificates": [{"name": "CKA", "date": "2022", "issuer": "CNCF"}],
    "interests": [{"name": "Skiing"}],
}  # fmt: skip


def parsed(data=RESUME):
    return parse_resume(json.dumps(data).encode(), "resume.json")


def test_json_resume_maps_to_roles_cards_and_contact():
    result = parsed()
    assert [(r.id, r.company, r.title, r.start, r.end) for r in result.roles] == [
        ("r01", "Acme", "Staff Engineer", "2019-04", "present"),
        ("r02", "Globex", "Developer", "2015", "2019"),
    ]
    assert result.education[0].company == "Lakeside University"
    assert result.education[0].title == "B.S., Physics"
    assert result.contact.email == "ada@example.com"
    assert result.contact.links == ["https://ada.example.com", "https://github.example.com/ada"]
    assert result.skills == ["Infrastructure", "Kubernetes", "Terraform", "toil budgets"]


def test_json_paths_are_the_provenance():
    cards = {c.provenance.section: c for c in parsed().cards}
    bullet = cards["work[0].highlights[1]"]
    assert bullet.raw_text == "Moved 12 services to Kubernetes on EKS"
    assert (bullet.kind, bullet.role_id, bullet.company) == (
        CardKind.EXPERIENCE_BULLET,
        "r01",
        "Acme",
    )
    assert bullet.section == "Experience"
    assert {"Kubernetes", "EKS"} <= set(bullet.skills)
    assert [m.value for m in bullet.metrics] == ["12"]
    sentences = [c for c in parsed().cards if c.provenance.section == "work[0].summary"]
    assert [c.raw_text for c in sentences] == [
        "Owned the deploy platform.",
        "Led a team of 4 engineers.",
    ]
    assert sentences[1].scope.team_size == 4
    assert "projects[0].highlights[0]" in cards and "certificates[0].name" in cards


def test_contact_details_never_reach_card_text():
    for card in parsed().cards:
        assert "ada@example.com" not in card.raw_text and "555-0100" not in card.raw_text


def test_skipped_sections_are_warned_about():
    assert parsed().warnings == ["Skipped JSON Resume section(s): interests."]


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ([1, 2, 3], "is JSON but not a JSON Resume"),
        ({"name": "x"}, "is JSON but not a JSON Resume"),
        ({"work": {"name": "Acme"}}, "'work' must be a list"),
        ({"basics": {"name": "Only A Name"}}, "no work, education, skills"),
    ],
)
def test_json_that_is_not_a_usable_json_resume(payload, message):
    with pytest.raises(InputError, match=message):
        parsed(payload)
