"""Hostile uploads, through both doors: `core.ingest.parse_resume` and the app facade
`TailoringSession.load_resume`.

Every bad file gets one readable InputError (what is wrong + what to do, no traceback), is
rejected without inflating it (bounded memory) or is read in a bounded subprocess that is killed
cleanly (no leftover child), and the session keeps what it had before.
"""

from __future__ import annotations

import time
import tracemalloc
import uuid
from collections.abc import Callable

import pytest

from core.errors import InputError
from core.ingest import parse_resume, read_upload
from core.service import TailoringSession
from core.settings import IngestSettings
from core.workspace import Workspace
from tests.fixtures_docs import encrypted_pdf
from tests.reliability import hostile_files as hf
from tests.reliability.conftest import (
    fact_resume,
)
from tests.reliability.inspection import (
    child_pids,
)

Builder = Callable[[], bytes]
# case id -> (builder, file name, words the message must contain, ingest limits for the case)
REJECTED: dict[str, tuple[Builder, str, tuple[str, ...], dict]] = {
    "zip_bomb_size": (hf.size_bomb_docx, "resume.docx", ("zip bomb",), {}),
    "zip_bomb_ratio": (hf.ratio_bomb_docx, "resume.docx", ("zip bomb",), {}),
    "zip_bomb_entries": (hf.many_entries_docx, "resume.docx", ("Save it again",), {}),
    "zip_lying_header": (hf.lying_header_docx, "resume.docx", ("resume.docx",), {}),
    "docx_xxe_file": (
        lambda: hf.docx_with_doctype(*hf.XXE_FILE),
        "resume.docx",
        ("DTD", "Save it again"),
        {},
    ),
    "docx_xxe_http": (
        lambda: hf.docx_with_doctype(*hf.XXE_HTTP),
        "resume.docx",
        ("DTD", "Save it again"),
        {},
    ),
    "docx_billion_laughs": (
        lambda: hf.docx_with_doctype(*hf.BILLION_LAUGHS),
        "resume.docx",
        ("DTD",),
        {},
    ),
    "doc_as_doc": (hf.old_doc_file, "resume.doc", (".doc", "save it as .docx"), {}),
    "doc_renamed_docx": (hf.old_doc_file, "resume.docx", (".doc", ".docx"), {}),
    "docm_renamed_docx": (hf.docm_renamed, "resume.docx", ("macro-enabled", "save it as"), {}),
    "odt_zip_bomb_size": (
        lambda: hf.rezip(hf.plain_odt(), zeros={"Pictures/filler.bin": 110}),
        "resume.odt",
        ("zip bomb",),
        {},
    ),
    "odt_zip_bomb_ratio": (
        lambda: hf.rezip(hf.plain_odt(), zeros={"Pictures/filler.bin": 8}),
        "resume.odt",
        ("zip bomb",),
        {},
    ),
    "odt_lying_header": (
        lambda: hf.lying_header(hf.plain_odt(), "Pictures/filler.bin"),
        "resume.odt",
        ("resume.odt",),
        {},
    ),
    "odt_xxe_file": (
        lambda: hf.odt_with_doctype(*hf.XXE_FILE),
        "resume.odt",
        ("DTD", "Save it again"),
        {},
    ),
    "odt_billion_laughs": (
        lambda: hf.odt_with_doctype(*hf.BILLION_LAUGHS),
        "resume.odt",
        ("DTD",),
        {},
    ),
    "fodt_xxe_file": (
        lambda: hf.fodt_with_doctype(*hf.XXE_FILE),
        "resume.fodt",
        ("DTD", "Save it again"),
        {},
    ),
    "fodt_billion_laughs": (
        lambda: hf.fodt_with_doctype(*hf.BILLION_LAUGHS),
        "resume.fodt",
        ("DTD",),
        {},
    ),
    "fodt_over_the_document_limit": (
        lambda: hf.fodt_with_doctype("", "x" * 200_000),
        "resume.fodt",
        ("MB of XML", "save it as .odt"),
        {"max_unzipped_mb": 0.1},
    ),
    "fods_as_fods": (hf.fods_file, "resume.fods", ("spreadsheet (.fods)", ".fodt"), {}),
    "fods_renamed_fodt": (hf.fods_file, "resume.fodt", ("spreadsheet (.fods)", ".fodt"), {}),
    "odt_encrypted": (hf.encrypted_odt, "resume.odt", ("password-protected", "without a"), {}),
    "ods_as_ods": (hf.ods_file, "resume.ods", ("spreadsheet (.ods)", ".odt"), {}),
    "ods_renamed_odt": (hf.ods_file, "resume.odt", ("spreadsheet (.ods)", ".odt"), {}),
    "xlsx_as_xlsx": (hf.xlsx_file, "resume.xlsx", ("Excel", ".docx"), {}),
    "xlsx_renamed_docx": (hf.xlsx_file, "resume.docx", ("Excel", ".docx"), {}),
    "pdf_slow": (
        hf.text_flood_pdf,
        "resume.pdf",
        ("took too long / too much memory", "paste the text"),
        {"pdf_timeout_s": 1.5},
    ),
    "pdf_memory": (
        hf.text_flood_pdf,
        "resume.pdf",
        ("took too long / too much memory", "paste the text"),
        {"pdf_timeout_s": 60, "pdf_memory_mb": 150},
    ),
    "pdf_flate_bomb": (hf.flate_bomb_pdf, "resume.pdf", ("resume.pdf",), {}),
    "pdf_cyclic_pages": (hf.cyclic_pages_pdf, "resume.pdf", ("resume.pdf",), {}),
    "pdf_deep_nesting": (hf.deeply_nested_pdf, "resume.pdf", ("resume.pdf",), {}),
    "pdf_encrypted": (
        encrypted_pdf,
        "resume.pdf",
        ("password-protected", "remove the password"),
        {},
    ),
}
BOMBS = {
    "zip_bomb_size",
    "zip_bomb_ratio",
    "zip_lying_header",
    "docx_billion_laughs",
    "odt_zip_bomb_size",
    "odt_zip_bomb_ratio",
    "odt_lying_header",
    "odt_billion_laughs",
    "fodt_billion_laughs",
    "fodt_over_the_document_limit",
}


def _readable(message: str, name: str, words: tuple[str, ...]) -> None:
    assert "Traceback" not in message and "\n" not in message
    assert name in message
    for word in words:
        assert word.lower() in message.lower(), (word, message)


@pytest.fixture
def session(rel_settings, embedder):
    workspace = Workspace.open(rel_settings.workspaces_dir / f"uploads-{uuid.uuid4().hex[:8]}")
    return TailoringSession.create(workspace=workspace, settings=rel_settings)


@pytest.mark.timeout(90)
@pytest.mark.parametrize("case", list(REJECTED))
def test_hostile_upload_is_rejected_cleanly_by_the_parser(case):
    builder, name, words, limits = REJECTED[case]
    data = builder()
    settings = IngestSettings(**limits)

    tracemalloc.start()
    started = time.monotonic()
    try:
        with pytest.raises(InputError) as caught:
            parse_resume(data, name, settings=settings)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    elapsed = time.monotonic() - started

    _readable(str(caught.value), name, words)
    assert "root:" not in str(caught.value)  # no /etc/passwd through an entity
    if case in BOMBS:  # rejected without inflating it
        assert peak < 30 * 1024 * 1024, f"{peak / 1e6:.0f} MB"
    assert elapsed < settings.pdf_timeout_s + 20
    assert child_pids(b"pdf_worker") == []  # the bounded reader left nothing running


SESSION_CASES = [
    "zip_bomb_size",
    "zip_lying_header",
    "docx_xxe_file",
    "docx_billion_laughs",
    "doc_renamed_docx",
    "docm_renamed_docx",
    "xlsx_renamed_docx",
    "odt_zip_bomb_size",
    "odt_encrypted",
    "ods_renamed_odt",
    "fodt_billion_laughs",
    "fods_renamed_fodt",
    "pdf_slow",
    "pdf_memory",
    "pdf_cyclic_pages",
    "pdf_encrypted",
]


@pytest.mark.timeout(90)
@pytest.mark.parametrize("case", SESSION_CASES)
def test_hostile_upload_through_the_session_keeps_the_previous_resume(case, session):
    builder, name, words, limits = REJECTED[case]
    session.settings = session.settings.model_copy(update={"ingest": IngestSettings(**limits)})
    good = session.load_resume_text(fact_resume(f"keep-{case}"), source_name="facts.md")

    with pytest.raises(InputError) as caught:
        session.load_resume(builder(), name)

    _readable(str(caught.value), name, words)
    assert session.resume is good  # the earlier upload is still the one in use
    assert child_pids(b"pdf_worker") == []


def test_read_upload_never_resolves_an_external_entity():
    """The entity points at /etc/passwd: its content appears nowhere, not even in the error."""
    with pytest.raises(InputError) as caught:
        read_upload(hf.docx_with_doctype(*hf.XXE_FILE), "cv.docx")
    assert "root:" not in repr(caught.value.__dict__) + str(caught.value)
