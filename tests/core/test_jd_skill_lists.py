"""A knowledge ask followed by lists that end in their own "skills" is cut into its asks."""

from __future__ import annotations

import pytest

from core.jd.analyze import analyze_jd
from core.jd.clauses import clauses


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        (  # HR manager
            "Knowledge of wage and hour laws (FLSA, FMLA), recruiting, interviewing and/or "
            "coaching skills, and strong presentation skills.",
            [
                "Knowledge of wage and hour laws (FLSA, FMLA)",
                "recruiting, interviewing and/or coaching skills",
                "strong presentation skills.",
            ],
        ),
        (  # account executive
            "Experience with Salesforce (Sales Cloud, CPQ), prospecting, cold calling and "
            "negotiation skills",
            [
                "Experience with Salesforce (Sales Cloud, CPQ)",
                "prospecting, cold calling and negotiation skills",
            ],
        ),
        (  # medical receptionist
            "Working knowledge of medical terminology, strong organizational skills",
            ["Working knowledge of medical terminology", "strong organizational skills"],
        ),
        (  # payroll: the objects of "knowledge of" stay with it
            "Knowledge of payroll, benefits and HR systems, and strong Excel skills",
            ["Knowledge of payroll, benefits and HR systems", "strong Excel skills"],
        ),
    ],
)
def test_a_knowledge_ask_and_its_skill_lists_are_separate_asks(text: str, asks: list[str]) -> None:
    assert clauses(text, bullet=True) == asks


@pytest.mark.parametrize(
    "text",
    [
        # one list of skills with one head: one ask
        "Excellent verbal and written communication, interpersonal, decision making and conflict "
        "management skills.",
        # a knowledge ask whose list has no head noun of its own
        "Knowledge of GAAP, IFRS and SOX",
        "Knowledge of food safety codes (HACCP, ServSafe)",
    ],
)
def test_a_single_list_stays_whole(text: str) -> None:
    assert clauses(text, bullet=True) == [text]


def test_the_analysed_ad_lists_each_ask() -> None:
    ad = (
        "Line Cook\nRequirements\n"
        "- Working knowledge of food safety codes (HACCP), grilling, sauteing and knife skills\n"
        "- 2+ years in a high-volume kitchen\n"
    )
    texts = [r.text for r in analyze_jd(ad).requirements]
    assert texts[:2] == [
        "Working knowledge of food safety codes (HACCP)",
        "grilling, sauteing and knife skills",
    ]
