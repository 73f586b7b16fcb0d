"""The model's reading of the resume's structure: applied where every string it returns is in the
resume, dropped and logged where not, the offline reading kept on any failure, and no contact
detail in the request (through the fake and through the real litellm path on loopback)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from core.contracts import CardKind, LLMStage
from core.errors import ProviderError
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.llm.fake import FakeLLM
from core.pipeline.runner import RunRequest, read_resume
from core.pipeline.structure_reader import parse_resume_with_model, read_structure
from core.settings import IngestSettings, LLMSettings, Settings
from tests.llm_server import ScriptedLLMServer

NAME, EMAIL, PHONE = "Jane Doe", "jane.doe@example.com", "(801) 555-0142"
RESUME = f"""# {NAME}
{EMAIL} | {PHONE} | Boise, ID

## Experience

### Senior Engineer — Acme Payments
Jan 2020 – Present
- Built payment services in Go handling 1M requests a day
- Cut p99 latency by 38% by moving to gRPC

## Education

### B.S. Computer Science — State University
2012 – 2016

### Teaching Assistant — State University
Sep 2014 – May 2016
- Taught weekly algorithms labs to 40 students a term
- Graded 300 programming assignments a semester
"""
ACME = {
    "kind": "job",
    "title": "Senior Engineer",
    "employer": "Acme Payments",
    "dates": "Jan 2020 – Present",
    "first_line": 6,
    "last_line": 9,
}
DEGREE = {
    "kind": "education",
    "title": "B.S. Computer Science",
    "employer": "State University",
    "dates": "2012 – 2016",
    "first_line": 13,
    "last_line": 14,
}
TEACHING = {
    "kind": "job",
    "title": "Teaching Assistant",
    "employer": "State University",
    "dates": "Sep 2014 – May 2016",
    "first_line": 16,
    "last_line": 19,
}


def offline():
    return parse_resume(RESUME.encode(), "resume.md")


def with_model(*answers):
    llm = FakeLLM().enqueue(*answers)
    return read_structure(offline(), RESUME, llm=llm), llm


def titles(entries) -> list[str]:
    return [e.title for e in entries]


def test_the_offline_reader_reads_the_teaching_job_as_education():
    parsed = offline()  # the misreading the model is asked to fix
    assert "Teaching Assistant" in titles(parsed.education)
    assert "Teaching Assistant" not in titles(parsed.roles)


def test_a_job_read_as_education_becomes_a_role_and_its_lines_follow():
    parsed, llm = with_model({"entries": [ACME, DEGREE, TEACHING]})

    assert llm.calls[0].stage == LLMStage.STRUCTURE_READER
    assert titles(parsed.roles) == ["Senior Engineer", "Teaching Assistant"]
    assert titles(parsed.education) == ["B.S. Computer Science"]
    teaching = next(r for r in parsed.roles if r.title == "Teaching Assistant")
    assert (teaching.start, teaching.end) == ("2014-09", "2016-05")
    lab = next(c for c in parsed.cards if c.raw_text.startswith("Taught weekly"))
    assert lab.role_id == teaching.id and lab.kind == CardKind.EXPERIENCE_BULLET
    assert lab.role == "Teaching Assistant" and lab.company == "State University"
    assert any(w.startswith("Structure read by the model") for w in parsed.warnings)


def test_invented_strings_are_dropped_logged_and_never_reach_the_parse(caplog):
    invented = TEACHING | {"title": "Lead Instructor", "location": "Remote"}
    made_up_lines = {"kind": "job", "title": "CTO", "employer": "Initech", "first_line": 40}
    made_up_lines["last_line"] = 44
    caplog.set_level(logging.INFO, logger="core.pipeline.structure_reader")

    parsed, _ = with_model({"entries": [ACME, DEGREE, invented, made_up_lines]})

    dumped = parsed.model_dump_json()
    for made_up in ("Lead Instructor", "Remote", "CTO", "Initech"):
        assert made_up not in dumped
        assert made_up in caplog.text  # the log names what was dropped
    assert any("3 part(s) of its answer not in the resume" in w for w in parsed.warnings)
    # the entry's lines and kind still check out, so it is a role under the resume's own title
    assert "Teaching Assistant" in titles(parsed.roles)
    assert {c.raw_text for c in parsed.cards} == {c.raw_text for c in offline().cards}


def test_a_kind_change_needs_the_entrys_own_header_inside_its_lines():
    # "Senior Engineer" is in the resume, but not in lines 16-19: the kind change is not taken
    elsewhere = TEACHING | {"title": "Senior Engineer", "employer": "Acme Payments"}
    parsed, _ = with_model({"entries": [elsewhere]})
    assert "Teaching Assistant" in titles(parsed.education)
    assert titles(parsed.roles) == ["Senior Engineer"]


def test_a_job_becomes_education_only_when_its_title_names_a_degree():
    as_school = ACME | {"kind": "education"}  # its own header, but no degree in it
    parsed, _ = with_model({"entries": [as_school]})
    assert titles(parsed.roles) == ["Senior Engineer"]
    degree_as_job = DEGREE | {"kind": "job"}
    parsed, _ = with_model({"entries": [degree_as_job]})
    assert set(titles(parsed.education)) == {"B.S. Computer Science", "Teaching Assistant"}


def test_entries_the_model_leaves_out_keep_what_the_offline_reader_found():
    parsed, _ = with_model({"entries": [TEACHING]})
    assert titles(parsed.roles) == ["Senior Engineer", "Teaching Assistant"]
    assert titles(parsed.education) == ["B.S. Computer Science"]
    built = next(c for c in parsed.cards if c.raw_text.startswith("Built payment"))
    assert built.role == "Senior Engineer" and built.kind == CardKind.EXPERIENCE_BULLET


@pytest.mark.parametrize(
    "answer",
    [
        ProviderError("server said 500", kind="server"),
        {"entries": "not a list"},  # invalid output
        {"entries": [TEACHING | {"title": "Astronaut", "employer": "NASA", "first_line": 90}]},
    ],
    ids=["provider-error", "invalid", "nothing-verifies"],
)
def test_a_failing_answer_keeps_the_offline_structure_and_says_so(answer):
    before = offline()
    parsed, _ = with_model(answer)
    assert parsed.roles == before.roles and parsed.education == before.education
    assert parsed.cards == before.cards
    assert any(w.startswith("Structure read offline") for w in parsed.warnings)


def test_contact_details_are_not_in_the_prompt():
    _, llm = with_model({"entries": [TEACHING]})
    prompt = llm.calls[0].prompt
    sent = prompt.system + prompt.user
    for piece in (NAME, EMAIL, PHONE, "555-0142", "jane.doe"):
        assert piece not in sent
    assert "16: ### Teaching Assistant — State University" in sent  # the numbered lines are


def test_long_lines_are_shortened_in_the_prompt_and_still_placed_whole():
    bullet = "Taught weekly algorithms labs to 40 students a term " + "and more " * 20
    resume = RESUME.replace("Taught weekly algorithms labs to 40 students a term", bullet.strip())
    llm = FakeLLM().enqueue({"entries": [TEACHING]})
    parsed = read_structure(parse_resume(resume.encode(), "r.md"), resume, llm=llm)
    assert bullet.strip() not in llm.calls[0].prompt.user
    card = next(c for c in parsed.cards if c.raw_text.startswith("Taught weekly"))
    assert card.raw_text == bullet.strip() and card.role == "Teaching Assistant"


def test_the_run_path_asks_the_model_but_a_structure_file_wins(tmp_path: Path):
    resume_path = tmp_path / "resume.md"
    resume_path.write_text(RESUME, encoding="utf-8")
    request = RunRequest(resume_path=resume_path, jd_path=tmp_path / "jd.txt")
    llm = FakeLLM().enqueue({"entries": [TEACHING]})
    parsed = read_resume(request, settings=Settings(), llm=llm)
    assert "Teaching Assistant" in titles(parsed.roles) and not llm.pending

    structure = tmp_path / "structure.json"
    structure.write_text(json.dumps({"entries": [{"id": "x1", "title": "Mine"}]}), "utf-8")
    request.structure_path = structure
    llm = FakeLLM().enqueue({"entries": [TEACHING]})
    parsed = read_resume(request, settings=Settings(), llm=llm)
    assert llm.calls == [] and titles(parsed.roles) == ["Mine"]


def test_through_litellm_the_request_has_no_contact_details_and_the_answer_applies():
    with ScriptedLLMServer() as server:
        server.reply_json({"entries": [ACME, DEGREE, TEACHING]})
        llm = make_llm(
            LLMSettings(model="openai/test-model", retries=0, provider_retries=0, timeout_s=5),
            api_key="sk-test-structure-000",
            api_base=server.url,
        )
        parsed = parse_resume_with_model(
            RESUME.encode(), "resume.md", settings=IngestSettings(), llm=llm
        )
    assert server.count == 1
    body = json.dumps(server.requests[0].body, ensure_ascii=False)
    assert "Teaching Assistant" in body
    for piece in (NAME, EMAIL, PHONE, "555-0142", "jane.doe"):
        assert piece not in body
    assert titles(parsed.roles) == ["Senior Engineer", "Teaching Assistant"]


def test_the_app_session_reads_the_structure_with_its_model(tmp_path: Path):
    from core.service import TailoringSession
    from core.workspace import Workspace

    llm = FakeLLM().enqueue({"entries": [TEACHING]}, ProviderError("down", kind="server"))
    session = TailoringSession(
        workspace=Workspace.open(tmp_path / "ws"), settings=Settings(home=tmp_path), llm=llm
    )
    parsed = session.load_resume(RESUME.encode(), "resume.md")
    assert "Teaching Assistant" in titles(parsed.roles)
    board = session.analyze_job("Senior Engineer\n\nRequirements:\n- Go services\n")
    # the reading is on the run's record, with the JD analysis the model failed
    assert [c.stage for c in board.llm_calls][:2] == ["structure_reader", "jd_analyst"]
