"""Link annotations of a PDF: labels that only name a link ('Live | GitHub' after every project)
are left out of the text and reported; a project's name linked once stays; a 'mailto:' link
gives the e-mail when the page shows only a word for it. Real PDFs drawn with reportlab (links
as link annotations, as Chrome and LaTeX write them), read back through `read_upload`."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from core.ingest import parse_resume, read_upload

PROJECTS = [
    ("Tidepool", "Python, Flask", "A tide-table service for small harbours"),
    ("Ledgerly", "TypeScript, React", "A budgeting app for shared households"),
    ("Pathfinder", "Go", "A route planner for volunteer drivers"),
]


def _pdf(*, labels: bool = True, mail_icon: bool = False) -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica-Bold", 16)
    pdf.drawString(40, 800, "Riley Okafor")
    pdf.setFont("Helvetica", 9)
    if mail_icon:
        pdf.drawString(40, 786, "Email   |   Portland, OR")
        pdf.linkURL("mailto:riley.okafor@example.org", (38, 783, 66, 795), relative=0)
    else:
        pdf.drawString(40, 786, "riley.okafor@example.org | Portland, OR")
    pdf.drawString(40, 760, "Projects")
    y = 745.0
    for name, stack, what in PROJECTS:
        pdf.drawString(40, y, f"{name} ({stack})")
        pdf.linkURL(
            f"https://{name.lower()}.example.org", (38, y - 3, 40 + 9 * len(name) // 2, y + 9)
        )
        if labels:
            pdf.drawString(480, y, "Live")
            pdf.linkURL(f"https://{name.lower()}.example.org", (478, y - 3, 500, y + 9), relative=0)
            pdf.drawString(505, y, "|")
            pdf.drawString(512, y, "GitHub")
            pdf.linkURL(
                f"https://github.com/r/{name.lower()}", (510, y - 3, 545, y + 9), relative=0
            )
        pdf.drawString(40, y - 13, what)
        y -= 32
    pdf.drawString(40, y, "Experience")
    pdf.drawString(40, y - 13, "Line Cook, Harbor Grill | 2016 - 2019")
    pdf.drawString(40, y - 26, "- Worked grill and saute stations on weekend double shifts")
    pdf.save()
    return buffer.getvalue()


def test_labels_after_every_project_are_left_out_and_reported_with_their_targets() -> None:
    read = read_upload(_pdf(), "projects.pdf")
    assert "GitHub" not in read.text and "Live" not in read.text
    for name, stack, _ in PROJECTS:
        assert f"{name} ({stack})\n" in read.text  # the project's own (linked) name stays
    dropped = [item for item in read.left_out if "link labels" in item.why]
    assert len(dropped) == len(PROJECTS)
    assert "https://github.com/r/tidepool" in dropped[0].what


def test_without_repeated_labels_nothing_is_left_out() -> None:
    read = read_upload(_pdf(labels=False), "projects.pdf")
    assert not [item for item in read.left_out if "link labels" in item.why]
    assert all(name in read.text for name, _, _ in PROJECTS)


def test_an_e_mail_shown_only_as_a_word_comes_from_its_mailto_link() -> None:
    parsed = parse_resume(_pdf(mail_icon=True), "icon.pdf")
    assert parsed.contact.email == "riley.okafor@example.org"
    assert not any("riley.okafor" in card.raw_text for card in parsed.cards)


def _plain_pdf(rows: list[tuple[str, str]]) -> bytes:
    """Lines with a right-hand part and no link annotations at all (an export that lost them)."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica", 9)
    y = 800.0
    for left, right in rows:
        pdf.drawString(40, y, left)
        if right:
            pdf.drawString(440, y, right)
        y -= 14
    pdf.save()
    return buffer.getvalue()


def test_labels_whose_links_an_export_lost_are_left_out_when_set_out_as_a_marked_list() -> None:
    wide = "a line wide enough to cross the right-hand part of the page, so the page is one column"
    rows = [
        ("Tidepool | Full Stack Engineer (2016)", "Live \u25cf GitHub"),
        ("Ledgerly | Solo Developer (2015)", "Demo \u25cf GitHub"),
        ("Line Cook, Harbor Grill", "Remote"),
        ("Prep Cook, Dockside Diner", "Remote"),
        ("BA Mathematics & BA Computer Science", "2013"),
    ]
    body = [("Built " + wide, ""), ("Shipped " + wide, "")]  # under each, as bullets are
    lines = [row for head in rows for row in (head, *body)]
    read = read_upload(
        _plain_pdf([*lines, ("Python \u25cf Go", ""), ("Python \u25cf Rust", "")]), "p.pdf"
    )
    assert "GitHub" not in read.text and "Demo" not in read.text
    assert "Tidepool | Full Stack Engineer (2016)\n" in read.text
    assert read.text.count("Remote") == 2  # one word at a line's end is never a label
    assert "BA Mathematics & BA Computer Science" in read.text
    assert "Python \u25cf Rust" in read.text  # a whole line of them stays
