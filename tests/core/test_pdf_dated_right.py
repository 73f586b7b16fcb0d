"""A role row with its dates pushed to the right margin ('Employer, Place ⟶ dates') carries
`Line.dated_right`, read from the PDF's word positions; a bullet with ordinary or justified
spacing, and a row whose wide gap sets off words that are not a date, do not. Real PDFs drawn with
reportlab, read back through `read_upload`."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from core.ingest import read_upload
from core.reader.features import line_features


def _pdf() -> bytes:
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer)
    pdf.setFont("Helvetica", 10)
    pdf.drawString(40, 800, "Experience")
    pdf.drawString(40, 780, "Harbour Logistics, Bristol")
    pdf.drawRightString(550, 780, "Mar 2019 – Present")
    pdf.drawString(40, 766, "Operations Coordinator")
    pdf.drawString(40, 752, "• Cut dock waiting times by 2019 standards across three sites")
    # a justified bullet: the words spread over the whole measure
    words = "• Planned weekly rotas for twelve drivers and dispatch staff".split()
    x, free = 40.0, 510.0 - sum(pdf.stringWidth(w, "Helvetica", 10) for w in words)
    for word in words:
        pdf.drawString(x, 738, word)
        x += pdf.stringWidth(word, "Helvetica", 10) + free / (len(words) - 1)
    pdf.drawString(40, 724, "Volunteer Driver")
    pdf.drawRightString(550, 724, "Bristol, UK")
    pdf.save()
    return buffer.getvalue()


def _lines() -> dict[str, bool | None]:
    extracted = read_upload(_pdf(), "resume.pdf")
    assert extracted.lines is not None
    return {" ".join(line.text.split()): line.dated_right for line in extracted.lines}


def test_dates_at_the_right_margin_set_dated_right() -> None:
    lines = _lines()
    assert lines["Harbour Logistics, Bristol Mar 2019 – Present"] is True
    assert lines["Operations Coordinator"] is False


def test_bullets_with_ordinary_or_justified_spacing_do_not() -> None:
    lines = _lines()
    assert lines["• Cut dock waiting times by 2019 standards across three sites"] is False
    assert lines["• Planned weekly rotas for twelve drivers and dispatch staff"] is False


def test_a_wide_gap_before_words_that_are_not_a_date_does_not() -> None:
    assert _lines()["Volunteer Driver Bristol, UK"] is False


def test_the_line_reader_sees_it_as_a_feature() -> None:
    extracted = read_upload(_pdf(), "resume.pdf")
    assert extracted.lines is not None
    seen = {line.text.split()[0]: line_features(line, line.text) for line in extracted.lines}
    assert seen["Harbour"].get("dated_right") is True
    assert "dated_right" not in seen["Operations"]
