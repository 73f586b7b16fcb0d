"""Uploaded bytes → clean text, for resumes and job descriptions alike.

The size limit is checked first; then the content is sniffed (not just the extension), then the
format's own reader runs: DOCX and ODT after zip-bomb and DTD checks (a zip package is read as
what it holds, whatever its name; a flat OpenDocument file, one XML file, after the same limits),
PDF in a bounded subprocess, text through BOM/UTF-8/charset detection, Markdown and HTML then
through their parsers (`core.ingest.markup_reader`). Unicode is normalised (NFC, no zero-width
or bidi controls).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Literal

from pydantic import BaseModel, Field

from core.contracts import LeftOut
from core.errors import InputError
from core.ingest.docx_reader import OLE2_MAGIC, read_docx
from core.ingest.latex_reader import latex_text, looks_like_latex
from core.ingest.limits import check_json_depth, check_text_size
from core.ingest.markup_reader import read_markup
from core.ingest.odt_flat import FLAT_TEXT_EXT, looks_flat
from core.ingest.odt_reader import odf_mimetype, read_odt
from core.ingest.pdf_pages import order_text_columns
from core.ingest.pdf_reader import read_pdf
from core.ingest.textnorm import count_invisible, decode_text_bytes, normalize_text
from core.reader.lines import Line
from core.settings import IngestSettings

TextFormat = Literal["markdown", "html", "text", "docx", "odt", "pdf", "json"]
SUPPORTED = ".md, .txt, .html, .tex, .docx, .odt, .fodt, .pdf or .json"
_MARKDOWN_EXT = {".md", ".markdown", ".mdown"}
_HTML_EXT = {".html", ".htm", ".xhtml"}
_HTML_START = (b"<!doctype html", b"<html")
_ODT_EXT = {".odt", ".ott", *FLAT_TEXT_EXT}
_HIDING_PLACES = {"docx": "text box", "odt": "section or frame"}
_ODF_OTHER = {
    ".ods": "an OpenDocument spreadsheet (.ods)",
    ".odp": "an OpenDocument presentation (.odp)",
    ".odg": "an OpenDocument drawing (.odg)",
    ".fods": "a flat OpenDocument spreadsheet (.fods)",
    ".fodp": "a flat OpenDocument presentation (.fodp)",
    ".fodg": "a flat OpenDocument drawing (.fodg)",
}
_OFFICE_OTHER = {
    ".doc": "an old-style Word .doc",
    ".docm": "a macro-enabled Word .docm",
    ".dot": "a Word template",
    ".dotx": "a Word template",
    ".rtf": "an RTF file",
    ".pages": "an Apple Pages file",
    ".xls": "an Excel spreadsheet",
    ".xlsx": "an Excel spreadsheet",
    ".csv": "a spreadsheet (CSV)",
    ".ppt": "a PowerPoint file",
    ".pptx": "a PowerPoint file",
}


class ExtractedText(BaseModel):
    """The readable text of one upload, plus what the reader noticed on the way."""

    text: str
    fmt: TextFormat
    source_name: str
    warnings: list[str] = Field(default_factory=list)
    hidden_text: list[str] = Field(
        default_factory=list,
        description="DOCX text Word would not show (white, tiny, vanished, in a hidden text box)",
    )
    left_out: list[LeftOut] = Field(
        default_factory=list, description="What the reader kept out of `text`, and why"
    )
    link_targets: list[str] = Field(
        default_factory=list,
        description="Where the file's links point, in order ('mailto:…', 'https://…'; PDF, DOCX)",
    )
    lines: list[Line] | None = Field(
        default=None,
        description="Every line with the layout its format gives (PDF, Markdown, HTML); None "
        "otherwise",
    )


def _size_label(size: int) -> str:
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def _check_size(size: int, name: str, settings: IngestSettings) -> None:
    if size > settings.max_upload_bytes:
        raise InputError(
            f"{name} is {_size_label(size)}, above the {settings.max_upload_mb:g} MB upload "
            "limit; upload a smaller file or paste the text."
        )
    if size == 0:
        raise InputError(f"{name} is empty (0 bytes); choose the file again.")


def _zip_kind(data: bytes) -> Literal["docx", "odt"] | None:
    """What reads a zip package, by its members: the ODT reader any OpenDocument file (it
    names the other kinds), the DOCX reader a Word document; None for neither or no zip."""
    if not data.startswith(b"PK\x03\x04"):
        return None
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            if odf_mimetype(archive) is not None:
                return "odt"
            return "docx" if "word/document.xml" in archive.namelist() else None
    except (zipfile.BadZipFile, OSError, ValueError):
        return None


def _sniff(data: bytes, suffix: str, name: str) -> TextFormat:
    head = data[:1024].lstrip()
    if suffix == ".pdf" or head.startswith(b"%PDF-"):
        return "pdf"
    if suffix not in _OFFICE_OTHER and (kind := _zip_kind(data)):
        return kind  # a file named .odt that is a Word .docx (or the other way) is still read
    if suffix in _ODT_EXT or (suffix not in _OFFICE_OTHER and looks_flat(data)):
        return "odt"  # zipped or flat (one XML file); a flat spreadsheet is named by its reader
    if suffix in _ODF_OTHER:
        raise InputError(
            f"{name} is {_ODF_OTHER[suffix]}, not a text document; save the resume from "
            "LibreOffice Writer as .odt or .docx (or PDF) and upload again."
        )
    if suffix == ".docx" or (data.startswith(b"PK\x03\x04") and suffix not in _OFFICE_OTHER):
        return "docx"
    if suffix in _OFFICE_OTHER:
        if data.startswith(OLE2_MAGIC) and suffix in {".doc", ".docm", ".dot"}:
            what = "an old-style Word .doc"
        else:
            what = _OFFICE_OTHER[suffix]
        raise InputError(
            f"{name} is {what}, not a Word .docx; save it as .docx (or PDF) and upload again."
        )
    if data.startswith(OLE2_MAGIC):
        raise InputError(f"{name} is an Office binary file, not a Word .docx; save it as .docx.")
    if suffix == ".json":
        return "json"
    if suffix in _HTML_EXT or _html_page(head):
        return "html"
    return "markdown" if suffix in _MARKDOWN_EXT else "text"


def _html_page(head: bytes) -> bool:
    """Bytes that open as an HTML page (a doctype, an <html> tag, an XHTML prolog before one)."""
    start = head.removeprefix(b"\xef\xbb\xbf").lstrip().lower()
    if start.startswith(b"<?xml"):
        return b"<html" in start
    return start.startswith(_HTML_START)


def _misnamed(name: str, fmt: str) -> list[str]:
    suffix = PurePath(name).suffix.lower()
    named = "odt" if suffix in _ODT_EXT else "docx" if suffix == ".docx" else fmt
    if named == fmt:
        return []
    what = "a Word .docx" if fmt == "docx" else "an OpenDocument text (.odt)"
    return [f"{name} is {what} despite its name; it was read as one."]


def _empty(name: str) -> InputError:
    return InputError(f"{name} is empty (it holds only whitespace); add the text and try again.")


def read_upload(
    data: bytes, filename: str, *, settings: IngestSettings | None = None
) -> ExtractedText:
    """Read one uploaded file. Raises InputError with a one-line, specific message."""
    settings = settings or IngestSettings()
    name = PurePath(filename or "upload").name or "upload"
    _check_size(len(data), name, settings)
    fmt = _sniff(data, PurePath(name).suffix.lower(), name)
    warnings: list[str] = []
    hidden: list[str] = []
    left_out: list[LeftOut] = []
    lines: list[Line] | None = None
    targets: list[str] = []
    if fmt == "pdf":
        pdf = read_pdf(data, name, settings)
        raw, warnings, left_out = pdf.text, pdf.warnings, pdf.left_out
        lines = [replace(line, text=normalize_text(line.text)) for line in pdf.lines]
        targets = pdf.link_targets
    elif fmt in ("docx", "odt"):
        docx = (read_docx if fmt == "docx" else read_odt)(data, name, settings)
        raw, hidden = "\n".join(docx.lines), docx.hidden
        warnings += _misnamed(name, fmt)
        targets = docx.link_targets
        left_out = [
            LeftOut(what=text if len(text) <= 80 else text[:77] + "…", why=f"hidden text: {why}")
            for text, why in zip(docx.hidden, docx.reasons, strict=True)
        ]
        if hidden:
            warnings.append(
                f"{name} contains {len(hidden)} piece(s) of hidden text (white, tiny, vanished, "
                f"or in a {_HIDING_PLACES[fmt]} that is hidden, of zero size or off the page); "
                "they were left out."
            )
    elif fmt in ("markdown", "html") and settings.read_markup:
        raw, warnings = decode_text_bytes(data, name)
        check_text_size(raw, name, settings)  # before parsing, as for any other text
        markup = read_markup(raw, fmt)
        raw, lines, left_out, hidden = markup.text, markup.lines, markup.left_out, markup.hidden
        lines = [replace(line, text=normalize_text(line.text)) for line in lines]
        if hidden:
            warnings.append(
                f"{name} contains {len(hidden)} piece(s) of text the page hides (hidden, "
                "display: none or visibility: hidden); they were left out."
            )
    else:
        raw, warnings = decode_text_bytes(data, name)
        if fmt == "text" and (PurePath(name).suffix.lower() == ".tex" or looks_like_latex(raw)):
            check_text_size(raw, name, settings)  # before parsing, as for any other text
            raw, latex_warnings = latex_text(raw, name)
            warnings += latex_warnings
        elif fmt == "text":  # a two-column text dump ('pdftotext -layout'), page by page
            raw = "\f".join(order_text_columns(page.expandtabs()) for page in raw.split("\f"))
    check_text_size(raw, name, settings)
    if fmt == "json":
        check_json_depth(raw, name, settings)
    invisible = count_invisible(raw)
    text = normalize_text(raw)
    if invisible:
        warnings.append(f"Removed {invisible} invisible formatting character(s) from {name}.")
    if not text.strip():
        if fmt == "pdf":
            raise InputError(
                f"{name}: this PDF has no text layer; export it with text or paste the text."
            )
        raise _empty(name)
    return ExtractedText(
        text=text,
        fmt=fmt,
        source_name=name,
        warnings=warnings,
        hidden_text=hidden,
        left_out=left_out,
        lines=lines,
        link_targets=targets,
    )


def read_path(path: str | Path, *, settings: IngestSettings | None = None) -> ExtractedText:
    """Read a file from disk with the same checks as an upload (size checked before reading)."""
    settings = settings or IngestSettings()
    file = Path(path)
    if not file.is_file():
        raise InputError(f"{file} does not exist or is not a file.")
    _check_size(file.stat().st_size, file.name, settings)
    try:
        data = file.read_bytes()
    except OSError as err:
        raise InputError(f"Could not read {file}: {err.strerror or err}.") from err
    return read_upload(data, file.name, settings=settings)
