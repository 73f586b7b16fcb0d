"""A generated layout zoo: one fact resume rendered as a two-column PDF, a builder-style PDF
(stacked date / title-and-employer lines, no blank lines) and a DOCX laid out in a table. Each
must parse to the same roles, dates and education. (A PDF without inter-word spaces belongs to
the PDF text work of issue 11 part A and is not in this zoo yet.)"""

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


ZOO = {
    "two-column.pdf": two_column_pdf,
    "builder.pdf": builder_pdf,
    "table.docx": table_docx,
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
