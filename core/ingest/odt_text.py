"""One OpenDocument paragraph → its shown text, its hidden text (with why), its links, its mark.

The text is read as LibreOffice shows it: spans, links, fields (their shown value), `text:s`
spaces, tabs and line breaks (the XML's own white space collapsed, as the standard says); not
notes, comments, frames (read on their own, see `core.ingest.odt_walk`), deleted-change markers
or conditional text a field hides. Each piece's
visibility comes from its effective formatting (`core.ingest.odt_styles.hidden_reason`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from core.ingest.odt_styles import StyleSheet, colour, first, hidden_reason, q
from core.ingest.odt_walk import Paragraph

_SKIPPED = {
    q(name)
    for name in (
        "text:note",
        "office:annotation",
        "office:annotation-end",
        "text:tracked-changes",
        "text:soft-page-break",
        "text:bookmark",
        "text:bookmark-start",
        "text:bookmark-end",
        "text:reference-mark",
        "text:change",
        "text:change-start",
        "text:change-end",
        "text:toc-mark",
        "text:alphabetical-index-mark",
    )
}
MAX_SPACES = 200  # more than any line holds
_WHITE = re.compile(r"[ \t\r\n]+")
_DRAW = "{urn:oasis:names:tc:opendocument:xmlns:drawing:1.0}"
_BULLETS = ("-", "•", "*")


@dataclass
class ParagraphText:
    shown: str = ""
    hidden: str = ""
    reasons: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)


def read_paragraph(paragraph: Paragraph, sheet: StyleSheet) -> ParagraphText:
    """The paragraph's shown and hidden text; its links' targets."""
    element = paragraph.element
    style = element.get(q("text:style-name"))
    out = ParagraphText()
    whole = paragraph.context.hidden or _hidden_paragraph(element)
    shown: list[str] = []
    hidden: list[str] = []
    for text, spans in _collapsed(_pieces(element, [], out.links)):
        blocks = [b for name in spans for b in sheet.blocks("text", name, "style:text-properties")]
        blocks += sheet.blocks("paragraph", style, "style:text-properties")
        reason = whole or hidden_reason(blocks, _behind(sheet, style, paragraph))
        (shown if reason is None else hidden).append(text)
        if reason is not None and text.strip():
            out.reasons.append(reason)
    out.shown = "".join(shown)
    out.hidden = " ".join("".join(hidden).split())
    return out


def _behind(sheet: StyleSheet, style: str | None, paragraph: Paragraph) -> list[str | None]:
    blocks = sheet.blocks("paragraph", style, "style:paragraph-properties")
    return [colour(first(blocks, "fo:background-color")), *paragraph.context.backgrounds]


def _hidden_paragraph(element: Any) -> str | None:
    """A hidden-paragraph field that hides its paragraph (a condition met when saved)."""
    for field_element in element.iter(q("text:hidden-paragraph")):
        if field_element.get(q("text:is-hidden")) == "true":
            return "hidden (hidden-paragraph field)"
    return None


def _collapsed(pieces: Iterator[tuple[str, list[str], bool]]) -> Iterator[tuple[str, list[str]]]:
    """The pieces as shown: in the XML's own characters (not `literal`) a run of white space
    (space, tab, line feed) is one space, and none at the paragraph's start or after another
    such space (ODF 1.3 part 3, 6.1.2); only `text:s`, `text:tab` and `text:line-break` are
    spaces, tabs and breaks that stay. A file pretty-printed inside its paragraphs (written by
    hand or by another program than LibreOffice) then reads as LibreOffice shows it."""
    after_space = True
    for text, spans, literal in pieces:
        if not literal:
            text = _WHITE.sub(" ", text)
            text = text.lstrip(" ") if after_space else text
        if text:
            after_space = not literal and text.endswith(" ")
            yield text, spans


def _pieces(
    element: Any, spans: list[str], links: list[str]
) -> Iterator[tuple[str, list[str], bool]]:
    """(text, the span styles around it, innermost first, whether it is a literal space, tab or
    break element) in order; links' targets into `links`."""
    if element.text:
        yield element.text, spans, False
    for child in element.iterchildren():
        tag = child.tag
        if not isinstance(tag, str) or tag in _SKIPPED or tag.startswith(_DRAW):
            pass  # comments, processing instructions, markers, notes, frames
        elif tag == q("text:s"):  # a run of spaces, bounded: a file may claim billions
            count = child.get(q("text:c"), "1")
            yield " " * min(int(count) if count.isdigit() else 1, MAX_SPACES), spans, True
        elif tag == q("text:tab"):
            yield "\t", spans, True
        elif tag == q("text:line-break"):
            yield "\n", spans, True
        elif tag == q("text:hidden-text"):
            if child.get(q("text:is-hidden")) != "true":
                yield child.get(q("text:string-value"), ""), spans, False
        else:
            if tag == q("text:a") and (target := child.get(q("xlink:href"))):
                links.append(str(target))
            inner = [child.get(q("text:style-name")), *spans] if tag == q("text:span") else spans
            yield from _pieces(child, [s for s in inner if s], links)
        if child.tail:
            yield child.tail, spans, False


def mark(paragraph: Paragraph, sheet: StyleSheet, text: str) -> str:
    """Markdown-like marks, as the DOCX reader writes them: '#'s for a heading (its outline
    level; the Title style is '#'), '- ' for a labelled list item."""
    element = paragraph.element
    style = element.get(q("text:style-name"))
    if element.tag == q("text:h"):
        level = element.get(q("text:outline-level"), "1")
        return "#" * min(int(level) if level.isdigit() else 1, 6) + f" {text}"
    if sheet.display_name(style) == "Title":
        return f"# {text}"
    if level := sheet.outline_level(style):
        return "#" * min(level, 6) + f" {text}"
    if paragraph.labelled and not text.lstrip().startswith(_BULLETS):
        return f"- {text}"
    return text
