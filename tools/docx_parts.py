"""Small python-docx pieces the layout generators share: a hyperlink run, a name paragraph."""

from __future__ import annotations

from typing import Any

from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.shared import Pt

HYPERLINK = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"


def add_hyperlink(paragraph: Any, url: str, text: str) -> None:
    """A w:hyperlink to `url` showing `text`, at the end of `paragraph` (python-docx has no API
    for it)."""
    rel = paragraph.part.relate_to(url, HYPERLINK, is_external=True)
    link = OxmlElement("w:hyperlink")
    link.set(qn("r:id"), rel)
    run = OxmlElement("w:r")
    text_el = OxmlElement("w:t")
    text_el.text = text
    run.append(text_el)
    link.append(run)
    paragraph._p.append(link)


def name_paragraph(paragraph: Any, data: dict[str, Any], variant: str) -> None:
    """The name set large and bold; split over a bold and a plain run for `split_spans`."""
    if variant == "split_spans":
        first = paragraph.add_run(data["first"] + " ")
        first.bold, first.font.size = True, Pt(22)
        paragraph.add_run(data["last"]).font.size = Pt(22)
        return
    run = paragraph.add_run(data["name"])
    run.bold, run.font.size = True, Pt(22)
