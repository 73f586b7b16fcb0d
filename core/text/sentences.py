"""Sentence boundaries that survive 'e.g.', '3.5', 'U.S.', 'St. Paul', 'a.m.' and initials."""

from __future__ import annotations

import re

ABBREVIATIONS = frozenset(
    [
        "e.g",
        "i.e",
        "eg",
        "ie",
        "etc",
        "ext",
        "tel",
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


INITIALS = re.compile(r"(?:[a-z]\.)*[a-z]")  # 'k' (an initial 'K.'), 'd.i' ('D.I.'), 'u.s.a'


def is_abbreviation(word: str) -> bool:
    """Is `word` (lower case, the period after it left off) an abbreviation that a period ends
    without ending the sentence: a known one ('e.g', 'inc', 'ltd', 'st') or initials ('k',
    'd.i')?"""
    return word in ABBREVIATIONS or INITIALS.fullmatch(word) is not None


SHORT_CAPITALISED = re.compile(r"(?<![A-Za-z.])[A-Z][a-z]{1,3}$")  # 'Inc', 'Corp', 'Bros'


def ends_in_abbreviation(text: str, *, lower_next: bool = False) -> bool:
    """Does `text` end in an abbreviation and its period ('… Acme, Inc.', '… such as D.I.')?
    Before a lower-case word (`lower_next`) a short capitalised word and its period is one too
    ('Acme Corp. is hiring'): a sentence run on in lower case rarely ends in such a word."""
    stripped = text.rstrip()
    if not stripped.endswith("."):
        return False
    word = stripped[:-1]
    if lower_next and SHORT_CAPITALISED.search(word):
        return True
    return is_abbreviation(_word_before(stripped, len(stripped) - 1))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence in `text`; whitespace between sentences is excluded."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        stop = match.start()
        word = _word_before(text, stop)
        if text[stop] == "." and is_abbreviation(word):
            continue  # 'e.g.', 'St.', an initial ('K.', 'D.I.')
        end = match.end()
        if text[start:end].strip():
            spans.append((start, end))
        start = end
        while start < len(text) and text[start].isspace():
            start += 1
    if text[start:].strip():
        spans.append((start, len(text.rstrip())))
    return spans
