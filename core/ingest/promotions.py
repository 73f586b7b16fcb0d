"""Promotions: one employer line over several title + dates headers.

    Mercy General Hospital, Columbus, GA
    Charge Nurse | 01/2020 – Present
    - …
    Registered Nurse | 06/2016 – 12/2019

The employer line heads a group; a later header in the group that names a title and dates but no
employer is a role at the same employer when its dates join the previous role's (no more than a
year between one's end and the other's start). A title-only header whose dates leave a gap (a
freelance spell, a career break) keeps no employer, as it is written.
"""

from __future__ import annotations

from core.contracts import RoleEntry
from core.ingest.roles import header_parts, is_org, strip_markup, title_score
from core.text.dates import first_range

_MAX_GAP_YEARS = 1


def names_only_employer(line: str) -> bool:
    """A header line that names an employer and nothing else a header carries (no title, no
    dates): 'Mercy General Hospital, Columbus, GA', 'ACME CORP -- Boise'."""
    text = strip_markup(line)
    parts = header_parts(text)
    return bool(parts) and first_range(text) is None and title_score(text) == 0 and is_org(parts[0])


def _year(point: str | None) -> int | None:
    return int(point[:4]) if point and point[:4].isdigit() else None


def dates_join(earlier_listed: RoleEntry, role: RoleEntry) -> bool:
    """The two roles' dates follow each other (either order on the page)."""
    pairs = [(role.end, earlier_listed.start), (earlier_listed.end, role.start)]
    years = [(_year(end), _year(start)) for end, start in pairs]
    return any(e is not None and s is not None and 0 <= s - e <= _MAX_GAP_YEARS for e, s in years)


def same_employer(group: RoleEntry, previous: RoleEntry | None, role: RoleEntry) -> bool:
    """`role` (a title-only header) belongs to the employer group `group` heads."""
    if not group.company or previous is None or role.company or not role.title:
        return False
    return dates_join(previous, role)
