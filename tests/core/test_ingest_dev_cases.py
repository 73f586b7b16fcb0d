"""Acceptance (issue 2): every labelled dev case parses into cards that hold the labelled facts.

Markdown sources are checked exactly; DOCX and PDF versions built from them (python-docx,
reportlab) must give the same roles and still hold every quote.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from core.contracts import EvidenceCard, ParsedResume
from core.ingest import parse_resume, parse_resume_text
from tests.conftest import EVAL_DEV
from tests.fixtures_docs import markdown_to_docx, markdown_to_pdf

CASES = sorted(p.name for p in EVAL_DEV.iterdir() if p.is_dir()) if EVAL_DEV.is_dir() else []


@cache
def source(case: str) -> str:
    return (EVAL_DEV / case / "fact_resume.md").read_text(encoding="utf-8")


@cache
def labels(case: str) -> dict:
    return json.loads((EVAL_DEV / case / "labels.json").read_text(encoding="utf-8"))


@cache
def parsed_markdown(case: str) -> ParsedResume:
    return parse_resume_text(source(case), source_name="fact_resume.md")


@cache
def parsed_binary(case: str, fmt: str) -> ParsedResume:
    build = markdown_to_docx if fmt == "docx" else markdown_to_pdf
    return parse_resume(build(source(case)), f"fact_resume.{fmt}")


def label_quotes(case: str) -> list[str]:
    quotes = [e["quote"] for r in labels(case)["requirements"] for e in r["evidence"]]
    probes = json.loads((EVAL_DEV / case / "audit_probes.json").read_text(encoding="utf-8"))
    for group in probes.values():
        for probe in group if isinstance(group, list) else []:
            quotes.extend(probe.get("support_quotes", []))
    return list(dict.fromkeys(quotes))


def exact(text: str) -> str:
    return text


def loose(text: str) -> str:
    """DOCX/PDF keep words, not Markdown marks: compare without #, * and bullet glyphs."""
    return " ".join(re.sub(r"[#*•]", "", text).split())


def quote_home(quote: str, cards: list[EvidenceCard], norm=exact) -> str | None:
    """None when the quote is in exactly one card, or (spanning a sentence split) in cards of
    one role and section; otherwise a description of the problem. A quote that starts with
    its list marker ('- AWS Certified …') is looked up without it: cards drop the marker."""
    quote = re.sub(r"^\s*(?:[-*•–>]|\d{1,3}[.)])\s+", "", quote)
    hits = [c for c in cards if norm(quote) in norm(c.raw_text)]
    if len(hits) == 1:
        return None
    if len(hits) > 1:
        return f"in {len(hits)} cards {[c.id for c in hits]}: {quote!r}"
    pieces = [p for p in re.split(r"(?<=[.!?])\s+", quote) if p.strip()]
    homes = []
    for piece in pieces:
        found = [c for c in cards if norm(piece) in norm(c.raw_text)]
        if not found:
            return f"in no card: {quote!r}"
        homes.append(found[0])
    if len(pieces) > 1 and len({(c.role_id, c.section) for c in homes}) == 1:
        return None
    return f"split across unrelated cards: {quote!r}"


@pytest.mark.parametrize("case", CASES)
def test_every_quote_lands_in_exactly_one_card(case):
    cards = parsed_markdown(case).cards
    quotes = label_quotes(case)
    assert quotes, "the case has labelled quotes"
    problems = [p for q in quotes if (p := quote_home(q, cards))]
    assert problems == []


@pytest.mark.parametrize("case", CASES)
def test_every_labelled_number_is_a_metric_as_written(case):
    values = {m.value for c in parsed_markdown(case).cards for m in c.metrics}
    missing = [n for n in labels(case)["resume_facts"]["numbers"] if n not in values]
    assert missing == []


@pytest.mark.parametrize("case", CASES)
def test_employers_dates_and_titles_are_recovered(case):
    parsed = parsed_markdown(case)
    facts = labels(case)["resume_facts"]
    entries = parsed.roles + parsed.education
    companies = {r.company for r in entries} | {c.company for c in parsed.cards}
    timeframes = {r.timeframe for r in entries} | {c.timeframe for c in parsed.cards}
    titles = {r.title for r in entries} | {c.role for c in parsed.cards}
    assert [e for e in facts["employers"] if e not in companies] == []
    assert [d for d in facts["date_ranges"] if d not in timeframes] == []
    assert [t for t in facts["titles"] if t not in titles] == []


@pytest.mark.parametrize("case", CASES)
def test_each_role_gets_the_company_dates_and_title_of_its_own_header(case):
    parsed = parsed_markdown(case)
    lines = source(case).splitlines()
    assert len(parsed.roles) >= 3
    for role in parsed.roles + parsed.education:
        header = " ".join(lines[role.line - 1 : role.line + 2]).lower()
        for value in (role.company, role.timeframe, role.title):
            assert value, f"{role.id} is missing a field: {role}"
            assert value.lower() in header, f"{role.id}: {value!r} is not in its own header"
        employer_cards = [c for c in parsed.cards if c.role_id == role.id]
        assert employer_cards and all(c.company == role.company for c in employer_cards)


@pytest.mark.parametrize("case", CASES)
def test_card_ids_are_unique_stable_and_contact_free(case):
    first = parsed_markdown(case)
    again = parse_resume_text(source(case), source_name="fact_resume.md")
    ids = [c.id for c in first.cards]
    assert len(ids) == len(set(ids))
    assert ids == [c.id for c in again.cards]
    assert first.content_hash == again.content_hash
    contact = first.contact
    assert contact.name and contact.email and contact.phone
    for card in first.cards:
        for secret in (contact.email, contact.phone):
            assert secret not in card.raw_text
        start, end = card.provenance.line_start, card.provenance.line_end
        assert start is not None and end is not None and start <= end
        assert card.raw_text.split()[0] in source(case).splitlines()[start - 1]


@pytest.mark.parametrize("fmt", ["docx", "pdf"])
@pytest.mark.parametrize("case", CASES)
def test_docx_and_pdf_versions_parse_to_the_same_roles_and_quotes(case, fmt):
    expected = parsed_markdown(case)
    got = parsed_binary(case, fmt)

    def roles(parsed: ParsedResume) -> list[tuple[str, str, str]]:
        return [(r.company, loose(r.title), r.timeframe) for r in parsed.roles]

    assert roles(got) == roles(expected)
    assert [e.company for e in got.education] == [e.company for e in expected.education]
    problems = [p for q in label_quotes(case) if (p := quote_home(q, got.cards, loose))]
    assert problems == []
    assert got.contact.email == expected.contact.email
