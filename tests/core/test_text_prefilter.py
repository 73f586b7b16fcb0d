"""The quick "cannot match" test before term patterns (core/text/prefilter.py): whenever it says
a term cannot be in a text, the term's real patterns (mapping and credential variants) agree."""

from __future__ import annotations

import re
import string

import pytest

from core.mapping.terms import mentions, term_pattern
from core.retrieval.synonyms import load_synonyms
from core.text.prefilter import _folded, literal_pieces, may_match
from core.text.variants import _pattern, load_families


def _terms() -> list[str]:
    terms = {t for head, alts in load_synonyms().items() for t in (head, *alts)}
    for family in load_families():
        terms |= set(family.names)
        for variant in family.variants:
            terms |= {*variant.names, *variant.qualifiers}
    return sorted(t for t in terms if len(t.strip()) >= 2)


@pytest.mark.parametrize(
    ("text", "term", "found"),
    [
        ("Built CI/CD pipelines", "ci/cd", True),
        ("open source maintainer", "open-source", True),  # a hyphen matches a space
        ("opensource maintainer", "open-source", True),  # … or nothing
        ("Open-Source work", "open source", True),
        ("Wrote C++ and Go", "C++", True),
        ("Wrote C and Go", "C++", False),
        ("Kubernetes", "kubernetes operator", False),
        ("ſql tuning", "sql", True),  # "ſ" is an "s" to the regex ignoring case
        ("İnfra as code", "infra", True),  # "İ".lower() is two characters; folded to "i"
        ("Kubernetes — \u212a8s", "k8s", True),  # the Kelvin sign is a "k" to the regex
        ("Built pipelines • Go", "kafka", False),  # not ASCII, and the term is not in it
    ],
)
def test_a_missing_piece_means_no_match_and_the_regex_agrees(text, term, found):
    quick = may_match(text, term)
    if found is None:
        assert quick is True and literal_pieces(term) is not None
    else:
        assert quick is found or quick  # never a false "absent"
        assert mentions(text, term) is found
    assert (term_pattern(term.strip()).search(text) is not None) <= quick


def test_never_absent_when_a_pattern_matches_over_the_dev_texts_and_every_term(eval_cases):
    """Every term of the synonym map and credential data against every line of the dev cases:
    `may_match` is False only where neither pattern matches (and it rules most pairs out)."""
    lines: list[str] = []
    for case in eval_cases:
        for name in ("fact_resume.md", "jd.txt"):
            text = (case / name).read_text(encoding="utf-8")
            lines += [line for line in text.splitlines() if line.strip()]
    terms = _terms()
    assert len(terms) > 300 and len(lines) > 300
    ruled_out = 0
    for line in lines[::3]:
        for term in terms:
            if may_match(line, term):
                continue
            ruled_out += 1
            assert not term_pattern(term.strip()).search(line), (term, line)
            assert not _pattern(term).search(line), (term, line)
    assert ruled_out > 0.75 * len(terms) * len(lines[::3])  # 81% when written


def test_every_character_the_regex_takes_for_an_ascii_letter_folds_to_that_letter():
    """Over every code point: a character `re` matches to an ASCII letter ignoring case becomes
    exactly that letter, one character for one, so a piece the regex finds in a text that is
    not ASCII is a substring of the folded text."""
    any_letter = re.compile("[a-z]", re.IGNORECASE)
    odd = [chr(cp) for cp in range(0x80, 0x110000) if any_letter.fullmatch(chr(cp))]
    assert odd  # the Kelvin sign at least
    for char in odd:
        letters = [c for c in string.ascii_lowercase if re.fullmatch(c, char, re.IGNORECASE)]
        assert len(letters) == 1 and _folded(f"{char}é") == f"{letters[0]}é", hex(ord(char))
    assert _folded("ÉCOLE") == "école" and _folded("ABC") == "abc"
    assert not may_match("Built pipelines • Go", "kafka")  # a text not ASCII is filtered too
