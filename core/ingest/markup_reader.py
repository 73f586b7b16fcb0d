"""A Markdown or HTML resume → its text, and its lines with the markup each sat in.

Both go through the parsers that read published job ads: HTML by lxml (`core.text.html_text`:
visible text only, list items one a line, table rows in order, entities unescaped); Markdown
rendered to HTML by markdown-it-py first (`core.text.published.render_markdown`), so heading
marks, emphasis and link syntax leave the lines, and stay as each line's style, bold and italic.
The text is the Markdown-like text every reader gives the rule reader (the DOCX reader writes
Word's heading styles as '#' too): a heading's level as '#' marks and strong runs as '**…**',
because the rule reader finds sections and an entry's employer or school by them; links, images,
quotes, italics and inline HTML are gone from it. A Markdown file's front matter (Jekyll's page
settings) is left out, and so is text an HTML page hides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from core.contracts import LeftOut
from core.reader.lines import Line
from core.text.html_text import TextLine, read_html
from core.text.published import front_matter, render_markdown

MarkupFormat = Literal["markdown", "html"]
FRONT_MATTER = "front matter: the page's settings, not resume text"
HIDDEN = "hidden text: the page does not show it (hidden, display: none or visibility: hidden)"


@dataclass
class MarkupText:
    """What `read_markup` gives: one text line per `Line`, in order."""

    text: str
    lines: list[Line]
    left_out: list[LeftOut] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)


def shortened(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "…"


def read_markup(raw: str, fmt: MarkupFormat) -> MarkupText:
    """A decoded Markdown or HTML file → its visible text and lines. A Markdown file's lines
    stay on the line numbers they have in the file, so 'line 12' in a message is its line 12."""
    left_out: list[LeftOut] = []
    if fmt == "html":
        visible = read_html(raw, mail_links=True, strong_marks=True)
        kept = visible.lines
    else:
        body, skipped, left_out = _without_front_matter(raw)
        markup = render_markdown(body, line_numbers=True)
        visible = read_html(markup, mail_links=True, strong_marks=True)
        kept = _on_source_lines(visible.lines, skipped, raw.count("\n") + 1)
    left_out += [LeftOut(what=shortened(text), why=HIDDEN) for text in visible.hidden]
    return MarkupText(
        text="\n".join(_text_line(line) for line in kept),
        lines=[_line(line, fmt) for line in kept],
        left_out=left_out,
        hidden=visible.hidden,
    )


def _without_front_matter(raw: str) -> tuple[str, int, list[LeftOut]]:
    """The Markdown after its front matter, how many lines that took, and its fields."""
    front = front_matter(raw)
    if front is None or not isinstance(front[0], dict):
        return raw, 0, []
    body = front[1]
    skipped = raw.count("\n") - body.count("\n")
    fields = [(n, f.strip()) for n, f in enumerate(raw.split("\n")[:skipped])]
    kept = [(n, f) for n, f in fields if f and f not in ("---", "...")]
    return (
        body,
        skipped,
        [LeftOut(what=shortened(f), why=FRONT_MATTER, line=n + 1) for n, f in kept],
    )


def _on_source_lines(lines: list[TextLine], skipped: int, total: int) -> list[TextLine]:
    """Each line at the line of the file it was written on (`skipped` lines of front matter
    before the Markdown), blank lines between, `total` lines in all; a line whose block does
    not say (HTML inside the Markdown) follows the line before it."""
    out: list[TextLine] = []
    after_blank = False
    for line in lines:
        if not line.text:
            after_blank = True
            continue
        if line.source_line is None:
            at = len(out) + (after_blank and bool(out))
        else:
            at = max(line.source_line + skipped, len(out))
        out += [_BLANK] * (at - len(out)) + [line]
        after_blank = False
    return out + [_BLANK] * (total - len(out))


_BLANK = TextLine("", "")


def _level(line: TextLine) -> int:
    """A heading's level (1-6); 0 for any other line."""
    return int(line.style[1:]) if line.style[:1] == "h" and line.style[1:].isdigit() else 0


def _text_line(line: TextLine) -> str:
    level = _level(line)
    return "#" * level + " " + line.marked if level else line.marked


def _line(line: TextLine, fmt: MarkupFormat) -> Line:
    if not line.text:
        return Line(text="", source=fmt)
    return Line(
        text=line.text,
        source=fmt,
        style=line.style,
        bold=line.bold,
        italic=line.italic,
        in_table=line.in_table,
    )
