"""check_bullet: one test group per violation type, on hand-made cards and roles."""

from __future__ import annotations

import pytest

from core.audit import check_bullet
from core.contracts import (
    BulletVerdict,
    CardKind,
    EvidenceCard,
    Provenance,
    RoleEntry,
    Severity,
    ViolationType,
)

V = ViolationType

ROLES = [
    RoleEntry(
        id="r1",
        company="Northwind Freight",
        title="Senior Data Engineer, Logistics",
        timeframe="Mar 2020 – present",
        start="2020-03",
        end="present",
    ),
    RoleEntry(
        id="r2",
        company="Tidewater Bank",
        title="Associate Data Analyst",
        timeframe="Jun 2016 to Feb 2020",
        start="2016-06",
        end="2020-02",
    ),
]
TEXTS = {
    "pipeline": "Rebuilt the nightly freight pipeline in Python and Airflow; run time fell from "
    "140 minutes to 35 minutes across 2,400 daily loads.",
    "budget": "Served as project manager for a $2.5M grant-funded route-planning study.",
    "team": "I am one of five engineers on the Routing team, which owns the pricing service.",
    "pilot": "Ran a 2-month carbon-reporting pilot with 3 shippers; we paused it in 2022.",
    "fraud": "Built the fraud dashboard in Tableau for the card operations team, cutting manual "
    "reviews by 18%.",
    "regions": "Moved warehouse alerts onto Kafka for the Ohio and Texas depots.",
    "helped": "Helped migrate the reporting database to Snowflake.",
    "kubernetes": "Moved 6 batch jobs onto Kubernetes with Helm.",
    "loadtest": "Load-tested the quote API with k6 before peak season.",
    "covered": "Covered the data engineering manager's duties for 3 months while the post was "
    "open, reporting to the VP of Engineering.",
}


def card(key: str, role_id: str = "r1", card_id: str | None = None) -> EvidenceCard:
    role = next(r for r in ROLES if r.id == role_id)
    return EvidenceCard(
        id=card_id or key,
        kind=CardKind.EXPERIENCE_BULLET,
        raw_text=TEXTS[key],
        role_id=role_id,
        company=role.company,
        role=role.title,
        timeframe=role.timeframe,
        provenance=Provenance(source="fact.md", section="Experience"),
    )


RESUME = [
    card("pipeline"),
    card("budget"),
    card("team"),
    card("pilot"),
    card("fraud", "r2"),
    card("regions"),
    card("helped"),
    card("kubernetes"),
    card("loadtest"),
]


def check(text: str, *cited: EvidenceCard, role: RoleEntry | None = None) -> BulletVerdict:
    return check_bullet(
        text, bullet_id="b1", cited=list(cited), resume_cards=RESUME, roles=ROLES, role=role
    )


def blockers(verdict: BulletVerdict) -> set[ViolationType]:
    return {v.type for v in verdict.violations if v.severity == Severity.BLOCKER}


def test_every_card_passes_against_itself():
    for item in RESUME:
        role = next(r for r in ROLES if r.id == item.role_id)
        verdict = check(item.raw_text, item, role=role)
        assert verdict.supported, (item.id, verdict.violations)
        assert verdict.matched_card_ids == [item.id]


def test_faithful_rewording_passes():
    verdict = check(
        "Cut nightly freight pipeline run time from 140 to 35 minutes across 2,400 daily loads "
        "by rebuilding it in Python and Airflow.",
        card("pipeline"),
    )
    assert verdict.supported, verdict.violations


# --- numbers ------------------------------------------------------------------------------------


def test_changed_number_is_metric_changed_with_span_and_detail():
    verdict = check(
        "Rebuilt the freight pipeline; run time fell from 140 minutes to 53 minutes.",
        card("pipeline"),
    )
    found = [v for v in verdict.violations if v.type == V.METRIC_CHANGED]
    assert not verdict.supported and found
    assert found[0].span == "53" and "35" in found[0].violation


def test_new_number_is_metric_invented():
    verdict = check(
        "Rebuilt the nightly freight pipeline in Python and Airflow, saving $120K a year.",
        card("pipeline"),
    )
    assert blockers(verdict) == {V.METRIC_INVENTED}
    assert verdict.violations[0].span == "$120K"


@pytest.mark.parametrize(
    "text",
    [
        "Project manager for a $2.5 million grant-funded route-planning study.",
        "Project manager for a 2.5M-dollar grant-funded route-planning study.",
    ],
)
def test_money_written_differently_is_the_same_amount(text):
    assert check(text, card("budget")).supported


def test_number_words_and_digits_are_the_same_number():
    verdict = check("One of five engineers on the Routing team.", card("team"))
    assert verdict.supported
    assert not check("One of 6 engineers on the Routing team.", card("team")).supported


def test_percent_is_not_a_plain_count_or_a_multiplier():
    fraud = card("fraud", "r2")
    assert check("Built the fraud dashboard, cutting manual reviews by 18%.", fraud).supported
    assert not check("Built the fraud dashboard, cutting manual reviews by 18.", fraud).supported
    assert not check("Built the fraud dashboard, cutting manual reviews 18x.", fraud).supported


# --- skills -------------------------------------------------------------------------------------


def test_tool_nowhere_in_resume_is_a_blocker():
    verdict = check("Rebuilt the nightly freight pipeline in Python and Dagster.", card("pipeline"))
    assert blockers(verdict) == {V.SKILL_INVENTED}
    assert any(v.span == "Dagster" for v in verdict.violations)


def test_tool_elsewhere_in_resume_is_only_a_warning():
    verdict = check("Rebuilt the nightly freight pipeline in Python and Tableau.", card("pipeline"))
    assert verdict.supported
    warnings = [v for v in verdict.violations if v.type == V.SKILL_INVENTED]
    assert warnings and warnings[0].severity == Severity.WARNING


def test_a_named_tool_needs_its_own_name_not_its_category():
    assert check(
        "Load-tested the quote API with k6 before peak season.", card("loadtest")
    ).supported
    verdict = check("Load-tested the quote API with JMeter before peak season.", card("loadtest"))
    assert V.SKILL_INVENTED in blockers(verdict)


def test_a_short_form_of_a_named_tool_is_the_same_tool():
    assert check("Moved 6 batch jobs onto K8s with Helm.", card("kubernetes")).supported


def test_invented_certification_is_caught():
    verdict = check(
        "AWS Certified Solutions Architect who moved 6 batch jobs onto Kubernetes.",
        card("kubernetes"),
    )
    assert V.SKILL_INVENTED in blockers(verdict)


# --- employers, titles, dates -------------------------------------------------------------------


def test_work_credited_to_another_employer():
    verdict = check(
        "At Northwind Freight, built the fraud dashboard in Tableau, cutting reviews by 18%.",
        card("fraud", "r2"),
    )
    assert blockers(verdict) == {V.EMPLOYER_WRONG}
    assert "Tidewater Bank" in verdict.violations[0].violation


def test_right_employer_short_name_passes():
    verdict = check("At Tidewater, built the fraud dashboard in Tableau.", card("fraud", "r2"))
    assert verdict.supported, verdict.violations


@pytest.mark.parametrize(
    "title",
    ["Data Analyst", "Senior Data Analyst", "Lead Data Engineer"],
)
def test_title_not_held_is_title_inflated(title):
    verdict = check(
        f"As {title} at Tidewater Bank, built the fraud dashboard in Tableau.", card("fraud", "r2")
    )
    assert V.TITLE_INFLATED in blockers(verdict)


def test_own_title_with_or_without_qualifier_passes():
    for title in ("Senior Data Engineer", "Senior Data Engineer, Logistics"):
        verdict = check(
            f"{title} at Northwind Freight: rebuilt the nightly freight pipeline in Python.",
            card("pipeline"),
        )
        assert verdict.supported, (title, verdict.violations)
    verdict = check("As an associate data analyst, built the fraud dashboard.", card("fraud", "r2"))
    assert verdict.supported, verdict.violations


@pytest.mark.parametrize("title", ["Lead data engineer", "Data engineering manager"])
def test_a_title_opening_the_bullet_in_sentence_case_is_checked(title):
    verdict = check(
        f"{title} on the nightly freight pipeline, rebuilt in Python.", card("pipeline")
    )
    assert V.TITLE_INFLATED in blockers(verdict)
    verdict = check("Senior data engineer on the nightly freight pipeline.", card("pipeline"))
    assert verdict.supported, verdict.violations


@pytest.mark.parametrize(
    "claim",
    [
        "Served as Data Engineering Manager at Northwind Freight for 3 months.",
        "As VP of Engineering, covered the data engineering duties for 3 months.",
    ],
)
def test_a_title_the_evidence_gives_someone_else_is_not_the_candidates(claim):
    verdict = check(claim, card("covered"))
    assert V.TITLE_INFLATED in blockers(verdict), verdict.violations


def test_a_named_organisation_without_a_title_does_not_narrow_where_titles_come_from():
    # a sub-unit misread as a role (no title, no dates) must not hide the real role's title
    roles = [*ROLES, RoleEntry(id="r3", company="Routing desk (Fridays", title="")]
    verdict = check_bullet(
        "Senior Data Engineer, Logistics; Routing desk cover; rebuilt the nightly pipeline.",
        bullet_id="b1",
        cited=[card("pipeline")],
        resume_cards=RESUME,
        roles=roles,
    )
    assert V.TITLE_INFLATED not in blockers(verdict), verdict.violations


def test_start_year_moved_is_date_wrong():
    verdict = check(
        "Associate Data Analyst at Tidewater Bank from 2015 to 2020, building fraud dashboards.",
        card("fraud", "r2"),
    )
    assert blockers(verdict) == {V.DATE_WRONG}
    assert verdict.violations[0].span == "2015"


def test_since_year_before_the_role_started_is_date_wrong():
    verdict = check("Senior Data Engineer at Northwind Freight since 2019.", card("pipeline"))
    assert V.DATE_WRONG in blockers(verdict)
    assert check(
        "Senior Data Engineer at Northwind Freight since 2020.", card("pipeline")
    ).supported


def test_ongoing_claim_for_a_role_that_ended():
    verdict = check("Built fraud dashboards at Tidewater Bank, 2016–present.", card("fraud", "r2"))
    assert V.DATE_WRONG in blockers(verdict)


def test_year_inside_the_role_but_not_in_evidence_is_a_warning():
    verdict = check("In 2021, rebuilt the nightly freight pipeline in Python.", card("pipeline"))
    assert verdict.supported
    assert [v.severity for v in verdict.violations if v.type == V.DATE_WRONG] == [Severity.WARNING]


# --- scope --------------------------------------------------------------------------------------


def test_led_where_evidence_says_one_of_the_team():
    verdict = check("Led the Routing team of five engineers.", card("team"))
    assert V.SCOPE_INFLATED in blockers(verdict)
    assert (
        "one of five" in next(v for v in verdict.violations if v.type == V.SCOPE_INFLATED).violation
    )


def test_a_team_member_may_not_claim_the_team_s_ownership():
    """The evidence says the team owns it and the person is one of five (member level): "owned
    … with the team" raises that; saying the member's part passes."""
    verdict = check("Owned the pricing service with the Routing team.", card("team"))
    assert V.SCOPE_INFLATED in blockers(verdict)
    assert check("One of five engineers on the team that owns the pricing service.", card("team"))


def test_helped_is_not_led():
    verdict = check(
        "Spearheaded the migration of the reporting database to Snowflake.", card("helped")
    )
    assert V.SCOPE_INFLATED in blockers(verdict)


def test_scaled_where_evidence_says_pilot_and_paused():
    verdict = check("Scaled carbon reporting to 3 shippers as a product line.", card("pilot"))
    assert V.SCOPE_INFLATED in blockers(verdict)


def test_principal_investigator_for_a_project_manager():
    verdict = check(
        "Principal investigator for a $2.5M grant-funded route-planning study.", card("budget")
    )
    assert V.SCOPE_INFLATED in blockers(verdict)


def test_bigger_team_is_scope_inflated_not_a_metric():
    verdict = check("Managed a team of 12 engineers running the pricing service.", card("team"))
    assert V.SCOPE_INFLATED in blockers(verdict)
    assert V.METRIC_INVENTED not in blockers(verdict)


def test_wider_geography_and_breadth():
    assert check(
        "Moved warehouse alerts onto Kafka for the Ohio and Texas depots.", card("regions")
    ).supported
    assert V.SCOPE_INFLATED in blockers(
        check("Moved global warehouse alerts onto Kafka.", card("regions"))
    )
    assert V.SCOPE_INFLATED in blockers(
        check("Moved company-wide warehouse alerts onto Kafka.", card("regions"))
    )


def test_whole_or_entire_before_a_measure_is_still_breadth_but_all_n_is_a_count():
    evidence = card("pipeline")  # "... across 2,400 daily loads"
    for claim in (
        "Rebuilt the entire 2,400-load nightly freight pipeline in Python and Airflow.",
        "Rebuilt the whole 140-minute nightly freight pipeline in Python and Airflow.",
    ):
        assert V.SCOPE_INFLATED in blockers(check(claim, evidence)), claim
    verdict = check("Rebuilt the nightly freight pipeline for all 2,400 daily loads.", evidence)
    assert V.SCOPE_INFLATED not in blockers(verdict), verdict.violations


# --- citations ----------------------------------------------------------------------------------


def test_no_citation_is_uncited():
    verdict = check("Rebuilt the nightly freight pipeline.")
    assert not verdict.supported
    assert [v.type for v in verdict.violations] == [V.UNCITED]
    assert verdict.violations[0].violation  # a sentence a person can read


def test_a_claim_its_evidence_does_not_make_is_blocked():
    verdict = check("Knitted 2,400 scarves for a llama sanctuary.", card("pipeline"))
    assert not verdict.supported
    other = [v for v in verdict.violations if v.type == V.OTHER]
    assert other and "scarves" in other[0].violation


def test_start_month_moved_is_date_wrong():
    verdict = check("Senior Data Engineer at Northwind Freight since Jan 2020.", card("pipeline"))
    assert V.DATE_WRONG in blockers(verdict)
    assert "Mar 2020" in verdict.violations[0].violation
    assert check(
        "Senior Data Engineer at Northwind Freight since March 2020.", card("pipeline")
    ).supported


def test_a_unit_changed_on_the_same_number_is_metric_changed():
    verdict = check(
        "Rebuilt the nightly freight pipeline; run time fell from 140 hours to 35 minutes.",
        card("pipeline"),
    )
    assert blockers(verdict) == {V.METRIC_CHANGED}


def test_a_changed_end_of_a_from_to_pair_is_caught_even_if_the_number_is_elsewhere():
    # "35" is in the evidence, but not as the end of "from 140 minutes to …"
    verdict = check("Run time fell from 140 minutes to 2,400 minutes.", card("pipeline"))
    assert blockers(verdict) == {V.METRIC_CHANGED}
    assert "140 to 2,400" in verdict.violations[0].violation


def test_the_jobs_word_for_a_method_the_evidence_describes_is_allowed():
    gamedays = EvidenceCard(
        id="gd",
        raw_text="Ran quarterly game days in staging where we broke our own dependencies.",
        role_id="r1",
        provenance=Provenance(source="fact.md"),
    )
    verdict = check("Ran quarterly chaos engineering exercises in staging.", gamedays)
    assert verdict.supported, verdict.violations
    # …but a tool is only backed by its own name: CloudFormation is not Terraform
    iac = EvidenceCard(
        id="cf",
        raw_text="Wrote CloudFormation templates for the team's queues and databases.",
        role_id="r1",
        provenance=Provenance(source="fact.md"),
    )
    assert check("Wrote infrastructure as code for the team's queues.", iac).supported
    assert not check(
        "Wrote Terraform templates for the team's queues and databases.", iac
    ).supported


@pytest.mark.parametrize(
    ("evidence", "line", "inflated"),
    [
        ("Ran the quarterly planning review.", "Led the quarterly planning review.", False),
        ("Helped lead the quarterly planning review.", "Led the quarterly planning review.", True),
        ("Co-owned the quarterly planning review.", "Owned the quarterly planning review.", True),
        (
            "Moved the team's 9 services to EKS.",
            "Moved all 9 of the team's services to EKS.",
            False,
        ),
        ("Moved the team's 9 services to EKS.", "Moved all of the team's services to EKS.", True),
    ],
)
def test_scope_wording(evidence, line, inflated):
    source = EvidenceCard(
        id="x", raw_text=evidence, role_id="r1", provenance=Provenance(source="f")
    )
    verdict = check(line, source)
    assert (V.SCOPE_INFLATED in blockers(verdict)) is inflated, verdict.violations


def test_a_change_whose_ends_are_apart_in_the_evidence_is_still_a_pair():
    audits = EvidenceCard(
        id="au",
        raw_text=(
            "Late invoices found in the quarterly review fell from 52 in the first review to 9 "
            "a year later; 3 regional offices took part."
        ),
        role_id="r1",
        provenance=Provenance(source="fact.md"),
    )
    assert check("Late invoices fell from 52 to 9 within a year.", audits).supported
    # "3" is in the evidence, but not as the end of "from 52 …"
    verdict = check("Late invoices fell from 52 to 3 within a year.", audits)
    assert blockers(verdict) == {V.METRIC_CHANGED}
    assert "52 to 9" in verdict.violations[0].violation


def test_a_tool_named_like_a_title_in_a_list_is_not_a_title():
    from core.audit.names import find_titles

    found = find_titles("Graphic Designer | Photoshop; InDesign; Illustrator.")
    assert [t.text for t in found] == ["Graphic Designer"]
    # with a level word it is a title, list or not
    found = find_titles("Art Director; Senior Illustrator at Acme Press")
    assert "Senior Illustrator" in [t.text for t in found]


def test_a_title_at_a_named_employer_comes_from_that_employers_lines_only():
    summary = EvidenceCard(
        id="sum",
        kind=CardKind.SUMMARY,
        raw_text="Data analyst with 8 years of fraud dashboards in Tableau.",
        role_id=None,
        provenance=Provenance(source="fact.md"),
    )
    line = "Data Analyst at Tidewater Bank, built the fraud dashboard in Tableau."
    verdict = check(line, card("fraud", "r2"), summary)
    assert V.TITLE_INFLATED in blockers(verdict)  # there the title was Associate Data Analyst
    # without an employer the summary's words may carry the line
    verdict = check("Data analyst who built fraud dashboards in Tableau.", summary)
    assert V.TITLE_INFLATED not in blockers(verdict)
