"""CV classes' and resume templates' entry macros, set as lines the readers understand.

A CV class prints a role from one macro whose arguments it places in rows: moderncv's
'\\cventry{dates}{title}{employer}{place}{grade}{description}' sets the dates in a left column
beside the title, employer and place, the description below. Each map here gives a macro's argument
spec (pylatexenc's: '[' an optional argument, '{' a braced one) and the rows its arguments are set
in, cells apart by a field gap, so the text reader sees one line per field group, the dates kept,
list items as bullets and a class's section macro as a heading; no wording is read. The rows follow
the page (moderncv, altacv, the resume template's two rows of two cells) except awesome-cv's, whose
page sets employer and place above title and dates: there all four are one row, since a school set
above its degree was read as the entry above's. The argument orders are the classes' documented
ones (moderncv's template and completion file, awesome-cv's and altacv's class files, the
template's own definitions). A class's maps apply where '\\documentclass' names it; a template's
where the preamble defines the macro with the documented number of arguments. Any other macro keeps
its text as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Cell = tuple[
    int, ...
]  # argument numbers (pylatexenc's argnlist, optional ones counted) joined ', '


@dataclass(frozen=True)
class Entry:
    """How a macro's arguments are set: rows of cells, list items, or a section heading."""

    args: str
    rows: tuple[tuple[Cell, ...], ...] = ()
    items: Cell = ()
    heading: int | None = None


_MODERNCV = {
    # \cventry[spacing]{dates}{title}{employer}{place}{grade}{description}
    "cventry": Entry("[{{{{{{", rows=(((1,), (2,), (3,), (4,), (5,)), ((6,),))),
    "cvitem": Entry("[{{", rows=(((1,), (2,)),)),
    "cvitemwithcomment": Entry("[{{{", rows=(((1,), (2,), (3,)),)),
    "cvdoubleitem": Entry("[{{{{", rows=(((1,), (2,), (3,), (4,)),)),
    "cvlistitem": Entry("[{", items=(1,)),
    "cvlistdoubleitem": Entry("[{{", items=(1, 2)),
}
_AWESOME_CV = {
    # \cventry{title}{employer}{place}{dates}{description}
    "cventry": Entry("{{{{{", rows=(((0,), (1,), (2,), (3,)), ((4,),))),
    "cvsubentry": Entry("{{{", rows=(((0,), (1,)), ((2,),))),
    "cvhonor": Entry("{{{{", rows=(((3,), (0, 1), (2,)),)),  # {award}{event}{place}{date}
    "cvskill": Entry("{{", rows=(((0,), (1,)),)),
    "cvsection": Entry("{", heading=0),
    "cvsubsection": Entry("{", heading=0),
}
_ALTACV = {
    # \cvevent{title}{employer}{dates}{place}: one row each, dates and place side by side
    "cvevent": Entry("{{{{", rows=(((0,),), ((1,),), ((2,), (3,)))),
    "cvachievement": Entry("{{{", rows=(((1,),), ((2,),))),  # {icon}{title}{text}
    "cvskill": Entry("{{", rows=(((0,),),)),  # {skill}{rating}
    "cvsection": Entry("[{", heading=1),
    "cvsubsection": Entry("{", heading=0),
}
CLASSES: dict[str, dict[str, Entry]] = {
    "moderncv": _MODERNCV,
    "awesome-cv": _AWESOME_CV,
    "altacv": _ALTACV,
}
# Jake's resume template (sb2nov/resume and its forks) defines these in the preamble; keyed by
# name and the number of arguments the definition declares.
TEMPLATE: dict[tuple[str, int], Entry] = {
    ("resumeSubheading", 4): Entry("{{{{", rows=(((0,), (1,)), ((2,), (3,)))),
    ("resumeSubSubheading", 2): Entry("{{", rows=(((0,), (1,)),)),
    ("resumeProjectHeading", 2): Entry("{{", rows=(((0,), (1,)),)),
    ("resumeItem", 1): Entry("{", items=(0,)),
    ("resumeItem", 2): Entry("{{", items=(0,), rows=(((1,),),)),
    ("resumeSubItem", 1): Entry("{", items=(0,)),
    ("resumeSubItem", 2): Entry("{{", items=(0,), rows=(((1,),),)),
}
_CLASS = re.compile(r"\\documentclass\s*(?:\[[^\]]*\])?\s*\{\s*([^}\s]+)\s*\}")
_DEFINED = re.compile(r"\\(?:re)?newcommand\*?\s*\{?\s*\\(\w+)\s*\}?\s*\[\s*(\d)\s*\]")


def entries_of(preamble: str) -> tuple[tuple[str, Entry], ...]:
    """The entry macros a source's class and its own template definitions lay out."""
    found = _CLASS.search(preamble)
    maps = dict(CLASSES.get(found.group(1).lower(), {})) if found else {}
    for name, count in _DEFINED.findall(preamble):
        entry = TEMPLATE.get((name, int(count)))
        if entry is not None:
            maps[name] = entry
    return tuple(sorted(maps.items()))


def heading(text: str) -> str:
    """A section heading as the reader sets '\\section{…}'."""
    return f"\n\n\N{SECTION SIGN} {text.strip().upper()}\n"


def laid_out(entry: Entry, args: list[str], gap: str) -> str:
    """An entry's argument texts set in its rows (cells apart by `gap`), items and heading."""
    if entry.heading is not None:
        return heading(args[entry.heading]) if args[entry.heading].strip() else ""
    lines = [f"  * {args[n].strip()}" for n in entry.items if args[n].strip()]
    for row in entry.rows:
        cells = (", ".join(args[n].strip() for n in cell if args[n].strip()) for cell in row)
        line = gap.join(cell for cell in cells if cell)
        if line:
            lines.append(line)
    return "\n" + "\n".join(lines) + "\n" if lines else ""
