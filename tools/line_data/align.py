"""Label the lines the runtime reader extracted by matching them to the rendered lines.

Text is compared normalised (letters and digits only, lower case), so bullet glyphs, Markdown
marks and spacing do not matter. An extracted line takes the label of the rendered unit it
equals (a cell, or a whole row whose cells it joins), else of the unit it is a piece of (a
wrapped line), preferring units at or after the last match. Lines matching nothing are
counted; a rendering with too many is dropped by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tools.line_data.compose import Block, combined_label

_NON_WORD = re.compile(r"[\W_]+")


def norm(text: str) -> str:
    return _NON_WORD.sub("", text.lower())


@dataclass
class Unit:
    key: str
    label: str
    meaning: str | None
    order: int
    joined: bool = False  # a row's cells joined, not one cell


def units(blocks: list[Block]) -> list[Unit]:
    out: list[Unit] = []
    for order, block in enumerate(blocks):
        cells = block.cells
        if len(cells) > 1:
            label = combined_label([c.label for c in cells])
            out.append(Unit(norm("".join(c.text for c in cells)), label, None, order, True))
            out.append(
                Unit(norm("".join(c.text for c in reversed(cells))), label, None, order, True)
            )
        for cell in cells:
            out.append(Unit(norm(cell.text), cell.label, cell.meaning, order))
    return [u for u in out if u.key]


def _wrapped_row(key: str, blocks: list[Block]) -> Unit | None:
    """A row whose first cell wrapped in its column, read with the second cell on its first line
    ('02/2024 until   Acme, Remote' of '02/2024 until 05/2025' | 'Acme, Remote'): the row's."""
    for order, block in enumerate(blocks):
        if len(block.cells) != 2:
            continue
        first, second = (norm(cell.text) for cell in block.cells)
        head = key.removesuffix(second) if second and key.endswith(second) else ""
        if len(head) >= 2 and first.startswith(head) and head != first:
            return Unit(key, combined_label([c.label for c in block.cells]), None, order, True)
    return None


def _best(candidates: list[Unit], cursor: int) -> Unit:
    """The unit nearest the cursor, at or after it first; of one block's units a cell before the
    joined row (a piece of a wrapped cell, '05/2025' of a dates column, is that cell's)."""
    return min(candidates, key=lambda u: (u.order < cursor, abs(u.order - cursor), u.joined))


def align(texts: list[str], blocks: list[Block]) -> tuple[list[tuple[str, str, str | None]], int]:
    """[(line, label, meaning)] for every extracted line (blank lines kept as ''), and misses."""
    table = units(blocks)
    exact: dict[str, list[Unit]] = {}
    for unit in table:
        exact.setdefault(unit.key, []).append(unit)
    out: list[tuple[str, str, str | None]] = []
    cursor, missed = 0, 0
    for raw in texts:
        key = norm(raw)
        if not raw.strip():
            out.append(("", "", None))
            continue
        found = exact.get(key)
        if not found and len(key) >= 4:
            found = [u for u in table if key in u.key]
        if not found:
            row = _wrapped_row(key, blocks)
            found = [row] if row else None
        if not found:
            missed += 1
            out.append((raw, "other", None))
            continue
        unit = _best(found, cursor)
        cursor = unit.order
        out.append((raw, unit.label, unit.meaning))
    return out, missed
