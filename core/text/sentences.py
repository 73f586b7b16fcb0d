"""Sentence boundaries that survive 'e.g.', '3.5', 'U.S.', 'St. Paul', 'a.m.' and initials."""

from __future__ import annotations

import re

ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "etc",
        "vs",
        "v",
        "cf",
        "al",
        "approx",
        "ca",
        "dr",
        "mr",
        "mrs",
        "ms",
        "prof",
        "st",
        "mt",
        "ft",
        "inc",
        "ltd",
        "co",
        "corp",
        "jr",
        "sr",
        "no",
        "nos",
        "dept",
        "univ",
        "fig",
        "figs",
        "vol",
        "pp",
        "ed",
        "eds",
        "a.m",
        "p.m",
        "u.s",
        "u.k",
        "u.n",
        "e.u",
        "ph.d",
        "b.s",
        "b.a",
        "m.s",
        "m.a",
        "m.b.a",
        "b.sc",
        "m.sc",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "est",
        "min",
        "max",
        "avg",
        "incl",
        "resp",
    ]
)
# end punctuation, optional closing quotes/brackets/emphasis, whitespace, then a new sentence
_BOUNDARY = re.compile(r"[.!?](?:[\"'”’)\]*_]+)?(?=\s+[\"'“‘(\[*_]*[A-Z0-9])")


def _word_before(text: str, end: int) -> str:
    match = re.search(r"([A-Za-z][A-Za-z.]*)$", text[:end])
    return match.group(1).lower().rstrip(".") if match else ""


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence in `text`; whitespace between sentences is excluded."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        stop = match.start()
        word = _word_before(text, stop)
        if text[stop] == "." and (word in ABBREVIATIONS or re.fullmatch(r"[a-z]", word)):
            continue  # 'e.g.', 'St.', an initial ('K.')
        end = match.end()
        if text[start:end].strip():
            spans.append((start, end))
        start = end
        while start < len(text) and text[start].isspace():
            start += 1
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return spans
