"""Markdown and HTML markup in a line the model wrote, reduced to the words a reader sees.

A resume line is plain text: a link keeps its text and loses its address (`[Ledger](https://…)`
→ `Ledger`, also `[Ledger][1]`), an image, a `<https://…>` autolink, a reference definition,
an HTML comment or tag is removed (the text between `<b>` and `</b>` stays). Nothing else is
touched: a bare URL, `*emphasis*` and ordinary brackets stay as written.
"""

from __future__ import annotations

import re

_URL = r"\((?:[^()]|\([^()]*\))*\)"  # "(url)" / "(url "title")", one level of parens inside
_IMAGE = re.compile(r"!\[[^\]]*\](?:" + _URL + r"|\[[^\]]*\])")
_LINK = re.compile(r"\[([^\]]*)\]" + _URL)
_REFERENCE_LINK = re.compile(r"\[([^\]]+)\]\[[^\]]*\]")
_REFERENCE_DEFINITION = re.compile(
    r"\[[^\]]+\]:\s*<?(?:[a-z][a-z0-9+.-]{1,31}:|www\.)\S*(?:\s+\"[^\"]*\")?", re.I
)
_AUTOLINK = re.compile(r"<(?:[a-z][a-z0-9+.-]{1,31}:[^<>\s]*|[^<>\s@]+@[^<>\s]+)>", re.I)
_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.S)
_TAG = re.compile(r"</?([a-z][a-z0-9-]*)(?:\s[^<>]*)?/?>", re.I)
_LINE_TAGS = frozenset({"br", "p", "div", "li", "ul", "ol", "hr", "tr", "td", "th", "table"})
_EMPTY_BRACKETS = re.compile(r"\(\s*\)|\[\s*\]")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;:!?])")


def strip_markup(text: str) -> str:
    """`text` without link targets, images, autolinks, HTML tags or comments; whitespace left
    by a removal is squashed. Text without markup comes back unchanged."""
    stripped = _COMMENT.sub("", text)
    stripped = _IMAGE.sub("", stripped)  # before links: an image is "!" + a link
    stripped = _REFERENCE_DEFINITION.sub("", stripped)  # before links: "[1]: url" is no link
    stripped = _LINK.sub(r"\1", stripped)
    stripped = _REFERENCE_LINK.sub(r"\1", stripped)
    stripped = _AUTOLINK.sub("", stripped)
    stripped = _TAG.sub(_tag_gap, stripped)
    if stripped == text:
        return text
    stripped = _EMPTY_BRACKETS.sub("", stripped)
    stripped = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", stripped)
    return " ".join(stripped.split())


def _tag_gap(match: re.Match[str]) -> str:
    """A tag that breaks a line leaves a space ("Go<br>Python"); an inline one leaves nothing
    ("<b>Go</b>"), so the words read as they would in a browser."""
    return " " if match.group(1).lower() in _LINE_TAGS else ""


def has_content(text: str) -> bool:
    """Does the line say anything (a letter or a digit), or is it empty or punctuation?"""
    return any(ch.isalnum() for ch in text)
