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


def units(blocks: list[Block]) -> list[Unit]:
    out: list[Unit] = []
    for order, block in enumerate(blocks):
        cells = block.cells
        if len(cells) > 1:
            label = combined_label([c.label for c in cells])
            out.append(Unit(norm("".join(c.text for c in cells)), label, None, order))
            out.append(Unit(norm("".join(c.text for c in reversed(cells))), label, None, order))
        for cell in cells:
            out.append(Unit(norm(cell.text), cell.label, cell.meaning, order))
    return [u for u in out if u.key]


def _best(candidates: list[Unit], cursor: int) -> Unit:
    return min(candidates, key=lambda u: (u.order < cursor, abs(u.order - cursor)))


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
            missed += 1
            out.append((raw, "other", None))
            continue
        unit = _best(found, cursor)
        cursor = unit.order
        out.append((raw, unit.label, unit.meaning))
    return out, missed
