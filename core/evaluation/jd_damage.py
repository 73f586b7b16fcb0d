"""Damaged pastes of a job ad, for `eval jd --damaged`: how well is an ad read when its line
breaks are lost on the way in?

Two damages people meet when they copy an ad out of a job site:
- "glued": every line break before a capital letter is removed with the spaces around it, so
  list items run together ("…close processConduct demos…"), as LinkedIn exports and some
  browser copies give them;
- "flattened": every line break becomes one space, as a single-line form field keeps a paste.

Pure text functions; the eval scores each damaged form against the same labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable

BREAK_BEFORE_CAPITAL = re.compile(r"[ \t]*(?:\r?\n[ \t]*)+(?=[A-Z])")
ANY_BREAK = re.compile(r"[ \t]*(?:\r?\n[ \t]*)+")


def glued(text: str) -> str:
    """Line breaks before a capital letter removed: 'process\\nConduct' -> 'processConduct'."""
    return BREAK_BEFORE_CAPITAL.sub("", text)


def flattened(text: str) -> str:
    """Every line break (with the spaces around it) becomes one space."""
    return ANY_BREAK.sub(" ", text).strip()


DAMAGES: dict[str, Callable[[str], str]] = {"glued": glued, "flattened": flattened}
