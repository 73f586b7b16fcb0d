"""Privacy: contact details never reach the model, and "Delete my data" really deletes.

- Every request body the loopback server received during a whole LLM run (all stages, HyDE on)
  is free of the resume's name, email and phone — also when the email and phone are repeated
  inside an experience bullet.
- `TailoringSession.delete_all()` leaves nothing of the session on disk: no workspace folder,
  no LanceDB table or version, no LLM cache entry, no embedding-cache entry for its text —
  checked by walking the whole RESUMEFORGE_HOME.
"""

from __future__ import annotations

import json
import uuid

import pytest

from core.contracts import PipelineState
from core.llm.cache import ResponseCache
from core.llm.client import make_llm
from core.pipeline.runner import RunRequest, tailor
from core.retrieval.embedder import EmbeddingCache
from core.service import TailoringSession
from core.workspace import Workspace
from tests.reliability.conftest import (
    EMAIL,
    NAME,
    PHONE,
    StageScript,
    fact_resume,
    fast_llm_settings,
    sample_jd,
    stages_seen,
    write_inputs,
)
from tests.reliability.inspection import (
    tree_text,
)

CONTACT_IN_A_BULLET = (
    f"Ran the data on-call rota; escalations went to {EMAIL} or {PHONE}, answered within 15 "
    "minutes."
)


def _contact_pieces() -> list[str]:
    first, last = NAME.split()
    digits = "".join(ch for ch in PHONE if ch.isdigit())
    return [NAME, first, last, EMAIL, EMAIL.split("@")[0], PHONE, digits, digits[-7:], "555-0199"]


@pytest.mark.timeout(150)
def test_no_request_to_the_model_contains_contact_details(
    rel_settings, embedder, llm_server, tmp_path
):
    llm_server.responder = StageScript()
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings(hyde=True)})
    llm = make_llm(settings.llm, api_key="sk-test-privacy-000", api_base=llm_server.url)
    resume = fact_resume("privacy", extra_bullet=CONTACT_IN_A_BULLET)
    resume_path, jd_path = write_inputs(tmp_path / "in", resume, sample_jd())

    result = tailor(
        RunRequest(resume_path=resume_path, jd_path=jd_path, title="Senior Data Engineer"),
        settings=settings,
        llm=llm,
    )

    assert result.board.current_step == PipelineState.COMPLETE, result.board.failure_reasons
    stages = set(stages_seen(llm_server))
    assert {"jd_analyst", "hyde", "evidence_mapper", "writer", "auditor"} <= stages, stages
    assert any("escalations went to" in r.text() for r in llm_server.requests)  # bullet was sent…
    for request in llm_server.requests:
        body = json.dumps(request.body, ensure_ascii=False)
        found = [piece for piece in _contact_pieces() if piece in body]
        assert found == [], (request.path, found)  # …without the contact details in it
    # the contact details are still where they belong: the DOCX header, added at render time
    assert result.board.contact.email == EMAIL


def _session_files(home, workspace_root, tag: str) -> list[str]:
    """Paths under `home` that belong to the session: inside its workspace, or naming its tag."""
    return [
        str(path)
        for path in home.rglob("*")
        if path.is_relative_to(workspace_root) or tag in path.name
    ]


@pytest.mark.timeout(150)
def test_delete_all_leaves_nothing_of_the_session_on_disk(
    rel_settings, rel_home, embedder, llm_server
):
    tag = f"Erasure{uuid.uuid4().hex[:10]}"
    llm_server.responder = StageScript()
    settings = rel_settings.model_copy(update={"llm": fast_llm_settings(cache=True)})
    workspace = Workspace.open(settings.workspaces_dir / uuid.uuid4().hex)
    llm = make_llm(  # as the sidebar builds it: the LLM cache lives in the workspace
        settings.llm,
        api_key="sk-test-erasure-00",
        api_base=llm_server.url,
        cache=ResponseCache(workspace.root / "llm-cache"),
    )
    session = TailoringSession.create(workspace=workspace, settings=settings, llm=llm)
    resume = session.load_resume_text(fact_resume(tag), source_name="mine.md")
    session.analyze_job(sample_jd(), target_title="Senior Data Engineer")
    session.map_evidence()
    session.write_draft()
    session.export(template="classic")
    for _ in range(2):  # more LanceDB versions
        session.load_resume_text(fact_resume(tag, extra_bullet=f"Again {uuid.uuid4().hex}"))
    assert tag in tree_text(workspace.root)  # the walk can see the session's data…
    assert (workspace.root / "index").is_dir() and (workspace.root / "llm-cache").is_dir()

    session.delete_all()

    assert not workspace.root.exists()
    assert _session_files(rel_home, workspace.root, tag) == []
    assert tag not in tree_text(rel_home)  # …and none of it is left anywhere in the home
    tagged = next(c.raw_text for c in resume.cards if tag in c.raw_text)
    cache = EmbeddingCache(settings.cache_dir / "embeddings")  # the home's shared cache
    assert cache.get_many(embedder.name, [tagged], embedder.dim)[0] is None, (
        "the shared embedding cache still holds a vector of the deleted resume's text"
    )
    embedder.encode([tagged])  # control: an embedder WITH the disk cache stores it…
    assert cache.get_many(embedder.name, [tagged], embedder.dim)[0] is not None  # …visibly
