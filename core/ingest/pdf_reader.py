"""Read a PDF's words in a separate process bounded in time and memory, then lay them out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

from core.contracts import LeftOut
from core.errors import InputError
from core.ingest.pdf_layout import layout_lines
from core.ingest.pdf_lines import pdf_text_and_lines
from core.ingest.pdf_pages import join_broken_words
from core.ingest.pdf_worker import runs_together
from core.reader.lines import Line
from core.settings import IngestSettings

WORKER = Path(__file__).with_name("pdf_worker.py")


def check_pdf_bytes(data: bytes, name: str) -> None:
    if not data.lstrip()[:1024].startswith(b"%PDF-") and b"%PDF-" not in data[:1024]:
        raise InputError(
            f"{name} is not a PDF (it does not start with %PDF); export the resume as PDF "
            "again or upload .docx or .txt."
        )


def _run_worker(data: bytes, name: str, settings: IngestSettings) -> dict[str, object]:
    command = [sys.executable, "-I", str(WORKER), str(settings.pdf_memory_mb)]
    too_much = (
        f"{name}: this PDF took too long / too much memory to read (limits "
        f"{settings.pdf_timeout_s:g} s, {settings.pdf_memory_mb} MB); export it again or "
        "paste the text."
    )
    try:
        done = subprocess.run(
            command, input=data, capture_output=True, timeout=settings.pdf_timeout_s, check=False
        )
    except subprocess.TimeoutExpired as err:  # run() has already killed and reaped the child
        raise InputError(too_much) from err
    try:
        result = json.loads(done.stdout.decode("utf-8") or "null")
    except (UnicodeDecodeError, json.JSONDecodeError):
        result = None
    if done.returncode != 0 or not isinstance(result, dict):
        raise InputError(too_much)
    return result


class PdfRead(NamedTuple):
    """What a PDF gave: text in reading order, warnings, what was left out, and its lines."""

    text: str
    warnings: list[str]
    left_out: list[LeftOut]
    lines: list[Line]
    link_targets: list[str]


def read_pdf(data: bytes, name: str, settings: IngestSettings) -> PdfRead:
    """The text of every page in reading order (layout kept: blank lines between blocks,
    indents, wide gaps), warnings, the running headers / footers / page numbers left out, and
    every line with its layout (`Line`, running lines marked `at_page_edge`)."""
    check_pdf_bytes(data, name)
    result = _run_worker(data, name, settings)
    error = result.get("error")
    if error == "encrypted":
        raise InputError(
            f"{name} is password-protected; remove the password (or print it to a new PDF) "
            "and upload it again."
        )
    if error == "memory":
        raise InputError(
            f"{name}: this PDF took too long / too much memory to read; export it again or "
            "paste the text."
        )
    if error:
        raise InputError(f"{name} is a damaged PDF and could not be read ({result.get('detail')}).")
    raw_pages = result.get("pages")
    pages = [p for p in raw_pages if isinstance(p, dict)] if isinstance(raw_pages, list) else []
    if not any(p.get("words") for p in pages):
        raise InputError(
            f"{name}: this PDF has no text layer; export it with text or paste the text."
        )
    warnings = []
    empty = [str(i + 1) for i, page in enumerate(pages) if not page.get("words")]
    if empty:
        warnings.append(f"{name}: page(s) {', '.join(empty)} have no text layer and were skipped.")
    text, lines, left_out = pdf_text_and_lines(layout_lines(pages))
    if runs_together(text):
        warnings.append(
            f"{name}: many words of this PDF run together (its spaces are missing); check the "
            "text that was read, or export the PDF again."
        )
    targets = [
        str(link[4])
        for page in pages
        for link in (page.get("links") or [])
        if isinstance(link, list) and len(link) == 5
    ]
    return PdfRead(join_broken_words(text), warnings, left_out, lines, targets)
