"""A generated layout zoo: one fact resume rendered as a two-column PDF, a builder-style PDF
(stacked date / title-and-employer lines, no blank lines), a DOCX laid out in a table, and plain
text in layouts people use that no tuning file has: "Title, Employer, City —
dates" on one line, dates-first lines, stacked three-line headers, an employer line over its
promotions, a role written as a paragraph, education as "Institution — Degree, Year" and "Degree
(Year), Institution" or stacked on three lines, Title Case headings without a colon, a two-column
text dump; and each of those text layouts but the dump drawn as a PDF and written as a DOCX (one
paragraph per line). Each must parse to the same roles, dates and education. (A PDF without
inter-word spaces is tested with the PDF text reader, not in this zoo.)"""

from __future__ import annotations

import io

import pytest
from docx import Document
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from core.contracts import ParsedResume
from core.ingest import parse_resume

ROLES = [
    ("Registered Nurse", "Mercy General Hospital", "06/2016", "Present", "2016-06", "present"),
    ("Medical Technician", "Riverside Health Clinic", "08/2010", "05/2016", "2010-08", "2016-05"),
]
BULLETS = {
    "Registered Nurse": [
        "Cared for 6 patients per shift on a surgical floor.",
        "Precepted 4 new nurses.",
    ],
    "Medical Technician": [
        "Gave about 40 immunizations a day.",
        "Kept 300 patient records current.",
    ],
}
EDUCATION = [
    ("BSN", "South University", "2016"),
    ("A.S. Nursing", "Columbus Technical College", "2010"),
]
WANT_ROLES = [(t, c, s, e) for t, c, _, _, s, e in ROLES]
WANT_EDU = [(d, s) for d, s, _ in EDUCATION]


def _pdf(columns: list[list[tuple[float, str]]], widths: list[float]) -> bytes:
    """One page; each column's lines drawn top-down at its x (column by column)."""
    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=letter)
    for column, x in zip(columns, widths, strict=True):
        y = 740.0
        for indent, line in column:
            page.setFont("Helvetica", 9)
            page.drawString(x + indent, y, line)
            y -= 13
    page.save()
    return buffer.getvalue()


def two_column_pdf() -> bytes:
    side = [(0, "Pat Example"), (0, "pat@example.com"), (0, "(555) 555-0142"), (0, "")]
    side += [(0, "Skills"), (0, "Triage, IV therapy, Epic"), (0, ""), (0, "Education")]
    side += [(0, f"{d}, {s}, {y}") for d, s, y in EDUCATION]
    main = [(0, "Experience")]
    for title, company, start, end, _, _ in ROLES:
        main.append((0, f"{title} | {company} | {start} – {end}"))
        main += [(0, f"• {b}") for b in BULLETS[title]]
        main.append((0, ""))
    return _pdf([side, main], [40, 250])


def builder_pdf() -> bytes:
    lines = [(0, "Pat Example"), (0, "pat@example.com | (555) 555-0142"), (0, "Experience")]
    for title, company, start, end, _, _ in ROLES:
        end_text = "Current" if end == "Present" else end
        lines += [(0, f"{start} to {end_text}"), (0, f"{title} {company} – Columbus , GA")]
        lines += [(18, b) for b in BULLETS[title]]
    lines.append((0, "Education"))
    lines += [(0, f"{d}, {s}, {y}") for d, s, y in EDUCATION]
    return _pdf([lines], [40])


def table_docx() -> bytes:
    doc = Document()
    doc.add_paragraph("Pat Example")
    doc.add_paragraph("pat@example.com | (555) 555-0142")
    doc.add_heading("Experience", level=2)
    table = doc.add_table(rows=0, cols=2)
    for title, company, start, end, _, _ in ROLES:
        left, right = table.add_row().cells
        left.text = f"{start} – {end}"
        right.text = f"{title}, {company}"
        for bullet in BULLETS[title]:
            right.add_paragraph(f"• {bullet}")
    doc.add_heading("Education", level=2)
    for degree, school, year in EDUCATION:
        doc.add_paragraph(f"{degree}, {school}, {year}")
    buffer = io.BytesIO()
    doc.save(buffer)
    return buffer.getvalue()


CONTACT = "Pat Example\npat@example.com | (555) 555-0142\n\n"


def _bullets(title: str) -> str:
    return "".join(f"- {b}\n" for b in BULLETS[title])


def _text(headers: list[str], education: str, heading: str = "Experience") -> bytes:
    """Plain text: contact, one header per role (formatted from ROLES) with its bullets."""
    body = "".join(
        header.format(title=t, company=c, start=s, end=e) + _bullets(t) + "\n"
        for header, (t, c, s, e, _, _) in zip(headers, ROLES, strict=True)
    )
    return (CONTACT + f"{heading}\n\n{body}{education}").encode()


EDU_LINES = "Education\n\n" + "".join(f"{d}, {s}, {y}\n" for d, s, y in EDUCATION)


def one_line_commas() -> bytes:
    place = ["Columbus, GA", "Macon, GA"]
    return _text([f"{{title}}, {{company}}, {p} — {{start}} – {{end}}\n" for p in place], EDU_LINES)


def dates_first() -> bytes:
    return _text(["{start} – {end}   {company}\n{title}\n"] * 2, EDU_LINES)


def stacked_three_lines() -> bytes:
    return _text(["{company}\n{title}\n{start} – {end}\n"] * 2, EDU_LINES)


def role_paragraphs() -> bytes:
    body = "".join(
        f"{t} at {c}, {s} – {e}. {' '.join(BULLETS[t])}\n\n" for t, c, s, e, _, _ in ROLES
    )
    return (CONTACT + "Experience\n\n" + body + EDU_LINES).encode()


def title_case_headings_school_first() -> bytes:
    education = "Education And Training\n\n" + "".join(f"{s} — {d}, {y}\n" for d, s, y in EDUCATION)
    return _text(["{title} | {company} | {start} – {end}\n"] * 2, education, "Work History")


def degree_year_in_brackets() -> bytes:
    education = "Education\n\n" + "".join(f"{d} ({y}), {s}\n" for d, s, y in EDUCATION)
    return _text(["{company} -- {title} ({start} – {end})\n"] * 2, education)


def education_stacked() -> bytes:
    education = "Education\n\n" + "".join(f"{s}\n{d}\n{y}\n\n" for d, s, y in EDUCATION)
    return _text(["{title} @ {company} · {start} – {end}\n"] * 2, education)


def two_column_text_dump() -> bytes:
    side = ["Pat Example", "pat@example.com", "(555) 555-0142", "", "Education"]
    side += [f"{d}, {s}, {y}" for d, s, y in EDUCATION]
    main = ["Experience"]
    for title, company, start, end, _, _ in ROLES:
        main += [f"{title} | {company} | {start} – {end}"] + [f"• {b}" for b in BULLETS[title]]
    side += [""] * (len(main) - len(side))
    return "\n".join(f"{a:<50}{b}".rstrip() for a, b in zip(side, main, strict=True)).encode()


def as_pdf(layout):
    """The same text layout drawn line by line on a PDF page."""

    def render() -> bytes:
        return _pdf([[(0, line) for line in layout().decode().split("\n")]], [40])

    return render


def as_docx(layout):
    """The same text layout as a Word file: one paragraph per line, '- ' lines as list bullets."""

    def render() -> bytes:
        doc = Document()
        for line in layout().decode().split("\n"):
            if line.startswith("- "):
                doc.add_paragraph(line[2:], style="List Bullet")
            else:
                doc.add_paragraph(line)
        buffer = io.BytesIO()
        doc.save(buffer)
        return buffer.getvalue()

    return render


TEXT_LAYOUTS = {
    "one-line-commas": one_line_commas,
    "dates-first": dates_first,
    "stacked-three-lines": stacked_three_lines,
    "role-paragraphs": role_paragraphs,
    "title-case-headings": title_case_headings_school_first,
    "degree-year-in-brackets": degree_year_in_brackets,
    "education-stacked": education_stacked,
}
ZOO = {
    "two-column.pdf": two_column_pdf,
    "builder.pdf": builder_pdf,
    "table.docx": table_docx,
    "two-column-dump.txt": two_column_text_dump,
    **{f"{name}.txt": layout for name, layout in TEXT_LAYOUTS.items()},
    **{f"{name}.pdf": as_pdf(layout) for name, layout in TEXT_LAYOUTS.items()},
    **{f"{name}.docx": as_docx(layout) for name, layout in TEXT_LAYOUTS.items()},
}


@pytest.fixture(scope="module", params=sorted(ZOO))
def parsed(request) -> ParsedResume:
    return parse_resume(ZOO[request.param](), request.param)


def test_every_layout_gives_the_same_roles_and_dates(parsed):
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == WANT_ROLES


def test_every_layout_gives_the_same_education(parsed):
    assert [(e.title, e.company) for e in parsed.education] == WANT_EDU


def test_every_bullet_is_evidence_of_its_own_role(parsed):
    by_id = {r.id: r.title for r in parsed.roles}
    for title, bullets in BULLETS.items():
        for bullet in bullets:
            cards = [c for c in parsed.cards if bullet in " ".join(c.raw_text.split())]
            assert len(cards) == 1, (bullet, [c.raw_text for c in parsed.cards])
            assert by_id.get(cards[0].role_id or "") == title
    assert parsed.contact.email == "pat@example.com"


def test_an_employer_line_over_its_promotions():
    text = (
        "Pat Example\npat@example.com\n\nExperience\n\n"
        "Mercy General Hospital, Columbus, GA\n"
        "Charge Nurse | 01/2020 – Present\n- Ran the night shift.\n"
        "Registered Nurse | 06/2016 – 12/2019\n" + _bullets("Registered Nurse") + "\n"
        "Riverside Health Clinic, Macon, GA\n"
        "Medical Technician | 08/2010 – 05/2016\n"
        + _bullets("Medical Technician")
        + "\n"
        + EDU_LINES
    )
    parsed = parse_resume(text.encode(), "promotions.txt")
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == [
        ("Charge Nurse", "Mercy General Hospital", "2020-01", "present"),
        ("Registered Nurse", "Mercy General Hospital", "2016-06", "2019-12"),
        ("Medical Technician", "Riverside Health Clinic", "2010-08", "2016-05"),
    ]
    assert [(e.title, e.company) for e in parsed.education] == WANT_EDU
