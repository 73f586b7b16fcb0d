"""One normalisation before every check: invisible and format characters cannot split a word so
that a number, a verb or a skill escapes the truth audit."""

from __future__ import annotations

import sys
import unicodedata

import pytest

from core.audit import check_bullet
from core.ingest import parse_resume_text
from core.text.normalize import comparable_text, normalize_text
from tests.reliability.conftest import fact_resume

# Invisible in print, each able to sit inside a word: zero-width and joiners, the soft hyphen,
# word joiner and invisible operators, the byte-order mark, Mongolian vowel separator, the
# combining grapheme joiner, Hangul fillers, a variation selector and a tag character.
HIDING = (
    "\u200b",
    "\u00ad",
    "\u2060",
    "\u200c",
    "\u200d",
    "\ufeff",
    "\u2061",
    "\u2062",
    "\u2063",
    "\u2064",
    "\u180e",
    "\u034f",
    "\u3164",
    "\ufe0f",
    "\U000e0041",
)
# Format characters that are part of writing in their scripts (Arabic number signs and marks),
# not a way to hide: kept.
SCRIPT_FORMAT = {*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD}


@pytest.mark.parametrize("char", HIDING, ids=lambda c: f"U+{ord(c):04X}")
def test_an_invisible_character_inside_a_word_is_removed(char):
    assert normalize_text(f"thir{char}teen") == "thirteen"
    assert comparable_text(f"  L{char}ed   the\u00a0team ") == "Led the team"


def test_every_invisible_format_character_is_removed():
    kept = [
        f"U+{code:04X}"
        for code in range(sys.maxunicode + 1)
        if unicodedata.category(chr(code)) == "Cf"
        and code not in SCRIPT_FORMAT
        and normalize_text(f"a{chr(code)}b") != "ab"
    ]
    assert not kept


def _verdict(line: str):
    parsed = parse_resume_text(fact_resume("hiding"), source_name="r.md")
    card = next(c for c in parsed.cards if "Kafka" in c.raw_text and c.role_id == "r01")
    return check_bullet(
        line,
        bullet_id="r01-b1",
        cited=[card],
        resume_cards=parsed.cards,
        roles=parsed.roles,
        role=parsed.roles[0],
    )


@pytest.mark.parametrize("char", HIDING, ids=lambda c: f"U+{ord(c):04X}")
def test_a_number_word_split_by_an_invisible_character_is_still_checked(char):
    honest = "Built a streaming pipeline on Kafka for point-of-sale events from all 320 stores."
    assert _verdict(honest).supported
    hidden = f"Built a streaming pipeline on Kafka for point-of-sale events from thir{char}teen"
    verdict = _verdict(hidden + " hundred stores.")
    assert not verdict.supported, verdict


@pytest.mark.parametrize("char", HIDING, ids=lambda c: f"U+{ord(c):04X}")
def test_a_skill_split_by_an_invisible_character_is_still_checked(char):
    verdict = _verdict(f"Built a streaming pipeline on Kafka and Kuber{char}netes for 320 stores.")
    assert not verdict.supported, verdict


def test_the_export_check_names_an_invisible_character_in_a_finished_line():
    from core.writer.text_rules import text_problems

    found = text_problems(["Led a team of thir\u2060teen.", "Led a team of five."])
    assert found == {"invisible characters": ["Led a team of thir\u2060teen."]}


def test_the_object_replacement_an_exporter_leaves_for_an_image_is_removed():
    assert normalize_text("#### \ufffcLakeside Swim Club (Roanoke, VA)") == (
        "#### Lakeside Swim Club (Roanoke, VA)"
    )
