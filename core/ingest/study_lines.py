"""A study entry written inside a work section ('08/2013-12/2015, Student, ASN, Nursing,
Columbus Technical College, Columbus, GA'): a resume that lists school among its jobs.

A line is an education entry, not a bullet of the role above it, when it is a list of fields
(commas, bars) with a date range, one field that is a degree on its own ('ASN', 'B.S.', 'MBA in
Finance') and one that names a school ('… College', '… University'). A sentence that mentions
a degree ('Sponsored 12 staff through MBA study at Lakeside College, 2019') has no field that
is only a degree, so it stays a bullet. The lines after it, up to the next role header, describe
the study and stay with it.
"""

from __future__ import annotations

import itertools
import re

from core.ingest.degrees import DEGREE
from core.ingest.layout import Item
from core.ingest.roles import is_place, names_proper_org
from core.text.dates import first_range

_FIELDS = re.compile(r"\s*[,|｜]\s*")


def is_study_line(text: str) -> bool:
    """See the module docstring. A state code after a city ('Boston, MA') is a place, not the
    degree 'MA'."""
    date = first_range(text)
    if date is None:
        return False
    undated = text[: date.begin] + " " + text[date.finish :]
    fields = [f.strip(" .") for f in _FIELDS.split(undated) if f.strip(" .")]
    if len(fields) < 3:
        return False
    degree = any(
        DEGREE.match(f) and len(f.split()) <= 4 and not (n and _placed(fields[n - 1], f))
        for n, f in enumerate(fields)
    )
    return degree and any(names_proper_org(f) and not DEGREE.search(f) for f in fields)


def _placed(city: str, code: str) -> bool:
    """`code` is the region of the city before it ('Boston', 'MA')."""
    return bool(re.fullmatch(r"[A-Z]{2}", code)) and is_place([city, code])


def split_at_study_lines(item: Item) -> list[Item]:
    """`item` cut before each study line it holds (a paragraph of a role and its schooling)."""
    if item.kind == "subheading":
        return [item]
    cuts = [i for i, line in enumerate(item.lines) if i and is_study_line(line.content)]
    if not cuts:
        return [item]
    bounds = [0, *cuts, len(item.lines)]
    return [
        Item(item.kind if a == 0 else "para", item.lines[a:b])
        for a, b in itertools.pairwise(bounds)
    ]
