"""Lists wrapped over lines by the layout (a sidebar's tools and licences, a long skills line in
a wide column) read as their entries, and lists written one entry per line left so. Real PDFs
drawn with reportlab, wrapped at their column's width as a typesetter wraps, read back as an
upload is, by both readers."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from core.contracts import CardKind, ParsedResume
from core.ingest import parse_resume
from core.ingest.list_wraps import runs_on
from core.reader.lines import Line
from core.settings import IngestSettings

FONT, SIZE, LEAD = "Helvetica", 9, 12

TOOLS = (
    "Ridgid pipe threaders, press fitting tools, Milwaukee drain cleaners, Bluebeam Revu, "
    "backflow test kits (Watts and Apollo)"
)
LICENCES = [
    "Washington Journeyman Plumber License, 2016",
    "Medical Gas Installer Certification (ASSE 6010), 2019",
]
EMAIL = "marta.okafor.plumbing@example.org"
BODY = [
    "WORK HISTORY",
    "Lead Plumber  2018 - 2024",
    "Cascade Mechanical Services, Tacoma WA",
    "- Ran the plumbing crews of 6 mid-rise housing builds, 40 to 120 units each",
    "- Cut rework on pressure tests from 9% to 2% by checking every joint before cover",
    "- Installed medical gas lines in two clinics and passed every verifier test",
    "Apprentice Plumber  2013 - 2018",
    "Harbor Plumbing and Heating, Olympia WA",
    "- Roughed in water and drain lines for 300 houses over five years",
    "- Serviced water heaters, backflow preventers and boilers for 80 customers",
    "EDUCATION",
    "Plumbing Apprenticeship Certificate  2018",
    "South Puget Sound Community College",
]


def wrap(text: str, width: float) -> list[str]:
    """`text` wrapped at `width` points, as a typesetter fills a line."""
    lines: list[str] = []
    for word in text.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and stringWidth(trial, FONT, SIZE) <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    return lines


def _sidebar(width: float) -> list[str]:
    # the e-mail address, one word, runs past the sidebar's width (nothing can break it)
    side = ["Marta Okafor", EMAIL, "(253) 555-0147", "Tacoma, Washington"]
    side += ["SKILLS", *wrap(TOOLS, width), "LICENSES"]
    return side + [line for licence in LICENCES for line in wrap(licence, width)]


def _sidebar_pdf(width: float = 130) -> bytes:
    """A sidebar `width` points wide at x 40 beside the body at x 220, half a line apart."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for i, line in enumerate(_sidebar(width)):
        pdf.setFont("Helvetica-Bold" if line.isupper() else FONT, SIZE)
        pdf.drawString(40, 772 - LEAD * i, line)
    for i, line in enumerate(BODY):
        pdf.setFont("Helvetica-Bold" if line.isupper() else FONT, SIZE)
        pdf.drawString(220, 766 - LEAD * i, line)
    pdf.save()
    return buffer.getvalue()


def _one_column_pdf(skills: list[str]) -> bytes:
    """One wide column (x 50 to 545): the body, then a SKILLS section of `skills`' entries,
    each wrapped at the column's width."""
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    lines = ["Marta Okafor", "marta.okafor@example.org", *BODY, "SKILLS"]
    lines += [line for entry in skills for line in wrap(entry, 495)]
    for i, line in enumerate(lines):
        pdf.setFont("Helvetica-Bold" if line.isupper() else FONT, SIZE)
        pdf.drawString(50, 790 - LEAD * i, line)
    pdf.save()
    return buffer.getvalue()


def _read(data: bytes, reader: str) -> ParsedResume:
    return parse_resume(data, "resume.pdf", settings=IngestSettings(reader=reader))


def _certificates(parsed: ParsedResume) -> list[str]:
    return [
        " ".join(card.raw_text.split())
        for card in parsed.cards
        if card.kind is CardKind.CERTIFICATION
    ]


def test_the_sidebar_really_wraps_its_lists() -> None:
    side = _sidebar(130)
    assert "Bluebeam Revu," not in side  # the item is cut between two lines
    assert stringWidth(EMAIL, FONT, SIZE) > 130
    assert not any("Washington Journeyman Plumber License, 2016" in line for line in side)


@pytest.mark.parametrize("reader", ["rules", "learned", "auto"])
def test_a_sidebar_list_wrapped_over_lines_is_read_as_its_items(reader: str) -> None:
    parsed = _read(_sidebar_pdf(), reader)
    for tool in ("Ridgid pipe threaders", "Milwaukee drain cleaners", "Bluebeam Revu"):
        assert tool in parsed.skills, parsed.skills
    assert not any(skill.startswith(("Revu", "cleaners", "kits")) for skill in parsed.skills)
    certificates = _certificates(parsed)
    for licence in LICENCES:
        assert licence in certificates, certificates


@pytest.mark.parametrize("reader", ["rules", "auto"])
def test_a_wrapped_line_in_a_wide_column_is_joined_short_lines_are_not(reader: str) -> None:
    long_entry = (
        "Plumbing systems: domestic water supply, sanitary drainage, storm drainage, medical gas "
        "lines, natural gas piping, radiant hydronic heating, backflow prevention"
    )
    assert wrap(long_entry, 495)[1].startswith("hydronic")  # the wrap cuts a term in two
    short = ["Blueprint reading", "Pipe threading", "Crew scheduling", "Code inspections"]
    parsed = _read(_one_column_pdf([long_entry, *short]), reader)
    assert "radiant hydronic heating" in parsed.skills, parsed.skills
    for entry in short:  # each short line is its own item, not joined to the next
        assert entry in parsed.skills, parsed.skills


DEGREE = "Associate of Applied Science in Construction Management, 2015"
SCHOOL = "Bates Technical College, Tacoma"


def _education_sidebar_pdf(width: float = 130) -> bytes:
    """The sidebar ends with an EDUCATION list whose degree and school the column wraps."""
    side = ["Marta Okafor", EMAIL, "(253) 555-0147", "Tacoma, Washington", "SKILLS"]
    side += [*wrap(TOOLS, width), "EDUCATION", *wrap(DEGREE, width), *wrap(SCHOOL, width)]
    body = BODY[: BODY.index("EDUCATION")]
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    for column, x, top in ((side, 40, 772), (body, 220, 766)):
        for i, line in enumerate(column):
            pdf.setFont("Helvetica-Bold" if line.isupper() else FONT, SIZE)
            pdf.drawString(x, top - LEAD * i, line)
    pdf.save()
    return buffer.getvalue()


@pytest.mark.parametrize("reader", ["rules", "learned", "auto"])
def test_a_degree_and_school_wrapped_in_a_sidebar_are_one_entry(reader: str) -> None:
    assert len(wrap(DEGREE, 130)) == 3 and len(wrap(SCHOOL, 130)) == 2  # both are cut
    parsed = _read(_education_sidebar_pdf(), reader)
    entries = [(e.title, e.company, e.start) for e in parsed.education]
    assert entries == [
        (
            "Associate of Applied Science in Construction Management",
            "Bates Technical College",
            "2015",
        )
    ], entries


def _line(text: str, x0: float, top: float, letters: float = 0.008) -> Line:
    return Line(text, "pdf", 1, x0, top, x0 + letters * len(text), 1.0)


def test_runs_on_needs_the_next_word_to_pass_the_columns_edge() -> None:
    body = [_line(" ".join(["pipe"] * 16), 0.1, 0.1 + 0.02 * i) for i in range(5)]  # to 0.732
    near_edge = _line("x" * 78, 0.1, 0.3)  # ends at 0.724: 'Pipefitting' cannot fit
    short = _line("Pipe threading", 0.1, 0.32)  # ends far before the edge
    after = [_line("Pipefitting", 0.1, 0.34), _line("Backflow", 0.1, 0.36)]
    found = runs_on([*body, near_edge, after[0], short, after[1]])
    assert 6 in found  # 'Pipefitting' would not have fitted on the line above it
    assert not found & {7, 8}  # lines ending far before the edge are items of their own


def test_an_open_parenthesis_runs_on_without_a_layout() -> None:
    lines = [Line("AutoCAD (read"), Line("only)"), Line("Bluebeam")]
    assert runs_on(lines) == {1}
