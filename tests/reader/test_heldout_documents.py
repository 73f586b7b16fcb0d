"""`python -m tools.heldout_documents`: held-out JSON Resumes rendered to files and scored with
`eval resumes`' matcher; labels are what the rendering prints."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tools.heldout_documents import heldout_files, label_of, score_heldout
from tools.line_data.build import held_out
from tools.line_data.compose import draw_style

PEOPLE = Path(__file__).resolve().parents[2] / "tools" / "line_data" / "people"


def _held_out_name(start: int = 0) -> str:
    return next(f"jr-{i:04d}.json" for i in range(start, 10_000) if held_out(f"jr-{i:04d}.json"))


def test_labels_are_the_roles_and_schools_as_printed():
    resume = json.loads((PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8"))
    style = draw_style(random.Random(1), "text")
    style.date_style, style.present = "year", "Current"
    label = label_of(resume, style)
    first = resume["work"][0]
    assert label["roles"][0] == {
        "title": first["position"],
        "employer": first["company"],
        "start": first["startDate"][:4],
        "end": "Current",  # no end date: the rendering prints its word for now
    }
    assert all(e["school"] for e in label["education"])
    assert label["name_present"] and label["name_sha256"]


def test_only_held_out_resumes_are_rendered_each_in_two_formats(tmp_path):
    folder = tmp_path / "jsonresume"
    folder.mkdir()
    kept = _held_out_name()
    trained = next(f"jr-{i:04d}.json" for i in range(10_000) if not held_out(f"jr-{i:04d}.json"))
    for name in (kept, trained):
        (folder / name).write_text("{}", encoding="utf-8")
    files = heldout_files(tmp_path)
    assert len(files) == 2 and files[0][1] != files[1][1]
    assert all(f.name == kept for f, _ in files)


def test_a_rendered_resume_is_read_and_scored(tmp_path):
    """A fictional person under a held-out name, rendered (text and Markdown: the first file's
    two formats) and read by the rule reader: its jobs found by the matcher."""
    folder = tmp_path / "jsonresume"
    folder.mkdir()
    resume = (PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8")
    (folder / _held_out_name()).write_text(resume, encoding="utf-8")
    report = score_heldout(tmp_path, ["rules"])["rules"]
    assert sorted(report["by_format"]) == ["markdown", "text"]
    totals = report["totals"]["all"]
    assert totals["files"] == 2
    assert totals["role_title_year"] >= 0.5, report["files"]


def test_the_skills_and_certificates_printed_are_the_labels_of_their_recall():
    resume = json.loads((PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8"))
    style = draw_style(random.Random(1), "text")
    keywords = resume["skills"][0]["keywords"]
    for skills_style in ("comma", "list", "named", "named_list"):
        style.skills_style = skills_style
        assert label_of(resume, style)["skills"] == keywords  # the keywords, not the group name
    assert label_of(resume, style)["certificates"] == ["BLS and ACLS", "Registered Nurse licence"]


def test_skills_and_certificate_recall_are_columns_of_their_own(tmp_path):
    folder = tmp_path / "jsonresume"
    folder.mkdir()
    resume = (PEOPLE / "p01-registered-nurse.json").read_text(encoding="utf-8")
    (folder / _held_out_name()).write_text(resume, encoding="utf-8")
    report = score_heldout(tmp_path, ["rules"])["rules"]
    totals = report["totals"]["all"]
    row = report["files"][0]
    assert row["skills"] == 5 and row["certificates"] == 2
    found = sum(r["skills_found"] for r in report["files"])
    assert totals["skills_recall"] == round(found / 10, 3) and found > 0
    assert set(report["by_format"]["text"]) >= {"role_recall", "skills_recall"}
