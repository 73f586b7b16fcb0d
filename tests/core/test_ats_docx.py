"""One story: the ATS report saved with a run is the one its DOCX's text gives, and no line goes
missing from the DOCX without being listed (core/evaluation/shipped.py), on every dev case and
every shared real pair; the checks themselves catch a report the DOCX does not bear out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.contracts import Blackboard, BulletStatus, PipelineState
from core.evaluation.pipeline_eval import private_settings
from core.evaluation.shipped import ats_mismatches, silent_drops
from core.pipeline.outputs import export_run
from core.pipeline.runner import RunRequest, tailor
from core.settings import get_settings
from tests.conftest import real_pairs, shared_params

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "eval"
DEV = SHARED / "dev"
DEV_CASES = (
    sorted(p.name for p in DEV.iterdir() if (p / "labels.json").exists()) if DEV.is_dir() else []
)


def _exported_run(resume: Path, jd: Path, tmp: Path) -> tuple[Blackboard, Path]:
    settings = private_settings(get_settings(), tmp / "home")
    result = tailor(
        RunRequest(resume_path=resume, jd_path=jd, title="", out_dir=tmp / "out"),
        settings=settings,
    )
    if result.board.current_step == PipelineState.COMPLETE and result.outputs is not None:
        return result.board, result.outputs.out_dir
    from core.evaluation.audit_real import straight_board  # a parse the gate stops: straight on

    board = straight_board(resume, jd)
    return board, export_run(board, out_dir=tmp / "straight", template="classic").out_dir


def _assert_one_story(board: Blackboard, out: Path) -> None:
    assert ats_mismatches(out, board) == []
    assert silent_drops(out, board) == []
    saved = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    assert saved["run_stats"]["dropped_lines"] == len(saved["document"]["dropped"])


@pytest.mark.slow
@pytest.mark.parametrize("case", shared_params(DEV_CASES))
def test_every_dev_case_reports_what_its_docx_says(case, tmp_path):
    board, out = _exported_run(DEV / case / "fact_resume.md", DEV / case / "jd.txt", tmp_path)
    _assert_one_story(board, out)


@pytest.mark.slow
@pytest.mark.parametrize(("resume", "jd"), shared_params(real_pairs(), width=2))
def test_every_real_pair_reports_what_its_docx_says(resume, jd, tmp_path):
    resume_path, jd_path = SHARED / "real" / resume, SHARED / "real" / jd
    if not (resume_path.exists() and jd_path.exists()):
        pytest.skip(f"missing {resume} or {jd}")
    from core.errors import EvidenceParsingError
    from core.evaluation.audit_real import straight_board

    try:
        board = straight_board(resume_path, jd_path)
    except EvidenceParsingError as err:  # a scanned PDF: no text, so no document to check
        pytest.skip(str(err))
    out = export_run(board, out_dir=tmp_path / "out", template="classic").out_dir
    _assert_one_story(board, out)


@pytest.fixture
def exported(tmp_path) -> tuple[Blackboard, Path]:
    case = DEV / "dev-01-backend-engineer"
    if not case.is_dir():
        pytest.skip("the dev cases are not here")
    return _exported_run(case / "fact_resume.md", case / "jd.txt", tmp_path)


def test_a_keyword_the_docx_lacks_listed_as_present_is_caught(exported):
    board, out = exported
    saved = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    report = saved["blackboard"]["ats_report"]
    report["supported_keywords"].append("Zanzibar orchestration")
    (out / "audit.json").write_text(json.dumps(saved), encoding="utf-8")
    problems = ats_mismatches(out, board)
    assert "listed as present, not in the DOCX: Zanzibar orchestration" in problems
    assert any(p.startswith("supported_keywords:") for p in problems)
    assert "ats_report.json differs from audit.json's ats_report" in problems


def test_a_line_missing_from_the_docx_and_unlisted_is_a_silent_drop(exported):
    board, out = exported
    assert board.resume_draft is not None
    victim = board.resume_draft.roles[0].bullets[-1]
    saved = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    for role in saved["document"]["roles"]:
        role["bullets"] = [b for b in role["bullets"] if b["id"] != victim.id]
    (out / "audit.json").write_text(json.dumps(saved), encoding="utf-8")
    assert silent_drops(out, board) == [
        f"not in the document and not listed as dropped: {victim.text}"
    ]
    victim.status = BulletStatus.ACCEPTED  # listed as dropped, but page fit may not take it
    saved["document"]["dropped"].append(victim.model_dump(mode="json"))
    (out / "audit.json").write_text(json.dumps(saved), encoding="utf-8")
    assert silent_drops(out, board) == [f"page fit took a line you approved: {victim.text}"]


def test_exported_checks_report_an_orphan_heading_in_the_pdf(exported):
    """`eval pipeline` reads the PDF: a page ending with a heading of the exported document is
    an output-check failure; the PDF the run wrote has none."""
    import typst

    from core.evaluation.shipped import exported_checks

    board, out = exported
    checks = exported_checks(board, out)
    assert checks["output_faults"]["orphan_headings"] == []
    assert set(checks["output_faults"]) >= {"from_the_ad", "placeholders", "orphan_headings"}
    saved = json.loads((out / "audit.json").read_text(encoding="utf-8"))
    role = saved["document"]["roles"][0]
    headline = f"{role['title']} — {role['company']}"
    source = out / "forced.typ"
    source.write_text(f"Some line\\\n{headline}\n#pagebreak()\nThe lines it heads\n")
    (out / "resume.pdf").write_bytes(bytes(typst.compile(str(source))))
    assert exported_checks(board, out)["output_faults"]["orphan_headings"] == [
        f"page 1 ends with the heading {headline!r}"
    ]
