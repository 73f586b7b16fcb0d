"""PDF beside DOCX (Typst), one date style, measured page fit, the PNG preview and the text
checks a recruiter's eye would make."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from core.contracts import DraftBullet, DraftSection
from core.render import render_docx
from core.render.dates import DateStyle, restyle_dates, with_date_style
from core.render.format_check import docx_format_warnings
from core.render.page_fit import fit_rendered_pages
from core.render.pdf_render import page_layout, pdf_bytes, pdf_text, preview_png
from core.render.roundtrip import body_paragraphs, check_pdf_roundtrip
from core.writer.text_rules import text_problems
from tests.core.test_render_docx import sample_contact, sample_draft

TEMPLATES = ("classic", "ats_plain", "compact")


@pytest.mark.parametrize("template", TEMPLATES)
def test_pdf_has_the_drafts_text_selectable_and_its_fonts_embedded(template):
    draft = with_date_style(sample_draft())
    data = pdf_bytes(draft, sample_contact(), template=template)
    assert check_pdf_roundtrip(pdf_text(data), draft, sample_contact()) == []
    assert "Invented a time machine" not in pdf_text(data)  # rejected lines stay out
    reader = PdfReader(io.BytesIO(data))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font.get("/DescendantFonts")
        descriptor = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
        assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_pdf_text_is_data_never_markup():
    draft = sample_draft()
    draft.roles[0].bullets[0].text = 'Kept #set page(width: 1cm) and ] [ " \\ as text'
    text = pdf_text(pdf_bytes(draft, sample_contact(), template="classic"))
    assert "#set page(width: 1cm)" in " ".join(text.split())


def test_one_date_style_per_document_and_years_stay_years():
    assert (
        restyle_dates("06/2017 - Present", DateStyle.SHORT) == "Jun\u00a02017\u00a0–\u00a0Present"
    )
    assert restyle_dates("March 2021 – now", DateStyle.NUMERIC) == "03/2021\u00a0–\u00a0Present"
    assert restyle_dates("from 01/2022 to 06/2022", DateStyle.LONG) == (
        "from January\u00a02022\u00a0–\u00a0June\u00a02022"
    )
    assert restyle_dates("2016", DateStyle.SHORT) == "2016"  # no month is invented
    draft = with_date_style(sample_draft(), "long")
    assert draft.roles[0].timeframe == "2021\u00a0–\u00a0Present"
    with pytest.raises(ValueError, match="Unknown date style"):
        with_date_style(sample_draft(), "roman")


def test_two_months_of_one_year_keep_both_months_and_print_the_year_once_by_years():
    assert restyle_dates("Intern, May–Aug 2018", DateStyle.SHORT) == (
        "Intern, May\u00a02018\u00a0–\u00a0Aug\u00a02018"
    )
    assert restyle_dates("Intern, May–Aug 2018", DateStyle.YEAR) == "Intern, 2018"
    assert restyle_dates("2019 – 2021", DateStyle.YEAR) == "2019\u00a0–\u00a02021"


def test_page_fit_is_measured_and_a_sliver_of_a_second_page_is_trimmed():
    draft = sample_draft()
    filler = [DraftBullet(id=f"x{n}", text="Ran the weekly release train. " * 4) for n in range(60)]
    draft.sections.append(DraftSection(name="Projects", bullets=filler))
    before = page_layout(draft, sample_contact(), template="classic")
    assert before.pages >= 2
    fitted, after = fit_rendered_pages(draft, sample_contact(), template="classic", max_pages=1)
    assert after.pages == 1 and fitted.dropped
    assert page_layout(fitted, sample_contact(), template="classic").pages == 1


def test_preview_is_a_small_png_of_the_first_page():
    image = Image.open(
        io.BytesIO(preview_png(sample_draft(), sample_contact(), template="compact"))
    )
    assert image.format == "PNG" and 300 < image.width < 800 and image.height > image.width


def test_text_checks_find_what_a_recruiter_must_not_read(tmp_path):
    bad = {
        "Markdown residue": "**MSN, Nursing Education** in progress",
        "garbled characters (mojibake)": "Managerâ€™s award",
        "page furniture": "Page 2 of 3",
        "sensitive personal data": "Date of birth: 01.02.1990",
        "first-person wording": "I led the team",
    }
    found = text_problems(bad.values())
    assert {name: lines[0] for name, lines in found.items()} == bad
    assert text_problems(["Led the US expansion; cut cost 10%.", "C# and .NET"]) == {}
    draft = sample_draft()
    draft.roles[1].bullets[0].text = "Page 2 of 3"
    path = render_docx(draft, sample_contact(), template="classic", out_path=tmp_path / "r.docx")
    assert "Page 2 of 3" in body_paragraphs(path)
    assert any("page furniture" in w for w in docx_format_warnings(path))


def test_pdf_round_trip_reads_right_to_left_lines_and_still_catches_a_changed_word():
    draft = sample_draft()
    draft.roles[0].bullets[0].text = "Documented: توثيق خطوط البيانات and תיעוד צינורות נתונים."
    draft.roles[0].bullets[2].text = "Shipped the 🚀 launch dashboard ✅ in Looker."
    text = pdf_text(pdf_bytes(draft, sample_contact(), template="classic"))
    assert check_pdf_roundtrip(text, draft, sample_contact()) == []
    draft.roles[0].bullets[2].text = "Shipped the 🚀 launch dashboard ✅ in Tableau."
    assert check_pdf_roundtrip(text, draft, sample_contact()) != []
