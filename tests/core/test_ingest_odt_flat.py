"""Flat OpenDocument text (.fodt, one XML file): read as the same document zipped reads, by
content whatever its name; a flat spreadsheet or presentation named; hostile XML refused."""

from __future__ import annotations

import pytest

from core.errors import InputError
from core.ingest import parse_resume, read_path, read_upload
from core.reader.read import extracted_lines
from core.settings import IngestSettings
from tests.conftest import SHARED, needs_shared
from tests.core.test_ingest_odt import AUTOMATIC, BODY, MASTER, TRACKED
from tests.odt_files import ODS, flat_from_package, flat_odt, odt

ODP = "application/vnd.oasis.opendocument.presentation"


@pytest.fixture(scope="module")
def zipped() -> bytes:
    return odt(TRACKED + BODY, AUTOMATIC, MASTER)


@pytest.fixture(scope="module")
def flat() -> bytes:
    return flat_odt(TRACKED + BODY, AUTOMATIC, MASTER)


def _refused(data: bytes, name: str = "resume.fodt", **limits: float) -> str:
    with pytest.raises(InputError) as caught:
        read_upload(data, name, settings=IngestSettings(**limits))
    return str(caught.value)


def test_a_flat_file_reads_as_the_same_document_zipped(zipped, flat) -> None:
    one, other = read_upload(zipped, "resume.odt"), read_upload(flat, "resume.fodt")
    assert other.fmt == "odt" and other.text == one.text
    assert other.hidden_text == one.hidden_text and other.left_out == one.left_out
    assert other.link_targets == one.link_targets == ["https://robin.example"]
    assert "WHITE-LIE" not in other.text and "- Cut ward falls by 30%" in other.text
    assert other.text.startswith("robin@example.org")  # the first page's header first


def test_a_flat_file_is_known_by_its_content_whatever_its_name(zipped, flat) -> None:
    expected = read_upload(zipped, "resume.odt").text
    for name in ("resume.xml", "resume.txt", "resume"):
        assert read_upload(flat, name).text == expected, name


def test_a_flat_file_parses_to_roles_cards_and_lines_for_the_line_reader(flat) -> None:
    parsed = parse_resume(flat, "resume.fodt")
    assert "Cut ward falls by 30%" in " ".join(card.raw_text for card in parsed.cards)
    assert parsed.contact.email == "robin@example.org"
    lines = extracted_lines(read_upload(flat, "resume.fodt"))
    assert {line.source for line in lines} == {"docx"}


def test_white_space_inside_a_pretty_printed_paragraph_is_one_space() -> None:
    compact = flat_odt(
        '<text:p text:style-name="Standard">Staff Nurse<text:tab/>Valley Hospital'
        '<text:s text:c="3"/>2019 – 2021</text:p>'
    )
    pretty = flat_odt(
        '<text:p text:style-name="Standard">\n      Staff\n      Nurse<text:tab/>Valley\t\t'
        'Hospital<text:s text:c="3"/>2019  –\n 2021\n    </text:p>'
    )
    expected = "Staff Nurse\tValley Hospital   2019 – 2021"
    assert read_upload(compact, "a.fodt").text.strip() == expected
    assert read_upload(pretty, "b.fodt").text.strip() == expected


@pytest.mark.parametrize(
    ("kind", "message"),
    [(ODS, "flat OpenDocument spreadsheet (.fods)"), (ODP, "flat OpenDocument presentation")],
)
def test_a_flat_spreadsheet_or_presentation_gets_its_own_message(kind, message) -> None:
    other = flat_odt("", mimetype=kind).replace(b"office:text>", b"office:spreadsheet>")
    for name in ("sheet.fodt", "sheet.xml", "sheet.fods", "sheet.fodp"):
        assert message in _refused(other, name), name
    assert "flat OpenDocument spreadsheet (.fods)" in _refused(b"a,b\n1,2\n", "sheet.fods")


def test_a_flat_file_without_a_media_type_is_known_by_its_body() -> None:
    sheet = flat_odt("").replace(b"office:text>", b"office:spreadsheet>")
    sheet = sheet.replace(b'office:mimetype="application/vnd.oasis.opendocument.text"', b"")
    assert "flat OpenDocument spreadsheet" in _refused(sheet)


def test_entity_expansion_and_external_entities_in_a_flat_file_are_refused(flat) -> None:
    laughs = (
        b'<?xml version="1.0"?><!DOCTYPE office:document [<!ENTITY a "aaaaaaaaaa">'
        b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
    )
    billion = laughs + flat.split(b"?>", 1)[1].replace(b"Cut ward falls", b"&c; falls", 1)
    assert "DTD or entity declarations" in _refused(billion)
    external = flat.replace(
        b"?>", b'?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>', 1
    ).replace(b"Cut ward falls", b"&e; falls", 1)
    assert "DTD or entity declarations" in _refused(external, "resume.xml")


def test_a_flat_file_over_the_document_limit_is_refused_before_parsing(flat) -> None:
    message = _refused(flat, max_unzipped_mb=0.001)
    assert "MB of XML" in message and "0.001 MB" in message
    assert "upload limit" in _refused(flat, max_upload_mb=0.001)


def test_broken_or_foreign_xml_named_fodt_is_refused_with_what_it_is(flat) -> None:
    assert "damaged .fodt" in _refused(flat[: len(flat) // 2])
    assert "damaged .fodt" in _refused(b"plain words, not XML at all")
    foreign = b'<?xml version="1.0"?><note>office:document</note>'
    assert "not an OpenDocument text" in _refused(foreign)


def test_a_zipped_odt_named_fodt_is_read_as_the_zip_it_is(zipped) -> None:
    assert read_upload(zipped, "resume.fodt").text == read_upload(zipped, "resume.odt").text


def test_the_cli_parses_a_flat_file(flat, tmp_path, capsys) -> None:
    from core.cli import main

    path = tmp_path / "resume.fodt"
    path.write_bytes(flat)
    assert main(["parse", str(path)]) == 0
    captured = capsys.readouterr()
    assert "Cut ward falls by 30%" in captured.out and "WHITE-LIE" not in captured.out


REAL_ODT = SHARED / "corpus" / "documents" / "doc-0061.odt"


@needs_shared
def test_a_real_libreoffice_resume_as_a_flat_file_reads_as_the_odt(tmp_path) -> None:
    path = tmp_path / "resume.fodt"
    path.write_bytes(flat_from_package(REAL_ODT.read_bytes()))
    zipped, flat = read_path(REAL_ODT), read_path(path)
    assert flat.fmt == "odt" and flat.text == zipped.text and len(flat.text) > 2000
    roles = [
        [(role.title, role.company, role.start, role.end) for role in parse.roles]
        for parse in (
            parse_resume(REAL_ODT.read_bytes(), REAL_ODT.name),
            parse_resume(path.read_bytes(), path.name),
        )
    ]
    assert roles[0] == roles[1] and len(roles[0]) >= 6
