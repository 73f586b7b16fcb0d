"""DOCX → Markdown-like text, with the safety checks done before python-docx sees the file.

Order: is it a zip at all → is it a Word document (not .xlsx/.pptx/.docm/.odt) → zip-bomb limits
(entry count, real uncompressed size, compression ratio) → no DTD/entity declarations in any XML
part → parse. Runs Word would not show (core.ingest.docx_hidden: vanished, unreadably small or
squeezed, the colour of their background — by their effective formatting; core.ingest.docx_shapes:
in a text box that is hidden, of zero size or off the page) are kept out of the text and
returned separately with the reason, so the user is told.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from typing import Any, Literal

from docx import Document
from docx.document import Document as DocumentObject
from docx.text.paragraph import Paragraph

from core.errors import InputError
from core.ingest import docx_walk
from core.ingest.docx_hidden import Formatting
from core.ingest.docx_shapes import Page, hidden_box_reason
from core.ingest.limits import check_text_size
from core.ingest.zip_package import Package, open_package
from core.settings import IngestSettings
from core.text.contact import find_emails, find_phones

OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_WORD = Package(".docx", "Word", (".xml", ".rels"), "a .docx", "save it again from Word as .docx")


@dataclass
class DocxText:
    lines: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)  # why each `hidden` piece is not shown
    link_targets: list[str] = field(default_factory=list)  # where its hyperlinks point


def check_docx_bytes(data: bytes, name: str, settings: IngestSettings) -> None:
    """Raise InputError unless `data` is a plausible, bounded, DTD-free Word .docx package."""
    if data.startswith(OLE2_MAGIC):
        raise InputError(
            f"{name} is an old-style Word .doc (or another Office binary file), not a .docx; "
            "open it in Word and save it as .docx."
        )
    open_package(data, name, settings, _WORD, _check_kind)


def _check_kind(archive: zipfile.ZipFile, name: str) -> None:
    names = set(archive.namelist())
    if "word/document.xml" in names:
        types = archive.read("[Content_Types].xml") if "[Content_Types].xml" in names else b""
        if b"macroEnabled" in types:
            raise InputError(
                f"{name} is a macro-enabled Word file (.docm), not a .docx; save it as .docx "
                "without macros."
            )
        return
    kind = "a zip archive"
    if any(n.startswith("xl/") for n in names):
        kind = "an Excel spreadsheet (.xlsx)"
    elif any(n.startswith("ppt/") for n in names):
        kind = "a PowerPoint file (.pptx)"
    elif "mimetype" in names:
        kind = "an OpenDocument file (.odt or similar)"
    raise InputError(f"{name} is {kind}, not a Word .docx; save the resume from Word as .docx.")


def read_docx(data: bytes, name: str, settings: IngestSettings) -> DocxText:
    """Checked DOCX bytes → lines of Markdown-like text (headings '#', list items '- ')."""
    check_docx_bytes(data, name, settings)
    try:
        document = Document(io.BytesIO(data))
    except Exception as err:  # python-docx raises many types for broken packages
        raise InputError(f"{name} could not be opened as a Word document: {err}") from err
    try:
        return _read_document(document, name, settings)
    except (AttributeError, KeyError, TypeError, ValueError, IndexError) as err:
        # python-docx opened the package but its parts are not what Word writes.
        raise InputError(
            f"{name} is damaged: its parts are not laid out like a Word document "
            f"({type(err).__name__}). Open and re-save it in Word, or paste the text."
        ) from None


def _read_document(document: DocumentObject, name: str, settings: IngestSettings) -> DocxText:
    """The document's text; stops with the size limits' InputError as soon as the text read so
    far is over them (a 10 MB DOCX holds ~25 MB of XML: reading every run would take minutes)."""
    out = DocxText(link_targets=_link_targets(document))
    formatting = Formatting.of(document)
    page = Page.of(document)
    chars = 0
    stories = [header._element for header in _headers(document)] + [document.element.body]
    for story in stories:
        for element in docx_walk.paragraphs(story):
            before = len(out.lines)
            if element is None:
                out.lines.append("")  # a table row ends
            else:
                box = hidden_box_reason(element, page)
                _add_paragraph(Paragraph(element, document), out, formatting, box)
            chars += sum(len(line) + 1 for line in out.lines[before:])
            if len(out.lines) > settings.max_lines or chars > settings.max_chars + 1:
                check_text_size("\n".join(out.lines), name, settings)  # raises, usual message
    out.lines += _footer_contact(document)
    return out


def _footer_contact(document: DocumentObject) -> list[str]:
    """The first page's footer lines that hold an e-mail address or a phone number (a contact
    block set in the footer), after a blank line; the footer's page numbers and running titles
    are not read."""
    footer = _first_page_part(document, "footer")
    if footer is None:
        return []
    found = [
        p.text.strip() for p in footer.paragraphs if find_emails(p.text) or find_phones(p.text)
    ]
    return ["", *found] if found else []


def _link_targets(document: DocumentObject) -> list[str]:
    """Where the body's and the first header's hyperlinks point ('mailto:…', 'https://…'): an
    address shown as an icon or a word ('Email') is only in its link."""
    parts = [document.part] + [header.part for header in _headers(document)]
    return [
        rel.target_ref
        for part in parts
        for rel in part.rels.values()
        if rel.is_external and rel.reltype.endswith("/hyperlink")
    ]


def _headers(document: DocumentObject) -> list[Any]:
    """The header the first page shows (contact blocks live there); footers hold page numbers
    and are read for contact lines only (`_footer_contact`). With a different first page, the
    other pages' running header is skipped too ("Jordan Rivera · Page 2")."""
    header = _first_page_part(document, "header")
    return [] if header is None else [header]


def _first_page_part(document: DocumentObject, part: Literal["header", "footer"]) -> Any | None:
    """The header or footer (`part`) the first page shows: its own where the section gives the
    first page a different one, else the section's; None where it is only linked to a previous
    section's (none there)."""
    section = document.sections[0]
    shown = (
        getattr(section, f"first_page_{part}")
        if section.different_first_page_header_footer
        else None
    )
    if shown is None or shown.is_linked_to_previous:
        shown = getattr(section, part)
    return None if shown.is_linked_to_previous else shown


def _add_paragraph(
    paragraph: Paragraph, out: DocxText, formatting: Formatting, box: str | None
) -> None:
    """Add the paragraph's shown text to `out.lines` and the rest to `out.hidden`; `box` is
    why the text box holding the paragraph is not shown (all its runs are hidden then)."""
    visible: list[str] = []
    hidden: list[str] = []
    reasons: list[str] = []
    for run in docx_walk.runs(paragraph._p):
        reason = box or formatting.hidden_reason(run, paragraph._p)
        (visible if reason is None else hidden).append(run.text)
        if reason is not None and run.text.strip():
            reasons.append(reason)
    if "".join(hidden).strip():
        out.hidden.append(" ".join("".join(hidden).split()))
        out.reasons.append(reasons[0])
    text = "".join(visible)
    if not text.strip():
        out.lines.append("")
        return
    out.lines.extend(_mark(paragraph, text).split("\n"))
    out.lines.append("")  # a Word paragraph is a block of its own


def _mark(paragraph: Paragraph, text: str) -> str:
    style = (paragraph.style.name if paragraph.style is not None else "") or ""
    if style == "Title":
        return f"# {text}"
    if style.startswith("Heading") and style[-1:].isdigit():
        return "#" * min(int(style.split()[-1]), 6) + f" {text}"
    is_list = style.startswith("List") or (
        paragraph._p.pPr is not None and (paragraph._p.pPr.numPr is not None)
    )
    if is_list and not text.lstrip().startswith(("-", "•", "*")):
        return f"- {text}"
    return text
