"""Template injection: Jinja syntax written by a user or a model is text, everywhere.

- In the DOCX: `{{ 7*7 }}`, `{% for %}`, `{# #}` from the resume, the target title and the
  model's answer come out literally (never evaluated: no "49", no loop, no missing text).
- In the prompts: the same syntax in a JD reaches the model literally (instructor never renders
  our messages as templates).
- A malformed DOCX template is a clear TemplateError; the finished run is kept and nothing
  half-written is left in the output folder.
"""

from __future__ import annotations

import io

import pytest
from docx import Document

from core.contracts import PipelineState
from core.errors import TemplateError
from core.ingest import parse_resume
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
from core.pipeline.store import load_board
from tests.reliability.conftest import (
    StageScript,
    fact_resume,
    fast_llm_settings,
    sample_jd,
    stages_seen,
    write_inputs,
)
from tests.reliability.inspection import (
    docx_text,
)

JINJA_BULLET = (
    "Automated 40 weekly reports with {{ 7*7 }} placeholders, {% for row in rows %} loops "
    "{% endfor %} and {# comments #} in the reporting templates."
)
JINJA_TITLE = "Data Engineer {{ 7*7 }} {% if true %}Lead{% endif %}"
JINJA_JD = "Bonus: you know {{ config.items() }} and {% raw %}{{ 7*7 }}{% endraw %} syntax."


@pytest.mark.timeout(120)
def test_jinja_syntax_from_resume_title_jd_and_model_stays_literal(
    rel_settings, embedder, llm_server, tmp_path
):
    resume = fact_resume("jinja", extra_bullet=JINJA_BULLET)
    card = next(c for c in parse_resume(resume.encode(), "r.md").cards if "{{" in c.raw_text)
    model_line = f"{card.raw_text[:-1]} — exactly as the evidence says."
    llm_server.responder = StageScript(
        {
            "writer": {
                "roles": [
                    {
                        "role_id": card.role_id,
                        "bullets": [{"text": card.raw_text, "evidence_card_ids": [card.id]}],
                    }
                ],
                "summary": [
                    {"text": "{{ contact.email }} {{ 6*7 }}", "evidence_card_ids": [card.id]}
                ],
                "change_log": [model_line],
            }
        }
    )
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings()})
    llm = make_llm(settings.llm, api_key="sk-test-jinja-0001", api_base=llm_server.url)
    resume_path, jd_path = write_inputs(tmp_path / "in", resume, sample_jd(JINJA_JD))

    result = tailor(
        RunRequest(resume_path=resume_path, jd_path=jd_path, title=JINJA_TITLE),
        settings=settings,
        llm=llm,
    )

    board = result.board
    assert board.current_step == PipelineState.COMPLETE, board.failure_reasons
    # the prompts carried the JD's syntax as text
    jd_request = next(r for r in llm_server.requests if "technical recruiter" in r.text())
    assert "{{ config.items() }}" in jd_request.text() and "{{ 7*7 }}" in jd_request.text()
    assert "writer" in stages_seen(llm_server)
    # the model's line (Jinja and all) passed the audit and is in the DOCX, literally
    written = [b for b in board.resume_draft.live_bullets() if b.origin == "llm"]
    assert [b.text for b in written] == [card.raw_text]
    text = docx_text(result.outputs.docx)
    assert JINJA_BULLET in text
    assert "{{ 7*7 }}" in text and "{% if true %}Lead{% endif %}" in text  # title, literally
    assert "49" not in text and "42" not in text
    # the model's "{{ contact.email }}" summary was blocked, not evaluated
    assert "{{ contact.email }}" not in " ".join(b.text for b in board.resume_draft.live_bullets())


def _broken_template(folder) -> str:
    """A Word file whose template tags are malformed (an unclosed {% for %})."""
    document = Document()
    document.add_paragraph("{{ contact.name }}")
    document.add_paragraph("{% for role in roles %}{{ role.title }}")
    path = folder / "broken.docx"
    buffer = io.BytesIO()
    document.save(buffer)
    path.write_bytes(buffer.getvalue())
    return str(path)


@pytest.mark.timeout(120)
def test_a_malformed_template_is_a_clear_error_and_the_run_is_kept(
    rel_settings, embedder, tmp_path
):
    resume_path, jd_path = write_inputs(tmp_path / "in", fact_resume("bad-template"), sample_jd())
    out_dir = tmp_path / "out"
    request = RunRequest(
        resume_path=resume_path,
        jd_path=jd_path,
        title="Senior Data Engineer",
        template=_broken_template(tmp_path),
        out_dir=out_dir,
    )

    with pytest.raises(TemplateError) as caught:
        tailor(request, settings=rel_settings)

    message = str(caught.value)
    assert "broken" in message and "Fix the template" in message
    assert "Traceback" not in message and "\n" not in message
    assert not (out_dir / "resume.docx").exists()  # nothing half-written
    saved = [
        board
        for run in rel_settings.workspaces_dir.glob("cli-*/runs/*")
        if (board := load_board(run)) is not None
        and board.inputs.template_path.endswith("broken.docx")
    ]
    assert saved and saved[0].current_step == PipelineState.COMPLETE  # the work is kept
