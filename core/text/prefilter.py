"""A quick "cannot match" test for term patterns, before the regex is compiled or run.

The term patterns of evidence mapping (core/mapping/terms.py) and of credential variants
(core/text/variants.py) match a term's pieces literally, ignoring case, with any spaces or
hyphens between them. So when one piece of the term is not in the text at all, the pattern
cannot match, and neither compiling nor running it is needed: the mapper tries ~100,000
term × text pairs on a run, most of them absent (docs/eval-notes/app.md).

Only for ASCII terms. The text may be anything: ignoring case, Python's `re` matches an ASCII
letter by a text character whose (simple) lower case is that letter or by one of its extra
case equivalents (`re._casefix`): besides the capitals, only "İ" (i), "K" (Kelvin sign, k),
"ı" (i) and "ſ" (s). `_folded` turns each into its letter, one character for one, so a piece
the regex finds is a substring of the folded text (test over every code point).
"""

from __future__ import annotations

import re
from functools import lru_cache

_JOINS = re.compile(r"[ \-]+")


@lru_cache(maxsize=16384)
def literal_pieces(term: str) -> tuple[str, ...] | None:
    """The lower-cased pieces of `term` between spaces and hyphens; None when not ASCII."""
    if not term.isascii():
        return None
    return tuple(piece for piece in _JOINS.split(term.strip().lower()) if piece)


def may_match(text: str, term: str) -> bool:
    """False only when a term pattern for `term` cannot match `text` (a piece is missing)."""
    pieces = literal_pieces(term)
    if pieces is None:
        return True
    low = _folded(text)
    return all(piece in low for piece in pieces)


# Taken for an ASCII letter by `re` ignoring case, and not lower-cased to it one for one by
# str.lower ("İ".lower() is "i" + a combining dot): mapped first.
_FOLD = str.maketrans({"İ": "i", "ı": "i", "ſ": "s"})


@lru_cache(maxsize=1024)  # one text is tried against hundreds of terms in a row
def _folded(text: str) -> str:
    """`text` lower-cased, with every character `re` takes for an ASCII letter ignoring case
    turned into that letter (an ASCII text is only lower-cased)."""
    return text.lower() if text.isascii() else text.translate(_FOLD).lower()
