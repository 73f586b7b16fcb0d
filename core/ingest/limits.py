"""Size limits on what one upload may make ResumeForge do (settings: `ingest.max_*`).

Bytes are checked first (core.ingest.files); then the text's lines and characters, before any
parsing; a JSON Resume's nesting depth before `json.loads` (which would recurse); and the cards
a parse produced. Each limit fails with an InputError that says what to change.
"""

from __future__ import annotations

import re

from core.contracts import ParsedResume
from core.errors import InputError
from core.settings import IngestSettings

_JSON_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_BRACKET = re.compile(r"[\[\]{}]")


def check_text_size(text: str, name: str, settings: IngestSettings) -> None:
    lines = text.count("\n") + 1
    if lines > settings.max_lines:
        raise InputError(
            f"{name} has {lines:,} lines, more than the {settings.max_lines:,} a resume can have "
            "here; upload the resume itself (a few pages) rather than a list or export."
        )
    if len(text) > settings.max_chars:
        raise InputError(
            f"{name} holds {len(text):,} characters of text, more than the "
            f"{settings.max_chars:,} allowed; upload a shorter resume."
        )


def check_json_depth(text: str, name: str, settings: IngestSettings) -> None:
    """Refuse JSON nested deeper than `max_json_depth` (a JSON Resume needs about 5 levels)."""
    depth = deepest = 0
    for match in _BRACKET.finditer(_JSON_STRING.sub('""', text)):
        depth += 1 if match.group(0) in "[{" else -1
        deepest = max(deepest, depth)
        if deepest > settings.max_json_depth:
            raise InputError(
                f"{name} is JSON nested more than {settings.max_json_depth} levels deep; a JSON "
                "Resume needs only a few levels. Check that it is a JSON Resume file."
            )


def check_cards(parsed: ParsedResume, settings: IngestSettings) -> None:
    name = parsed.source_name
    if len(parsed.cards) > settings.max_cards:
        raise InputError(
            f"{name} gives {len(parsed.cards):,} evidence items, more than the "
            f"{settings.max_cards:,} allowed; upload the resume itself, not a list or export."
        )
    for card in parsed.cards:
        if len(card.raw_text) > settings.max_card_chars:
            line = card.provenance.line_start
            raise InputError(
                f"{name}: the text starting on line {line} runs to {len(card.raw_text):,} "
                f"characters without a break (limit {settings.max_card_chars:,}); split it into "
                "bullets or paragraphs."
            )
