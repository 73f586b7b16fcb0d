"""PDF lines with their layout: real PDFs drawn with reportlab, read back through the bounded
PDFium worker and the layout step (`read_upload`), as an upload is."""

from __future__ import annotations

import io
import random
import re

import pytest
from reportlab.pdfgen import canvas

from core.ingest import parse_resume, read_upload

MAIN = [
    "Experience",
    "Inventory Analyst, Harbor Foods | 2015 - 2019",
    "- Built the demand forecast in Python used by 3 regions of the company",
    "- Reduced carrying cost by $1.2M in two years across the warehouses",
    "- Ran the weekly S&OP meeting for 6 category teams and their planners",
    "Education",
    "BS Industrial Engineering, State University | 2015",
]
SIDE = ["Skills", "Python", "SQL", "Tableau", "Forecasting", "Certifications", "CPIM"]


def _pdf(draw) -> bytes:  # type: ignore[no-untyped-def]
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    draw(pdf)
    pdf.save()
    return buffer.getvalue()


def test_a_sidebar_on_the_right_is_read_first_as_one_on_the_left_is() -> None:
    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica-Bold", 16)
        pdf.drawString(40, 800, "Jordan Avery")
        pdf.setFont("Helvetica", 9)
        for i, (main, side) in enumerate(zip(MAIN, SIDE, strict=True)):
            pdf.drawString(40, 770 - 13 * i, main)
            pdf.drawString(440, 770 - 13 * i, side)

    text = read_upload(_pdf(draw), "right.pdf").text
    assert text.index("Jordan Avery") < text.index("Skills") < text.index("CPIM")
    assert text.index("CPIM") < text.index("Experience")
    assert "- Built the demand forecast in Python used by 3 regions of the company\n" in text
    assert "Inventory Analyst, Harbor Foods | 2015 - 2019\n" in text


def test_words_drawn_one_by_one_and_out_of_order_read_as_one_line() -> None:
    words = ["Led", "the", "night", "shift", "of", "a", "32-bed", "surgical", "unit"]

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 10)
        x, placed = 40.0, []
        for word in words:
            placed.append((x, word))
            x += pdf.stringWidth(word + " ", "Helvetica", 10)
        random.Random(7).shuffle(placed)  # the content stream's order is not the page's
        for x, word in placed:
            pdf.drawString(x, 700, word)

    extracted = read_upload(_pdf(draw), "words.pdf")
    assert extracted.text == " ".join(words)
    assert extracted.lines is not None and [line.text for line in extracted.lines] == [
        " ".join(words)
    ]


def test_a_word_broken_over_two_lines_is_made_whole_in_text_and_lines() -> None:
    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 10)
        pdf.drawString(40, 700, "Owned the roadmap of a prod\u00ad")  # LaTeX draws its hyphen so
        pdf.drawString(40, 688, "uct line and a self-")
        pdf.drawString(40, 676, "service portal for 40 clinics")
        pdf.drawString(40, 664, "Sep. 2023\u00adMar. 2024")

    extracted = read_upload(_pdf(draw), "broken.pdf")
    assert "Owned the roadmap of a product" in extracted.text
    assert "prod- uct" not in extracted.text and "\u00ad" not in extracted.text
    assert "uct line" not in extracted.text and "line and a self-service\nportal" in extracted.text
    assert "Sep. 2023-Mar. 2024" in extracted.text
    lines = [line.text for line in extracted.lines or []]
    assert lines[0] == "Owned the roadmap of a product"
    assert lines[1] == "line and a self-service"


def test_lines_carry_size_weight_position_and_running_footers() -> None:
    def draw(pdf: canvas.Canvas) -> None:
        for page in (1, 2):
            if page == 1:
                pdf.setFont("Helvetica-Bold", 18)
                pdf.drawString(40, 790, "Jordan Avery")
            pdf.setFont("Helvetica", 10)
            for i in range(6):
                pdf.drawString(60, 740 - 14 * i, f"- Ran audit {page}.{i} across the three sites")
            pdf.setFont("Helvetica", 8)
            pdf.drawString(40, 30, f"Jordan Avery - Resume - Page {page} of 2")
            pdf.showPage()

    extracted = read_upload(_pdf(draw), "two-pages.pdf")
    lines = extracted.lines or []
    name = lines[0]
    assert name.text == "Jordan Avery" and name.bold and name.page == 1
    assert name.size is not None and name.size > 1.5
    body = [line for line in lines if line.text.startswith("- Ran audit")]
    assert len(body) == 12 and {line.page for line in body} == {1, 2}
    assert all(line.size == 1.0 and line.bold is False for line in body)
    first = body[0]
    assert first.x0 is not None and first.top is not None and first.x1 is not None
    assert abs(first.x0 - 60 / 595.28) < 0.01 and 0 < first.top < 0.2 and first.x1 < 0.6
    feet = [line for line in lines if "Page" in line.text]
    assert len(feet) == 2 and all(line.at_page_edge for line in feet)
    assert "Page 1 of 2" not in extracted.text
    assert any("Page" in item.what for item in extracted.left_out)


def test_only_a_pdf_gives_lines() -> None:
    assert read_upload(b"Experience\n- Led a team of 6\n", "notes.txt").lines is None


def test_a_block_of_two_columns_on_a_one_column_page_is_read_column_by_column() -> None:
    body = "Led the analytics team of 6 and built the forecasting service used by 3 regions"
    left = ["University of St. Andrews", "MSc Management", "2008 - 2009"]
    right = ["Maharaja Sayajirao University", "BCA Computer Applications", "2005 - 2008"]

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 10)
        pdf.drawString(40, 760, "Experience")
        pdf.drawString(40, 746, "Data Lead, Gramener")
        pdf.drawRightString(555, 746, "Jul 2016 - Sep 2018")
        pdf.drawString(40, 732, "Analyst, Informatica")
        pdf.drawRightString(555, 732, "Jul 2014 - Jul 2016")
        pdf.drawString(40, 718, "Designer, Symantec")
        pdf.drawRightString(555, 718, "Jan 2013 - Jul 2014")
        pdf.drawString(40, 704, body)
        pdf.drawString(40, 680, "Education")
        for i, (a, b) in enumerate(zip(left, right, strict=True)):
            pdf.drawString(40, 666 - 14 * i, a)
            pdf.drawString(320, 666 - 14 * i, b)

    text = read_upload(_pdf(draw), "block.pdf").text
    assert "\n".join(left) in text and "\n".join(right) in text
    assert text.index("Education") < text.index(left[0]) < text.index(right[0])
    assert re.search(r"Data Lead, Gramener {2,}Jul 2016 - Sep 2018\n", text)  # details stay
    assert re.search(r"Designer, Symantec {2,}Jan 2013 - Jul 2014\n", text)


def test_a_block_whose_left_side_is_a_list_in_two_columns_is_still_read_side_by_side() -> None:
    """Skills set in two short columns beside the education: the left side (a list across two
    columns) is read first, then the education as lines of its own; a row whose right side holds
    two fields (a role's employer and dates) is still a table row, read across."""
    skills = [("Ruby", "JavaScript"), ("React", "Redux"), ("AWS", "PostgreSQL"), ("Git", "")]
    education = [
        "Northwestern University - Evanston, IL",
        "B.S. in Biomedical Engineering - Awarded March 2013",
        "Curriculum Highlights: CS, Linear Algebra, Statistics",
        "1000-hour full-stack web bootcamp with small cohorts",
    ]

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 10)
        pdf.drawString(40, 760, "Experience")
        for i, (title, employer, dates) in enumerate(
            [("Analyst", "Tower Capital", "2015 - 2016"), ("Associate", "Wind Cables", "2014")]
        ):
            pdf.drawString(40, 746 - 14 * i, title)
            pdf.drawString(230, 746 - 14 * i, employer)
            pdf.drawRightString(555, 746 - 14 * i, dates)
        pdf.drawString(40, 716, "Saved 200 hours of labour a week with scripts and macros in VBA")
        pdf.drawString(40, 700, "Skills")
        pdf.drawString(230, 700, "Education")
        for i, ((one, two), line) in enumerate(zip(skills, education, strict=True)):
            pdf.drawString(40, 686 - 14 * i, one)
            if two:
                pdf.drawString(110, 686 - 14 * i, two)
            pdf.drawString(230, 686 - 14 * i, line)

    text = read_upload(_pdf(draw), "list-beside.pdf").text
    assert "\n".join(education) in text  # the education column, line after line
    assert text.index("PostgreSQL") < text.index(education[0])
    assert re.search(r"Analyst {2,}Tower Capital {2,}2015 - 2016\n", text)  # read across


def test_field_names_set_flush_right_before_their_values_are_read_across() -> None:
    """A contact block: a handle and an e-mail on the left, then field names set flush right
    against one x with their values beyond it. Each name stays on the row of its value."""
    fields = [("Phone", "(555) 010-2288"), ("City", "Leeds, UK"), ("Languages", "EN - FR - DE")]

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica-Bold", 16)
        pdf.drawString(40, 780, "Sam Rowe")
        pdf.setFont("Helvetica", 9)
        pdf.drawString(110, 750, "@samrowe")
        pdf.drawRightString(100, 736, "Email")
        pdf.drawString(110, 736, "sam@example.org")
        for i, (name, value) in enumerate(fields):
            pdf.drawRightString(360, 750 - 14 * i, name)
            pdf.drawString(372, 750 - 14 * i, value)
        pdf.drawString(40, 690, "Summary")
        pdf.drawString(40, 676, "Builds and runs web services for small public bodies.")

    text = read_upload(_pdf(draw), "fields.pdf").text
    for name, value in fields:
        assert re.search(rf"{name} +{re.escape(value)}\n", text), text


def _side_label_page(pdf: canvas.Canvas) -> None:
    """Section names in a margin column level with each section's first row; list markers set
    apart from their items; one section name wrapped over two rows."""
    pdf.setFont("Helvetica-Bold", 16)
    pdf.drawString(40, 800, "Morgan Ellis")
    pdf.setFont("Helvetica", 9)
    y = 770.0
    sections = [
        ("Work", "Experience", "Harbor Foods", "Inventory Analyst", "2015 - 2019"),
        ("Education", None, "State University", "BS Industrial Engineering", "2015"),
    ]
    for first, second, org, title, dates in sections:
        pdf.drawString(130, y, org)
        pdf.drawRightString(555, y, "Boise, ID")
        # the label sits a little off the row it starts; a long one wraps onto the row above
        pdf.drawString(40, y + 8 if second else y - 4, first)
        if second:
            pdf.drawString(40, y - 3, second)
        pdf.drawString(130, y - 13, title)
        pdf.drawRightString(555, y - 13, dates)
        for i in range(6):
            pdf.drawString(118, y - 27 - 13 * i, "●")
            pdf.drawString(130, y - 27 - 13 * i, f"Cut the weekly count time by {10 + i} hours")
        y -= 120


def test_section_names_in_a_margin_column_read_as_their_own_lines_before_their_section() -> None:
    text = read_upload(_pdf(_side_label_page), "side.pdf").text
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert "Work Experience" in lines  # one name, though wrapped over two rows
    assert "Education" in lines
    work, school = lines.index("Work Experience"), lines.index("Education")
    assert lines[work + 1].startswith("Harbor Foods") and lines[work + 2].startswith("Inventory")
    assert lines[school + 1].startswith("State University")
    # the markers stay with their items: no column of bullets read apart
    assert sum(line.startswith("●  Cut the weekly count time") for line in lines) == 12


def test_a_long_section_name_that_ends_close_to_the_body_is_still_a_side_label() -> None:
    """A margin label in a bigger font can end within a word or two of the body column; where
    its row goes on at the body's edge, the label still stands alone, like the shorter ones."""

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica-Bold", 16)
        pdf.drawString(40, 800, "Morgan Ellis")
        pdf.setFont("Helvetica", 9)
        pdf.drawString(40, 786, "morgan.ellis@example.org  •  (208) 555-0100  •  Boise, ID")
        y = 750.0
        for label, org, title in [
            ("Skills", "Python  SQL  Tableau", None),
            ("Education", "State University", "BS Industrial Engineering"),
            ("Experience", "Harbor Foods", "Inventory Analyst"),
        ]:
            pdf.setFont("Helvetica-Bold", 12)
            pdf.drawString(40, y, label)  # 'Experience' ends about 8 points short of the body
            pdf.setFont("Helvetica", 9)
            pdf.drawString(112, y, org)
            pdf.drawRightString(555, y, "2015 - 2019")
            for i in range(3 if title else 1):
                pdf.drawString(112, y - 13 * (i + 1), title or f"Forecasting, planning {i}")
            y -= 70

    lines = [line.strip() for line in read_upload(_pdf(draw), "long.pdf").text.splitlines()]
    lines = [line for line in lines if line]
    for label, org in [("Skills", "Python"), ("Education", "State"), ("Experience", "Harbor")]:
        assert label in lines, lines
        assert lines[lines.index(label) + 1].startswith(org)


def test_a_short_row_at_the_margin_of_an_ordinary_page_is_not_a_side_label() -> None:
    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 9)
        rows = ["Experience", "Harbor Foods", "- Cut the weekly count time by 10 hours"]
        for i, row in enumerate(rows * 3):
            pdf.drawString(40, 780 - 13 * i, row)
        pdf.drawRightString(555, 780 - 13, "2015 - 2019")

    text = read_upload(_pdf(draw), "plain.pdf").text
    assert re.search(r"Harbor Foods {2,}2015 - 2019\n", text)


def test_a_role_set_out_in_fields_ends_the_bullet_above_it_though_indented_like_its_text() -> None:
    """Markers hang left of the text, so the next role's header starts where bullet text does;
    a header set out in fields (employer, then the city far right) is not a wrapped bullet."""
    from core.ingest import parse_resume

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica-Bold", 14)
        pdf.drawString(40, 800, "Morgan Ellis")
        pdf.setFont("Helvetica", 9)
        pdf.drawString(40, 786, "morgan.ellis@example.org")
        pdf.drawString(40, 760, "Experience")
        y = 745.0
        for org, title, dates in [
            ("Harbor Foods", "Inventory Analyst", "Jan 2015 - May 2019"),
            ("Ridge Logistics", "Shift Supervisor", "Jun 2012 - Dec 2014"),
        ]:
            pdf.drawString(60, y, org)
            pdf.drawRightString(555, y, "Boise, ID")
            pdf.drawString(60, y - 13, title)
            pdf.drawRightString(555, y - 13, dates)
            pdf.drawString(50, y - 26, "●")
            pdf.drawString(60, y - 26, "Cut the weekly count time by 10 hours across three sites")
            y -= 39

    parsed = parse_resume(_pdf(draw), "fields.pdf")
    assert [role.title for role in parsed.roles] == ["Inventory Analyst", "Shift Supervisor"]
    assert all("Ridge" not in card.raw_text for card in parsed.cards if card.role_id == "r01")


def test_side_labels_under_dotted_rules_and_beside_a_bulleted_first_item() -> None:
    """A dotted rule over each section is not a label (nor half of one); the name and contact
    lines at the margin above the first label do not count against the labels; a label beside
    a list's first marker is still a label."""

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica-Bold", 16)
        pdf.drawString(40, 800, "Sam Rivera")
        pdf.setFont("Helvetica", 9)
        pdf.drawString(40, 786, "12 Elm St. • Fort Lee, NJ")
        pdf.drawString(40, 774, "sam.rivera@example.org • (201) 555-0188")
        y = 750.0
        for label, first, rest in [
            ("EDUCATION", "Lakeside University - B.A. Economics      2011 - 2015", 2),
            ("EXPERIENCE", "Harbor Foods - Inventory Analyst      2015 - 2019", 4),
            ("AWARDS", None, 2),
        ]:
            pdf.drawString(40, y + 12, "." * 120)
            pdf.drawString(40, y, label)
            if first:
                pdf.drawString(130, y, first)
            else:
                pdf.drawString(122, y, "•")
                pdf.drawString(130, y, "Dean's list, four terms")
            for i in range(rest):
                pdf.drawString(
                    130, y - 13 * (i + 1), f"Kept the weekly stock count within {i + 2}% of plan"
                )
            y -= 13 * (rest + 3)

    lines = [line.strip() for line in read_upload(_pdf(draw), "dots.pdf").text.splitlines()]
    for label in ("EDUCATION", "EXPERIENCE", "AWARDS"):
        assert label in lines
    assert lines[lines.index("AWARDS") + 1].replace("  ", " ").startswith("• Dean's list")


def _spaced_pdf() -> bytes:
    """Headings and a name set in letter-spaced capitals: each letter drawn on its own with the
    same tracking after it, a wider gap between words (as designed resume templates set them)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)

    def spaced(x: float, y: float, words: list[str], size: float = 12) -> None:
        pdf.setFont("Helvetica-Bold", size)
        for word in words:
            for letter in word:
                pdf.drawString(x, y, letter)
                x += stringWidth(letter, "Helvetica-Bold", size) + size * 0.4
            x += size * 1.6

    spaced(40, 800, ["RILEY", "OKAFOR"], 16)
    pdf.setFont("Helvetica", 9)
    pdf.drawString(40, 784, "riley.okafor@example.org | Portland, OR")
    spaced(40, 760, ["EXPERIENCE"])
    pdf.setFont("Helvetica", 9)
    pdf.drawString(40, 745, "Line Cook, Harbor Grill | 2016 - 2019")
    pdf.drawString(40, 732, "- Worked grill and saute stations on weekend double shifts")
    spaced(40, 710, ["SKILLS"])
    pdf.setFont("Helvetica", 9)
    pdf.drawString(40, 695, "Knife work, food safety, inventory")
    pdf.save()
    return buffer.getvalue()


def test_letter_spaced_capitals_read_as_words() -> None:
    read = read_upload(_spaced_pdf(), "spaced.pdf")
    assert "RILEY OKAFOR" in " ".join(read.text.split())
    assert "EXPERIENCE" in read.text and "SKILLS" in read.text
    parsed = parse_resume(_spaced_pdf(), "spaced.pdf")
    assert " ".join(parsed.contact.name.split()) == "RILEY OKAFOR"
    assert [(r.title, r.company) for r in parsed.roles] == [("Line Cook", "Harbor Grill")]


@pytest.mark.parametrize("hyphen", ["-", "\u2010", "\u2011"])
def test_a_word_broken_over_a_line_with_any_hyphen_is_joined(hyphen) -> None:
    from core.ingest.pdf_pages import join_broken_words

    text = f"Led the prod{hyphen}\n  uct launch; a well-known co-\nfounder"
    assert join_broken_words(text) == "Led the product launch; a well-known co-founder"


def test_a_name_set_large_beside_three_small_lines_leaves_them_lines() -> None:
    """A name in 40-point type spans the height of three lines of a tagline beside it: each
    small line stays a line, in order, instead of one row of all their words shuffled by x."""
    tagline = [
        "Registered nurse and wound-care lead with",
        "twelve years on surgical and trauma wards,",
        "now running the night shift at Mercy General.",
    ]

    def draw(pdf: canvas.Canvas) -> None:
        pdf.setFont("Helvetica", 40)
        pdf.drawString(40, 690, "Avery")
        pdf.setFont("Helvetica", 10)
        for i, line in enumerate(tagline):
            pdf.drawString(200, 718 - 13 * i, line)
        pdf.drawString(40, 640, "avery.nurse@example.org")

    lines = [line.strip() for line in read_upload(_pdf(draw), "name.pdf").text.splitlines()]
    for line in tagline:
        assert any(read.endswith(line) for read in lines), (line, lines)
    assert parse_resume(_pdf(draw), "name.pdf").contact.email == "avery.nurse@example.org"
