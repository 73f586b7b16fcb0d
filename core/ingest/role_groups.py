"""Headers that belong to a role already open: promotions, and dated parts of one job.

Promotions — one employer line over several title + dates headers:

    Mercy General Hospital, Columbus, GA
    Charge Nurse | 01/2020 – Present
    - …
    Registered Nurse | 06/2016 – 12/2019

The employer line heads a group; a later header in the group that names a title and dates but no
employer is a role at the same employer when its dates join the previous role's (no more than a
year between one's end and the other's start). A title-only header whose dates leave a gap (a
freelance spell, a career break) keeps no employer, as it is written.

Parts of one job — a dated line with no job title whose dates lie inside the open role's
('Anticoagulation clinic (Thursdays, 03/2021 – Present)' under 'Staff Pharmacist | 06/2017 –
Present') is a sub-heading of that role, not a role of its own.

Repeats — an export that writes a role twice (the same employer, title and dates) gives one role.
An undated repeat is one only right after the entry it repeats, while that entry has no body yet
('company - Acme Ltd' / 'description - ' written twice): two undated entries of one employer with
text of their own, or apart, may be two jobs.

Employer under its title — a heading that names the title and dates is followed by a sub-heading
that names only the employer ('### Teacher (2012 – 2013)' / '#### Lakeside High School
(Roanoke, VA)'): the undated, untitled entry right after a dated role with no employer is that
role's employer (and its place), and its cards are the role's. The dated heading's own words are
then all the title, where the rules had read one name of it as the employer, when the employer
is a deeper Markdown heading than it: a single name ('### Webmaster (2009 – 2011)') or the part
after its comma ('### Teacher, Algebra II (…)').

Late dates — a dump may give a job's dates in a header of their own further down, repeating the
title but not the employer ('company - Acme Ltd' / 'Role: Engineer' / … / 'Duration: 2015-2016' /
'Role: Engineer'): a header with the open role's title, dates and no employer, under a role with an
employer and no dates, dates that role.
"""

from __future__ import annotations

from core.contracts import EvidenceCard, RoleEntry
from core.ingest.roles import (
    PLACE_IN_BRACKETS,
    HeaderParts,
    header_parts,
    is_org,
    strip_markup,
    title_score,
)
from core.ingest.sections import heading_depth
from core.text.dates import first_range
from core.text.furniture import strip_inline

_MAX_GAP_YEARS = 1


def names_only_employer(line: str) -> bool:
    """A header line that names an employer and nothing else a header carries (no title, no
    dates): 'Mercy General Hospital, Columbus, GA', 'ACME CORP -- Boise'."""
    text = strip_markup(line)
    parts = header_parts(text)
    return bool(parts) and first_range(text) is None and title_score(text) == 0 and is_org(parts[0])


def year_of(point: str | None) -> int | None:
    """'2016-06' or '2016' → 2016; None for 'present' or no date."""
    return int(point[:4]) if point and point[:4].isdigit() else None


def dates_join(earlier_listed: RoleEntry, role: RoleEntry) -> bool:
    """The two roles' dates follow each other (either order on the page)."""
    pairs = [(role.end, earlier_listed.start), (earlier_listed.end, role.start)]
    years = [(year_of(end), year_of(start)) for end, start in pairs]
    return any(e is not None and s is not None and 0 <= s - e <= _MAX_GAP_YEARS for e, s in years)


def same_employer(group: RoleEntry, previous: RoleEntry | None, role: RoleEntry) -> bool:
    """`role` (a title-only header) belongs to the employer group `group` heads."""
    if not group.company or previous is None or role.company or not role.title:
        return False
    return dates_join(previous, role)


def _padded(point: str | None, month: str) -> str | None:
    if point is None or point == "present":
        return point
    return point if len(point) > 4 else f"{point}-{month}"


def part_of(role: RoleEntry | None, head: HeaderParts) -> bool:
    """A header with dates but no job title, dated inside the open role: a part of that job."""
    if role is None or head.title or head.date is None or head.date.start is None:
        return False
    start, r_start = _padded(head.date.start, "12"), _padded(role.start, "01")
    end, r_end = _padded(head.date.end, "01"), _padded(role.end, "12")
    if start is None or r_start is None or start < r_start or r_end is None:
        return False
    if r_end == "present":
        return True
    return end is not None and end != "present" and end <= r_end and start <= r_end


def _bodyless(entry: RoleEntry, cards: list[EvidenceCard]) -> bool:
    """No card but its header card(s) is on `entry` yet (an empty 'description -' field label,
    which the furniture rules later drop, is no body)."""
    own = [c for c in cards if c.role_id == entry.id]
    return all(
        c.id.rsplit("-", 1)[-1].startswith("h") or not strip_inline(c.raw_text)[0].strip()
        for c in own
    )


def repeated(
    entries: list[RoleEntry], role: RoleEntry, cards: list[EvidenceCard]
) -> RoleEntry | None:
    """The entry `role` repeats (module doc: Repeats), or None."""
    for earlier in entries:
        same = ("company", "title", "timeframe")
        if all(getattr(earlier, f) == getattr(role, f) for f in same) and (
            role.timeframe or (earlier is entries[-1] and _bodyless(earlier, cards))
        ):
            return earlier
    return None


def dated_later(
    entries: list[RoleEntry], role: RoleEntry, cards: list[EvidenceCard]
) -> RoleEntry | None:
    """The last entry, dated by `role` (module doc: Late dates; its cards so far too), or None."""
    if not entries or role.company or not role.timeframe or not role.title:
        return None
    last = entries[-1]
    if last.timeframe or not last.company or last.title.casefold() != role.title.casefold():
        return None
    last.timeframe, last.start, last.end = role.timeframe, role.start, role.end
    for card in cards:
        if card.role_id == last.id:
            card.timeframe = role.timeframe
    return last


def _header_card(role: RoleEntry, cards: list[EvidenceCard]) -> EvidenceCard | None:
    return next((card for card in cards if card.id == f"exp-{role.id}-h"), None)


def _header_text(role: RoleEntry, cards: list[EvidenceCard]) -> str:
    """The text of the role's header card ('exp-<id>-h')."""
    card = _header_card(role, cards)
    return card.raw_text if card else ""


def _heading_level(role: RoleEntry, cards: list[EvidenceCard], lines: list[str]) -> int:
    """How deep a Markdown heading the role's header is ('### …' 3), 0 when it is none."""
    card = _header_card(role, cards)
    at = (card.provenance.line_start if card else 0) or 0
    return heading_depth(lines[at - 1]) if 0 < at <= len(lines) else 0


def employers_under_titles(
    roles: list[RoleEntry], cards: list[EvidenceCard], text: str
) -> list[RoleEntry]:
    """The roles with each employer-only entry folded into the titled, dated role just above it
    (`text`: the resume text the cards quote)."""
    kept: list[RoleEntry] = []
    lines = text.splitlines()
    for role in roles:
        above = kept[-1] if kept else None
        lone = not role.title and not role.start and role.company
        if above is None or not lone or not above.start or not (above.title or above.company):
            kept.append(role)
            continue
        was = (above.company, above.title)
        if above.company:  # the rules cut the heading into title and employer: it is all title
            whole = f"{above.title}, {above.company}" if above.title else above.company
            deeper = _heading_level(role, cards, lines) > _heading_level(above, cards, lines) > 0
            if is_org(above.company) or not deeper or whole not in _header_text(above, cards):
                kept.append(role)
                continue
            above.title = whole
        company, place = role.company, role.location
        if (bracketed := PLACE_IN_BRACKETS.match(company)) and not place:
            company, place = bracketed.group(1), bracketed.group(2)
        above.company, above.location = company, above.location or place
        for card in cards:
            if card.role_id == role.id:
                card.role_id, card.company, card.role = above.id, company, above.title
            elif card.role_id == above.id and (card.company, card.role) in {("", was[1]), was}:
                card.company, card.role = company, above.title
    return kept
