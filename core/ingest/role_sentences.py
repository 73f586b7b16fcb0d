"""A job written as one sentence inside a work section, dated outside the job above it.

    BLUECART FULFILLMENT, Romeoville IL, 2015 – 2018
    Started on nights as a picker …

    before that: package handler, part-time nights, Harbor Parcel hub in Joliet, 2013-2015.

The last line is not a part of the BlueCart job: it names a title and an employer of its own and
its dates lie outside BlueCart's (it starts before BlueCart's start, or ends after its end). Read
as BlueCart's, its card would credit the handler job to BlueCart. So it is a role: the lead-in
before a colon ('before that:', 'earlier:') is not the title, and of the title's comma pieces the
one with a job-title word is the title ('package handler', not 'part-time nights'); 'in Joliet'
after the employer is its place.

A header line that starts in lower case ('earlier: line cook, weekends, Riverside Diner, 2009 –
2012') is read the same way (`core.ingest.role_scan.parse_role_header`).

A sentence dated *inside* the open job stays in it ('In 2019 I ran the 2019–2020 peak season'),
and so does a sentence without a job title or a capitalised employer.
"""

from __future__ import annotations

import re

from core.contracts import RoleEntry
from core.ingest.role_groups import year_of
from core.ingest.roles import HeaderParts, parse_header, strip_markup, title_score
from core.text.dates import first_range

_MAX_CHARS = 200
_LEAD_IN = re.compile(r"^[a-z][a-z ,]{0,30}:\s+")  # 'before that: ', 'earlier on: '
_INNER_SENTENCE = re.compile(r"[.!?]\s+[A-Z]")
_IN_PLACE = re.compile(r"^(?P<name>.+?)\s+in\s+(?P<place>[A-Z][\w.'’ -]*)$")  # '… hub in Joliet'


def _outside(role: RoleEntry, start: int, end: int) -> bool:
    """The range starts before the role's start or ends after its (closed) end."""
    r_start, r_end = year_of(role.start), year_of(role.end)
    if r_start is None:
        return False
    return start < r_start or (r_end is not None and end > r_end)


def parse_sentence_role(text: str) -> HeaderParts:
    """Title, employer and dates of a job written as a sentence (module doc)."""
    body = strip_markup(text)
    lead = _LEAD_IN.match(body)
    head = parse_header([body[lead.end() :] if lead else body])
    titled = [piece.strip() for piece in head.title.split(",") if title_score(piece)]
    if len(titled) == 1:
        head.title = titled[0]
    place = _IN_PLACE.match(head.company)
    if place and not head.location:
        head.company, head.location = place.group("name"), place.group("place")
    return head


def sentence_role(role: RoleEntry | None, text: str) -> bool:
    """`text` (a one-line paragraph under `role`) is a job of its own (module doc)."""
    body = strip_markup(text)
    if role is None or len(body) > _MAX_CHARS or _INNER_SENTENCE.search(body):
        return False
    date = first_range(body)
    start, end = (year_of(date.start), year_of(date.end)) if date else (None, None)
    if start is None or end is None or not _outside(role, start, end):
        return False
    head = parse_sentence_role(body)
    return bool(head.title and title_score(head.title) and head.company[:1].isupper())
