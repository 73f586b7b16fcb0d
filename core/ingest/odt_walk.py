"""An OpenDocument story (body, header, table cell, text box) → its paragraphs in reading order.

- headings (`text:h`) and paragraphs, in lists (nested, each item's first paragraph labelled
  when its list style shows a bullet or a number at that level; a list header is not);
- tables row by row, cells left to right, nested tables in their cells, merged (covered) cells
  once; one `None` after each row (the row's end);
- sections, hidden ones with their reason; an index's body (a table of contents);
- frames and shapes with text (`draw:text-box`, a shape's own paragraphs) before the paragraph
  they are anchored to, each once, with the reason LibreOffice would not show them;
- the tracked changes' store of deleted text (`text:tracked-changes`) is never read.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from core.ingest.docx_shapes import INVISIBLE, OFF_PAGE, ZERO_SIZE, Page, length_points
from core.ingest.odt_styles import StyleSheet, colour, first, q

_PARAGRAPHS = {q("text:p"), q("text:h")}
_ROWS = {q("table:table-header-rows"), q("table:table-rows"), q("table:table-row-group")}
_SHAPES = {
    q(f"draw:{tag}")
    for tag in ("frame", "custom-shape", "rect", "ellipse", "polygon", "path", "g", "caption")
}
_TEXT_HOLDERS = {q("draw:text-box"), *_SHAPES}
_NOT_READ = {q("text:note"), q("office:annotation")}


@dataclass(frozen=True)
class Context:
    """Where a paragraph stands: its list place, why it is hidden, what is behind it."""

    list_level: int = 0
    list_style: str | None = None
    hidden: str | None = None
    backgrounds: tuple[str | None, ...] = ()
    in_table: bool = False


@dataclass(frozen=True)
class Paragraph:
    element: Any
    context: Context
    labelled: bool = False  # the first paragraph of a list item whose list shows a label


def paragraphs(
    story: Any, sheet: StyleSheet, page: Page, context: Context = Context()
) -> Iterator[Paragraph | None]:
    """The paragraphs of a story in reading order; `None` marks the end of a table row."""
    yield from _blocks(story.iterchildren(), sheet, page, context)


def _blocks(
    children: Iterable[Any], sheet: StyleSheet, page: Page, context: Context
) -> Iterator[Paragraph | None]:
    for child in children:
        tag = child.tag
        if tag in _PARAGRAPHS:
            yield from _boxes(child, sheet, page, context)
            yield Paragraph(child, context)
        elif tag == q("text:list"):
            yield from _list(child, sheet, page, context)
        elif tag == q("table:table"):
            yield from _table(child, sheet, page, context)
        elif tag == q("text:section"):
            yield from paragraphs(child, sheet, page, _section(child, context))
        elif tag in _SHAPES:  # a frame anchored to the page
            yield from _box_paragraphs(child, sheet, page, context)
        elif (body := child.find(q("text:index-body"))) is not None:  # a table of contents
            yield from paragraphs(body, sheet, page, context)


def _section(section: Any, context: Context) -> Context:
    """A section shown only on a condition is read as hidden: the condition is not evaluated
    here, and what is left out is listed to the user, never lost silently."""
    shown = section.get(q("text:display"), "true")
    if shown == "none":
        return replace(context, hidden=context.hidden or "hidden section")
    if shown == "condition":
        return replace(context, hidden=context.hidden or "section hidden on a condition")
    return context


def _list(
    element: Any, sheet: StyleSheet, page: Page, context: Context
) -> Iterator[Paragraph | None]:
    style = element.get(q("text:style-name")) or context.list_style
    inner = replace(context, list_level=context.list_level + 1, list_style=style)
    for item in element.iterchildren(q("text:list-item"), q("text:list-header")):
        first_paragraph = item.tag == q("text:list-item")
        for child in item.iterchildren():
            if child.tag in _PARAGRAPHS:
                yield from _boxes(child, sheet, page, inner)
                own = child.get(q("text:style-name"))
                listed = style or sheet.list_style(own)
                labelled = first_paragraph and sheet.labelled(listed, inner.list_level)
                yield Paragraph(child, inner, labelled=labelled and child.tag == q("text:p"))
                first_paragraph = False
            elif child.tag == q("text:list"):
                yield from _list(child, sheet, page, inner)
                first_paragraph = False


def _rows(table: Any) -> Iterator[Any]:
    for child in table.iterchildren():
        if child.tag == q("table:table-row"):
            yield child
        elif child.tag in _ROWS:
            yield from _rows(child)


def _table(
    table: Any, sheet: StyleSheet, page: Page, context: Context
) -> Iterator[Paragraph | None]:
    for row in _rows(table):
        for cell in row.iterchildren(q("table:table-cell")):  # covered cells hold nothing shown
            fill = first(
                sheet.blocks(
                    "table-cell", cell.get(q("table:style-name")), "style:table-cell-properties"
                ),
                "fo:background-color",
            )
            inner = replace(
                context, backgrounds=(colour(fill), *context.backgrounds), in_table=True
            )
            yield from paragraphs(cell, sheet, page, inner)
        yield None


def _below(element: Any, top: Any) -> Iterator[Any]:
    parent = element.getparent()
    while parent is not None and parent is not top:
        yield parent
        parent = parent.getparent()


def _boxes(
    paragraph: Any, sheet: StyleSheet, page: Page, context: Context
) -> Iterator[Paragraph | None]:
    """The paragraphs of the outermost frames and shapes anchored in this paragraph."""
    for holder in paragraph.iter(*_SHAPES):
        above = list(_below(holder, paragraph))
        if any(a.tag in _TEXT_HOLDERS or a.tag in _NOT_READ for a in above):
            continue  # a box in a box is read with its outer box; notes are not read
        yield from _box_paragraphs(holder, sheet, page, context)


def _box_paragraphs(
    shape: Any, sheet: StyleSheet, page: Page, context: Context
) -> Iterator[Paragraph | None]:
    style = sheet.blocks("graphic", shape.get(q("draw:style-name")), "style:graphic-properties")
    reason = context.hidden or _hidden_shape(shape, style, page)
    fill = colour(first(style, "fo:background-color"))
    if fill is None and first(style, "draw:fill") == "solid":
        fill = colour(first(style, "draw:fill-color"))
    inner = replace(context, hidden=reason, backgrounds=(fill, *context.backgrounds))
    for child in shape.iterchildren():
        if child.tag == q("draw:text-box"):
            yield from paragraphs(child, sheet, page, inner)
        elif child.tag in _SHAPES:  # a group's shapes, a frame in a frame
            yield from _box_paragraphs(child, sheet, page, inner)
        elif child.tag in _PARAGRAPHS or child.tag == q("text:list"):
            yield from _blocks([child], sheet, page, inner)


def _hidden_shape(shape: Any, style: list[Any], page: Page) -> str | None:
    """Why LibreOffice shows none of a frame's text (hidden, of zero size, off the page)."""
    if shape.get(q("draw:display")) == "none":
        return INVISIBLE
    width = length_points(shape.get(q("svg:width")))
    height = length_points(shape.get(q("svg:height")))
    box = shape.find(q("draw:text-box"))
    grows = (box is not None and box.get(q("fo:min-height")) is not None) or first(
        style, "draw:auto-grow-height"
    ) == "true"
    if width == 0 or (height == 0 and not grows):
        return ZERO_SIZE
    from_page = shape.get(q("text:anchor-type")) == "page"
    for vertical, (axis, pos, rel) in enumerate(
        (("svg:x", "style:horizontal-pos", "style:horizontal-rel"),
         ("svg:y", "style:vertical-pos", "style:vertical-rel"))
    ):  # fmt: skip
        if first(style, pos) not in (None, "from-left", "from-top"):
            continue  # aligned (left, centre, top …): on the page
        offset = length_points(shape.get(q(axis)))
        size = (height if vertical else width) or 0.0
        exact = from_page or first(style, rel) == "page"
        if offset is not None and page.outside(
            offset, size, from_page=exact, vertical=bool(vertical)
        ):
            return OFF_PAGE
    return None
