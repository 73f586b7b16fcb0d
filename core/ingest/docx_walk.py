"""A Word story (body, header cell, text box) → its paragraphs in reading order, as Word shows it.

python-docx's `document.paragraphs` / `cell.paragraphs` / `run.text` miss what Word resume
templates and builders' "Save as Word" exports are made of, so the XML is walked directly:
- tables, with tables nested in their cells (one `None` after each row: the row's end);
- content controls (`w:sdt`) and custom-XML wrappers around blocks and around runs;
- text boxes (`w:txbxContent` in a `w:drawing` or VML shape), read once each: Word writes a
  text box twice, in `mc:Choice` and again in `mc:Fallback`, and only one is shown. A text box's
  paragraphs come before the paragraph it is anchored to (templates anchor the name and contact
  block to the first paragraph);
- runs inside hyperlinks, smart tags, simple fields and tracked insertions (not deletions).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from docx.oxml.ns import qn

_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_FALLBACK = f"{{{_MC}}}Fallback"
_CHOICE = f"{{{_MC}}}Choice"
_P, _TBL, _TR, _TC = qn("w:p"), qn("w:tbl"), qn("w:tr"), qn("w:tc")
_SDT, _SDT_CONTENT, _CUSTOM = qn("w:sdt"), qn("w:sdtContent"), qn("w:customXml")
_TXBX, _R, _DEL = qn("w:txbxContent"), qn("w:r"), qn("w:del")
_WRAPPERS = {_SDT, _SDT_CONTENT, _CUSTOM}


def paragraphs(story: Any) -> Iterator[Any | None]:
    """The `w:p` elements of a story in reading order; `None` marks the end of a table row."""
    for child in story.iterchildren():
        tag = child.tag
        if tag == _P:
            for box in _text_boxes(child):
                yield from paragraphs(box)
            yield child
        elif tag == _TBL:
            for row in child.iterchildren(_TR):
                for cell in row.iterchildren(_TC):
                    yield from paragraphs(cell)
                yield None
        elif tag in _WRAPPERS:
            yield from paragraphs(child)


def _below(element: Any, top: Any) -> Iterator[Any]:
    """The ancestors of `element` up to (not including) `top`, nearest first."""
    parent = element.getparent()
    while parent is not None and parent is not top:
        yield parent
        parent = parent.getparent()


def _shown_twice(fallback: Any) -> bool:
    """Is this mc:Fallback a copy of text that its sibling mc:Choice already shows?"""
    holder = fallback.getparent()
    return holder is not None and any(
        next(choice.iter(_TXBX), None) is not None for choice in holder.iterchildren(_CHOICE)
    )


def _text_boxes(paragraph: Any) -> Iterator[Any]:
    """The outermost text boxes anchored in this paragraph, each once."""
    for box in paragraph.iter(_TXBX):
        above = list(_below(box, paragraph))
        if any(a.tag == _TXBX for a in above):
            continue  # a box inside a box is read with its outer box
        if any(a.tag == _FALLBACK and _shown_twice(a) for a in above):
            continue
        yield box


def runs(paragraph: Any) -> Iterator[Any]:
    """The paragraph's own `w:r` elements in order (not text-box runs, not deleted text)."""
    for run in paragraph.iter(_R):
        if not any(a.tag in (_TXBX, _DEL, _FALLBACK) for a in _below(run, paragraph)):
            yield run
