"""Read a PDF's text layer in a separate process bounded in time and memory."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from core.contracts import LeftOut
from core.errors import InputError
from core.ingest.pdf_pages import drop_running_lines, join_broken_words, order_columns
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


def read_pdf(
    data: bytes, name: str, settings: IngestSettings
) -> tuple[str, list[str], list[LeftOut]]:
    """The text of every page (layout kept: blank lines between blocks, indents), warnings, and
    the running headers / footers / page numbers left out."""
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
    pages = [str(page) for page in raw_pages] if isinstance(raw_pages, list) else []
    if not any(page.strip() for page in pages):
        raise InputError(
            f"{name}: this PDF has no text layer; export it with text or paste the text."
        )
    warnings = []
    empty = [str(i + 1) for i, page in enumerate(pages) if not page.strip()]
    if empty:
        warnings.append(f"{name}: page(s) {', '.join(empty)} have no text layer and were skipped.")
    pages, left_out = drop_running_lines([page for page in pages if page.strip()])
    # pages join with one line break: a bullet or paragraph may run on over the page break
    text = "\n".join(_tidy_page(order_columns(page)) for page in pages if page.strip())
    return join_broken_words(text), warnings, left_out


def _tidy_page(page: str) -> str:
    """Drop trailing spaces and the common left margin that layout mode adds."""
    lines = [line.rstrip() for line in page.splitlines()]
    margins = [len(line) - len(line.lstrip()) for line in lines if line.strip()]
    cut = min(margins) if margins else 0
    return "\n".join(line[cut:] for line in lines).strip("\n")
