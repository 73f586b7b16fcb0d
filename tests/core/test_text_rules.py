"""core/text: one home for normalisation and contact patterns (ingest and prompts share them)."""

from __future__ import annotations

import pytest

from core.ingest.textnorm import normalize_text as ingest_normalize
from core.llm.prompts import fence
from core.text.contact import find_contacts, find_phones, mask_contacts
from core.text.normalize import normalize_text


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("while\u00c2\u00a0adhering", "while adhering"),  # NBSP read as cp1252
        ("\u00e2\u0080\u00a2 Planning", "• Planning"),  # '•' read as latin-1 (r14-r19 dumps)
        ("It\u00e2\u20ac\u2122s", "It’s"),  # '’' read as cp1252; the curly quote stays curly
        ("“quoted” and ‘single’", "“quoted” and ‘single’"),
        ("Certi\ufb01ed", "Certified"),  # ligature: NFKC
        ("\uff21\uff37\uff33", "AWS"),  # full-width
        ("Company Name \u00ef\u00bc City", "Company Name - City"),  # truncated full-width hyphen
        ("a\u200bb\u202ec\u00ad", "abc"),
        ("naïve café Ärger", "naïve café Ärger"),  # real accents are not 'repaired'
        ("مرحبا بالعالم", "مرحبا بالعالم"),
        ("one\r\ntwo\rthree\u2028four", "one\ntwo\nthree\nfour"),
    ],
)
def test_normalize_repairs_without_changing_good_text(raw: str, clean: str) -> None:
    assert normalize_text(raw) == clean


def test_ingest_keeps_its_import_of_the_one_normaliser() -> None:
    assert ingest_normalize is normalize_text


@pytest.mark.parametrize(
    "phone",
    ["415 555 0100", "(415) 555-0100", "415.555.0100", "+44 20 7946 0958", "(+82) 10-9030-1843"],
)
def test_phones_are_found_and_masked_the_same_way(phone: str) -> None:
    text = f"Call me on {phone} any time."
    assert find_phones(text) == [phone]
    assert phone not in mask_contacts(text)
    assert "[phone removed]" in mask_contacts(text)
    assert phone not in fence(text, "resume")  # the prompt fence masks with the same rule


@pytest.mark.parametrize(
    "text",
    [
        "Grew revenue 1234567 units",
        "Jan 2019 - 03/2021",
        "2015 2018 2021",
        "Cut cost 12.5% to $1,234,567",
        "doi 10.1109/5.771073",
        "ZIP 94107-1234",
    ],
)
def test_numbers_dates_and_money_are_not_phones(text: str) -> None:
    assert find_phones(text) == []
    assert mask_contacts(text) == text


def test_labelled_phone_without_groups_is_found() -> None:
    assert find_phones("Phone: 9876543210") == ["9876543210"]
    assert find_phones("Reached 9876543210 impressions") == []


def test_contacts_lists_email_then_phone() -> None:
    assert find_contacts("a.b@c.org | 415 555 0100") == ["a.b@c.org", "415 555 0100"]


def test_stars_and_underscores_between_digits_are_arithmetic_not_emphasis():
    """Markdown must not read arithmetic as emphasis: "10**9" keeps its stars, and two exponents on
    a line are not bold text."""
    from core.text.markup import plain_text

    assert plain_text("### Handled 10**9 events") == "Handled 10**9 events"
    assert plain_text("**Scaled** 10**9 reads and 2**10 writes") == (
        "Scaled 10**9 reads and 2**10 writes"
    )
    assert plain_text("1_000_000 rows, 3*4*5 cube, `x**2`") == "1_000_000 rows, 3*4*5 cube, x**2"


def test_a_truncated_fullwidth_hyphen_is_a_hyphen_also_once_nfkc_folded():
    """Builder PDFs write "Company Name ï¼ City": a full-width hyphen whose last byte was lost.
    A PDF text layer may already have folded '¼' to '1⁄4'; both forms are the separator."""
    from core.text.normalize import normalize_text

    assert (
        normalize_text("Nurse Company Name ï¼ City , State") == "Nurse Company Name - City , State"
    )
    assert normalize_text("Nurse Company Name ï1⁄4 City , State") == (
        "Nurse Company Name - City , State"
    )


def test_an_address_spelled_out_against_harvesters_is_an_address_and_is_masked() -> None:
    from core.text.contact import find_emails, mask_contacts

    assert find_emails("Email: mira.osei (at) example.org") == ["mira.osei@example.org"]
    assert find_emails("mira [at] example [dot] org | 555-201-3344") == ["mira@example.org"]
    assert find_emails("mira (at) example") == []  # no domain ending: not an address
    assert find_emails("Engineer at Example.org, look at data.csv") == []
    assert "example" not in mask_contacts("write to mira (at) example.org")


def test_a_resume_with_a_spelled_out_address_gives_it_as_the_contact() -> None:
    from core.ingest import parse_resume

    text = "Mira Osei\nmira.osei [at] example [dot] org\n\nExperience\nCook, Bistro | 2019 - 2021\n"
    assert parse_resume(text.encode(), "mira.txt").contact.email == "mira.osei@example.org"
