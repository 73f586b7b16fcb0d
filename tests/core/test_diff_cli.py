"""`resumeforge diff RUN_A RUN_B` and the base of a run's diff_from_base.md."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from core.cli import main
from core.contracts import Blackboard, Inputs, ParsedResume, ResumeDraft
from core.pipeline.run_report import previous_run
from core.render.roundtrip import body_paragraphs


def write_run(folder: Path, *, resume_hash: str, jd: str, mtime: float) -> Path:
    """A run folder as far as the diff base cares: audit.json with the resume hash and JD."""
    folder.mkdir(parents=True)
    board = {"resume": {"content_hash": resume_hash}, "inputs": {"job_description": jd}}
    audit = folder / "audit.json"
    audit.write_text(json.dumps({"blackboard": board}))
    os.utime(audit, (mtime, mtime))
    return folder


def current(resume_hash: str = "h1", jd: str = "Platform engineer JD") -> Blackboard:
    resume = ParsedResume(source_name="fact_resume.md", content_hash=resume_hash)
    return Blackboard(inputs=Inputs(job_description=jd), resume=resume)


def test_diff_base_is_the_newest_run_of_the_same_resume_and_job(tmp_path):
    older = write_run(tmp_path / "older", resume_hash="h1", jd="Platform engineer JD", mtime=100)
    newer = write_run(tmp_path / "newer", resume_hash="h1", jd="Platform engineer JD", mtime=200)
    write_run(tmp_path / "other-job", resume_hash="h1", jd="Product manager JD", mtime=300)
    write_run(tmp_path / "other-resume", resume_hash="h2", jd="Platform engineer JD", mtime=400)
    (tmp_path / "not-a-run").mkdir()
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "audit.json").write_text("{not json")
    assert previous_run(tmp_path / "this", current()) == newer
    assert previous_run(tmp_path / "newer", current()) == older  # never the folder itself


def test_diff_base_is_none_for_the_first_run_of_a_job(tmp_path):
    write_run(tmp_path / "other-job", resume_hash="h1", jd="Product manager JD", mtime=300)
    write_run(tmp_path / "other-resume", resume_hash="h2", jd="Platform engineer JD", mtime=400)
    assert previous_run(tmp_path / "this", current()) is None
    assert previous_run(tmp_path / "missing" / "this", current()) is None


def test_diff_base_parses_one_saved_run_however_many_runs_the_folder_holds(tmp_path, monkeypatch):
    """A runs folder grows with every run: the newest match is found by trying the folders
    newest first, and a run of another resume is passed over without parsing its audit.json."""
    for n in range(30):
        write_run(tmp_path / f"other-{n}", resume_hash="h2", jd="Platform engineer JD", mtime=n)
    older = write_run(tmp_path / "older", resume_hash="h1", jd="Platform engineer JD", mtime=500)
    newer = write_run(tmp_path / "newer", resume_hash="h1", jd="Platform engineer JD", mtime=600)
    write_run(tmp_path / "newest-other-job", resume_hash="h1", jd="Nurse JD", mtime=700)
    parsed: list[str] = []
    real_loads = json.loads

    def counting_loads(text: str, **kwargs: Any) -> Any:
        parsed.append(text)
        return real_loads(text, **kwargs)

    monkeypatch.setattr("core.pipeline.run_report.json.loads", counting_loads)
    assert previous_run(tmp_path / "this", current()) == newer
    assert len(parsed) == 2  # the other job's run (newer), then the match; no other resume's
    parsed.clear()
    assert previous_run(tmp_path / "newer", current()) == older
    assert previous_run(tmp_path / "this", current(resume_hash="h3")) is None
    assert len(parsed) == 2  # "h3" is in no saved run: only the two calls that found `older`


def test_diff_of_a_folder_that_is_not_a_run_exits_2_with_one_line(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "audit.json").write_text("{not json")
    for bad in (tmp_path / "missing", empty, broken):
        assert main(["diff", str(bad), str(empty)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("resumeforge: ") and str(bad) in err
        assert err.count("\n") == 1 and "Traceback" not in err


@pytest.fixture
def runs(eval_dir, tmp_path, capsys) -> dict[str, Any]:
    """Real runs side by side: dev-01 (a), dev-02 (c, newer) and again (same), then dev-01 with
    an answer (b)."""
    dev01, dev02 = eval_dir / "dev-01-backend-engineer", eval_dir / "dev-02-product-manager"

    def run(case: Path, name: str, *extra: str) -> Path:
        out = tmp_path / "runs" / name
        args = ["run", "--resume", str(case / "fact_resume.md"), "--jd", str(case / "jd.txt")]
        assert main([*args, "--out", str(out), *extra]) == 0, capsys.readouterr().err
        return out

    a = run(dev01, "a")
    c = run(dev02, "c")
    same = run(dev02, "same")
    board = json.loads((a / "audit.json").read_text())["blackboard"]
    asked = [g for g in board["gap_resolutions"] if g["strategy"] == "ask_user"]
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps({asked[0]["gap_id"]: "Used Terraform for 2 side projects."}))
    capsys.readouterr()
    b = run(dev01, "b", "--answers", str(answers))
    return {"a": a, "same": same, "b": b, "c": c, "b_stdout": capsys.readouterr().out}


@pytest.mark.slow
def test_diff_between_two_real_runs_names_the_added_line(runs, capsys):
    assert main(["diff", str(runs["a"]), str(runs["b"])]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Changes from the previous variant")
    assert "**Added:** Used Terraform for 2 side projects." in out
    assert main(["diff", str(runs["b"]), str(runs["b"])]) == 0
    assert "No differences" in capsys.readouterr().out


@pytest.mark.slow
def test_run_diffs_against_the_same_resume_and_job_only(runs):
    first_of_job = (runs["c"] / "diff_from_base.md").read_text()
    assert first_of_job.startswith("# First run")  # a (another resume and job) is not its base
    answered = (runs["b"] / "diff_from_base.md").read_text()
    assert answered.startswith("# Changes from the previous variant")  # against a, not c
    assert "Used Terraform for 2 side projects." in answered
    assert f"changes since {runs['a']}" in runs["b_stdout"]


@pytest.mark.slow
def test_the_same_inputs_again_give_no_differences(runs):
    """The earlier run is compared as its recruiter got it (its exported document), so a rerun
    lists no line as removed or changed by the page budget or the date style."""
    again = (runs["same"] / "diff_from_base.md").read_text()
    assert "No differences" in again, again
    # audit.json keeps that document: its lines are the DOCX's lines.
    document = ResumeDraft.model_validate(
        json.loads((runs["same"] / "audit.json").read_text())["document"]
    )
    docx_text = "\n".join(body_paragraphs(runs["same"] / "resume.docx"))
    bullets = [b.text for b in document.live_bullets()]
    assert bullets and all(text in docx_text for text in bullets)
