"""The `Run` (core/pipeline/run.py) and its saved board: the gap-answer loop, the rule for when a
draft is current, explicit finished states, and saved runs of the previous board format.

Offline, on dev-01 (a tuning case), with a real LanceDB index (BM25: no model load).
"""

from __future__ import annotations

import json

import pytest

from core.contracts import BLACKBOARD_SCHEMA, GapAnswer, GapStrategy
from core.contracts import PipelineState as S
from core.errors import WorkspaceError
from core.ingest import parse_resume
from core.pipeline import rewind_to
from core.pipeline.machine import state_before
from core.pipeline.run import Run
from core.pipeline.store import BOARD_FILE, load_board
from core.retrieval import EvidenceIndex
from core.settings import Settings


@pytest.fixture(scope="module")
def case(eval_dir):
    folder = eval_dir / "dev-01-backend-engineer"
    resume = parse_resume((folder / "fact_resume.md").read_bytes(), "fact_resume.md")
    return resume, (folder / "jd.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def settings(tmp_path_factory):
    return Settings(home=tmp_path_factory.mktemp("run-home"))


def new_run(case, settings, tmp_path) -> Run:
    resume, jd = case
    index = EvidenceIndex.open(tmp_path / "index", embedder=None, settings=settings.retrieval)
    index.build(resume.cards, content_hash=resume.content_hash)
    return Run.start(
        resume, jd, index=index, settings=settings, run_dir=tmp_path / "run", run_id="r1"
    )


def test_an_answer_becomes_a_searchable_card_and_the_evidence_is_mapped_again(
    case, settings, tmp_path
):
    run = new_run(case, settings, tmp_path)
    run.advance(stop_after=S.EVIDENCE_MAPPING)
    gap = next(g for g in run.board.gap_resolutions if g.strategy == GapStrategy.ASK_USER)
    answer = f"I led the {gap.requirement_text} work for our payments platform in 2022."

    board = run.answer([GapAnswer(gap_id=gap.gap_id, answer=answer)])

    card = next(c for c in board.evidence_cards if c.provenance.source == "user_answer")
    assert card.raw_text == answer
    assert card.id in {h.card_id for h in run.index.search(answer, k=3, mode="bm25").results}
    assert board.current_step == S.EVIDENCE_MAPPING and not board.resume_draft
    assert S.EVIDENCE_MAPPING in board.finished_states
    assert load_board(tmp_path / "run").model_dump_json() == board.model_dump_json()


def test_a_current_draft_is_kept_and_a_changed_basis_writes_it_again(case, settings, tmp_path):
    run = new_run(case, settings, tmp_path)
    run.advance(stop_after=S.EVIDENCE_MAPPING)
    first = run.write_draft()
    assert first.current_step == S.COMPLETE, first.failure_reasons
    draft = first.resume_draft
    assert run.draft_is_current() and run.previous_draft is None

    assert run.write_draft().resume_draft is draft  # nothing changed: the same draft object

    gap = run.board.gap_resolutions[0]
    run.board.gap_resolutions[0] = gap.model_copy(update={"strategy": GapStrategy.OMIT})
    assert not run.draft_is_current()
    again = run.write_draft()
    assert again.resume_draft is not draft and run.previous_draft is draft
    assert run.draft_is_current()


def test_rewinding_follows_the_transitions_and_marks_what_stays_finished(case, settings, tmp_path):
    run = new_run(case, settings, tmp_path)
    run.advance()
    rewind_to(run.board, S.WRITING)
    assert run.board.current_step == S.EVIDENCE_MAPPING == state_before(S.WRITING)
    assert run.board.finished_states == [S.INIT, S.PREPROCESSING, S.JD_ANALYSIS, S.EVIDENCE_MAPPING]
    with pytest.raises(ValueError):
        state_before(S.REVISION)  # reached only from an audit, never rewound to


def previous_format(board_json: str, version: int = 1) -> str:
    """The board as an earlier format saved it: version 3 kept every card (the resume's copied,
    then the answers) in `evidence_cards`, and a copy of the resume's contact in `contact`, and
    had no `answer_cards` (both copies are still written out, as views); version 2 also kept copies
    of the job ad's requirements and role profile beside `jd`; version 1 had no
    `schema_version` and no `finished_states` either."""
    data = json.loads(board_json)
    del data["answer_cards"]  # `evidence_cards`, written out in every format, stays
    data["schema_version"] = version
    if version == 3:
        return json.dumps(data)
    data["requirements"] = data["jd"]["requirements"]
    data["role_profile"] = data["jd"]["role_profile"]
    data["schema_version"] = version
    if version == 1:
        del data["schema_version"], data["finished_states"]
    return json.dumps(data)


def test_a_run_saved_in_the_previous_format_is_read_and_resumed(case, settings, tmp_path):
    run = new_run(case, settings, tmp_path)
    run.advance(stop_after=S.EVIDENCE_MAPPING)
    saved = tmp_path / "run" / BOARD_FILE
    saved.write_text(previous_format(saved.read_text(encoding="utf-8")), encoding="utf-8")

    board = load_board(tmp_path / "run")

    assert board is not None and board.schema_version == BLACKBOARD_SCHEMA
    assert board.current_step == S.EVIDENCE_MAPPING
    assert board.finished_states == [S.EVIDENCE_MAPPING]  # the last event named it
    resumed = Run(board, index=run.index, settings=settings, run_dir=tmp_path / "run").advance()
    ran = [e.state for e in resumed.events if e.detail != "rewind"]
    assert ran.count(S.EVIDENCE_MAPPING) == 1  # mapping was finished: not run again
    assert resumed.current_step == S.COMPLETE, resumed.failure_reasons


def test_a_run_saved_in_format_2_reads_its_requirements_from_the_job_ad(case, settings, tmp_path):
    run = new_run(case, settings, tmp_path)
    run.advance(stop_after=S.JD_ANALYSIS)
    saved = tmp_path / "run" / BOARD_FILE
    saved.write_text(previous_format(saved.read_text(encoding="utf-8"), 2), encoding="utf-8")

    board = load_board(tmp_path / "run")

    assert board is not None and board.schema_version == BLACKBOARD_SCHEMA
    assert board.jd is not None and board.requirements == board.jd.requirements
    assert board.requirements and board.role_profile == board.jd.role_profile
    assert "requirements" not in json.loads(board.model_dump_json())  # one home: `jd`


def test_a_run_saved_in_format_3_keeps_its_answer_cards_once(case, settings, tmp_path):
    run = new_run(case, settings, tmp_path)
    run.advance(stop_after=S.EVIDENCE_MAPPING)
    gap = next(g for g in run.board.gap_resolutions if g.strategy == GapStrategy.ASK_USER)
    board = run.answer([GapAnswer(gap_id=gap.gap_id, answer="I ran the on-call rota in 2022.")])
    cards_before = [c.id for c in board.evidence_cards]
    saved = tmp_path / "run" / BOARD_FILE
    saved.write_text(previous_format(saved.read_text(encoding="utf-8"), 3), encoding="utf-8")

    again = load_board(tmp_path / "run")

    assert again is not None and again.schema_version == BLACKBOARD_SCHEMA
    assert [c.raw_text for c in again.answer_cards] == ["I ran the on-call rota in 2022."]
    assert [c.id for c in again.evidence_cards] == cards_before  # the resume's, then the answer
    assert again.resume is not None and len(cards_before) == len(again.resume.cards) + 1
    assert again.contact == again.resume.contact and again.contact.email


def test_a_run_saved_by_a_newer_version_is_refused_readably(tmp_path):
    (tmp_path / BOARD_FILE).write_text(
        json.dumps({"schema_version": BLACKBOARD_SCHEMA + 1, "inputs": {"job_description": "x"}}),
        encoding="utf-8",
    )
    with pytest.raises(WorkspaceError, match="newer ResumeForge"):
        load_board(tmp_path)
