"""Product suites and their members (core/data/suites.json): a one-way "part of" relation.

A requirement that names a suite ("utilize applicable Microsoft applications") is partly met by
a line that states a member ("Excel, VBA, Power BI"): Excel is part of Office, not another name
for it. The relation never runs the other way: "Advanced Excel" is not met by "MS Office".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from core.mapping.terms import mentions


@dataclass(frozen=True)
class Suite:
    name: str
    names: tuple[str, ...]
    members: tuple[str, ...]


@lru_cache(maxsize=1)
def load_suites() -> tuple[Suite, ...]:
    text = resources.files("core").joinpath("data/suites.json").read_text("utf-8")
    raw = json.loads(text)["suites"]
    return tuple(Suite(k, tuple(v["names"]), tuple(v["members"])) for k, v in raw.items())


def suites_named(requirement: str) -> list[Suite]:
    """The suites a requirement's text asks for by one of their names."""
    return [s for s in load_suites() if any(mentions(requirement, n) for n in s.names)]


def members_stated(suite: Suite, text: str) -> list[str]:
    """The members of `suite` a text states, in their written case ("Word", not "word")."""
    return [m for m in suite.members if _member_pattern(m).search(text)]


@lru_cache(maxsize=256)
def _member_pattern(member: str) -> re.Pattern[str]:
    escaped = re.escape(member).replace(r"\ ", r"\s+")
    return re.compile(rf"(?<![\w-]){escaped}(?![\w-])")
