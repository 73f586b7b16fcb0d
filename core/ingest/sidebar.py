"""Roles after a sidebar: the text of a two-column PDF often puts the narrow column (skills,
contact, languages) between two roles, so the roles that follow land under the sidebar's
heading ("LANGUAGES / English — native / Polish … / Lumen & Loom   Feb '17 – Jan '20 / Store
Manager, …"). A skills or other section that comes after a work section and holds a complete
role header — a line with a date range and a title or employer line with it — is split there:
its own items stay, and the rest continues the work section above it.

Only sections that never hold dated entries of their own are split (skills, languages,
interests, contact: `CardKind.SKILL` and `CardKind.OTHER`); education, certificates and
awards are dated by nature and stay whole.
"""

from __future__ import annotations

from core.contracts import CardKind
from core.ingest.layout import Item, Section
from core.ingest.role_scan import find_header_blocks, is_date_line, parse_role_header

ROLE_KINDS = (CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE)
SIDEBAR_KINDS = (CardKind.SKILL, CardKind.OTHER)


def _first_role_item(items: list[Item]) -> int | None:
    """The item holding the first complete role header: a date line and, with the line after
    it, a title and an employer. (A header block may reach up into the sidebar's own lines;
    the role starts with the item of its dates.)"""
    rows = [(i, line.content) for i, item in enumerate(items) for line in item.lines]
    for start, end in find_header_blocks(items):
        for n in range(start, end + 1):
            item, text = rows[n]
            if not is_date_line(text):
                continue
            pair = [t for i, t in rows[n : n + 2] if i == item]
            head = parse_role_header(pair)
            if head.title and head.company:
                return item
    return None


def resume_after_sidebar(sections: list[Section]) -> list[Section]:
    """Split sidebar sections that run into the next role (see the module doc)."""
    out: list[Section] = []
    work: Section | None = None
    for section in sections:
        if section.kind in ROLE_KINDS:
            work = section
        elif work is not None and section.kind in SIDEBAR_KINDS and section.name:
            k = _first_role_item(section.items)
            if k:  # a role header first in the section would be the section's own content
                out.append(Section(section.name, section.kind, section.line, section.items[:k]))
                rest = section.items[k:]
                out.append(Section(work.name, work.kind, rest[0].first, rest))
                continue
        out.append(section)
    return out
