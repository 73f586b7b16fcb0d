"""Model output that cites evidence that does not exist never reaches the draft.

The loopback model answers the mapper and the writer with card ids that are not in the resume
(alone, and mixed with real ones), and keeps doing so through re-asks and the repair call. The
run completes on the deterministic result; every line of the draft cites only real cards, and
no sentence the model wrote is in it. (How model text is *displayed* is in test_app_display.py.)
"""

from __future__ import annotations

import pytest

from core.contracts import CallOutcome, PipelineState
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
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
