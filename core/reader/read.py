"""The lines the line reader is given for a file read by `core.ingest.read_path`.

One home for the choice the model was trained with (tools/line_data/build.py uses it too): the
extractor's own lines with their layout when its format gives them (PDF, Markdown, HTML), else
the text's lines with only their format known. Feeding the model anything else at run time reads it
differently from how it was trained.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from core.reader.lines import Line, LineSource

_SOURCE: dict[str, LineSource] = {
    "markdown": "markdown",
    "html": "html",
    "text": "text",
    "docx": "docx",
    "odt": "docx",  # a word processor's paragraphs with the same marks: the lines DOCX gives
    "pdf": "pdf",
    "json": "json",
}


def extracted_lines(extracted: Any) -> list[Line]:
    """`ExtractedText` -> the model's input lines (blank lines kept: they are features)."""
    layout = getattr(extracted, "lines", None)
    if layout:
        return list(cast(list[Line], layout))
    source = _SOURCE.get(str(extracted.fmt), "text")
    return [Line(text=text, source=source) for text in str(extracted.text).splitlines()]


def shown_rows(lines: Sequence[Line], text: str) -> dict[int, int] | None:
    """Index of each of `lines` the text shows → index of its line in `text`: the extractor's
    non-blank lines off the page edge are the text's non-blank lines, in order (running heads
    and feet left the text); None where their counts differ."""
    shown = [i for i, line in enumerate(lines) if line.text.strip() and not line.at_page_edge]
    written = [i for i, row in enumerate(text.split("\n")) if row.strip()]
    if len(shown) != len(written):
        return None
    return dict(zip(shown, written, strict=True))
