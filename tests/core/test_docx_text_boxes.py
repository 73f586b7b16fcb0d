"""Text boxes Word never shows (off the page, hidden, of zero size; VML and DrawingML) are left
out of the text and the cards and named with their reason, in the reader and the CLI; text
boxes Word shows are read."""

from __future__ import annotations

import pytest

from core.ingest import parse_resume, read_upload
from core.ingest.docx_shapes import Page
from tests.docx_text_boxes import HIDDEN, VISIBLE, text_box_docx


@pytest.fixture(scope="module")
def data() -> bytes:
    return text_box_docx()


def test_every_hidden_text_box_is_left_out_and_every_shown_one_is_read(data) -> None:
    extracted = read_upload(data, "resume.docx")
    leaked = [kind for kind, (claim, _) in HIDDEN.items() if claim in extracted.text]
    assert leaked == []
    assert sorted(extracted.hidden_text) == sorted(claim for claim, _ in HIDDEN.values())
    assert [kind for kind, text in VISIBLE.items() if text not in extracted.text] == []
    assert any("text box" in w and f"{len(HIDDEN)} piece(s)" in w for w in extracted.warnings)


def test_no_claim_of_a_hidden_box_reaches_a_card_and_each_is_named(data) -> None:
    parsed = parse_resume(data, "resume.docx")
    cards = " ".join(card.raw_text for card in parsed.cards)
    assert [kind for kind, (claim, _) in HIDDEN.items() if claim in cards] == []
    assert all(text in cards for text in VISIBLE.values())
    listed = {item.what: item.why for item in parsed.left_out}
    for kind, (claim, reason) in HIDDEN.items():
        assert listed.get(claim) == f"hidden text: {reason}", kind
    system = HIDDEN["drawingml anchor far left of the page"][0]
    assert system in parsed.suspicious_instructions  # "SYSTEM: …" addressed to a model


def test_cli_parse_names_every_hidden_text_box(data, tmp_path, capsys) -> None:
    from core.cli import main

    path = tmp_path / "resume.docx"
    path.write_bytes(data)
    assert main(["parse", str(path)]) == 0
    captured = capsys.readouterr()
    for kind, (claim, reason) in HIDDEN.items():
        assert claim not in captured.out, kind
        assert claim in captured.err and reason in captured.err, kind
    assert "text box" in captured.err and "warning" in captured.err


@pytest.mark.parametrize(
    ("offset", "size", "from_page", "outside"),
    [
        (-5000, 200, False, True),  # a page and more to the left of any anchor
        (-500, 200, False, False),  # an anchor on the right half of the page shows it
        (-500, 200, True, True),  # from the page's edge: wholly left of it
        (-150, 200, True, False),  # partly on the page
        (700, 10, True, True),  # right of a 612 pt page
        (300, 10, False, False),
    ],
)
def test_off_page_means_off_for_every_place_the_anchor_could_be(
    offset, size, from_page, outside
) -> None:
    assert Page().outside(offset, size, from_page=from_page, vertical=False) is outside
