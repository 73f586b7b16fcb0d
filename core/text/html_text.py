"""HTML → the text a reader of the page sees, its structure kept as plain-text lines.

lxml's HTML parser reads the markup (broken markup too, as browsers do); this walk writes each
list item as its own "- item" line (ordered lists numbered, nested lists indented), headings and
paragraphs as lines set off by a blank line, `<br>` as a line break, table rows as lines, links
as their words. Scripts, styles, navigation, forms, comments and the page head are left out, and
so is what a browser hides (`hidden`, `display: none`, `visibility: hidden`). `read_html` gives
the same lines with the markup each sat in (heading level, list item, bold, italic, table), which
a resume's line reader uses as layout.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import unquote

import lxml.html
from lxml import etree

from core.text.html_tags import (
    BLOCKS,
    CELLS,
    EMPHASIS,
    HEADINGS,
    LINES,
    LISTS,
    STRONG,
    hidden,
    not_read,
)

__all__ = ["BLOCKS", "CELLS", "HEADINGS", "LINES", "LISTS", "TextLine", "VisibleText"]

# where a <b>/<strong> run opens and closes, while a line is written (private-use characters)
_OPEN, _CLOSE = "\ue001", "\ue002"
_MARKS = re.compile(f"[{_OPEN}{_CLOSE}]")


@dataclass(frozen=True)
class TextLine:
    """One line of the visible text and the markup it sat in ("" text: a blank line).
    `style`: "h1".."h6" inside a heading, "li" inside a list item, else "p"; `bold` / `italic`:
    every letter of the line is inside `<b>`/`<strong>` / `<i>`/`<em>`; `marked`: the text with
    each strong run inside it written as Markdown writes it ('**University of X** | City')."""

    text: str
    style: str = "p"
    bold: bool = False
    italic: bool = False
    in_table: bool = False
    marked: str = ""
    source_line: int | None = None  # the line of the source it was written on (`data-line`)


@dataclass(frozen=True)
class VisibleText:
    """What `read_html` gives: the lines a reader sees, and the text the page hides."""

    lines: list[TextLine]
    hidden: list[str]

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass
class _Writer:
    """Lines of text; an item's marker goes before its first line, its indent before the rest."""

    lines: list[TextLine] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    marker: str = ""  # "- " or "3. " waiting for the item's first line
    indent: str = ""  # what the item's further lines start with
    newlines: bool = False  # a line break in the text ends a line (markup without blocks)
    mail_links: bool = False  # a mailto: link whose words do not show the address gets it
    strong_marks: bool = False  # each line's strong runs are kept as `TextLine.marked`
    style: str = "p"  # the block the words being written sit in
    strong: int = 0  # how many <b>/<strong> the words being written sit in
    emphasis: int = 0
    table: int = 0
    counts: list[int] = field(default_factory=lambda: [0, 0, 0])  # letters, bold, italic
    source: int | None = None  # the source line of the next line written, when the tags say
    hidden: list[str] = field(default_factory=list)
    boundary: bool = False  # an element just ended: words right after it are another element's
    last: str = ""  # the last letter written

    def add(self, text: str | None) -> None:
        if not text:
            return
        if not self.newlines:
            self._words(_spaced(text))
            return
        for n, piece in enumerate(text.split("\n")):
            if n and "".join(self.words).strip():
                self.end_line()
            elif n:
                self.blank()  # an empty line: a paragraph ends
            self._words(_spaced(piece))

    def _words(self, words: str) -> None:
        if self.boundary and words[:1].isalnum() and self.last.isalnum():
            words = " " + words  # two elements' words side by side ('<span>SQL</span><span>R')
        self.boundary, self.last = False, (_MARKS.sub("", words) or self.last)[-1:]
        self.words.append(words)
        letters = sum(not ch.isspace() for ch in words)
        self.counts[0] += letters
        self.counts[1] += letters if self.strong else 0
        self.counts[2] += letters if self.emphasis else 0

    def end_line(self) -> None:
        marked = _strong_runs("".join(self.words))
        line = _MARKS.sub("", marked)
        letters, bold, italic = self.counts
        self.words, self.counts = [], [0, 0, 0]
        if not line:
            return
        if bold == letters:  # a line bold throughout says so in `bold`; runs set a field apart
            marked = line
        lead = self.indent
        if self.marker:
            lead = self.indent[: -len(self.marker)] + self.marker
            self.marker = ""
        self.lines.append(
            TextLine(
                lead + line,
                self.style,
                bold == letters,
                italic == letters,
                self.table > 0,
                lead + marked.replace(_OPEN, "**").replace(_CLOSE, "**"),
                self.source,
            )
        )
        self.source = None if self.source is None else self.source + 1

    def strong_mark(self, opens: bool) -> None:
        if self.strong_marks and self.strong == 0:
            self.words.append(_OPEN if opens else _CLOSE)

    def blank(self) -> None:
        self.end_line()
        if self.lines and self.lines[-1].text:
            self.lines.append(TextLine("", ""))

    def visible(self) -> VisibleText:
        self.end_line()
        lines = self.lines
        while lines and not lines[-1].text:
            lines = lines[:-1]
        while lines and not lines[0].text:
            lines = lines[1:]
        return VisibleText(lines, self.hidden)


def html_text(markup: str, *, newlines: bool = False) -> str:
    """The visible text of an HTML page or fragment, one line per paragraph, item or heading.
    With `newlines`, a line break in the text ends a line too (text whose only markup is inline
    tags and `<br>`: its lines are its structure)."""
    return read_html(markup, newlines=newlines).text


def read_html(
    markup: str, *, newlines: bool = False, mail_links: bool = False, strong_marks: bool = False
) -> VisibleText:
    """`html_text`'s lines with the markup each sat in, and the text the page hides. With
    `mail_links`, a `mailto:` link whose words do not show the address is followed by it; with
    `strong_marks`, each line's `marked` text writes its strong runs as '**…**'."""
    if not markup.strip():
        return VisibleText([], [])
    try:
        root = lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError):
        return VisibleText([TextLine(line) for line in markup.split("\n")], [])
    writer = _Writer(newlines=newlines, mail_links=mail_links, strong_marks=strong_marks)
    try:
        _walk(root, writer, depth=0)
    except RecursionError:  # nested deeper than Python's stack: its words, one paragraph
        return VisibleText([TextLine(" ".join(" ".join(root.itertext()).split()))], [])
    return writer.visible()


def _walk(element: etree._Element, writer: _Writer, *, depth: int) -> None:
    tag = element.tag if isinstance(element.tag, str) else ""
    if not tag:  # a comment or processing instruction: its tail is still page text
        writer.add(element.tail)
        return
    tag = tag.lower()
    if not_read(element):
        writer.add(element.tail)
        return
    if hidden(element):
        words = " ".join(" ".join(element.itertext()).split())
        if words:
            writer.hidden.append(words)
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
    _source_line(element, writer)
    outer = writer.style, writer.strong, writer.emphasis, writer.table
    writer.style = tag if tag in HEADINGS else writer.style
    if tag in STRONG:
        writer.strong_mark(opens=True)
        writer.strong += 1
    writer.emphasis += tag in EMPHASIS
    writer.table += tag == "table"
    writer.add(element.text)
    inner = depth + 1 if tag in LISTS else depth
    for child in element:
        _walk(child, writer, depth=inner)
    if tag == "a" and writer.mail_links:
        _mail_address(element, writer)
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
    writer.style, writer.strong, writer.emphasis, writer.table = outer
    if tag in STRONG:
        writer.strong_mark(opens=False)
    # a label, link or cell's words end where the element does ('<span>Java</span><span>Python')
    writer.boundary = writer.boundary or (tag not in STRONG and tag not in EMPHASIS)
    writer.add(element.tail)


def _source_line(element: etree._Element, writer: _Writer) -> None:
    """A block that says which source line it starts on (`data-line`) starts the count there."""
    number = element.get("data-line") or ""
    if number.isdigit():
        writer.source = int(number)


def _mail_address(link: etree._Element, writer: _Writer) -> None:
    """The address of a `mailto:` link, written after its words unless they show it."""
    href = (link.get("href") or "").strip()
    if not href.lower().startswith("mailto:"):
        return
    address = unquote(href[7:].split("?")[0]).strip()
    words = " ".join(" ".join(link.itertext()).split())
    if address and address.lower() not in words.lower():
        writer.add(f" ({address})" if words else f" {address}")


def _item(element: etree._Element, writer: _Writer, *, depth: int) -> None:
    """One list item: its marker ("- ", or its number in an ordered list), nested lists deeper."""
    writer.end_line()
    parent = element.getparent()
    marker = "- "
    if parent is not None and parent.tag == "ol":
        siblings = [c for c in parent if c.tag == "li"]
        marker = f"{siblings.index(element) + 1}. "
    _source_line(element, writer)
    outer_indent, outer_style = writer.indent, writer.style
    writer.marker, writer.style = marker, "li"
    writer.indent = "  " * max(depth - 1, 0) + " " * len(marker)
    writer.add(element.text)
    for child in element:
        _walk(child, writer, depth=depth)
    writer.end_line()
    writer.marker, writer.indent, writer.style = "", outer_indent, outer_style


def _strong_runs(words: str) -> str:
    """The line's words with its strong runs' marks around words only; a run cut by a line
    break, or holding no words, loses its marks."""
    marked = re.sub(f"{_OPEN}(\\s+)", f"\\1{_OPEN}", words)
    marked = re.sub(f"(\\s+){_CLOSE}", f"{_CLOSE}\\1", marked)
    marked = " ".join(marked.replace(_OPEN + _CLOSE, "").split())
    if marked.count(_OPEN) != marked.count(_CLOSE):
        return _MARKS.sub("", marked)
    return marked


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
