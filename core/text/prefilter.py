"""A quick "cannot match" test for term patterns, before the regex is compiled or run.

The term patterns of evidence mapping (core/mapping/terms.py) and of credential variants
(core/text/variants.py) match a term's pieces literally, ignoring case, with any spaces or
hyphens between them. So when one piece of the term is not in the text at all, the pattern
cannot match, and neither compiling nor running it is needed: the mapper tries ~100,000
term × text pairs on a run, most of them absent (issue 15, docs/eval-notes/app.md).

Only for ASCII text and terms: Unicode case folding (e.g. "ſ" matches "s" ignoring case) could
make a piece match without being a substring, so anything else goes to the regex as before.
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
    low = _ascii_lower(text)
    if pieces is None or low is None:
        return True
    return all(piece in low for piece in pieces)


@lru_cache(maxsize=1024)  # one text is tried against hundreds of terms in a row
def _ascii_lower(text: str) -> str | None:
    return text.lower() if text.isascii() else None
