"""The person's name and e-mail address read from layouts that hide them, and referees' lines kept
out of evidence: real PDFs (Typst) and DOCX files (python-docx) written by
`tools.contact_layouts`, read by the reader users get."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from core.contracts import ContactInfo, ParsedResume
from core.ingest import parse_extracted, read_path
from core.ingest.line_left_out import person_email
from core.settings import IngestSettings
from tools.contact_layouts import layout_data, render_docx, render_pdf

NAME, EMAIL = "Ilse Marwick", "ilse.marwick@example.net"
RESUME: dict[str, Any] = {
    "basics": {
        "name": NAME,
        "email": EMAIL,
        "phone": "(415) 555-0142",
        "location": {"city": "Tacoma", "region": "WA"},
    },
    "work": [
        {
            "position": "Warehouse Supervisor",
            "name": "Northgate Freight",
            "startDate": "2019-03",
            "highlights": [
                "Cut picking errors by a third with a two-scan check at the dock.",
                "Trained nine new forklift operators in the first year.",
            ],
        },
        {
            "position": "Forklift Operator",
            "name": "Pacific Cold Storage",
            "startDate": "2015-06",
            "endDate": "2019-02",
            "highlights": ["Loaded refrigerated trailers to schedule across three shifts."],
        },
    ],
    "education": [
        {"studyType": "Certificate", "area": "Logistics", "institution": "Bates Technical College"}
    ],
}


def _read(tmp_path: Path, variant: str, fmt: str, referees: bool = False) -> ParsedResume:
    data = layout_data(RESUME, variant, referees)
    path = (render_pdf if fmt == "pdf" else render_docx)(data, tmp_path / f"cv.{fmt}")
    settings = IngestSettings()
    return parse_extracted(read_path(path, settings=settings), settings=settings)


def _card_text(parsed: ParsedResume) -> str:
    return "\n".join(card.raw_text for card in parsed.cards)


def _referees(parsed: ParsedResume) -> list[str]:
    names = [
        item["text"].split(",")[0]
        for item in layout_data(RESUME, "plain", True)["sections"][-1]["items"]
    ]
    return [name for name in names[::2] if name in _card_text(parsed)]


@pytest.mark.parametrize("fmt", ["pdf", "docx"])
def test_contact_in_the_footer_with_referees_below_gives_the_persons_address(
    tmp_path: Path, fmt: str
) -> None:
    parsed = _read(tmp_path, "footer_contact", fmt, referees=True)
    assert parsed.contact.email == EMAIL
    assert _referees(parsed) == []


def test_a_docx_footer_holding_the_contact_line_is_read(tmp_path: Path) -> None:
    parsed = _read(tmp_path, "footer_contact", "docx")
    assert (parsed.contact.email, parsed.contact.name) == (EMAIL, NAME)


@pytest.mark.parametrize("variant", ["plain", "name_table", "header_contact"])
def test_referees_names_reach_no_card_and_the_work_stays(tmp_path: Path, variant: str) -> None:
    parsed = _read(tmp_path, variant, "docx", referees=True)
    assert _referees(parsed) == []
    assert "two-scan check" in _card_text(parsed)
    assert parsed.contact.email == EMAIL


@pytest.mark.parametrize(
    ("variant", "fmt"),
    [
        ("spaced_caps", "pdf"),  # tracked capitals
        ("spaced_caps", "docx"),  # letters typed apart: 'I L S E  M A R W I C K'
        ("split_spans", "pdf"),
        ("split_spans", "docx"),
        ("cv_title", "pdf"),
        ("cv_title", "docx"),
        ("name_table", "pdf"),
        ("name_table", "docx"),
    ],
)
def test_the_name_is_read_however_it_is_set(tmp_path: Path, variant: str, fmt: str) -> None:
    parsed = _read(tmp_path, variant, fmt)
    assert parsed.contact.name.casefold() == NAME.casefold()
    assert parsed.contact.email == EMAIL


@pytest.mark.parametrize("fmt", ["pdf", "docx"])
@pytest.mark.parametrize("variant", ["mailto_only", "at_form"])
def test_the_address_is_read_from_its_link_or_its_spelled_form(
    tmp_path: Path, variant: str, fmt: str
) -> None:
    assert _read(tmp_path, variant, fmt).contact.email == EMAIL


def test_a_contact_line_repeated_in_every_pages_header_gives_the_address(tmp_path: Path) -> None:
    long = {**RESUME, "work": RESUME["work"] * 12}  # several pages, the header on each
    data = layout_data(long, "header_contact", referees=True)
    path = render_pdf(data, tmp_path / "cv.pdf")
    extracted = read_path(path)
    assert extracted.text.count(EMAIL) == 1  # kept once, the repeats dropped
    assert parse_extracted(extracted).contact.email == EMAIL


def test_a_long_name_wrapped_in_its_table_cell_is_read_whole(tmp_path: Path) -> None:
    name = "Maximiliane Ottoline Brandenburg"
    resume = {**RESUME, "basics": {**RESUME["basics"], "name": name}}
    data = {**layout_data(resume, "name_table", referees=False), "contact": []}
    path = render_pdf(data, tmp_path / "cv.pdf")
    lines = read_path(path).text.splitlines()
    assert name not in lines[0]  # the cell wrapped it
    assert parse_extracted(read_path(path)).contact.name == name


@pytest.mark.parametrize(
    ("name", "addresses", "read"),
    [
        ("Ivo K. Marsh", ["divo.renn@example.org", "ivo@marsh.example"], "ivo@marsh.example"),
        (
            "Tilde Varga",
            ["p.raman@example.org", "tildevarga.x@example.com"],
            "tildevarga.x@example.com",
        ),
        (
            "Rosalind Oyelaran",
            ["carlos.m@example.org", "royelaranb@example.com"],
            "royelaranb@example.com",
        ),
        ("Nils Hamre", ["jobs@nhx.dev", "p.raman@example.org"], ""),  # none names him: no guess
        ("Dana Li", ["dana@x.org", "dana.cole@example.org"], ""),  # two name him: no guess
    ],
)
def test_of_several_addresses_the_one_naming_the_person_is_theirs(
    name: str, addresses: list[str], read: str
) -> None:
    parsed = ParsedResume(source_name="cv.txt", content_hash="0", contact=ContactInfo(name=name))
    person_email(parsed, "\n".join(f"{a} | (415) 555-0101" for a in addresses), targets=[])
    assert parsed.contact.email == read
