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


# Abbreviations that rarely end a sentence even before a capitalised word ('e.g. Word', 'ext.
# 1234', 'Dr. Lee', 'Acme Ltd. The …' aside); 'U.S.', 'p.m.' and most others often do.
RARELY_FINAL = frozenset(
    {"e.g", "i.e", "eg", "ie", "etc", "vs", "incl", "approx", "ext", "tel", "sr", "jr", "dr", "inc"}
    | {"ltd", "no"}
)
INITIALS = re.compile(r"(?:[a-z]\.)+[a-z]")  # 'd.i' ('D.I.'), 'u.s.a'
SHORT_CAPITALISED = re.compile(r"(?<![A-Za-z.])[A-Z][a-z]{1,3}$")  # 'Inc', 'Corp', 'Bros'


def is_abbreviation(word: str) -> bool:
    """Is `word` (lower case, the period after it left off) a known abbreviation ('e.g', 'inc',
    'st') or an initial ('k')?"""
    return word in ABBREVIATIONS or re.fullmatch(r"[a-z]", word) is not None


def ends_in_abbreviation(text: str, *, lower_next: bool = False) -> bool:
    """Does `text` end in an abbreviation's period that ends no sentence? Before a capitalised
    word only one that rarely ends a sentence counts (`RARELY_FINAL`) or an initial ('… the K.
    Lund toolkit'); before a lower-case word (`lower_next`: 'Acme, Inc. is seeking', 'such as
    D.I. studio') any known abbreviation, initials and a short capitalised word ('Corp.') do: a
    sentence run on in lower case rarely ends in one."""
    stripped = text.rstrip()
    if not stripped.endswith("."):
        return False
    word = _word_before(stripped, len(stripped) - 1)
    if lower_next:
        short = SHORT_CAPITALISED.search(stripped[:-1]) is not None
        return short or is_abbreviation(word) or INITIALS.fullmatch(word) is not None
    return word in RARELY_FINAL or re.fullmatch(r"[a-z]", word) is not None


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence in `text`; whitespace between sentences is excluded."""
    spans: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(text):
        stop = match.start()
        word = _word_before(text, stop)
        if text[stop] == "." and is_abbreviation(word):
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
