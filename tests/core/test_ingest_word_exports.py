"""Every Word layout gives the same roles, education, contact and bullets.

The eight variants (tests/core/docx_word_exports.py) store one resume the ways Word templates and
builders' "Save as Word" exports do: list numbering, a two-column layout table, nested tables,
text boxes, tab-aligned dates, contact in the page header, content controls, hyperlinks and
typography. Before the DOCX reader walked the XML itself, nested tables lost every role, text
boxes and first-page headers lost the contact, and content controls lost the whole document.
"""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from docx import Document
from docx.oxml import parse_xml

from core.contracts import ParsedResume
from core.errors import InputError
from core.ingest import parse_resume
from core.ingest.files import read_upload
from core.settings import IngestSettings
from tests.core import docx_word_exports as word


@pytest.fixture(scope="module", params=sorted(word.VARIANTS))
def parsed(request) -> ParsedResume:
    return parse_resume(word.VARIANTS[request.param](), f"{request.param}.docx")


def _plain(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).replace("\u2019", "'").split())


def test_every_word_layout_gives_the_same_roles(parsed):
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == word.WANT_ROLES


def test_every_word_layout_gives_the_same_education(parsed):
    assert [(e.title, e.company) for e in parsed.education] == word.WANT_EDU


def test_every_word_layout_gives_the_same_contact(parsed):
    contact = parsed.contact
    assert (contact.name, contact.email, contact.phone) == (word.NAME, word.EMAIL, word.PHONE)


def test_every_bullet_is_one_card_of_its_own_role(parsed):
    by_id = {r.id: r.title for r in parsed.roles}
    for title, bullets in word.BULLETS.items():
        for bullet in bullets:
            cards = [c for c in parsed.cards if _plain(bullet) in _plain(c.raw_text)]
            assert len(cards) == 1, (bullet, [c.raw_text for c in parsed.cards])
            assert by_id.get(cards[0].role_id or "") == title


def test_page_furniture_never_becomes_a_card(parsed):
    furniture = re.compile(r"\bPage\b|\b\d+ of \d+\b")
    assert not [c.raw_text for c in parsed.cards if furniture.search(c.raw_text)]


def test_a_text_box_is_read_once_though_word_writes_it_twice():
    text = read_upload(word.text_boxes(), "boxes.docx").text
    assert text.count(word.NAME) == 1
    assert text.count(word.EMAIL) == 1
    assert text.index(word.NAME) < text.index("Experience")  # the box anchored at the top


@pytest.mark.parametrize("fill", ["", word.BOX_FILL])
def test_text_the_colour_of_its_text_box_is_still_hidden(fill):
    """White on an unfilled box (white paper), or the box's own dark fill colour on it."""
    result = read_upload(word.text_boxes(hidden=word.HIDDEN_IN_BOX, fill=fill), "boxes.docx")
    assert word.HIDDEN_IN_BOX not in result.text
    assert word.HIDDEN_IN_BOX in result.hidden_text
    assert any("hidden text" in w for w in result.warnings)


def test_white_text_on_a_dark_cell_or_box_is_shown():
    """Templates' dark sidebars and name banners: white text on a shaded cell or filled box."""
    for data in (word.two_column_table(), word.text_boxes()):
        result = read_upload(data, "dark.docx")
        assert word.NAME in result.text and word.EMAIL in result.text
        assert not result.hidden_text


def test_only_the_first_page_header_is_read_and_no_footer():
    text = read_upload(word.header_footer(), "header.docx").text
    assert text.count(word.NAME) == 1
    assert word.EMAIL in text
    assert "Page" not in text


def test_nested_table_text_counts_towards_the_size_limits():
    data = word.nested_tables()
    full = read_upload(data, "nested.docx").text
    assert word.BULLETS["Sales Associate"][1] in full  # the innermost text is read
    small = IngestSettings(max_chars=len(full) // 2)
    with pytest.raises(InputError):
        read_upload(data, "nested.docx", settings=small)


def test_a_text_box_in_the_page_header_is_read_once():
    """Templates that draw the name banner in the header: a filled text box in header1.xml."""
    doc = Document(io.BytesIO(word.list_numbering()))
    for paragraph in list(doc.paragraphs[:2]):  # take the name and contact out of the body
        paragraph._p.getparent().remove(paragraph._p)
    header = doc.sections[0].header
    header.paragraphs[0]._p.addnext(
        parse_xml(word._text_box([word.NAME, word.EMAIL, word.PHONE], fill=word.BOX_FILL))
    )
    buffer = io.BytesIO()
    doc.save(buffer)
    parsed = parse_resume(buffer.getvalue(), "header-box.docx")
    assert (parsed.contact.name, parsed.contact.email) == (word.NAME, word.EMAIL)
    assert read_upload(buffer.getvalue(), "header-box.docx").text.count(word.NAME) == 1
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == word.WANT_ROLES


@pytest.mark.parametrize("variant", sorted(word.VARIANTS))
def test_the_auto_reader_gives_every_word_layout_the_same_roles(variant):
    """With `reader = "auto"` the line reader's reading may win; a role it read without the
    employer takes the one the rules read for it (tab-aligned 'Title<TAB>Employer<TAB>dates')."""
    parsed = parse_resume(
        word.VARIANTS[variant](), f"{variant}.docx", settings=IngestSettings(reader="auto")
    )
    assert [(r.title, r.company, r.start, r.end) for r in parsed.roles] == word.WANT_ROLES
