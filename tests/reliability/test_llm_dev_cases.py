"""The whole pipeline with the LLM engine on every labelled dev case (../shared/eval/dev).

The loopback model answers each stage validly from what it was sent: the writer restates the
real bullets of each role it was given (in reverse order, so its answer is not the extractive
draft) citing their real card ids; the gap questions are phrased for the gap ids it was asked
about; the other stages give minimal valid answers. The run must complete with a DOCX that holds
the drafted lines, every line citing existing cards, and no number the fact resume lacks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.contracts import PipelineState
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
from core.render.dates import DEFAULT_DATE_STYLE, restyle_dates
from tests.conftest import shared_params
from tests.reliability.conftest import (
    REPO,
    StageScript,
    fast_llm_settings,
    json_reply,
    stages_seen,
)
from tests.reliability.inspection import docx_text

pytestmark = pytest.mark.slow

DEV = REPO.parent / "shared" / "eval" / "dev"
CASES = sorted(p for p in DEV.iterdir() if (p / "labels.json").exists()) if DEV.is_dir() else []
NUMBER = re.compile(r"\d[\d,.]*")
ROLE_ID = re.compile(r'"role_id": "([^"]+)"')
CARD_ID = re.compile(r'"id": "([^"]+)"')
GAP_ID = re.compile(r'"gap_id": "([^"]+)"')


def data_block(prompt: str, label: str) -> list[str]:
    """The lines of the fenced data block labelled `label` (core/llm/prompts.py `fence`)."""
    lines = prompt.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("<<<DATA") and label in line)
    end = next(n for n in range(start, len(lines)) if lines[n].startswith("<<<END DATA"))
    return lines[start + 1 : end]


def restating_writer(card_text: dict[str, str]):
    """A writer that restates, per role, the cards it was offered (one JSON line per role)."""

    def answer(request):
        roles = []
        for line in data_block(request.text(), "ROLES AND EVIDENCE"):
            role = ROLE_ID.search(line)
            if not role:
                continue
            ids = [i for i in CARD_ID.findall(line) if i in card_text][::-1]
            bullets = [{"text": card_text[i], "evidence_card_ids": [i]} for i in ids]
            roles.append({"role_id": role.group(1), "bullets": bullets})
        change_log = ["Restated the most relevant bullets, most recent first."]
        return json_reply(request, {"roles": roles, "change_log": change_log})

    return answer


PHRASED: list[dict] = []  # the gaps the model was asked to phrase, in this test


def gap_phraser(request):
    block = "\n".join(data_block(request.text(), "GAPS"))
    PHRASED.extend(json.loads(block))
    ids = GAP_ID.findall(block)
    questions = [{"gap_id": g, "question": "Have you done this, and where?"} for g in ids]
    return json_reply(request, {"questions": questions})


def numbers(text: str) -> set[str]:
    return {t.rstrip(".,").replace(",", "") for t in NUMBER.findall(text)} - {""}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("case", shared_params(CASES), ids=lambda p: p.name)
def test_llm_engine_completes_the_case_with_cited_lines_and_no_new_numbers(
    case: Path, rel_settings, embedder, llm_server, tmp_path
):
    resume_path, fact = case / "fact_resume.md", (case / "fact_resume.md").read_text("utf-8")
    cards = parse_resume(resume_path.read_bytes(), resume_path.name, settings=rel_settings.ingest)
    card_text = {c.id: c.raw_text for c in cards.cards if c.role_id}
    PHRASED.clear()
    llm_server.responder = StageScript(
        {"writer": restating_writer(card_text), "gap_questions": gap_phraser}
    )
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings()})
    llm = make_llm(settings.llm, api_key="sk-test-dev-cases", api_base=llm_server.url)
    title = json.loads((case / "labels.json").read_text("utf-8")).get("target_title", "")
    request = RunRequest(
        resume_path=resume_path, jd_path=case / "jd.txt", title=title, out_dir=tmp_path / "out"
    )

    result = tailor(request, settings=settings, llm=llm)

    board = result.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    assert llm_server.count > 0 and "writer" in stages_seen(llm_server)
    lines = board.resume_draft.live_bullets()
    assert any(b.origin == "llm" for b in lines)  # the model's answer is the draft
    known = {c.id for c in board.evidence_cards}
    assert [
        b.id for b in lines if not b.evidence_card_ids or not set(b.evidence_card_ids) <= known
    ] == []
    by_id = {b.id: b for b in lines}
    text = docx_text(result.outputs.docx)
    # The documents write every date in one style ("May–Aug 2017" -> "May 2017 – Aug 2017",
    # "'20" -> "2020"; core/render/dates.py) and keep to the page budget, which may trim the
    # least relevant lines: claim_index.json lists the lines shipped, as written in them.
    claims = json.loads(result.outputs.claim_index.read_text("utf-8"))
    shipped = {c["bullet_id"]: c["bullet_text"] for c in claims if c["bullet_id"] in by_id}
    assert any(by_id[i].origin == "llm" for i in shipped)  # the model's lines are shipped
    assert [t for t in shipped.values() if t not in text] == []
    assert all(t == restyle_dates(by_id[i].text, DEFAULT_DATE_STYLE) for i, t in shipped.items())
    stated = numbers(fact) | numbers(restyle_dates(fact, DEFAULT_DATE_STYLE))
    assert sorted(numbers(text) - stated) == []
    # the model phrases each gap question knowing the closest line, as the offline one quotes it
    assert PHRASED and all("closest" in gap for gap in PHRASED)
    resume_text = " ".join(" ".join(c.raw_text.split()) for c in board.evidence_cards)
    for gap in PHRASED:
        assert gap["closest"].removesuffix(" …") in resume_text
