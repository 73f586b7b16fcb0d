"""Templates: the committed files match the builder, and bad templates fail with clear errors."""

from __future__ import annotations

import zipfile
from pathlib import Path

import docx
import pytest

from core.contracts import ContactInfo, DraftBullet, DraftRole, ResumeDraft
from core.errors import TemplateError
from core.render import list_templates, render_docx
from core.render.docx_parts import template_tags
from core.render.looks import LOOKS as SPECS
from core.render.templates import BUNDLED_TEMPLATES_DIR, resolve_template
from tools.build_templates import build_templates

DRAFT = ResumeDraft(
    roles=[
        DraftRole(
            role_id="r1",
            company="Acme",
            title="Engineer",
            timeframe="2020 – 2023",
            bullets=[DraftBullet(id="b1", text="Built things.", evidence_card_ids=["c1"])],
        )
    ]
)
CONTACT = ContactInfo(name="Dana Levi", email="dana@example.com")


def write_template(path: Path, *paragraphs: str) -> Path:
    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(str(path))
    return path


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("rebuilt")
    return {path.stem: path for path in build_templates(out)}


def test_builder_makes_at_least_classic_and_ats_plain(rebuilt):
    assert {"classic", "ats_plain"} <= set(rebuilt)
    assert {spec.name for spec in SPECS} == set(rebuilt)


@pytest.mark.parametrize("name", ["classic", "ats_plain"])
def test_committed_template_has_the_same_tags_as_a_rebuild(name, rebuilt):
    committed = template_tags(BUNDLED_TEMPLATES_DIR / f"{name}.docx")
    assert committed == template_tags(rebuilt[name])
    for needed in ("{{ name }}", "{{ contact_line }}", "{%p for role in roles %}", "{{ bullet }}"):
        assert needed in committed
    assert not any("safe" in tag or "autoescape" in tag for tag in committed)


def test_rebuild_is_byte_for_byte_reproducible(rebuilt, tmp_path):
    again = {path.stem: path for path in build_templates(tmp_path)}
    for name, path in rebuilt.items():
        assert path.read_bytes() == again[name].read_bytes()


@pytest.mark.parametrize("name", ["classic", "ats_plain"])
def test_templates_carry_no_header_footer_or_media_parts(name):
    with zipfile.ZipFile(BUNDLED_TEMPLATES_DIR / f"{name}.docx") as package:
        names = package.namelist()
    assert not [n for n in names if "header" in n or "footer" in n or "media" in n]
    assert "docProps/thumbnail.jpeg" not in names


def test_list_templates_reads_a_custom_folder(tmp_path):
    write_template(tmp_path / "mine.docx", "{{ name }}")
    (tmp_path / "~$mine.docx").write_bytes(b"word lock file")
    (tmp_path / "notes.txt").write_text("not a template")
    assert [t.name for t in list_templates(tmp_path)] == ["mine"]
    assert list_templates(tmp_path / "missing") == []


def test_resolve_is_case_insensitive_and_accepts_a_path(tmp_path):
    assert resolve_template("Classic").name == "classic"
    custom = write_template(tmp_path / "own.docx", "{{ name }}")
    assert resolve_template(str(custom)).file == custom


def test_empty_templates_folder_says_how_to_fix(tmp_path):
    with pytest.raises(TemplateError, match="build_templates"):
        resolve_template("classic", tmp_path)


def test_missing_variable_is_named(tmp_path):
    write_template(tmp_path / "needy.docx", "{{ name }}", "{{ unknown_var }}")
    out = tmp_path / "out.docx"
    with pytest.raises(TemplateError) as err:
        render_docx(DRAFT, CONTACT, template="needy", out_path=out, templates_dir=tmp_path)
    message = str(err.value)
    assert "'unknown_var'" in message and "needy" in message
    assert "contact_line" in message  # says what is available
    assert not out.exists()


def test_missing_attribute_inside_a_loop_is_named(tmp_path):
    write_template(
        tmp_path / "loop.docx", "{%p for role in roles %}", "{{ role.salary }}", "{%p endfor %}"
    )
    with pytest.raises(TemplateError, match="'salary'"):
        render_docx(
            DRAFT, CONTACT, template="loop", out_path=tmp_path / "o.docx", templates_dir=tmp_path
        )


def test_unbalanced_for_is_a_template_error(tmp_path):
    write_template(tmp_path / "open.docx", "{%p for role in roles %}", "{{ role.title }}")
    with pytest.raises(TemplateError) as err:
        render_docx(
            DRAFT, CONTACT, template="open", out_path=tmp_path / "o.docx", templates_dir=tmp_path
        )
    assert "broken tag" in str(err.value) and "endfor" in str(err.value)


@pytest.mark.parametrize("content", [b"\x00\x01garbage bytes", b"PK\x03\x04 truncated zip"])
def test_corrupt_template_file_is_a_template_error(tmp_path, content):
    (tmp_path / "broken.docx").write_bytes(content)
    write_template(tmp_path / "fine.docx", "{{ name }}")
    with pytest.raises(TemplateError) as err:
        render_docx(
            DRAFT, CONTACT, template="broken", out_path=tmp_path / "o.docx", templates_dir=tmp_path
        )
    assert "not a readable Word document" in str(err.value) and "fine" in str(err.value)


def test_a_zip_that_is_not_a_word_document(tmp_path):
    with zipfile.ZipFile(tmp_path / "sheet.docx", "w") as package:
        package.writestr("hello.txt", "not word")
    with pytest.raises(TemplateError, match="not a readable Word document"):
        render_docx(
            DRAFT, CONTACT, template="sheet", out_path=tmp_path / "o.docx", templates_dir=tmp_path
        )


def test_a_failed_render_leaves_the_previous_file_untouched(tmp_path):
    write_template(tmp_path / "needy.docx", "{{ nope }}")
    out = tmp_path / "resume.docx"
    out.write_bytes(b"previous version")
    with pytest.raises(TemplateError):
        render_docx(DRAFT, CONTACT, template="needy", out_path=out, templates_dir=tmp_path)
    assert out.read_bytes() == b"previous version"


def test_safe_filter_and_autoescape_off_cannot_unescape(tmp_path):
    write_template(
        tmp_path / "sly.docx",
        "{{ name|safe }}",
        "{% autoescape false %}{{ contact_line }}{% endautoescape %}",
    )
    contact = ContactInfo(name="<w:t>A & B</w:t>", email="x@y.z {{ 1+1 }}")
    out = render_docx(
        DRAFT, contact, template="sly", out_path=tmp_path / "o.docx", templates_dir=tmp_path
    )
    lines = [p.text for p in docx.Document(str(out)).paragraphs]
    assert "<w:t>A & B</w:t>" in lines and "x@y.z {{ 1+1 }}" in lines


def test_sandbox_blocks_python_internals(tmp_path):
    write_template(tmp_path / "evil.docx", "{{ name.__class__.__mro__ }}")
    with pytest.raises(TemplateError):
        render_docx(
            DRAFT, CONTACT, template="evil", out_path=tmp_path / "o.docx", templates_dir=tmp_path
        )
