"""One line of a resume as read, with whatever layout its format gives.

Every extractor (PDF, DOCX, Markdown, HTML, JSON Resume, plain text) can describe its lines with
this type; fields a format cannot know stay ``None``. Positions are fractions of the page (0..1),
``size`` is the line's font size over the document's median body size, so features compare across
documents.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

LineSource = Literal["pdf", "docx", "markdown", "html", "json", "text"]


@dataclass(frozen=True)
class Line:
    text: str
    source: LineSource = "text"
    page: int | None = None
    x0: float | None = None
    top: float | None = None
    x1: float | None = None
    size: float | None = None
    bold: bool | None = None
    italic: bool | None = None
    # the format's own name for the block: a DOCX style, "h2"/"li"/"p" in Markdown and HTML
    style: str | None = None
    in_table: bool = False
    # page header or footer (DOCX), repeated page edge (PDF)
    at_page_edge: bool = False
