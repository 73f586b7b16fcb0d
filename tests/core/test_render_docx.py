"""render_docx and check_docx_roundtrip: real templates, real DOCX files re-opened with python-docx.

Snapshots of each template's rendered text are plain .txt files kept by syrupy
(tests/core/__snapshots__/test_render_docx/); after an intended change run
`.venv/bin/pytest tests/core/test_render_docx.py --snapshot-update` and review the diff.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import docx
import pytest

from core.contracts import (
    BulletStatus,
    ContactInfo,
    DraftBullet,
    DraftRole,
    DraftSection,
    ResumeDraft,
    SkillLine,
)
from core.errors import TemplateError, WorkspaceError
from core.render import check_docx_roundtrip, docx_format_warnings, list_templates, render_docx

TEMPLATES = ("classic", "ats_plain")
TRICKY = (
    "Rendered {{ 7*7 }} literally",
    "Kept {% for x in y %} as text",
    "Merged AT&T & Bell <b>bold</b> <script>alert(1)</script>",
    "Odd {_{ x }_} and ]]> and &amp; stay",
    "قاد فريق الدعم — צוות של שלושה",
    "Shipped 🚀 with 👩🏽‍💻 \"quotes\" and 'single'",
)


def bullet(
    bullet_id: str, text: str, *, status: BulletStatus = BulletStatus.ACCEPTED
) -> DraftBullet:
    return DraftBullet(id=bullet_id, text=text, evidence_card_ids=[f"c-{bullet_id}"], status=status)


def sample_draft() -> ResumeDraft:
    return ResumeDraft(
        target_title="Senior Backend Engineer",
        summary=[bullet("summary-1", "Backend engineer with 8 years of Python and Go.")],
        roles=[
            DraftRole(
                role_id="r1",
                company="Acme & Sons",
                title="Staff Engineer",
                location="Berlin",
                timeframe="2021 – present",
                bullets=[
                    bullet("r1-b1", "Cut p95 latency by 40% by moving search to LanceDB."),
                    bullet("r1-b2", "Invented a time machine.", status=BulletStatus.REJECTED),
                    bullet("r1-b3", "Led a team of 4 engineers through a database migration."),
                ],
            ),
            DraftRole(
                role_id="r2",
                company="Globex",
                title="Backend Developer",
                timeframe="2016 – 2021",
                bullets=[bullet("r2-b1", "Built the billing API serving 2M requests a day.")],
            ),
            DraftRole(
                role_id="r3",
                company="Initech",
                title="Intern",
                location="Remote",
                timeframe="2015",
                bullets=[bullet("r3-b1", "Wrote the test harness for the reporting service.")],
            ),
        ],
        skills=[SkillLine(skill="Python"), SkillLine(skill="Go"), SkillLine(skill="PostgreSQL")],
        sections=[
            DraftSection(
                name="Education", bullets=[bullet("edu-1", "BSc Computer Science, TU Berlin, 2015")]
            ),
            DraftSection(
                name="Projects", bullets=[bullet("p-1", "Gone", status=BulletStatus.REJECTED)]
            ),
        ],
    )


def sample_contact() -> ContactInfo:
    return ContactInfo(
        name="Dana Levi",
        email="dana.levi@example.com",
        phone="+49 30 1234567",
        location="Berlin",
        links=["https://example.com/dana?x=1&y=2"],
    )


def body_lines(path: Path) -> list[str]:
    return [p.text for p in docx.Document(str(path)).paragraphs if p.text.strip()]


@pytest.fixture(params=TEMPLATES)
def rendered(request, tmp_path) -> tuple[str, Path]:
    out = render_docx(
        sample_draft(), sample_contact(), template=request.param, out_path=tmp_path / "r.docx"
    )
    return request.param, out


def test_both_templates_are_listed_with_descriptions():
    names = {t.name: t for t in list_templates()}
    assert set(TEMPLATES) <= set(names)
    for name in TEMPLATES:
        assert names[name].description and names[name].file.is_file()


def test_render_puts_everything_in_order_in_the_body(rendered):
    _, path = rendered
    lines = body_lines(path)
    text = "\n".join(lines)
    expected_order = [
        "Dana Levi",
        "Senior Backend Engineer",
        "dana.levi@example.com",
        "Summary",
        "Backend engineer with 8 years",
        "Experience",
        "Staff Engineer",
        "Cut p95 latency",
        "Led a team of 4",
        "Backend Developer",
        "Built the billing API",
        "Intern",
        "Wrote the test harness",
        "Skills",
        "Python, Go, PostgreSQL",
        "Education",
        "BSc Computer Science",
    ]
    positions = [text.find(piece) for piece in expected_order]
    assert -1 not in positions, dict(zip(expected_order, positions, strict=True))
    assert positions == sorted(positions)
    assert lines[0] == "Dana Levi"  # contact details are the first body lines
    assert "+49 30 1234567" in lines[2] and "https://example.com/dana?x=1&y=2" in lines[2]
    assert "{{" not in text and "{%" not in text  # every template tag was consumed


def test_rejected_lines_and_empty_sections_are_absent(rendered):
    _, path = rendered
    text = "\n".join(body_lines(path))
    assert "time machine" not in text
    assert "Projects" not in text and "Gone" not in text


def test_output_has_no_tables_boxes_images_or_headers(rendered):
    _, path = rendered
    document = docx.Document(str(path))
    assert document.tables == [] and len(document.inline_shapes) == 0
    with zipfile.ZipFile(path) as package:
        names = package.namelist()
        body_xml = package.read("word/document.xml").decode()
    assert not [n for n in names if "header" in n or "footer" in n or n.startswith("word/media")]
    assert "txbxContent" not in body_xml and "<w:drawing" not in body_xml
    assert all(s.header.is_linked_to_previous for s in document.sections)  # no header at all
    assert all(s.footer.is_linked_to_previous for s in document.sections)
    assert docx_format_warnings(path) == []


def test_bullets_use_the_list_bullet_style(rendered):
    _, path = rendered
    styles = {p.text: p.style.name for p in docx.Document(str(path)).paragraphs}
    assert styles["Cut p95 latency by 40% by moving search to LanceDB."] == "List Bullet"
    assert styles["Experience"] == "Heading 1"


@pytest.mark.parametrize("template", TEMPLATES)
def test_user_text_comes_out_literally(template, tmp_path):
    draft = sample_draft()
    draft.roles[0].bullets = [bullet(f"t{n}", text) for n, text in enumerate(TRICKY)]
    draft.roles[0].company = "Smith & <Jones> {{ co }}"
    contact = sample_contact().model_copy(update={"name": "Zoë {{ name }} O'Brien & Co"})
    path = render_docx(draft, contact, template=template, out_path=tmp_path / "t.docx")
    lines = body_lines(path)
    for text in TRICKY:
        assert text in lines
    assert lines[0] == "Zoë {{ name }} O'Brien & Co"
    assert any("Smith & <Jones> {{ co }}" in line for line in lines)
    assert check_docx_roundtrip(path, draft, contact) == []


def test_control_characters_are_cleaned_not_fatal(tmp_path):
    draft = sample_draft()
    draft.roles[0].bullets = [bullet("x", "Tabs\tand\x0bvertical\x07bell\x0cfeed\nnewline\x00")]
    path = render_docx(draft, sample_contact(), template="classic", out_path=tmp_path / "c.docx")
    assert "Tabs and vertical bell feed newline" in body_lines(path)
    assert check_docx_roundtrip(path, draft, sample_contact()) == []


def test_a_space_a_builder_export_left_before_a_comma_or_colon_is_closed(tmp_path):
    draft = sample_draft()
    draft.roles[0].bullets = [
        bullet("j1", "Sep 2019 – Jun 2021 , Apprentice, Electrical Installation , Leeds"),
        bullet("j2", "NVQ : Level 3 ; City & Guilds 2382 , 18th Edition"),
        bullet("j3", "Kept .NET 4.8 services and a 3 : 1 staffing ratio"),
    ]
    path = render_docx(draft, sample_contact(), template="classic", out_path=tmp_path / "s.docx")
    lines = body_lines(path)
    assert "Sep 2019 – Jun 2021, Apprentice, Electrical Installation, Leeds" in lines
    assert "NVQ: Level 3; City & Guilds 2382, 18th Edition" in lines
    assert "Kept .NET 4.8 services and a 3 : 1 staffing ratio" in lines  # not a field join
    assert check_docx_roundtrip(path, draft, sample_contact()) == []


def test_roundtrip_passes_on_a_good_render(rendered):
    _, path = rendered
    assert check_docx_roundtrip(path, sample_draft(), sample_contact()) == []


def _remove_paragraph(path: Path, needle: str) -> None:
    document = docx.Document(str(path))
    target = next(p for p in document.paragraphs if needle in p.text)
    target._element.getparent().remove(target._element)
    document.save(str(path))


def test_roundtrip_names_a_removed_bullet(rendered):
    _, path = rendered
    _remove_paragraph(path, "Built the billing API")
    problems = check_docx_roundtrip(path, sample_draft(), sample_contact())
    assert len(problems) == 1
    assert "r2-b1" in problems[0] and "Built the billing API" in problems[0]


def test_roundtrip_names_contact_moved_to_a_header(rendered):
    _, path = rendered
    _remove_paragraph(path, "dana.levi@example.com")
    document = docx.Document(str(path))
    document.sections[0].header.paragraphs[0].text = "dana.levi@example.com | +49 30 1234567"
    document.save(str(path))
    problems = check_docx_roundtrip(path, sample_draft(), sample_contact())
    assert any("email" in p and "dana.levi@example.com" in p for p in problems)
    assert any("phone" in p for p in problems)
    assert any("contact details" in w for w in docx_format_warnings(path))


def test_roundtrip_reports_a_missing_heading_and_dates(rendered):
    _, path = rendered
    _remove_paragraph(path, "Skills")
    draft = sample_draft()
    draft.roles[1].timeframe = "1999 – 2001"
    problems = check_docx_roundtrip(path, draft, sample_contact())
    assert any("'Skills'" in p for p in problems)
    assert any("Role 2" in p and "1999 – 2001" in p for p in problems)


def test_roundtrip_on_a_file_that_is_not_a_docx(tmp_path):
    junk = tmp_path / "junk.docx"
    junk.write_bytes(b"not a zip at all")
    problems = check_docx_roundtrip(junk, sample_draft(), sample_contact())
    assert len(problems) == 1 and "could not be opened" in problems[0]


def test_snapshot_of_rendered_text(rendered, text_snapshot):
    _, path = rendered
    document = docx.Document(str(path))
    text = "".join(f"[{p.style.name}] {p.text}\n" for p in document.paragraphs)
    assert text == text_snapshot


def test_unknown_template_lists_the_available_ones(tmp_path):
    with pytest.raises(TemplateError) as err:
        render_docx(
            sample_draft(), sample_contact(), template="fancy", out_path=tmp_path / "x.docx"
        )
    assert (
        "fancy" in str(err.value) and "classic" in str(err.value) and "ats_plain" in str(err.value)
    )
    assert not (tmp_path / "x.docx").exists()


def test_output_folder_not_writable(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(WorkspaceError):
        render_docx(
            sample_draft(), sample_contact(), template="classic", out_path=blocker / "r.docx"
        )
