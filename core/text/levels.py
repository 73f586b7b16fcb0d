"""Ordered level tables kept as data: a name, a rank, and the words or patterns that state it.

Two tables use this: how much of the work a line claims (core/data/scope_levels.json: sole > led
> shared > …, read by core/audit/agency.py) and how high a degree is (the `degree_levels` of
core/data/requirement_kinds.json, read by core/jd/kinds.py and core/mapping/degrees.py).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any


@dataclass(frozen=True)
class Level:
    name: str
    rank: float
    pattern: re.Pattern[str]


@lru_cache(maxsize=8)
def data_table(filename: str) -> dict[str, Any]:
    """A JSON table of core/data (read once per process; never mutate what it returns)."""
    text = resources.files("core").joinpath(f"data/{filename}").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def word_pattern(words: Sequence[str]) -> re.Pattern[str]:
    """Any of `words` as a whole word, any case; a longer one wins where two start together."""
    alternation = "|".join(sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternation})(?![\w-])", re.I)


def any_pattern(patterns: Sequence[str]) -> re.Pattern[str]:
    """Any of `patterns`; one written in lower case ignores case, an acronym ("BSN", "M.S.")
    does not."""
    return re.compile("|".join(f"(?i:{p})" if p.islower() else f"(?:{p})" for p in patterns))


def level_table(rows: Iterable[tuple[str, float, re.Pattern[str]]]) -> tuple[Level, ...]:
    """The table in the order the data gives it."""
    return tuple(Level(name, float(rank), pattern) for name, rank, pattern in rows)
