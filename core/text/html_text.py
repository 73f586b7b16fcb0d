"""HTML → the text a reader of the page sees, its structure kept as plain-text lines.

lxml's HTML parser reads the markup (broken markup too, as browsers do); this walk writes each
list item as its own "- item" line (ordered lists numbered, nested lists indented), headings and
paragraphs as lines set off by a blank line, `<br>` as a line break, table rows as lines, links
as their words. Scripts, styles, navigation, forms, comments and the page head are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import lxml.html
from lxml import etree

# Left out with everything inside them: not text a reader of the posting reads.
SKIPPED = frozenset(
    {
        "script", "style", "noscript", "template", "head", "nav", "footer", "form", "button",
        "select", "option", "textarea", "input", "svg", "iframe", "object", "embed", "canvas",
        "audio", "video", "map",
    }
)  # fmt: skip
# Each starts and ends a paragraph.
BLOCKS = frozenset(
    {
        "p", "div", "section", "article", "main", "header", "aside", "blockquote", "pre",
        "address", "figure", "figcaption", "center", "fieldset", "details", "summary", "table",
        "dl", "body", "html",
    }
)  # fmt: skip
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
LISTS = frozenset({"ul", "ol", "menu", "dir"})
LINES = frozenset({"tr", "dt", "dd", "li"})  # each starts a line, without a blank one before
CELLS = frozenset({"td", "th"})


@dataclass
class _Writer:
    """Lines of text; an item's marker goes before its first line, its indent before the rest."""

    lines: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    marker: str = ""  # "- " or "3. " waiting for the item's first line
    indent: str = ""  # what the item's further lines start with
    newlines: bool = False  # a line break in the text ends a line (markup without blocks)

    def add(self, text: str | None) -> None:
        if not text:
            return
        if not self.newlines:
            self.words.append(_spaced(text))
            return
        for n, piece in enumerate(text.split("\n")):
            if n and "".join(self.words).strip():
                self.end_line()
            elif n:
                self.blank()  # an empty line: a paragraph ends
            self.words.append(_spaced(piece))

    def end_line(self) -> None:
        line = " ".join("".join(self.words).split())
        self.words = []
        if not line:
            return
        if self.marker:
            self.lines.append(self.indent[: -len(self.marker)] + self.marker + line)
            self.marker = ""
        else:
            self.lines.append(self.indent + line)

    def blank(self) -> None:
        self.end_line()
        if self.lines and self.lines[-1]:
            self.lines.append("")

    def text(self) -> str:
        self.end_line()
        return "\n".join(self.lines).strip("\n")


def html_text(markup: str, *, newlines: bool = False) -> str:
    """The visible text of an HTML page or fragment, one line per paragraph, item or heading.
    With `newlines`, a line break in the text ends a line too (text whose only markup is inline
    tags and `<br>`: its lines are its structure)."""
    if not markup.strip():
        return ""
    try:
        root = lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError):
        return markup
    writer = _Writer(newlines=newlines)
    try:
        _walk(root, writer, depth=0)
    except RecursionError:  # nested deeper than Python's stack: its words, one paragraph
        return " ".join(" ".join(root.itertext()).split())
    return writer.text()


def _walk(element: etree._Element, writer: _Writer, *, depth: int) -> None:
    tag = element.tag if isinstance(element.tag, str) else ""
    if not tag:  # a comment or processing instruction: its tail is still page text
        writer.add(element.tail)
        return
    tag = tag.lower()
    if tag in SKIPPED or element.get("role") == "navigation" or element.get("hidden") is not None:
        writer.add(element.tail)
        return
    if tag == "br":
        if not writer.words:
            writer.blank()
        writer.end_line()
    elif tag in LISTS:
        writer.end_line() if writer.indent else writer.blank()
    elif tag == "li":
        _item(element, writer, depth=depth)
        writer.add(element.tail)
        return
    elif tag in BLOCKS or tag in HEADINGS or tag == "hr":
        if writer.marker or writer.indent:
            writer.end_line()  # a paragraph inside a list item stays in the item
        else:
            writer.blank()
    elif tag in LINES:
        writer.end_line()
    writer.add(element.text)
    inner = depth + 1 if tag in LISTS else depth
    for child in element:
        _walk(child, writer, depth=inner)
    if tag in CELLS:
        writer.add(" ")
    elif tag in BLOCKS or tag in HEADINGS:
        if writer.marker or writer.indent:
            writer.end_line()
        else:
            writer.blank()
    elif tag in LISTS and not writer.indent:
        writer.blank()
    elif tag in LINES or tag in LISTS:
        writer.end_line()
    writer.add(element.tail)


def _item(element: etree._Element, writer: _Writer, *, depth: int) -> None:
    """One list item: its marker ("- ", or its number in an ordered list), nested lists deeper."""
    writer.end_line()
    parent = element.getparent()
    marker = "- "
    if parent is not None and parent.tag == "ol":
        siblings = [c for c in parent if c.tag == "li"]
        marker = f"{siblings.index(element) + 1}. "
    outer_indent = writer.indent
    writer.marker = marker
    writer.indent = "  " * max(depth - 1, 0) + " " * len(marker)
    writer.add(element.text)
    for child in element:
        _walk(child, writer, depth=depth)
    writer.end_line()
    writer.marker, writer.indent = "", outer_indent


def _spaced(text: str | None) -> str:
    """HTML's white space: any run of it reads as one space."""
    if not text:
        return ""
    squeezed = " ".join(text.split())
    if not squeezed:
        return " "
    lead = " " if text[:1].isspace() else ""
    trail = " " if text[-1:].isspace() else ""
    return lead + squeezed + trail
