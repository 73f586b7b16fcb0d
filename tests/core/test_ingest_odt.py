"""OpenDocument text (.odt) resumes: read as LibreOffice shows them (headings, lists, tables in
visual order, the first page's header, frames), hidden text and tracked deletions left out with
their reason, and hostile or mistaken packages refused with a clear message."""

from __future__ import annotations

import io
import zipfile

import pytest

from core.errors import InputError
from core.ingest import parse_resume, read_path, read_upload
from core.reader.read import extracted_lines
from core.settings import IngestSettings
from tests.conftest import SHARED, needs_shared
from tests.odt_files import ODS, content_xml, manifest_xml, odt, odt_package

AUTOMATIC = """
<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Standard">
  <style:text-properties fo:font-weight="bold"/>
</style:style>
<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Standard"
  style:list-style-name="List_20_1"/>
<style:style style:name="T1" style:family="text"><style:text-properties text:display="none"/>
</style:style>
<style:style style:name="T2" style:family="text"><style:text-properties fo:font-size="2pt"/>
</style:style>
<style:style style:name="T3" style:family="text"><style:text-properties fo:color="#ffffff"/>
</style:style>
<style:style style:name="T4" style:family="text">
  <style:text-properties fo:color="#ffffff" fo:background-color="#1f3864"/>
</style:style>
<style:style style:name="Sect1" style:family="section"/>
<style:style style:name="fr1" style:family="graphic">
  <style:graphic-properties style:vertical-pos="from-top" style:horizontal-pos="from-left"
    style:horizontal-rel="page" style:vertical-rel="page"/>
</style:style>
"""


def _p(text: str, style: str = "Standard") -> str:
    return f'<text:p text:style-name="{style}">{text}</text:p>'


def _frame(text: str, x: str = "1cm", y: str = "1cm", width: str = "6cm") -> str:
    return (
        f'<draw:frame draw:style-name="fr1" text:anchor-type="paragraph" svg:x="{x}" svg:y="{y}" '
        f'svg:width="{width}"><draw:text-box fo:min-height="1cm">{_p(text)}</draw:text-box>'
        "</draw:frame>"
    )


BODY = "".join(
    [
        _p("Robin Example", "Title"),
        _p(f"{_frame('Licensed in three states')}Open to relocation"),
        '<text:h text:style-name="Heading_20_1" text:outline-level="1">Experience</text:h>',
        '<text:h text:outline-level="2">Staff Nurse</text:h>',
        _p("Valley Hospital<text:tab/>2019 – 2023", "P1"),
        '<text:list text:style-name="List_20_1"><text:list-item>',
        _p("Cut ward falls by 30%"),
        '<text:list><text:list-item><text:p text:style-name="P2">Trained 12 new nurses</text:p>'
        "</text:list-item></text:list></text:list-item>",
        '<text:list-header><text:p text:style-name="P2">A note under the list</text:p>'
        "</text:list-header></text:list>",
        '<text:list text:style-name="No_20_List"><text:list-item>',
        _p("Indented, not a bullet"),
        "</text:list-item></text:list>",
        _p("Charge nurse<text:span text:style-name='T1'> WHITE-LIE-ONE</text:span> on nights"),
        _p("Night lead<text:span text:style-name='T2'> WHITE-LIE-TWO</text:span>"),
        _p("<text:span text:style-name='T3'>WHITE-LIE-THREE</text:span>"),
        _p("<text:span text:style-name='T4'>Shown white on navy</text:span>"),
        '<text:section text:style-name="Sect1" text:name="Old" text:display="none">',
        _p("WHITE-LIE-FOUR in a hidden section"),
        "</text:section>",
        _p(_frame("WHITE-LIE-FIVE in a frame off the page", x="-40cm")),
        _p(_frame("WHITE-LIE-SIX in a frame of no width", width="0cm")),
        '<text:h text:outline-level="1">Skills</text:h>',
        "<table:table>",
        "<table:table-column table:number-columns-repeated='2'/>",
        "<table:table-row><table:table-cell>",
        _p("Triage", "Table_20_Contents"),
        "</table:table-cell><table:table-cell>",
        _p("Wound care", "Table_20_Contents"),
        "</table:table-cell></table:table-row>",
        "<table:table-row><table:table-cell table:number-columns-spanned='2'>",
        _p("IV therapy", "Table_20_Contents"),
        "</table:table-cell><table:covered-table-cell/></table:table-row>",
        "</table:table>",
    ]
)
TRACKED = (
    '<text:tracked-changes><text:changed-region text:id="ct1"><text:deletion>'
    "<office:change-info><dc:creator xmlns:dc='http://purl.org/dc/elements/1.1/'>A</dc:creator>"
    "</office:change-info>" + _p("WHITE-LIE-DELETED charge nurse of the year") + "</text:deletion>"
    "</text:changed-region></text:tracked-changes>"
)
MASTER = (
    "<style:header>"
    + _p(
        'robin@example.org · +1 415 555 0134 · <text:a xlink:href="https://robin.example">site</text:a>'
    )
    + "</style:header><style:footer>"
    + _p("Page <text:page-number>1</text:page-number>")
    + _p("Call +1 415 555 0199")
    + "</style:footer>"
)


@pytest.fixture(scope="module")
def resume() -> bytes:
    return odt(TRACKED + BODY.replace("<text:p", "<text:p", 1), AUTOMATIC, MASTER)


def test_headings_lists_and_paragraphs_get_the_docx_readers_marks(resume) -> None:
    lines = read_upload(resume, "resume.odt").text.splitlines()
    assert "# Robin Example" in lines  # the Title style
    assert "# Experience" in lines and "## Staff Nurse" in lines and "# Skills" in lines
    assert "- Cut ward falls by 30%" in lines and "- Trained 12 new nurses" in lines
    assert "A note under the list" in lines  # a list header carries no label
    assert "Indented, not a bullet" in lines  # a list level with no number or bullet
    assert "Valley Hospital\t2019 – 2023" in lines


def test_header_contact_comes_first_and_the_footer_gives_only_its_contact_line(resume) -> None:
    extracted = read_upload(resume, "resume.odt")
    lines = [line for line in extracted.text.splitlines() if line.strip()]
    assert lines[0].startswith("robin@example.org")
    assert lines[-1] == "Call +1 415 555 0199"
    assert "Page 1" not in extracted.text
    assert extracted.link_targets == ["https://robin.example"]


def test_a_frame_is_read_before_its_paragraph_and_a_table_row_by_row(resume) -> None:
    lines = [line for line in read_upload(resume, "resume.odt").text.splitlines() if line]
    frame, anchor = lines.index("Licensed in three states"), lines.index("Open to relocation")
    assert frame == anchor - 1
    start = lines.index("Triage")
    assert lines[start : start + 3] == ["Triage", "Wound care", "IV therapy"]


def test_hidden_text_and_tracked_deletions_are_left_out_with_their_reason(resume) -> None:
    extracted = read_upload(resume, "resume.odt")
    assert "WHITE-LIE" not in extracted.text
    assert "Charge nurse on nights" in extracted.text
    assert "Shown white on navy" in extracted.text  # white ink on a dark highlight is shown
    why = {item.what.split()[0]: item.why for item in extracted.left_out}
    assert why == {
        "WHITE-LIE-ONE": "hidden text: hidden (display none)",
        "WHITE-LIE-TWO": "hidden text: too small to read",
        "WHITE-LIE-THREE": "hidden text: same colour as its background",
        "WHITE-LIE-FOUR": "hidden text: hidden section",
        "WHITE-LIE-FIVE": "hidden text: text box off the page",
        "WHITE-LIE-SIX": "hidden text: text box of zero size",
    }
    assert any("6 piece(s)" in w and "section or frame" in w for w in extracted.warnings)


def test_an_odt_resume_parses_to_sections_roles_and_cards(resume) -> None:
    parsed = parse_resume(resume, "resume.odt")
    cards = " ".join(card.raw_text for card in parsed.cards)
    assert "Cut ward falls by 30%" in cards and "WHITE-LIE" not in cards
    assert parsed.contact.email == "robin@example.org"


def test_the_line_reader_gets_word_processor_lines(resume) -> None:
    extracted = read_upload(resume, "resume.odt")
    lines = extracted_lines(extracted)
    assert {line.source for line in lines} == {"docx"}
    assert [line.text for line in lines] == extracted.text.splitlines()


def _rezip(data: bytes, replace: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for info in source.infolist():
            target.writestr(info, replace.get(info.filename, source.read(info)))
    return out.getvalue()


def _refused(data: bytes, name: str = "resume.odt", **limits: float) -> str:
    with pytest.raises(InputError) as caught:
        read_upload(data, name, settings=IngestSettings(**limits))
    return str(caught.value)


def _broken_member(data: bytes, member: str) -> bytes:
    """`data` with the compressed bytes of `member` overwritten (its header left intact)."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        info = archive.getinfo(member)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    middle = start + info.compress_size // 2
    return data[:start] + b"\xff" * (middle - start) + data[middle:]


def test_a_corrupt_zip_and_a_file_that_is_no_zip_are_refused(resume) -> None:
    assert "damaged .odt" in _refused(_broken_member(resume, "content.xml"))
    assert "not a valid .odt" in _refused(resume[: len(resume) // 2])  # no central directory
    assert "not a valid .odt" in _refused(b"PK\x03\x04 this is not a zip at all")


def test_a_password_protected_odt_is_refused_with_what_to_do() -> None:
    locked = odt_package(b"\x8f\x13 encrypted bytes", manifest=manifest_xml(encrypted=True))
    message = _refused(locked)
    assert "password-protected" in message and "without a password" in message


def test_zip_bombs_are_refused_before_parsing(resume) -> None:
    size = _refused(odt_package(content_xml(BODY), extra={"Pictures/f.bin": b"\0" * (20 << 20)}),
                    max_unzipped_mb=5)  # fmt: skip
    assert "would unpack to" in size and "zip bomb" in size
    ratio = _refused(odt_package(content_xml(BODY), extra={"Pictures/f.bin": b"\0" * (8 << 20)}))
    assert "compressed" in ratio and "zip bomb" in ratio
    many = {f"Pictures/p{n}.png": b"x" for n in range(30)}
    assert "Save it again from LibreOffice" in _refused(
        odt_package(content_xml(BODY), extra=many), max_zip_entries=20
    )


def test_a_space_run_claiming_billions_of_spaces_stays_a_short_line() -> None:
    extracted = read_upload(
        odt('<text:p>Nurse<text:s text:c="2000000000"/>Boise</text:p>'), "r.odt"
    )
    assert extracted.text.startswith("Nurse ") and len(extracted.text) < 300


def test_a_dtd_in_an_odt_part_is_refused(resume) -> None:
    laughs = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>'
    assert "DTD or entity" in _refused(_rezip(resume, {"content.xml": laughs}))


def test_a_spreadsheet_gets_its_own_message_by_content_and_by_name() -> None:
    sheet = odt_package(content_xml(""), mimetype=ODS)
    for name in ("resume.ods", "resume.odt", "resume.docx"):
        assert "OpenDocument spreadsheet (.ods)" in _refused(sheet, name), name
    assert "OpenDocument spreadsheet (.ods)" in _refused(b"\x00\x01 not a zip", "resume.ods")


def test_an_odt_named_docx_and_a_docx_named_odt_are_read_as_what_they_are(resume) -> None:
    from tests.reliability.hostile_files import plain_docx

    as_docx = read_upload(resume, "resume.docx")
    assert as_docx.fmt == "odt" and "- Cut ward falls by 30%" in as_docx.text
    assert any("OpenDocument text (.odt) despite its name" in w for w in as_docx.warnings)
    as_odt = read_upload(plain_docx(), "resume.odt")
    assert as_odt.fmt == "docx" and "Snowflake" in as_odt.text
    assert any("Word .docx despite its name" in w for w in as_odt.warnings)


REAL_ODT = SHARED / "corpus" / "documents" / "doc-0061.odt"


@needs_shared
def test_a_real_libreoffice_resume_reads_to_its_roles() -> None:
    extracted = read_path(REAL_ODT)
    parsed = parse_resume(REAL_ODT.read_bytes(), REAL_ODT.name)
    assert extracted.fmt == "odt" and not extracted.hidden_text
    assert len(parsed.roles) >= 6
    assert all(role.title and role.start for role in parsed.roles)
    assert sum(1 for card in parsed.cards if card.role_id) >= 15


def test_the_cli_ingests_and_runs_an_odt(resume, tmp_path, capsys) -> None:
    from core.cli import main

    path = tmp_path / "resume.odt"
    path.write_bytes(resume)
    assert main(["parse", str(path)]) == 0
    captured = capsys.readouterr()
    assert "Cut ward falls by 30%" in captured.out and "WHITE-LIE" not in captured.out
    assert "hidden" in captured.err


@pytest.mark.slow
def test_the_cli_runs_an_odt_resume_to_a_tailored_docx(resume, tmp_path, capsys) -> None:
    from docx import Document

    from core.cli import main

    path, jd, out = tmp_path / "resume.odt", tmp_path / "jd.txt", tmp_path / "out"
    path.write_bytes(resume)
    jd.write_text("Staff Nurse\n\nRequirements\n- Reduce patient falls\n- Train new nurses\n")
    assert main(["run", "--resume", str(path), "--jd", str(jd), "--out", str(out)]) == 0, (
        capsys.readouterr().err
    )
    text = "\n".join(p.text for p in Document(str(out / "resume.docx")).paragraphs)
    assert "Cut ward falls by 30%" in text and "WHITE-LIE" not in text
