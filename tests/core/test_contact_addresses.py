"""The person's e-mail address however the file writes it: spelled out against harvesters (in
brackets or in words, a webmail service named alone), with its dot lost, or only in a link."""

from __future__ import annotations

from typing import Any

import pytest

from core.ingest import parse_resume, read_upload
from core.text.contact import find_emails, mask_contacts
from tests.core.docx_word_exports import _append, _body, _hyperlink, _p, _save


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("mira (dot) osei (at) gmail", "mira.osei@gmail.com"),  # the service alone: its domain
        ("mira [at] icloud", "mira@icloud.com"),
        ("mira.osei@hotmailcom", "mira.osei@hotmail.com"),  # the text still spells its .com
        ("mira at example dot org", "mira@example.org"),
        ("Email: mira.osei AT cs DOT uni-x DOT edu", "mira.osei@cs.uni-x.edu"),
        ("mira.osei@gmailcom", "mira.osei@gmail.com"),  # a PDF that lost the dot
        ("mira (at) example.org", "mira@example.org"),
    ],
)
def test_a_spelled_or_dotless_address_is_read_as_the_address(text: str, address: str) -> None:
    assert find_emails(text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "mira (at) example",  # no domain ending and no webmail service: not an address
        "mira [at] hotmail",  # hotmail.com or hotmail.co.uk: not guessed
        "Engineer at Acme dot com",  # prose: the domain is not written in lower case
        "Worked at Google, a .NET shop",
        "Led the team at gmail for two years",  # no spelled 'at', no address
    ],
)
def test_prose_and_half_addresses_are_not_addresses(text: str) -> None:
    assert find_emails(text) == []


def test_a_dotless_webmail_name_inside_a_longer_domain_is_left_alone() -> None:
    assert find_emails("mira@gmailcomputing.org") == ["mira@gmailcomputing.org"]


def test_a_spelled_out_webmail_address_is_masked() -> None:
    assert "osei" not in mask_contacts("write to mira (dot) osei (at) gmail")


def test_a_markdown_resume_with_its_address_in_words_gives_it_as_the_contact() -> None:
    text = (
        "### Mira Osei\n#### mira (dot) osei (at) gmail\n\n# Experience\n\n"
        "## Line Cook, Harbor Grill\n2019 - 2021\n\n- Ran the grill station.\n"
    )
    assert parse_resume(text.encode(), "mira.md").contact.email == "mira.osei@gmail.com"


def _docx_with_mail_link(shown: str) -> bytes:
    from docx import Document
    from docx.oxml.ns import nsdecls

    doc: Any = Document()
    body = _body(doc)
    _append(body, _p("Mira Osei", "Title"))
    link = _hyperlink(doc, "mailto:mira.osei@example.org", shown)
    _append(body, f"<w:p {nsdecls('w', 'r')}>{link}</w:p>")
    _append(body, _p("Experience", "Heading1"))
    _append(body, _p("Line Cook, Harbor Grill, 2019 - 2021"))
    _append(body, _p("Ran the grill station.", "ListBullet"))
    return _save(doc)


def test_a_docx_address_shown_only_as_a_word_comes_from_its_mailto_link() -> None:
    data = _docx_with_mail_link("Email")
    assert "mailto:mira.osei@example.org" in read_upload(data, "mira.docx").link_targets
    parsed = parse_resume(data, "mira.docx")
    assert parsed.contact.email == "mira.osei@example.org"
    assert parsed.contact.name == "Mira Osei"
