"""safe_text: user and model text renders literally in Markdown (no links, images, HTML)."""

from __future__ import annotations

import pytest
from markdown_it import MarkdownIt

from core.ui.widgets import safe_text

HOSTILE = [
    "[click me](https://evil.example/phish)",
    "![pixel](https://evil.example/t.png)",
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "<https://evil.example/auto>",
    "Salary $150,000 – $175,000 and $x^2$",
    "**bold** _it_ `code` ~~gone~~",
    "# Heading\n> quote\n- item\n1. first",
    ":red[coloured] :material/home: :smile:",
    "visit https://evil.example/auto or www.evil.example, mail a@evil.example",
    "[ref]: https://evil.example\n[ref]",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_safe_text_renders_literally(text):
    html = MarkdownIt("commonmark").render(safe_text(text))
    assert "<a " not in html and "<img" not in html and "<script" not in html
    assert "<strong>" not in html and "<em>" not in html and "<code>" not in html
    assert "<h1>" not in html and "<blockquote>" not in html and "<li>" not in html
    # Every visible character survives (line breaks aside).
    visible = html.replace("<p>", "").replace("</p>", "").replace("<br />", "").replace("\n", "")
    import html as html_lib

    shown = html_lib.unescape(visible).replace("\u200b", "").replace(" ", "")
    assert shown == text.replace("\n", "").replace(" ", "")


def test_plain_text_is_unchanged_apart_from_escapes():
    assert safe_text("Built a Kafka pipeline for 320 stores").replace("\\", "") == (
        "Built a Kafka pipeline for 320 stores"
    )


@pytest.mark.parametrize(
    ("text", "broken"),
    [
        ("https://evil.example/x", "https:\u200b//"),
        ("www.evil.example", "www\u200b"),
        ("me@evil.example", "me\u200b"),
        (":material/home:", ":\u200bmaterial"),
    ],
)
def test_streamlit_autolinks_and_icons_are_broken_invisibly(text, broken):
    """Streamlit links bare URLs / e-mails and draws :icons: after parsing; a zero-width space
    stops it (checked in a real browser by tests/e2e: no <a href> to a hostile host)."""
    assert broken in safe_text(text).replace("\\", "")
