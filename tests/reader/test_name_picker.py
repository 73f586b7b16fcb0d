"""The name picker: the person's name read from real DOCX files by layout, not by its place in the
text; nothing taken from a resume that carries no name; the shipped weights match their recipe."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.ingest import parse_resume, read_path, read_upload
from core.reader.lines import Line
from core.reader.name_picker import MODEL_FILE, NAME_MIN, name_at, name_part, name_picker
from core.reader.read import extracted_lines
from core.resources import package_dir
from tools.model_files import sha256


def _two_column_pdf(path: Path, sidebar: list[str], main: list[tuple[str, int]]) -> Path:
    """A page with a narrow contact sidebar at the left and the body at the right, row by row
    (the PDF reader reads the narrower column first)."""
    from reportlab.lib.pagesizes import letter
    from reportlab.pdfgen import canvas

    pdf = canvas.Canvas(str(path), pagesize=letter)
    y = 740.0
    for i in range(max(len(sidebar), len(main))):
        if i < len(main):
            text, size = main[i]
            pdf.setFont("Helvetica-Bold" if size > 11 else "Helvetica", size)
            pdf.drawString(230, y, text)
        if i < len(sidebar):
            pdf.setFont("Helvetica", 9)
            pdf.drawString(40, y, sidebar[i])
        y -= 26 if i == 0 else 16
    pdf.save()
    return path


SIDEBAR = ["CONTACT", "m.olsendrake@example.net", "+44 7700 900123", "Norwich, Norfolk"]
SIDEBAR += ["SKILLS", "Husbandry plans", "Apiary care", "Enrichment design", "First aid"]
BODY = [
    ("Experience", 13),
    ("Head Keeper, Broadland Wildlife Park", 11),
    ("March 2017 – Present", 11),
    ("Wrote husbandry plans for twelve carnivore species.", 11),
    ("Keeper, Thetford Forest Zoo", 11),
    ("2012 – 2017", 11),
    ("Kept three apiaries through two winters.", 11),
    ("Education", 13),
    ("BSc Animal Science, Harper Adams University, 2012", 11),
]


@pytest.mark.parametrize(
    ("line", "name"),
    [
        ("DARIO   CRUZ", "DARIO CRUZ"),
        ("D A R I O   C R U Z", "DARIO CRUZ"),
        ("Kaelyn Arnold      kaelyn@example.org", "Kaelyn Arnold"),
        ("= Vasiliy Polyakov", "Vasiliy Polyakov"),
        ('    name: "Hanif Bin Ariffin",', "Hanif Bin Ariffin"),
        ("Jo Reyes     Registered Nurse", "Jo Reyes"),
        ("**Jane Doe** | Ph.D.", "Jane Doe"),
        ("DANIELLE M. KOWALCZYK, PharmD, BCPS", "DANIELLE M. KOWALCZYK"),
    ],
)
def test_the_name_is_read_out_of_its_line(line: str, name: str) -> None:
    assert name_part(line) == name


def test_a_sidebar_read_first_does_not_hide_the_name(tmp_path: Path) -> None:
    """The contact column comes first in the text (a heading, an e-mail, a phone, a town), the
    name at the top of the body in the largest type: the picker takes the name, and the parsed
    resume carries it."""
    path = _two_column_pdf(
        tmp_path / "sidebar.pdf", SIDEBAR, [("Marguerite Olsen-Drake", 24), *BODY]
    )
    lines = extracted_lines(read_path(path))
    assert next(line.text.strip() for line in lines if line.text.strip()) == "CONTACT"
    picked = name_picker().pick(lines)
    assert picked is not None
    assert picked[1] == "Marguerite Olsen-Drake"
    assert parse_resume(path.read_bytes(), path.name).contact.name == "Marguerite Olsen-Drake"


def test_an_anonymised_resume_gets_no_invented_name(tmp_path: Path) -> None:
    """A headline over an anonymised resume ('REGISTERED NURSE', the job named again below) is
    not a name, and no other line is taken in its place."""
    nurse = [
        ("Experience", 13),
        ("Registered Nurse, Norfolk and Norwich Hospital", 11),
        ("March 2017 – Present", 11),
        ("Cared for twelve patients a shift on a surgical ward.", 11),
        ("Education", 13),
        ("BSc Adult Nursing, University of East Anglia, 2016", 11),
    ]
    sidebar = ["CONTACT", "Norwich, Norfolk", "SKILLS", "Wound care", "Triage"]
    path = _two_column_pdf(tmp_path / "anonymised.pdf", sidebar, [("REGISTERED NURSE", 20), *nurse])
    assert name_picker().pick(extracted_lines(read_path(path))) is None
    assert parse_resume(path.read_bytes(), path.name).contact.name == ""


def test_the_shipped_weights_hold_features_only() -> None:
    data = json.loads((package_dir("data") / MODEL_FILE).read_text(encoding="utf-8"))
    assert all("=" in key or key in ("edge", "table") for key in data["weights"])
    assert data["manifest"]["held_out_json_resumes_right"]


@pytest.mark.slow
def test_retraining_on_the_recorded_data_gives_the_shipped_weights(
    tmp_path: Path, line_data: Path
) -> None:
    """`make train`'s step, on the line data the manifest names, writes the shipped file byte for
    byte (in CI the data is built first, tests/reader/conftest)."""
    from tools.train_name_picker import main

    shipped = package_dir("data") / MODEL_FILE
    manifest = json.loads(shipped.read_text(encoding="utf-8"))["manifest"]
    assert sha256(line_data) == manifest["data_sha256"]
    out = tmp_path / MODEL_FILE
    assert main(["--data", str(line_data), "--out", str(out)]) == 0
    assert out.read_bytes() == shipped.read_bytes()


@pytest.mark.parametrize(
    ("line", "can_be"),
    [
        ("Birthdate:  30/11/1990", False),  # a key, whatever its value
        ("Nationality:   Uruguayan", False),
        ("Rafał Leszko, M.Sc.", True),  # a degree after the comma: a name, not 'Town, ST'
        ("Boise, ID", False),
        ("New York, NY", False),
    ],
)
def test_keys_and_places_are_no_names_but_a_name_with_its_degree_is(
    line: str, can_be: bool
) -> None:
    assert bool(name_at([Line(text=line)], 0)) is can_be


SURE = 3 * NAME_MIN  # well clear of the threshold: the picker has learnt the layout, not guessed
LONG_SIDEBAR = ["CONTACT", "m.olsendrake@example.net", "+44 7700 900123", "Norwich, Norfolk"]
LONG_SIDEBAR += ["SKILLS", "Husbandry Plans", "Apiary Care", "Enrichment Design", "First Aid"]
LONG_SIDEBAR += ["Animal Handling", "Veterinary Support", "Public Talks", "LANGUAGES", "Danish"]


def test_a_name_set_large_under_a_long_sidebar_read_first_is_found(tmp_path: Path) -> None:
    """Fourteen sidebar lines, most of them shaped like names ('Apiary Care'), come first in the
    text; the name, far down, is the one line in large type."""
    path = _two_column_pdf(
        tmp_path / "long.pdf", LONG_SIDEBAR, [("Marguerite Olsen-Drake", 24), *BODY]
    )
    lines = extracted_lines(read_path(path))
    at = next(i for i, line in enumerate(lines) if "Olsen-Drake" in line.text)
    assert sum(bool(line.text.strip()) for line in lines[:at]) >= 8
    assert name_picker().pick(lines) == (at, "Marguerite Olsen-Drake")
    assert dict(name_picker().scores(lines))[at] >= SURE  # not a near thing


FRONT_MATTER = """---
layout: page
title: Resume
---

[Would you rather read this as a PDF?](/resume.pdf)
[Or as JSON](/resume.json) [format?](https://jsonresume.org/)

### Mira Osei
#### mira (dot) osei (at) gmail

> Line cook who runs a clean, fast station.

# Experience

## Line Cook, Harbor Grill
2019 - 2021

- Ran the grill station for a 120-seat room.
"""


def test_a_name_under_front_matter_and_link_lines_is_picked() -> None:
    """Lines that cannot be a name (front matter, links) above the first one that can."""
    lines = extracted_lines(read_upload(FRONT_MATTER.encode(), "mira.md"))
    picked = name_picker().pick(lines)
    assert picked is not None
    assert picked[1] == "Mira Osei"
    assert dict(name_picker().scores(lines))[picked[0]] >= SURE


def test_a_rendered_resume_read_sidebar_first_keeps_every_line_and_moves_the_top_block() -> None:
    from core.reader.training import Doc
    from tools.train_name_picker import sidebar_first

    texts = ["Mira Osei", "mira@example.org", "Skills", "Grill", "Experience", "Cook", "Education"]
    texts += ["BA"]
    tags = ["name", "contact", "heading:skills", "skills", "heading:experience", "title"]
    tags += ["heading:education", "education"]
    doc = Doc(
        "jr-1:pdf", "jsonresume", "pdf", "plain", "train", [Line(text=t) for t in texts], tags
    )
    moved = sidebar_first(doc)
    assert moved is not None
    assert sorted(line.text for line in moved.lines) == sorted(texts)
    assert moved.tags[0] == "heading:skills"
    at = moved.tags.index("name")
    assert at in (2, 4)  # after one or two sections, drawn by the document's own seed
    assert moved.lines[at + 1].text == "mira@example.org"
    assert sidebar_first(doc) == moved
