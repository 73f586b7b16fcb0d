"""`eval resumes`: the label matching rules and the command on the real and dev folders."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.contracts import RoleEntry
from core.evaluation.resume_match import (
    date_key,
    education_matches,
    label_start,
    matched_count,
    role_matches,
    text_matches,
)
from tests.conftest import EVAL_DEV, needs_shared

EVAL_REAL = EVAL_DEV.parent / "real"


def test_dates_compare_normalised_as_written():
    assert date_key("Jan. 2018") == date_key("01/2018") == date_key("2018-01-15") == "2018-01"
    assert date_key("Current") == date_key("to date") == "present"
    assert date_key("2018") == "2018" != date_key("May 2018")


def test_a_start_month_written_without_its_year_takes_the_end_year():
    role = RoleEntry(id="r1", title="Intern", company="Acme", start="2023-06", end="2023-08")
    label = {"title": "Intern", "employer": "Acme", "start": "Jun", "end": "Aug 2023"}
    assert label_start(label) == "2023-06" and role_matches(label, role)
    assert not role_matches({**label, "end": "Aug 2024"}, role)
    assert label_start({"start": "Nov", "end": "Feb 2020"}) == "2019-11"  # across the new year
    assert label_start({"start": "Jun", "end": "Present"}) == "Jun"  # no year to take


def test_text_matching_ignores_case_space_and_punctuation_but_not_content():
    assert text_matches("Staff Accountant", "STAFF  accountant")
    assert text_matches("Site Reliability Engineer", "SiteReliabilityEngineer")
    assert not text_matches("Engineer", "Senior Staff Software Engineer, Platform")
    assert not text_matches("Staff Accountant", "")


def test_roles_match_one_to_one_on_title_and_dates():
    labels = [
        {"title": "Nurse", "employer": None, "start": "06/2016", "end": None},
        {"title": "Nurse", "employer": None, "start": "2010", "end": "2013"},
    ]
    found = [RoleEntry(id="r01", title="Nurse", start="2016-06", end="present")]
    assert matched_count(labels, found, role_matches) == 1
    wrong_date = [RoleEntry(id="r01", title="Nurse", start="2016-07")]
    assert matched_count(labels[:1], wrong_date, role_matches) == 0


def test_education_needs_degree_and_school():
    label = {"degree": "BSN", "school": "South University", "year": None}
    assert education_matches(label, RoleEntry(id="e1", title="BSN", company="South University"))
    assert not education_matches(label, RoleEntry(id="e1", title="BSN", company="Other College"))


@pytest.mark.slow
@needs_shared
def test_eval_resumes_command_scores_real_and_dev_folders(capsys):
    assert main(["eval", "resumes", "--cases", str(EVAL_REAL)]) == 0
    out = capsys.readouterr().out
    assert "r13_senior-accountant" in out and "held-back" in out and "role_recall" in out
    assert main(["eval", "resumes", "--cases", str(EVAL_DEV)]) == 0
    out = capsys.readouterr().out
    assert "dev-05-hvac-facilities-supervisor" in out and "quotes" in out


def test_eval_resumes_without_the_folder_is_a_clear_input_error(tmp_path, capsys):
    assert main(["eval", "resumes", "--cases", str(tmp_path / "nope")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_hashed_labels_check_the_right_name_and_find_other_peoples_data_in_cards(tmp_path):
    """A label file of our own keeps personal data as hashes: the name must be the right one
    (not merely some name), and a referee's phone found in a card is counted as third-party data."""
    from core.evaluation.resume_eval import evaluate_labelled
    from core.evaluation.resume_match import label_hash

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(
        "Dana Okafor\ndana.okafor@example.org\n\n## Experience\n"
        "Line Cook, Harbor Grill, 2019 - 2023\n- Prepped 300 covers a night\n\n"
        "## Education\nCulinary Arts Certificate, Lakeview Community College, 2018\n\n"
        "## References\nMarta Ruiz, Head Chef, 555-201-7788\n",
        encoding="utf-8",
    )
    label = {
        "file": "a.md",
        "format": "Markdown",
        "name_present": True,
        "email_present": True,
        "phone_present": False,
        "name_sha256": label_hash("Dana Okafor"),
        "email_sha256": label_hash("dana.okafor@example.org"),
        "roles": [
            {"title": "Line Cook", "employer": "Harbor Grill", "start": "2019", "end": "2023"}
        ],
        "education": [{"degree": "Culinary Arts Certificate", "school": None, "year": "2018"}],
        "certifications": [],
        "junk_lines": [],
        "sensitive_sha256": [label_hash("555-201-7788")],
    }
    labels = tmp_path / "labels.json"
    labels.write_text(json.dumps([label]), encoding="utf-8")
    (tmp_path / "split.json").write_text(json.dumps({"heldback": ["a.md"]}), encoding="utf-8")
    report = evaluate_labelled(tmp_path / "docs", labels)
    row = report["files"][0]
    assert row["split"] == "held-back" and row["name_found"] and row["email_found"]
    assert report["totals"]["held-back"]["role_recall"] == 1.0
    assert report["by_format"]["Markdown"]["files"] == 1
    # the referee's phone is either left out of every card or counted, never silently passed
    in_cards = any("5552017788" in c.raw_text.replace("-", "") for c in _cards(tmp_path))
    assert bool(row["junk_in_cards"]) == in_cards

    wrong = dict(label, name_sha256=label_hash("Someone Else"))
    labels.write_text(json.dumps([wrong]), encoding="utf-8")
    assert not evaluate_labelled(tmp_path / "docs", labels)["files"][0]["name_found"]


def _cards(folder):
    from core.ingest import parse_extracted, read_path

    return parse_extracted(read_path(folder / "docs" / "a.md")).cards
