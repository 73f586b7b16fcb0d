"""The whole offline pipeline on the labelled cases, through the CLI and the runner."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import docx
import pytest

from core.cli import main

pytestmark = pytest.mark.slow


def run_cli(*args: str) -> int:
    return main(["run", *args])


@pytest.fixture(scope="module")
def dev01(eval_dir) -> Path:
    return eval_dir / "dev-01-backend-engineer"


def docx_text(path: Path) -> str:
    return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)


def test_run_produces_docx_and_audit_json_on_every_case(eval_cases, tmp_path, capsys):
    for case in eval_cases:
        out = tmp_path / case.name
        code = run_cli(
            "--resume",
            str(case / "fact_resume.md"),
            "--jd",
            str(case / "jd.txt"),
            "--out",
            str(out),
        )
        assert code == 0, capsys.readouterr().err
        for name in (
            "resume.docx",
            "audit.json",
            "claim_index.json",
            "evidence_used.json",
            "ats_report.json",
            "audit_report.json",
            "diff_from_base.md",
        ):
            assert (out / name).is_file(), name
        audit = json.loads((out / "audit.json").read_text())
        board = audit["blackboard"]
        assert board["current_step"] == "COMPLETE"
        claims = json.loads((out / "claim_index.json").read_text())
        assert claims and all(c["evidence_card_ids"] for c in claims)
        card_ids = {c["id"] for c in board["evidence_cards"]}
        assert all(set(c["evidence_card_ids"]) <= card_ids for c in claims)
        text = docx_text(out / "resume.docx")
        for claim in claims:
            if not claim["bullet_id"].startswith("skill-"):
                assert claim["bullet_text"] in text
        assert board["contact"]["email"] in text
        fact = (case / "fact_resume.md").read_text()
        assert board["contact"]["email"] not in json.dumps(board["evidence_cards"])
        assert "@" not in "".join(c["bullet_text"] for c in claims) or "@" in fact


def test_injected_certification_never_reaches_the_output(dev01, tmp_path):
    out = tmp_path / "out"
    assert (
        run_cli(
            "--resume",
            str(dev01 / "fact_resume.md"),
            "--jd",
            str(dev01 / "jd.txt"),
            "--out",
            str(out),
        )
        == 0
    )
    text = docx_text(out / "resume.docx")
    assert "CKA" not in text and "Certified Kubernetes Administrator" not in text
    board = json.loads((out / "audit.json").read_text())["blackboard"]
    assert board["jd"]["suspicious_instructions"]


def test_same_inputs_reuse_the_finished_run(dev01, tmp_path):
    args = ["--resume", str(dev01 / "fact_resume.md"), "--jd", str(dev01 / "jd.txt")]
    assert run_cli(*args, "--out", str(tmp_path / "a")) == 0
    first = json.loads((tmp_path / "a" / "audit.json").read_text())["blackboard"]
    assert run_cli(*args, "--out", str(tmp_path / "b")) == 0
    second = json.loads((tmp_path / "b" / "audit.json").read_text())["blackboard"]
    assert second["events"][: len(first["events"])] == first["events"]
    assert second["claim_index"] == first["claim_index"]


def test_answers_file_adds_user_evidence_and_unknown_gaps_fail(dev01, tmp_path, capsys):
    args = ["--resume", str(dev01 / "fact_resume.md"), "--jd", str(dev01 / "jd.txt")]
    assert run_cli(*args, "--out", str(tmp_path / "base")) == 0
    board = json.loads((tmp_path / "base" / "audit.json").read_text())["blackboard"]
    asked = [g for g in board["gap_resolutions"] if g["strategy"] == "ask_user"]
    assert asked, "dev-01 has must-have gaps to ask about"
    answers = tmp_path / "answers.json"
    answers.write_text(
        json.dumps({asked[0]["gap_id"]: "Used Terraform for 2 side projects at home."})
    )
    assert run_cli(*args, "--answers", str(answers), "--out", str(tmp_path / "ans")) == 0
    board = json.loads((tmp_path / "ans" / "audit.json").read_text())["blackboard"]
    user_cards = [c for c in board["evidence_cards"] if c["provenance"]["source"] == "user_answer"]
    assert len(user_cards) == 1
    mapped = {m["requirement_id"]: m for m in board["evidence_map"]}
    assert user_cards[0]["id"] in mapped[asked[0]["requirement_id"]]["evidence_card_ids"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"gap-nope": "x"}))
    assert run_cli(*args, "--answers", str(bad), "--out", str(tmp_path / "bad")) == 2
    assert "unknown gaps" in capsys.readouterr().err


def test_jd_without_requirements_fails_clearly(dev01, tmp_path, capsys):
    jd = tmp_path / "jd.txt"
    jd.write_text("We are a friendly company in Denver. We offer free snacks and a 401k match.\n")
    code = run_cli(
        "--resume", str(dev01 / "fact_resume.md"), "--jd", str(jd), "--out", str(tmp_path / "o")
    )
    assert code == 1
    assert "requirements" in capsys.readouterr().err.lower()


def test_resume_without_roles_names_the_missing_piece(dev01, tmp_path, capsys):
    resume = tmp_path / "r.md"
    resume.write_text("# Pat Example\npat@example.com\n\n## Skills\nPython, Go, Kubernetes\n")
    code = run_cli(
        "--resume", str(resume), "--jd", str(dev01 / "jd.txt"), "--out", str(tmp_path / "o")
    )
    err = capsys.readouterr().err
    assert code in (1, 2)
    assert "role" in err.lower()


def test_unwritable_output_dir_is_a_clear_error(dev01, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    code = run_cli(
        "--resume",
        str(dev01 / "fact_resume.md"),
        "--jd",
        str(dev01 / "jd.txt"),
        "--out",
        str(blocker / "out"),
    )
    assert code == 1
    assert "cannot" in capsys.readouterr().err.lower()


def test_killed_run_resumes_to_the_same_result(dev01, tmp_path):
    env = {**os.environ, "RESUMEFORGE_HOME": str(tmp_path / "home")}
    args = [
        sys.executable,
        "-m",
        "core",
        "run",
        "--resume",
        str(dev01 / "fact_resume.md"),
        "--jd",
        str(dev01 / "jd.txt"),
    ]
    proc = subprocess.Popen(
        [*args, "--out", str(tmp_path / "killed")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    boards = tmp_path / "home" / "workspaces"
    deadline = time.time() + 120
    while time.time() < deadline and not list(boards.glob("*/runs/*/blackboard.json")):
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL, "the run ended before it could be killed"
    saved = list(boards.glob("*/runs/*/blackboard.json"))
    assert saved, "the run saved its board before it was killed"
    interrupted = json.loads(saved[0].read_text())  # never half-written
    assert interrupted["current_step"] not in ("COMPLETE", "FAILED")
    done = subprocess.run(
        [*args, "--out", str(tmp_path / "resumed")],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    clean_env = {**env, "RESUMEFORGE_HOME": str(tmp_path / "home2")}
    clean = subprocess.run(
        [*args, "--out", str(tmp_path / "clean")],
        env=clean_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert clean.returncode == 0, clean.stderr
    resumed = json.loads((tmp_path / "resumed" / "claim_index.json").read_text())
    fresh = json.loads((tmp_path / "clean" / "claim_index.json").read_text())
    assert resumed == fresh


def test_failed_run_names_the_state_it_failed_in(dev01, tmp_path, capsys):
    jd = tmp_path / "jd.txt"
    jd.write_text("We are a friendly company in Denver. We offer free snacks and a 401k match.\n")
    code = run_cli(
        "--resume", str(dev01 / "fact_resume.md"), "--jd", str(jd), "--out", str(tmp_path / "o")
    )
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("FAILED at JD_ANALYSIS:"), err
    assert "FAILED at FAILED" not in err


def test_failed_state_and_reasons_come_from_the_event_log_and_the_audit():
    from core.contracts import (
        AuditReport,
        Blackboard,
        Inputs,
        PipelineState,
        RunEvent,
        TruthViolation,
    )
    from core.pipeline.run_report import failed_state, failure_reasons

    states = ["INIT", "PREPROCESSING", "JD_ANALYSIS", "EVIDENCE_MAPPING", "WRITING", "AUDITING"]
    events = [RunEvent(state=PipelineState(s)) for s in states]
    events += [RunEvent(state=PipelineState.WRITING, detail="rewind")]
    events += [RunEvent(state=PipelineState.FAILED)]
    violation = TruthViolation(bullet_id="b3", bullet_text="Led 9 teams", violation="'9' invented")
    board = Blackboard(
        inputs=Inputs(job_description="jd"),
        events=events,
        current_step=PipelineState.FAILED,
        retry_count=3,
        audit_report=AuditReport(truth_violations=[violation], passed=False),
    )
    assert failed_state(board) == PipelineState.AUDITING
    reasons = failure_reasons(board)
    assert "1 blocking problem(s) after 3 revision(s)" in reasons[0]
    assert reasons[1] == "b3: '9' invented"
    board.failure_reasons = ["WRITING: the model gave up"]
    assert failure_reasons(board) == ["WRITING: the model gave up"]
    assert failed_state(Blackboard(inputs=Inputs(job_description="jd"))) is None
