"""Which HTML tags the visible-text walk (`core.text.html_text`) treats how, and which elements
it does not read: what a reader of the page never sees (scripts, the head, forms), navigation
(`<nav>`, a menu by its class name, an in-page table of contents) and what the browser hides.
"""

from __future__ import annotations

import re

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
STRONG = frozenset({"b", "strong"})
EMPHASIS = frozenset({"i", "em"})
# class names site themes give their menus and navigation links (Bootstrap's nav, navbar, nav-link)
NAVIGATION_CLASSES = frozenset({"nav", "navbar", "nav-link", "navigation", "menu"})
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


def not_read(element: etree._Element) -> bool:
    """Left out with everything inside it: no text a reader of the page reads."""
    tag = str(element.tag).lower()
    return tag in SKIPPED or element.get("role") == "navigation" or _navigation(element)


def hidden(element: etree._Element) -> bool:
    """Hidden by the page (`hidden`, `display: none`, `visibility: hidden`): text it holds is
    there but not shown, which is worth telling the reader of a resume."""
    return element.get("hidden") is not None or bool(
        _HIDDEN_STYLE.search(element.get("style") or "")
    )


def _navigation(element: etree._Element) -> bool:
    """A menu by its class name, or a block of two or more links to places on the same page and
    nothing else (an in-page table of contents)."""
    if element.tag in ("body", "html"):
        return False
    if not NAVIGATION_CLASSES.isdisjoint((element.get("class") or "").lower().split()):
        return True
    if element.tag not in BLOCKS | LISTS | HEADINGS:
        return False
    links = [a for a in element.iter("a") if (a.get("href") or "").startswith("#")]
    if len(links) < 2:
        return False
    linked = sum(_word_count(a) for a in links)
    return linked == _word_count(element)  # separators ('·', '|') between them are no words


def _word_count(element: etree._Element) -> int:
    return sum(any(ch.isalnum() for ch in w) for w in "".join(element.itertext()).split())
