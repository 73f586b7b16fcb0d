"""A sidebar whose lines are seldom level with the body's (a narrow column of contact, skills
and licences beside the jobs, its rows set apart from the body's): read column by column, as
the page shows it, and on a later page the body first. Real PDFs drawn with reportlab, read back
through the bounded PDFium worker and the layout step, as an upload is."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from core.ingest import parse_resume, read_upload

SIDEBAR = [
    "Dana Whitfield",
    "Pastry Chef",
    "dana.whitfield@example.org",
    "(541) 555-0188",
    "Eugene, Oregon",
    "CERTIFICATES",
    "ServSafe Manager, 2022",
    "Allergen Awareness, 2023",
    "SKILLS",
    "Laminated doughs",
    "Plated desserts",
    "Food cost control",
    "Menu costing",
    "Team scheduling",
]
BODY = [
    "WORK HISTORY",
    "Head Pastry Chef  2019 - 2024",
    "Riverbend Hotel, Eugene OR",
    "- Ran a team of 5 bakers for a 180-room hotel and its two restaurants",
    "- Cut pastry food cost from 31% to 26% by costing every plated dessert",
    "- Wrote the allergen matrix used by every outlet of the hotel",
    "Pastry Cook  2015 - 2019",
    "Maple Street Bakery, Salem OR",
    "- Laminated 400 croissants a day for the bakery and two cafes",
    "- Trained 4 new cooks on the early shift over two years",
    "EDUCATION",
    "AAS Baking and Pastry Arts  2015",
    "Lane Community College",
]


def _sidebar_pdf(body_two: list[str] | None = None, side_two: list[str] | None = None) -> bytes:
    """The sidebar at x 40 and the body at x 220, each every 12 points but half a line apart:
    no row of one is level with a row of the other."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for i, line in enumerate(SIDEBAR):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        pdf.drawString(40, 772 - 12 * i, line)
    for i, line in enumerate(BODY):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        pdf.drawString(220, 766 - 12 * i, line)
    if body_two and side_two:
        pdf.showPage()
        # the body, wide, on the left; a sidebar on the right, its rows half a line off the body's
        for i, line in enumerate(body_two):
            pdf.setFont("Helvetica", 9)
            pdf.drawString(40, 780 - 12 * i, line)
        for i, line in enumerate(side_two):
            pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
            pdf.drawString(440, 774 - 12 * i, line)
    pdf.save()
    return buffer.getvalue()


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


def test_a_sidebar_not_level_with_the_body_is_read_column_by_column() -> None:
    lines = _lines(read_upload(_sidebar_pdf(), "sidebar.pdf").text)
    side = [" ".join(line.split()) for line in SIDEBAR]
    body = [" ".join(line.split()) for line in BODY]
    assert lines == side + body, lines  # no row mixes the two columns, each column in order


def test_the_roles_and_school_beside_a_sidebar_are_read() -> None:
    parsed = parse_resume(_sidebar_pdf(), "sidebar.pdf")
    roles = [(r.title, r.company, r.start, r.end) for r in parsed.roles]
    assert ("Head Pastry Chef", "Riverbend Hotel", "2019", "2024") in [
        (t, c.split(",")[0], s, e) for t, c, s, e in roles
    ], roles
    assert any(r.title == "Pastry Cook" and r.start == "2015" for r in parsed.roles), roles
    assert len(parsed.roles) == 2, roles
    assert parsed.contact.email == "dana.whitfield@example.org"
    assert any("Lane Community College" in e.company for e in parsed.education), parsed.education


PAGE_TWO_BODY = [
    "Line Cook  2012 - 2015",
    "Harbor Grill, Newport OR",
    "- Ran the dessert station on weekend nights for a 90-seat dining room",
    "- Prepped the bread and pastry orders for the banquet room",
    "- Baked the house rolls and focaccia for lunch and dinner service",
    "- Kept the walk-in and the pastry lowboys to the county's standards",
    "Prep Cook  2010 - 2012",
    "Cannery Row Diner, Newport OR",
    "- Prepped vegetables, stocks and sauces for a 60-seat diner",
    "- Covered the fry station on Friday and Saturday nights",
    "VOLUNTEERING",
    "Baking teacher at the county youth kitchen, 2018 - 2020",
    "- Taught 12 classes a year on bread and pies",
]
PAGE_TWO_SIDEBAR = [
    "LANGUAGES",
    "English",
    "Spanish",
    "French (reading)",
    "INTERESTS",
    "Sourdough",
    "Trail running",
]


def test_on_a_later_page_the_body_goes_on_before_the_sidebar() -> None:
    lines = _lines(read_upload(_sidebar_pdf(PAGE_TWO_BODY, PAGE_TWO_SIDEBAR), "two.pdf").text)
    page_two = [" ".join(line.split()) for line in PAGE_TWO_BODY + PAGE_TWO_SIDEBAR]
    assert lines[-len(page_two) :] == page_two, lines
    assert lines[-len(page_two) - 1] == "Lane Community College"  # page one's body runs on


def _overflow_pdf(email: str) -> bytes:
    """The page of `_sidebar_pdf` with a long e-mail address in the sidebar, set level with the
    body's employer line and running past the gutter to half a point from the body's edge (no
    gap a gutter could stand in); the sidebar's other rows stay half a line off the body's."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    level = 766 - 12 * BODY.index(EMPLOYER)
    for i, line in enumerate(SIDEBAR):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        y = 772 - 12 * i if i < 2 else level if "@" in line else 772 - 12 * (i + 1)
        pdf.drawString(40.8, y, email if "@" in line else line)
    for i, line in enumerate(BODY):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        pdf.drawString(221, 766 - 12 * i, line)
    pdf.save()
    return buffer.getvalue()


EMPLOYER = "Riverbend Hotel, Eugene OR"
LONG_EMAIL = "dana.j.whitfield-pastries@bakeryexample.org"  # 179.7 points wide


def test_a_sidebar_line_run_past_the_gutter_leaves_the_body_line_beside_it_whole() -> None:
    lines = _lines(read_upload(_overflow_pdf(LONG_EMAIL), "overflow.pdf").text)
    assert LONG_EMAIL in lines and EMPLOYER in lines, lines
    parsed = parse_resume(_overflow_pdf(LONG_EMAIL), "overflow.pdf")
    assert parsed.contact.email == LONG_EMAIL
    assert "Riverbend" not in parsed.contact.location
    head_chef = next(r for r in parsed.roles if r.title == "Head Pastry Chef")
    assert head_chef.company.startswith("Riverbend Hotel"), head_chef


def _wrapped_name_pdf(name_lines: list[str]) -> bytes:
    """The page of `_sidebar_pdf` with the name in large bold type wrapped over `name_lines` at
    the top of the sidebar, as a narrow sidebar sets a long name."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for i, line in enumerate(name_lines):
        pdf.setFont("Helvetica-Bold", 20)
        pdf.drawString(40, 790 - 24 * i, line)
    top = 790 - 24 * len(name_lines)
    for i, line in enumerate(SIDEBAR[1:]):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        pdf.drawString(40, top - 12 * i, line)
    for i, line in enumerate(BODY):
        pdf.setFont("Helvetica-Bold" if line.isupper() else "Helvetica", 9)
        pdf.drawString(220, top + 6 - 12 * i, line)
    pdf.save()
    return buffer.getvalue()


def test_a_name_wrapped_over_three_sidebar_lines_is_read_whole() -> None:
    parsed = parse_resume(_wrapped_name_pdf(["Dana", "Whitfield-", "Moreau"]), "name.pdf")
    assert parsed.contact.name == "Dana Whitfield-Moreau"
    parsed = parse_resume(_wrapped_name_pdf(["Dana", "Whitfield", "Moreau"]), "name.pdf")
    assert parsed.contact.name == "Dana Whitfield Moreau"
