"""A job ad as it was published → its text: `read_published(raw)` says which format it is in and
gives the text a reader of the published page sees, with its list structure kept.

Each format is read by a maintained parser, not by patterns over the markup: HTML (tags, or tags
written as entities, `&lt;li&gt;`) by lxml (`core.text.html_text`); Markdown by markdown-it-py
(rendered, then read as HTML, so lists, headings and inline HTML come out as they do in HTML);
a posting held in fields (JSON, a YAML document, a Markdown file's front matter) by json and
PyYAML, each field's text read again; text inside code string literals (a PHP or JavaScript
string with `\\n` escapes and `<br>`) by Python's tokenizer and literal reader, whose quoting and
escapes are the ones those languages share. Text in none of these formats is returned as it is.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

import yaml
from markdown_it import MarkdownIt

from core.text.code_strings import string_literals_text
from core.text.html_text import BLOCKS, CELLS, HEADINGS, LINES, LISTS, html_text

# Tags that make a text HTML: structure and the inline tags rich-text editors write.
HTML_TAGS = BLOCKS | HEADINGS | LISTS | LINES | CELLS | {"br", "b", "strong", "em", "i", "u", "a"}
STRUCTURE_TAGS = HEADINGS | LISTS | {"br", "p", "li", "div", "table"}
BLOCK_TAGS = STRUCTURE_TAGS - {"br"}
MAX_DEPTH = 4  # formats inside formats (HTML in a JSON field inside a code string)
# The text of a document's fields is at most this many times its own length (plus a little):
# a YAML alias can repeat a subtree, and a posting's text is never much longer than its source.
GROWTH = 2
LONG_FIELD = 80  # a field longer than this (or on several lines) gets its label as a heading
_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.S)
_BLANK_RUNS = re.compile(r"\n(?:[ \t]*\n)+")
_WORD_JOIN = re.compile(r"(?<=[a-z])(?=[A-Z])|[_\-]+")


@dataclass(frozen=True)
class Published:
    """The text of a job ad and the formats it was read through, outermost first."""

    text: str
    formats: tuple[str, ...] = ()

    @property
    def fmt(self) -> str:
        return self.formats[0] if self.formats else "text"


def read_published(raw: str, *, depth: int = 0) -> Published:
    """`raw` as published (HTML, entity-escaped HTML, Markdown, JSON, YAML, code strings or
    plain text) → its readable text, one line per paragraph, heading or list item."""
    read = _read(raw, depth)
    if not read.formats:
        return read
    return Published(_BLANK_RUNS.sub("\n\n", read.text).strip("\n"), read.formats)


def _read(raw: str, depth: int) -> Published:
    if depth >= MAX_DEPTH or not raw.strip():
        return Published(raw)
    for fmt, reader in (("code", _code_strings), ("json", _json_fields), ("yaml", _yaml_fields)):
        inner = reader(raw, depth)
        if inner is not None:
            return Published(inner.text, (fmt, *inner.formats))
    tags = _html_tags(raw)
    if tags and not tags.page and _markdown_marks(raw, signs=_MARKDOWN_BLOCKS):
        return Published(html_text(render_markdown(raw)), ("markdown",))  # with inline HTML
    if tags:
        return Published(_html(raw, tags), ("html",))
    if "&lt;" in raw.lower():
        unescaped = html.unescape(raw)
        tags = _html_tags(unescaped)
        if tags:
            return Published(_html(unescaped, tags), ("html",))
    if _markdown_marks(raw):
        return Published(html_text(render_markdown(raw)), ("markdown",))
    return Published(raw)


class _TagCounter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.known = 0
        self.structure = 0
        self.blocks = 0
        self.page = False  # a whole HTML document, not a fragment

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        self.known += tag in HTML_TAGS
        self.structure += tag in STRUCTURE_TAGS
        self.blocks += tag in BLOCK_TAGS
        self.page = self.page or tag in ("html", "body")

    handle_startendtag = handle_starttag

    def handle_endtag(self, tag: str) -> None:
        self.known += tag in HTML_TAGS


def _html_tags(text: str) -> _TagCounter | None:
    """The tags of the text when it holds HTML: a structural tag, or two inline ones ('<5 years'
    holds none); None when it does not."""
    if "<" not in text:
        return None
    counter = _TagCounter()
    counter.feed(text)
    counter.close()
    return counter if counter.structure > 0 or counter.known >= 2 else None


def _html(markup: str, tags: _TagCounter) -> str:
    """Markup without block tags keeps its line breaks: they are its paragraphs and items."""
    return html_text(markup, newlines=not tags.blocks)


def render_markdown(text: str, *, line_numbers: bool = False) -> str:
    """Markdown → HTML by markdown-it-py (CommonMark with tables; inline HTML passed through, a
    line break kept as `<br>`), for `html_text` / `read_html` to read. With `line_numbers`, each
    block's tag carries the line of `text` it starts on (`data-line`, counted from 0)."""
    parser = _markdown()
    if not line_numbers:
        return parser.render(text)
    env: dict[str, Any] = {}
    tokens = parser.parse(text, env)
    for token in tokens:
        if token.map and token.nesting == 1:
            token.attrSet("data-line", str(token.map[0]))
    return str(parser.renderer.render(tokens, parser.options, env))


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    parser = MarkdownIt("commonmark", {"html": True, "breaks": True}).enable(
        ["table", "strikethrough"]
    )
    parser.validateLink = lambda url: True  # type: ignore[method-assign]
    return parser


# Markdown that plain text does not have: '#' headings, links, strong emphasis, fenced code,
# HTML blocks. List lines alone do not count: a plain-text ad has them and reads well as it is.
_MARKDOWN_SIGNS = frozenset({"heading_open", "link_open", "strong_open", "fence", "html_block"})
# Markdown's own blocks in a text that also holds HTML tags (Markdown with inline HTML, which
# markdown-it passes through), as against an HTML page, whose lists and headings are tags.
_MARKDOWN_BLOCKS = frozenset({"heading_open", "bullet_list_open", "ordered_list_open", "fence"})


def _markdown_marks(text: str, *, signs: frozenset[str] = _MARKDOWN_SIGNS) -> bool:
    if not any(mark in text for mark in ("#", "](", "**", "__", "```", "<", "- ", "* ", "1.")):
        return False
    for token in _markdown().parse(text):
        if token.type == "heading_open" and not token.markup.startswith("#"):
            continue  # a line underlined with '---' or '===' is a heading in plain text too
        if token.type in signs:
            return True
        if token.type == "inline" and any(c.type in signs for c in token.children or []):
            return True
    return False


# --- postings held in fields ----------------------------------------------------------------
def _json_fields(raw: str, depth: int) -> Published | None:
    start = raw.lstrip()[:1]
    if start not in ("{", "[", '"'):
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):  # nested deeper than Python's stack: not a posting
        return None
    return _from_data(data, depth, len(raw))


def _yaml_fields(raw: str, depth: int) -> Published | None:
    """A YAML document of fields, or a Markdown/HTML file opened by YAML front matter."""
    front = front_matter(raw)
    if front:
        meta, rest = front
        body = read_published(rest, depth=depth + 1)
        if isinstance(meta, dict):
            head = [
                str(v).strip() for v in meta.values() if isinstance(v, str) and " " in v.strip()
            ]
            text = "\n".join([*head, "", body.text]).strip("\n")
            return Published(text, (*body.formats,) if body.formats else ())
        return body
    if ":" not in raw or "\n" not in raw.strip():
        return None
    data = _load_yaml(raw)
    if not isinstance(data, dict) or len(data) < 2:
        return None
    nested = any(isinstance(v, (list, dict)) or "\n" in str(v).strip() for v in data.values())
    return _from_data(data, depth, len(raw)) if nested else None


def front_matter(raw: str) -> tuple[Any, str] | None:
    """A file opened by YAML front matter ('---' lines around fields, as Jekyll and Hugo write)
    → its fields as YAML reads them (None when they do not parse) and the rest of the file."""
    text = raw.lstrip("\n")
    front = _FRONT_MATTER.match(text)
    return (_load_yaml(front.group(1)), text[front.end() :]) if front else None


def _load_yaml(text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except (yaml.YAMLError, RecursionError):
        return None


def _from_data(data: Any, depth: int, size: int) -> Published | None:
    if isinstance(data, str):
        inner = read_published(data, depth=depth + 1)
        return Published(inner.text, inner.formats)
    if not isinstance(data, (dict, list)):
        return None
    lines: list[str] = []
    formats: list[str] = []
    try:
        _write_fields(data, "", lines, formats, depth=depth, budget=[GROWTH * size + 200])
    except RecursionError:  # fields nested deeper than any posting's
        return None
    text = "\n".join(lines).strip("\n")
    return Published(text, tuple(dict.fromkeys(formats))) if text.strip() else None


def _write_fields(
    value: Any, label: str, lines: list[str], formats: list[str], *, depth: int, budget: list[int]
) -> None:
    """Each field as the posting's reader would see it: a short one as 'Label: value', a long
    one or a list under its label as a heading; a title field as the first line on its own.
    `budget`: characters still to write; nothing more is written once it is spent."""
    if budget[0] < 0 or value is None or isinstance(value, bool):
        return
    start = len(lines)
    if isinstance(value, dict):
        if label:
            lines += ["", label]
        for key, item in value.items():
            if not str(key).startswith("@"):  # JSON-LD's @type, @context
                _write_fields(item, _label(key), lines, formats, depth=depth, budget=budget)
        return
    if isinstance(value, list):
        if label:
            lines += ["", label]
        for item in value:
            if isinstance(item, (dict, list)):
                _write_fields(item, "", lines, formats, depth=depth, budget=budget)
            elif _readable(item) and budget[0] >= 0:
                lines.append(f"- {' '.join(str(item).split())}")
                budget[0] -= len(lines[-1]) + 1
        return
    if not _readable(value):
        return
    inner = read_published(str(value), depth=depth + 1)
    formats += inner.formats
    text = inner.text.strip()
    if label.lower().endswith("title") and "\n" not in text and not any(lines):
        lines.append(text)
    elif "\n" in text or len(text) > LONG_FIELD:
        lines += ["", label, text, ""] if label else ["", text, ""]
    else:
        lines.append(f"{label}: {text}" if label else text)
    budget[0] -= sum(len(line) + 1 for line in lines[start:])


def _readable(value: Any) -> bool:
    """A value a reader reads: words or a number, not a link, path or identifier."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return True
    if not isinstance(value, str) or not value.strip():
        return False
    text = value.strip()
    if " " in text:
        return True
    return not text.startswith(("http://", "https://", "/", "#", "www.")) and "/" not in text


def _label(key: Any) -> str:
    """'job_title' / 'jobTitle' / 'job-title' → 'Job title'."""
    words = _WORD_JOIN.sub(" ", str(key)).split()
    return " ".join(words).capitalize() if words else ""


# --- text inside code strings ---------------------------------------------------------------
def _code_strings(raw: str, depth: int) -> Published | None:
    text = string_literals_text(raw)
    if text is None:
        return None
    inner = read_published(text, depth=depth + 1)
    return Published(inner.text, inner.formats)
