"""A JSON Resume and a drawn style -> the visual lines of one rendered resume, each labelled.

Labels are known by construction: every line is written from one field of the JSON Resume (or
from the generator's own furniture and referees), so its label is that field's. A `Block` is one
visual line; a row of two cells ("Title" left, "2019 - 2021" right) is one block whose cells a
format may keep apart (a DOCX table, a PDF grid) or join on one text line.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from tools.line_data.headings import HEADINGS, made_up

FORMATS = ("text", "markdown", "docx", "pdf")
FAMILIES = ("stacked", "inline", "employer_first", "date_column")
ROLE_PARTS = frozenset({"title", "employer", "dates"})
MONTHS = "January February March April May June July August September October November December"
REFEREE_NAMES = (
    "Margaret Okafor",
    "Daniel Whitcombe",
    "Priya Raman",
    "Tomasz Nowak",
    "Helen Fairbairn",
    "Carlos Mendes",
    "Aisha Bello",
    "Graham Tully",
    "Ingrid Solberg",
    "Wei Zhang",
)
REFEREE_ROLES = (
    "Ward Manager",
    "Head of Department",
    "Operations Director",
    "Line Manager",
    "Head Chef",
    "Principal",
    "Engineering Manager",
    "Store Manager",
    "Partner",
    "Site Supervisor",
)


@dataclass
class Cell:
    text: str
    label: str
    meaning: str | None = None


@dataclass
class Block:
    kind: str  # name, heading, p, li, row, furniture
    cells: list[Cell]
    column: str = "main"  # "side" for the sidebar of a two-column layout


@dataclass
class Style:
    fmt: str
    family: str
    heading_case: str
    date_style: str
    present: str
    dash: str
    bullets: bool
    glyph: str
    two_columns: bool
    skills_style: str
    contact_joined: bool
    row_sep: str
    furniture: bool
    referees: bool
    header_contact: bool
    order: list[str] = field(default_factory=list)
    plain_headings: bool = False  # DOCX/PDF: headings and rows in the body's weight and size


def draw_style(rng: random.Random, fmt: str) -> Style:
    order = ["summary", "work", "education", "skills", "projects", "volunteer", "awards"]
    order += ["certificates", "publications", "languages", "interests"]
    body = order[1:]
    rng.shuffle(body)
    if rng.random() < 0.7:  # experience usually comes first
        body.remove("work")
        body.insert(0, "work")
    return Style(
        fmt=fmt,
        family=rng.choice(FAMILIES),
        heading_case=rng.choice(("upper", "title", "title", "colon", "lower")),
        date_style=rng.choice(("mon", "month", "num", "iso", "year", "mon")),
        present=rng.choice(("Present", "Current", "Now", "present", "Today")),
        dash=rng.choice((" – ", " - ", " — ", " to ", "–", " until ")),
        bullets=rng.random() < 0.75,
        glyph=rng.choice(("•", "-", "*", "▪", "●", "◦", "–", "")),
        two_columns=fmt in ("docx", "pdf") and rng.random() < 0.35,
        skills_style=rng.choice(("named", "comma", "list", "named_list")),
        contact_joined=rng.random() < 0.6,
        row_sep=rng.choice(("   ", " | ", "\t", "    ", " · ")),
        furniture=rng.random() < 0.5,
        referees=rng.random() < 0.3,
        header_contact=fmt == "docx" and rng.random() < 0.4,
        order=["summary", *body] if rng.random() < 0.85 else [*body, "summary"],
    )


def format_date(value: str, style: str, present: str) -> str:
    if not value:
        return present
    parts = value.split("-")
    year = parts[0][:4]
    month = (
        int(parts[1]) if len(parts) > 1 and parts[1].isdigit() and 1 <= int(parts[1]) <= 12 else 0
    )
    if style == "year" or not month:
        return year
    name = MONTHS.split()[month - 1]
    return {
        "mon": f"{name[:3]} {year}",
        "month": f"{name} {year}",
        "num": f"{month:02d}/{year}",
        "iso": f"{year}-{month:02d}",
    }[style]


def date_range(entry: dict[str, Any], style: Style) -> str:
    start = str(entry.get("startDate") or "")
    end = str(entry.get("endDate") or "")
    if not start and not end:
        return ""
    first = format_date(start, style.date_style, style.present) if start else ""
    last = format_date(end, style.date_style, style.present)
    return f"{first}{style.dash}{last}" if first else last


def heading_text(meaning: str, rng: random.Random, style: Style) -> str:
    text = made_up(meaning, rng.choice) if rng.random() < 0.35 else rng.choice(HEADINGS[meaning])
    if style.heading_case == "upper":
        return text.upper()
    if style.heading_case == "colon":
        return text + ":"
    if style.heading_case == "lower":
        return text.lower()
    return text


def combined_label(labels: list[str]) -> str:
    """The label of cells joined on one line: two role parts make a role header."""
    parts = [label for label in labels if label in ROLE_PARTS]
    if len(set(parts)) >= 2:
        return "role_header"
    if "education" in labels:
        return "education"
    for label in labels:
        if label not in ("dates", "other"):
            return label
    return labels[0]


# Inline HTML some JSON Resume authors typed into their text ('<b>', '<br/>', '<a href=…>'): a
# resume shows the words, and the Markdown and HTML parsers read such tags as markup, so a line
# written with them would no longer match the line read back.
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def clean(value: Any) -> str:
    return " ".join(_TAG.sub(" ", str(value or "")).split())


def _text(block: list[Block], text: Any, label: str, kind: str = "p") -> None:
    if clean(text):
        block.append(Block(kind, [Cell(clean(text), label)]))


def role_lines(
    entry: dict[str, Any], rng: random.Random, style: Style, *, org_key: str, title_key: str
) -> list[Block]:
    title, org = clean(entry.get(title_key)), clean(entry.get(org_key) or entry.get("name"))
    dates, place = date_range(entry, style), clean(entry.get("location"))
    out: list[Block] = []
    if not title and not org:
        return out
    org_place = f"{org}, {place}" if place and rng.random() < 0.5 else org
    family = style.family
    if family == "stacked" and rng.random() < 0.5:
        _text(out, title, "title")
        if dates:
            out.append(Block("row", [Cell(org_place, "employer"), Cell(dates, "dates")]))
        else:
            _text(out, org_place, "employer")
    elif family == "stacked":
        _text(out, title, "title")
        _text(out, org_place, "employer")
        _text(out, " | ".join(p for p in (dates, place) if p and p not in org_place), "dates")
    elif family == "inline":
        joiner = rng.choice((", ", " at ", " — ", " | ", " @ "))
        text = joiner.join(p for p in (title, org) if p)
        tail = rng.choice((" | {d}", " ({d})", ", {d}", " — {d}")).format(d=dates) if dates else ""
        _text(out, text + tail, "role_header" if (org and title) or tail else "title")
    elif family == "employer_first":
        _text(out, org_place.upper() if rng.random() < 0.4 else org_place, "employer")
        if dates:
            out.append(Block("row", [Cell(title, "title"), Cell(dates, "dates")]))
        else:
            _text(out, title, "title")
    else:  # date_column
        cells = [Cell(title, "title")] if title else []
        if org:
            cells.append(Cell(org, "employer"))
        if len(cells) == 2 and rng.random() < 0.5:
            cells = [Cell(f"{title}, {org}", "role_header")]
        if dates:
            out.append(Block("row", [Cell(dates, "dates"), cells[0]]))
            out.extend(Block("p", [cell]) for cell in cells[1:])
        else:
            out.extend(Block("p", [cell]) for cell in cells)
    _text(out, entry.get("summary") or entry.get("description"), "description")
    highlights = [clean(h) for h in entry.get("highlights") or [] if clean(h)]
    if style.bullets or len(highlights) > 6:
        out.extend(Block("li", [Cell(h, "bullet")]) for h in highlights)
    elif highlights:
        _text(out, " ".join(h if h.endswith(".") else h + "." for h in highlights), "description")
    return out


def _section(meaning: str, rng: random.Random, style: Style, body: list[Block]) -> list[Block]:
    if not body:
        return []
    return [Block("heading", [Cell(heading_text(meaning, rng, style), "heading", meaning)]), *body]


def contact_blocks(basics: dict[str, Any], rng: random.Random, style: Style) -> list[Block]:
    out: list[Block] = []
    _text(out, basics.get("name"), "name", "name")
    if basics.get("label") and rng.random() < 0.8:
        _text(out, basics["label"], "contact")
    location = basics.get("location") or {}
    location = location if isinstance(location, dict) else {"city": location}
    place = ", ".join(clean(location.get(k)) for k in ("city", "region") if clean(location.get(k)))
    items = [clean(basics.get(k)) for k in ("email", "phone") if clean(basics.get(k))]
    items += [place] if place else []
    items += [clean(basics.get("website") or basics.get("url"))]
    items += [clean(p.get("url")) for p in basics.get("profiles") or [] if isinstance(p, dict)]
    items = [i for i in items if i][:6]
    if style.contact_joined:
        _text(out, rng.choice((" | ", " · ", " • ", ", ", "  ")).join(items), "contact")
    else:
        for item in items:
            _text(out, item, "contact")
    return out


def education_blocks(entries: list[Any], rng: random.Random, style: Style) -> list[Block]:
    out: list[Block] = []
    for entry in (e for e in entries if isinstance(e, dict)):
        degree = " in ".join(
            p for p in (clean(entry.get("studyType")), clean(entry.get("area"))) if p
        )
        school, dates = clean(entry.get("institution")), date_range(entry, style)
        if style.date_style == "year" or rng.random() < 0.4:
            dates = str(entry.get("endDate") or entry.get("startDate") or "")[:4]
        shape = rng.randrange(3)
        if shape == 0:
            _text(out, degree, "education")
            _text(out, school, "education")
            _text(out, dates, "education")
        elif shape == 1:
            text = ", ".join(p for p in (degree, school) if p)
            if dates:
                out.append(Block("row", [Cell(text, "education"), Cell(dates, "education")]))
            else:
                _text(out, text, "education")
        else:
            _text(out, f"{school} — {dates}" if dates else school, "education")
            _text(out, degree, "education")
        if entry.get("score") and rng.random() < 0.5:
            _text(out, f"GPA: {clean(entry['score'])}", "education")
        courses = [clean(c) for c in entry.get("courses") or [] if clean(c)]
        if courses and rng.random() < 0.5:
            _text(out, "Courses: " + ", ".join(courses[:8]), "education")
    return out


def skills_blocks(skills: list[Any], rng: random.Random, style: Style) -> list[Block]:
    groups = [s for s in skills if isinstance(s, dict) and (s.get("name") or s.get("keywords"))]
    words = [clean(k) for s in groups for k in (s.get("keywords") or []) if clean(k)]
    out: list[Block] = []
    if style.skills_style == "comma" and words:
        _text(out, ", ".join(words[:30]), "skills")
    elif style.skills_style == "list":
        for word in (words or [clean(s.get("name")) for s in groups])[:14]:
            out.append(Block("li", [Cell(word, "skills")]))
    else:
        for group in groups:
            keywords = ", ".join(clean(k) for k in group.get("keywords") or [] if clean(k))
            text = f"{clean(group.get('name'))}: {keywords}" if keywords else group.get("name")
            kind = "li" if style.skills_style == "named_list" else "p"
            _text(out, text, "skills", kind)
    return out


def simple_blocks(key: str, entries: list[Any], style: Style, rng: random.Random) -> list[Block]:
    out: list[Block] = []
    for e in (e for e in entries if isinstance(e, (dict, str))):
        if isinstance(e, str):
            _text(out, e, "other")
            continue
        if key == "projects":
            dates = date_range(e, style)
            name = clean(e.get("name"))
            if dates and name:
                out.append(Block("row", [Cell(name, "other"), Cell(dates, "dates")]))
            else:
                _text(out, name, "other")
            _text(out, e.get("description"), "description")
            out.extend(
                Block("li", [Cell(clean(h), "bullet")])
                for h in e.get("highlights") or []
                if clean(h)
            )
        elif key in ("awards", "certificates"):
            parts = [clean(e.get(k)) for k in ("title", "name", "awarder", "issuer")]
            when = clean(e.get("date"))[:4]
            text = ", ".join(p for p in parts if p) + (f" ({when})" if when else "")
            _text(out, text, "certification", "li" if rng.random() < 0.4 else "p")
        elif key == "publications":
            parts = [clean(e.get(k)) for k in ("name", "publisher")] + [
                clean(e.get("releaseDate"))[:4]
            ]
            _text(out, ", ".join(p for p in parts if p), "other")
        elif key == "languages":
            fluent = clean(e.get("fluency"))
            _text(out, clean(e.get("language")) + (f" ({fluent})" if fluent else ""), "other")
        elif key == "interests":
            _text(
                out,
                ", ".join([clean(e.get("name"))] + [clean(k) for k in e.get("keywords") or []]),
                "other",
            )
    return out


def referee_blocks(resume: dict[str, Any], rng: random.Random, style: Style) -> list[Block]:
    out: list[Block] = []
    for ref in (r for r in resume.get("references") or [] if isinstance(r, dict)):
        _text(out, ref.get("name"), "references")
        _text(out, ref.get("reference"), "references")
    if style.referees:
        for name in rng.sample(REFEREE_NAMES, 2):
            user = name.lower().replace(" ", ".")
            _text(out, f"{name}, {rng.choice(REFEREE_ROLES)}", "references")
            phone = f"({rng.randint(201, 989)}) {rng.randint(200, 999)}-{rng.randint(1000, 9999)}"
            contact = [f"{user}@{rng.choice(('example.org', 'mail.com', 'work.net'))}", phone]
            _text(out, rng.choice((" | ", " · ", ", ")).join(contact), "references")
    return out


MEANING_OF = {
    "work": "experience",
    "volunteer": "volunteering",
    "education": "education",
    "skills": "skills",
    "projects": "projects",
    "awards": "awards",
    "certificates": "certifications",
    "publications": "publications",
    "languages": "other",
    "interests": "other",
    "summary": "summary",
}
SIDEBAR = {"skills", "education", "languages", "certificates", "interests", "awards"}


def compose(resume: dict[str, Any], rng: random.Random, style: Style) -> list[Block]:
    """Every visual line of one rendering, in reading order (sidebar blocks marked)."""
    basics = resume.get("basics") or {}
    blocks = contact_blocks(basics, rng, style)
    for block in blocks:
        block.column = "head"
    if style.furniture and rng.random() < 0.3:
        blocks.insert(
            0,
            Block(
                "furniture",
                [Cell(rng.choice(("Resume", "Curriculum Vitae", "CV", "RÉSUMÉ")), "furniture")],
                "head",
            ),
        )
    for key in style.order:
        value = resume.get(key)
        if key == "summary":
            body: list[Block] = []
            if rng.random() < 0.75:  # else the first section follows the contact block
                _text(body, basics.get("summary"), "summary")
        elif not isinstance(value, list) or not value:
            continue
        elif key in ("work", "volunteer"):
            org, title = ("company", "position") if key == "work" else ("organization", "position")
            body = [
                b
                for e in value
                if isinstance(e, dict)
                for b in role_lines(e, rng, style, org_key=org, title_key=title)
            ]
        elif key == "education":
            body = education_blocks(value, rng, style)
        elif key == "skills":
            body = skills_blocks(value, rng, style)
        else:
            body = simple_blocks(key, value, style, rng)
        section = _section(MEANING_OF[key], rng, style, body)
        if style.two_columns and key in SIDEBAR:
            for block in section:
                block.column = "side"
        blocks.extend(section)
    references = referee_blocks(resume, rng, style)
    blocks.extend(_section("references", rng, style, references))
    if not references and style.furniture and rng.random() < 0.5:
        text = rng.choice(
            (
                "References available on request",
                "References available upon request.",
                "References: available on request",
            )
        )
        blocks.append(Block("furniture", [Cell(text, "furniture")]))
    return blocks
