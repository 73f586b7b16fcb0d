"""Model output that cites evidence that does not exist never reaches the draft.

The loopback model answers the mapper and the writer with card ids that are not in the resume
(alone, and mixed with real ones), and keeps doing so through re-asks and the repair call. The
run completes on the deterministic result; every line of the draft cites only real cards, and
no sentence the model wrote is in it. (How model text is *displayed* is in test_app_display.py.)
"""

from __future__ import annotations

import pytest
from docx import Document
from docx.opc.constants import RELATIONSHIP_TYPE as RT

from core.contracts import CallOutcome, PipelineState
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
from core.writer.budget import estimate_pages
from tests.reliability.conftest import (
    StageScript,
    fact_resume,
    fast_llm_settings,
    json_reply,
    request_budget,
    sample_jd,
    stage_of,
    write_inputs,
)
from tests.reliability.inspection import (
    docx_text,
)

FAKE_IDS = ["exp-r09-b99", "card-from-another-resume", "../../etc/passwd"]
MODEL_SENTENCE = "Architected a global Kubernetes platform serving 900 million users"


def _answers(real_card: str):
    writer = {
        "summary": [{"text": f"{MODEL_SENTENCE}.", "evidence_card_ids": [FAKE_IDS[0]]}],
        "roles": [
            {
                "role_id": "r01",
                "bullets": [
                    {"text": f"{MODEL_SENTENCE} (a).", "evidence_card_ids": FAKE_IDS[:2]},
                    {
                        "text": f"{MODEL_SENTENCE} (b).",
                        "evidence_card_ids": [real_card, FAKE_IDS[2]],
                    },
                ],
            }
        ],
    }
    mapper = {
        "evidence_map": [
            {"requirement_id": "r8", "evidence_card_ids": FAKE_IDS, "confidence": "high"}
        ],
        "gaps": [],
    }

    def repair(request):  # the repair call gets the same answer back, still citing fake ids
        text = request.text()
        return json_reply(
            request, writer if "evidence_card_ids" in text and "roles" in text else mapper
        )

    return StageScript({"writer": writer, "evidence_mapper": mapper, "repair": repair})


@pytest.mark.timeout(120)
def test_answers_citing_unknown_evidence_never_reach_the_draft(
    rel_settings, embedder, llm_server, tmp_path
):
    resume = fact_resume("unknown-ids")
    cards = parse_resume(resume.encode(), "r.md").cards
    real_card = next(c.id for c in cards if c.role_id == "r01")
    llm_server.responder = _answers(real_card)
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings()})
    llm = make_llm(settings.llm, api_key="sk-test-unknown-ids", api_base=llm_server.url)
    resume_path, jd_path = write_inputs(tmp_path / "in", resume, sample_jd())

    result = tailor(
        RunRequest(resume_path=resume_path, jd_path=jd_path, title="Senior Data Engineer"),
        settings=settings,
        llm=llm,
    )

    board = result.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    known = {c.id for c in board.evidence_cards}
    cited = {cid for claim in board.claim_index for cid in claim.evidence_card_ids}
    cited |= {cid for m in board.evidence_map for cid in m.evidence_card_ids}
    assert cited and cited <= known
    draft = board.resume_draft
    everything = " ".join(b.text for b in [*draft.all_bullets(), *draft.dropped])
    assert MODEL_SENTENCE not in everything
    assert MODEL_SENTENCE not in docx_text(result.outputs.docx)
    # the model was asked again (re-ask + repair), then its answer was discarded and recorded
    stages = [stage_of(r) for r in llm_server.requests]
    assert stages.count("writer") >= 2 and "repair" in stages
    outcomes = {c.stage: c.outcome for c in board.llm_calls}
    assert outcomes["writer"] == CallOutcome.FALLBACK
    assert outcomes["evidence_mapper"] == CallOutcome.FALLBACK
    assert llm_server.count <= request_budget(settings, requirements=len(board.requirements))


# --- what the model writes is shaped before it reaches the draft ------------------------------


def _card(resume: str, word: str) -> str:
    """The id of the r01 card that mentions `word`."""
    cards = parse_resume(resume.encode(), "r.md").cards
    return next(c.id for c in cards if c.role_id == "r01" and word in c.raw_text)


def _run(rel_settings, tmp_path, resume: str, llm_server, **settings_update):
    llm_settings = fast_llm_settings()
    settings = rel_settings.model_copy(update={"llm": llm_settings, **settings_update})
    llm = make_llm(llm_settings, api_key="sk-test-model-output", api_base=llm_server.url)
    resume_path, jd_path = write_inputs(tmp_path / "in", resume, sample_jd())
    request = RunRequest(resume_path=resume_path, jd_path=jd_path, title="Senior Data Engineer")
    return tailor(request, settings=settings, llm=llm)


def _line(text: str, card_id: str) -> dict:
    return {"text": text, "evidence_card_ids": [card_id]}


KAFKA_LINE = (
    "Built a streaming pipeline on Kafka for point-of-sale events from all 320 stores, about 12 "
    "million events a day."
)
AIRFLOW_LINE = (
    "Scheduled and monitored 85 daily jobs as DAGs in Apache Airflow, with SLA alerts routed to "
    "the on-call channel."
)
MARKUP_TRACES = ("http", "example.org", "](", "![", "<", ">", "[1]")


@pytest.mark.timeout(120)
def test_links_and_images_in_model_lines_reach_neither_the_draft_nor_the_docx(
    rel_settings, embedder, llm_server, tmp_path
):
    resume = fact_resume("markup-links")
    kafka, airflow = _card(resume, "Kafka"), _card(resume, "Airflow")
    linked = KAFKA_LINE.replace("on Kafka", "on [Kafka](https://kafka.example.org/docs)")
    pictured = f"![Airflow logo](https://img.example.org/airflow.png) {AIRFLOW_LINE}"
    referenced = AIRFLOW_LINE.replace("Apache Airflow", "[Apache Airflow][1]")
    bullets = [
        _line(linked, kafka),
        _line(pictured, airflow),
        _line("![architecture](https://img.example.org/arch.png)", kafka),  # only an image
        _line(f"{referenced} [1]: https://airflow.example.org", airflow),
    ]
    llm_server.responder = StageScript(
        {"writer": {"roles": [{"role_id": "r01", "bullets": bullets}]}}
    )

    result = _run(rel_settings, tmp_path, resume, llm_server)

    board = result.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    northwind = board.resume_draft.roles[0].bullets
    assert [(b.text, b.origin) for b in northwind] == [
        (KAFKA_LINE, "llm"),
        (AIRFLOW_LINE, "llm"),
        (AIRFLOW_LINE, "llm"),
    ]
    draft = board.resume_draft
    drafted = " ".join(b.text for b in [*draft.all_bullets(), *draft.dropped])
    assert [t for t in MARKUP_TRACES if t in drafted] == []
    text = docx_text(result.outputs.docx)
    assert KAFKA_LINE in text and AIRFLOW_LINE in text
    assert [t for t in MARKUP_TRACES if t in text] == []
    document = Document(str(result.outputs.docx))
    assert [r for r in document.part.rels.values() if r.reltype == RT.HYPERLINK] == []
    assert [r for r in document.part.rels.values() if r.reltype == RT.IMAGE] == []


@pytest.mark.timeout(120)
def test_a_model_draft_with_far_too_many_bullets_is_cut_to_max_pages(
    rel_settings, embedder, llm_server, tmp_path
):
    resume = fact_resume("page-budget")
    cards = [c for c in parse_resume(resume.encode(), "r.md").cards if c.role_id == "r01"]
    bullets = [_line(c.raw_text, c.id) for _ in range(8) for c in cards]  # ~5 pages of lines
    llm_server.responder = StageScript(
        {"writer": {"roles": [{"role_id": "r01", "bullets": bullets}]}}
    )

    result = _run(rel_settings, tmp_path, resume, llm_server, max_pages=1)

    board = result.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    draft = board.resume_draft
    assert estimate_pages(draft) <= 1
    northwind = draft.roles[0].bullets
    assert northwind and all(b.origin == "llm" for b in northwind)
    assert len(northwind) < len(bullets)
    positions = [int(b.id.removeprefix("r01-b")) for b in northwind]
    assert positions == sorted(positions)  # what is kept stays in the model's order
    assert any("to fit 1 page(s)" in note for note in board.change_log)


@pytest.mark.timeout(150)
def test_a_blocked_model_line_goes_back_to_the_model_with_the_audit_finding(
    rel_settings, embedder, llm_server, tmp_path
):
    resume = fact_resume("revision-loop")
    kafka = _card(resume, "Kafka")
    invented = KAFKA_LINE.replace("320 stores", "985 stores")
    answers = iter(
        [
            {"roles": [{"role_id": "r01", "bullets": [_line(invented, kafka)]}]},
            {"roles": [{"role_id": "r01", "bullets": [_line(KAFKA_LINE, kafka)]}]},
        ]
    )
    llm_server.responder = StageScript(
        {"writer": lambda request: json_reply(request, next(answers))}
    )

    result = _run(rel_settings, tmp_path, resume, llm_server)

    board = result.board
    writer_requests = [r.text() for r in llm_server.requests if stage_of(r) == "writer"]
    assert len(writer_requests) == 2
    assert "FIX REQUIRED" not in writer_requests[0]
    fix = [line for line in writer_requests[1].splitlines() if "FIX REQUIRED" in line]
    assert len(fix) == 1 and "'r01-b1'" in fix[0] and "985" in fix[0], fix
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    assert board.retry_count == 1
    live = [b.text for b in board.resume_draft.live_bullets()]
    assert KAFKA_LINE in live
    assert not [line for line in live if "985" in line]
    text = docx_text(result.outputs.docx)
    assert KAFKA_LINE in text and "985" not in text
