"""Markdown markup → the plain text a reader sees ("**MSN, Nursing Education**" → "MSN, Nursing
Education", "### Bachelor…" → "Bachelor…", "[site](https://…)" → "site", "`SQL`" → "SQL").

Inline markup is read by markdown-it-py (CommonMark), so what is not markup stays as written:
"10**9", "snake_case_name", "C++", "a * b". Block markers (heading hashes, quote marks, list
glyphs) are removed at the start of each line, and list numbers written tight against an item
('1.Autocad • 2.Catia') wherever an item starts. Card text is this plain text; the source text as
written stays in the card's provenance for the quote view.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt

_BLOCK_MARK = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+|>[ \t]?)+", re.M)
_TRAILING_HASHES = re.compile(r"[ \t]+#+[ \t]*$", re.M)
_MARKUP_HINT = re.compile(r"[*_`\[\]<>#~\\!]")
_SPACES = re.compile(r"[ \t]{2,}")
_KEPT = {"text", "code_inline", "softbreak", "hardbreak"}
# '*' or '_' between two digits is arithmetic ("10**9", "2*3", "1_000"), never emphasis: CommonMark
# would read "10**9 and 2**10" as bold "9 and 2" and lose both exponents.
_NUMERIC_MARK = re.compile(r"(?<=\d)([*_]+)(?=\d)")
_PROTECT = "\ue000"
# a number written tight against a list item ('2.Construction of new buildings', '1)Autocad')
# numbers the list as a glyph does; a decimal ('2.5 FTE') or a count ('3 hospitals') is text
ENUMERATOR = r"\d{1,2}[.)](?=[A-Za-z]{2})"
_LIST_NUMBER = re.compile(rf"(?:^|(?<=[•·▪|;]))([ \t]*){ENUMERATOR}", re.M)


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    parser = MarkdownIt("commonmark").enable("strikethrough")
    # Nothing is rendered, so every link is read as a link (markdown-it would leave
    # '[docs](javascript:…)' as literal text); only its words are kept.
    parser.validateLink = lambda url: True  # type: ignore[method-assign]
    return parser


def plain_text(text: str) -> str:
    """`text` without Markdown markup or list numbers; runs of spaces become one space."""
    text = _LIST_NUMBER.sub(r"\1", text)
    if not _MARKUP_HINT.search(text):
        return _SPACES.sub(" ", text).strip()
    text = _TRAILING_HASHES.sub("", _BLOCK_MARK.sub("", text))
    out = []
    for line in text.split("\n"):
        marks = _NUMERIC_MARK.findall(line)
        tokens = _parser().parseInline(_NUMERIC_MARK.sub(_PROTECT, line))[0].children or []
        pieces = []
        for token in tokens:
            if token.type in _KEPT:
                pieces.append(" " if token.type.endswith("break") else token.content)
        kept = "".join(pieces)
        for mark in marks:
            kept = kept.replace(_PROTECT, mark, 1)
        out.append(kept)
    return _SPACES.sub(" ", "\n".join(out)).strip()
