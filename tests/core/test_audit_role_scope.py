"""A line is held to the role it stands under: its tools must be that role's, and in its time."""

from __future__ import annotations

import json

from core.audit import audit_bullets, check_bullet
from core.audit.names import oriented
from core.cli import main
from core.contracts import ParsedResume, Severity, ViolationType
from core.ingest import parse_resume

V = ViolationType

RESUME = """# Sam Okafor

sam@example.com

## Summary

Engineer who builds forecasting models and the services around them.

## Experience

### Quillfeather Labs — Senior Engineer
*March 2023 – Present*

- Built an answer assistant with LangChain over 9,000 support articles.
- Deployed the assistant on Google Cloud Run with autoscaling.

### Marrowbone Foods — Engineer
*June 2019 – February 2023*

- Developed demand-forecasting models using scikit-learn and XGBoost for 600 products.
- Stored 80 model features in PostgreSQL for three teams.

## Skills

Python, scikit-learn, XGBoost, LangChain, PostgreSQL, Google Cloud Run, Snowflake
"""


def _resume() -> ParsedResume:
    return parse_resume(RESUME.encode(), "fact_resume.md")


def _blockers(verdict):
    return [v for v in verdict.violations if v.severity == Severity.BLOCKER]


def test_a_tool_from_another_role_is_blocked_and_both_roles_are_named():
    [verdict] = audit_bullets(
        ["Developed demand-forecasting models using scikit-learn and XGBoost, on Cloud Run."],
        resume=_resume(),
    )
    assert not verdict.supported
    [finding] = [v for v in _blockers(verdict) if v.type == V.SKILL_INVENTED]
    assert "Cloud Run" in finding.span
    assert "Quillfeather Labs" in finding.violation and "Marrowbone Foods" in finding.violation


def test_the_tools_of_the_lines_own_role_pass():
    verdicts = audit_bullets(
        [
            "Developed demand-forecasting models with scikit-learn and XGBoost for 600 products.",
            "Deployed the answer assistant on Google Cloud Run with autoscaling.",
        ],
        resume=_resume(),
    )
    assert all(v.supported for v in verdicts), [v.violations for v in verdicts]


def test_a_tool_only_in_the_skills_list_is_a_warning_not_a_block():
    [verdict] = audit_bullets(
        ["Stored 80 model features in Snowflake for three teams."], resume=_resume()
    )
    assert verdict.supported
    [warning] = [v for v in verdict.violations if v.type == V.SKILL_INVENTED]
    assert warning.severity == Severity.WARNING and "Marrowbone Foods" in warning.violation


def test_a_drafted_role_line_citing_another_roles_card_does_not_borrow_its_tool():
    resume = _resume()
    roles = [oriented(r) for r in resume.roles]
    marrowbone = next(r for r in roles if "Marrowbone" in r.company)
    by_text = {c.raw_text[:20]: c for c in resume.cards}
    cited = [by_text["Developed demand-for"], by_text["Deployed the assista"]]
    verdict = check_bullet(
        "Developed demand-forecasting models using XGBoost, deployed on Google Cloud Run.",
        cited=cited,
        resume_cards=list(resume.cards),
        roles=roles,
        role=marrowbone,
    )
    assert any(v.span in ("Google Cloud", "Run", "Cloud Run") for v in _blockers(verdict))


def test_a_tool_dated_before_the_first_role_that_shows_it_is_blocked():
    resume = _resume()
    summary = next(c for c in resume.cards if c.kind.value == "summary")
    verdict = check_bullet(
        "Builds forecasting models and the services around them, using LangChain since 2020.",
        cited=[summary],
        resume_cards=list(resume.cards),
        roles=[oriented(r) for r in resume.roles],
    )
    assert any(v.type == V.DATE_WRONG and v.span == "LangChain" for v in _blockers(verdict))


def test_a_year_the_evidence_states_dates_nothing_new():
    text = "Taught Research Methods in Psychology (PSY 2010) to 35 students."
    resume = parse_resume(
        (
            "# A\n\n## Experience\n\n### Carrow College — Lecturer\n*2019 – 2021*\n\n"
            f"- {text}\n\n### Whitford University — Assistant\n*2012 – 2018*\n\n"
            "- Ran psychology lab sessions.\n"
        ).encode(),
        "r.md",
    )
    [verdict] = audit_bullets([text], resume=resume)
    assert verdict.supported, verdict.violations


def _cli(tmp_path, capsys, bullets: str, *extra: str) -> list[dict]:
    (tmp_path / "facts.md").write_text(RESUME, encoding="utf-8")
    (tmp_path / "bullets.md").write_text(bullets, encoding="utf-8")
    args = ["audit", "--resume", str(tmp_path / "facts.md"), "--bullets"]
    assert main([*args, str(tmp_path / "bullets.md"), "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)["bullets"]


def test_the_audit_command_places_lines_by_the_drafts_headings(tmp_path, capsys):
    line = "Deployed the demand-forecasting models on Google Cloud Run with autoscaling."
    [row] = _cli(tmp_path, capsys, f"### Marrowbone Foods — Engineer\n- {line}\n")
    assert row["verdict"] == "unsupported"
    assert any("not under Marrowbone Foods" in v["detail"] for v in row["violations"])


def test_the_audit_command_places_every_line_with_role(tmp_path, capsys):
    line = "Built an answer assistant with LangChain over 9,000 support articles."
    [placed] = _cli(tmp_path, capsys, f"- {line}\n", "--role", "Marrowbone Foods")
    assert placed["verdict"] == "unsupported"
    [free] = _cli(tmp_path, capsys, f"- {line}\n")
    assert free["verdict"] == "supported"


def test_an_unknown_role_is_bad_input(tmp_path, capsys):
    (tmp_path / "facts.md").write_text(RESUME, encoding="utf-8")
    (tmp_path / "bullets.md").write_text("- Built things.\n", encoding="utf-8")
    args = ["audit", "--resume", str(tmp_path / "facts.md"), "--bullets"]
    assert main([*args, str(tmp_path / "bullets.md"), "--role", "Nowhere Ltd"]) == 2
    assert "Quillfeather Labs" in capsys.readouterr().err
