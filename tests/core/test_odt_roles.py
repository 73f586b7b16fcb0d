"""ODT role headers read as the same resume written by Word's library reads: tab-separated and
space-aligned fields, bold headings without a heading style, sizes from named style chains.
The DOCX side is written by python-docx, the ODT side by hand (tests/odt_files.py), and, where
LibreOffice is installed, converted from that DOCX by LibreOffice itself."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from docx import Document

from core.ingest import parse_resume, read_upload
from core.settings import IngestSettings
from tests.odt_files import COMMON_STYLES, content_xml, odt, odt_package, styles_xml

READERS = ("rules", "learned", "auto")
ROLES = [
    ("Staff Nurse", "Valley Hospital", "2019", "2021", "Cut ward falls by 30% across two wards"),
    ("Charge Nurse", "Mercy Clinic", "2021", "2023", "Led a team of 12 nurses on night shifts"),
]
BOLD = '<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Standard">'
BOLD += '<style:text-properties fo:font-weight="bold"/></style:style>'


def _rows(header: str) -> list[tuple[str, str]]:
    """(text, kind) of a resume whose role headers are `header` filled in ('{t}', '{e}',
    '{s}', '{n}'), a bullet under each; kind 'h' heading, 'b' bold paragraph, 'li', 'p'."""
    rows = [("Robin Example", "title"), ("robin@example.org", "p"), ("Experience", "h")]
    for title, employer, start, end, bullet in ROLES:
        rows += [(header.format(t=title, e=employer, s=start, n=end), "p"), (bullet, "li")]
    return [*rows, ("Education", "h"), ("BSc Nursing, State University, 2018", "p")]


def _docx(rows: list[tuple[str, str]]) -> bytes:
    document = Document()
    for text, kind in rows:
        if kind == "title":
            document.add_paragraph(text, style="Title")
        elif kind == "h":
            document.add_heading(text, 1)
        elif kind == "li":
            document.add_paragraph(text, style="List Bullet")
        else:
            paragraph = document.add_paragraph()
            paragraph.add_run(text).bold = kind == "b"
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _odt_text(text: str) -> str:
    """Tabs as `text:tab`, a run of n spaces as one space and a `text:s` of n - 1 (as
    LibreOffice writes them)."""
    spaced = re.sub(r" {2,}", lambda run: f' <text:s text:c="{len(run.group()) - 1}"/>', text)
    return spaced.replace("\t", "<text:tab/>")


def _odt(rows: list[tuple[str, str]]) -> bytes:
    body = []
    for text, kind in rows:
        if kind == "title":
            body.append(f'<text:p text:style-name="Title">{text}</text:p>')
        elif kind == "h":
            body.append(
                f'<text:h text:style-name="Heading_20_1" text:outline-level="1">{text}</text:h>'
            )
        elif kind == "li":
            body.append(
                '<text:list text:style-name="List_20_1"><text:list-item><text:p>'
                f"{text}</text:p></text:list-item></text:list>"
            )
        else:
            style = "P1" if kind == "b" else "Standard"
            body.append(f'<text:p text:style-name="{style}">{_odt_text(text)}</text:p>')
    return odt("".join(body), BOLD)


def _roles(data: bytes, name: str, reader: str) -> list[tuple[str, str, str | None, str | None]]:
    parsed = parse_resume(data, name, settings=IngestSettings(reader=reader))
    return [(role.title, role.company, role.start, role.end) for role in parsed.roles]


EXPECTED = [(title, employer, start, end) for title, employer, start, end, _ in ROLES]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    "header",
    ["{t}\t{e}\t{s} – {n}", "{t}\t\t\t{e}\t\t\t{s} – {n}", "{t}          {e}    {s} – {n}"],
)
def test_tab_and_space_separated_role_headers_read_as_separate_fields(header, reader) -> None:
    rows = _rows(header)
    assert _roles(_odt(rows), "resume.odt", reader) == EXPECTED
    assert _roles(_docx(rows), "resume.docx", reader) == EXPECTED


def test_tabs_and_space_runs_reach_the_readers_as_docx_hands_them_over() -> None:
    rows = _rows("{t}\t\t{e}     {s} – {n}")
    odt_text = read_upload(_odt(rows), "resume.odt").text
    assert "Staff Nurse\t\tValley Hospital     2019 – 2021" in odt_text.splitlines()
    assert odt_text == read_upload(_docx(rows), "resume.docx").text


@pytest.mark.parametrize("reader", READERS)
def test_a_bold_heading_without_a_heading_style_opens_the_roles(reader) -> None:
    rows = [
        ("Professional Experience" if text == "Experience" else text, "b" if kind == "h" else kind)
        for text, kind in _rows("{t}\t{e}\t{s} – {n}")
    ]
    lines = read_upload(_odt(rows), "resume.odt").text.splitlines()
    assert "Professional Experience" in lines and "Education" in lines  # no '#': plain bold
    assert _roles(_odt(rows), "resume.odt", reader) == EXPECTED
    assert _roles(_docx(rows), "resume.docx", reader) == EXPECTED


CHAIN = """
<style:style style:name="Role_20_Base" style:display-name="Role Base" style:family="paragraph"
  style:parent-style-name="Heading"><style:text-properties fo:font-size="50%"/></style:style>
<style:style style:name="Role_20_Fine" style:display-name="Role Fine" style:family="paragraph"
  style:parent-style-name="Role_20_Base"/>
<style:style style:name="Role_20_Tiny" style:display-name="Role Tiny" style:family="paragraph"
  style:parent-style-name="Role_20_Base"><style:text-properties fo:font-size="80%"/></style:style>
"""


def test_type_size_comes_through_a_named_style_chain_to_the_default() -> None:
    """Heading sets 14 pt; 50% of it (7 pt) is shown, 80% of that (5.6 pt) is too small; a
    paragraph of no style of its own takes the default style's 12 pt."""
    body = (
        '<text:p text:style-name="Role_20_Fine">Shown at seven points</text:p>'
        '<text:p text:style-name="Role_20_Tiny">WHITE-LIE at five and a half</text:p>'
        "<text:p>Body text</text:p>"
    )
    data = odt_package(content_xml(body), styles_xml(common=COMMON_STYLES + CHAIN))
    extracted = read_upload(data, "resume.odt")
    assert extracted.text.split() == ["Shown", "at", "seven", "points", "Body", "text"]
    assert [item.why for item in extracted.left_out] == ["hidden text: too small to read"]


_SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.slow
@pytest.mark.skipif(_SOFFICE is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.parametrize("reader", READERS)
def test_a_docx_converted_by_libreoffice_reads_to_the_same_roles(reader, tmp_path) -> None:
    source = tmp_path / "resume.docx"
    source.write_bytes(_docx(_rows("{t}\t{e}\t{s} – {n}")))
    for target in ("odt", "fodt"):
        subprocess.run(
            [str(_SOFFICE), "--headless", "--convert-to", target, "--outdir", str(tmp_path),
             str(source)],
            check=True, capture_output=True, timeout=120,
            env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        )  # fmt: skip
    found = {
        path.suffix: _roles(path.read_bytes(), path.name, reader)
        for path in (source, tmp_path / "resume.odt", tmp_path / "resume.fodt")
    }
    assert found[".odt"] == found[".fodt"] == found[".docx"] == EXPECTED
    assert Path(tmp_path / "resume.fodt").read_bytes().lstrip().startswith(b"<?xml")
