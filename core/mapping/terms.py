"""Term matching shared by the mapper: which requirement terms a piece of evidence states.

A term matches case-insensitively on word boundaries; tech terms keep their punctuation
("CI/CD", "C++", ".NET"). Synonym classes come from the data-driven synonyms map: a term matches
"by synonym" when another member of its class is in the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache


@lru_cache(maxsize=4096)
def term_pattern(term: str) -> re.Pattern[str]:
    escaped = re.escape(term.strip())
    escaped = escaped.replace(r"\-", "[ -]?").replace(r"\ ", r"[\s\-]+")
    return re.compile(rf"(?<![\w+#./-]){escaped}(?![\w+#]|\.\w)", re.IGNORECASE)


def mentions(text: str, term: str) -> bool:
    term = term.strip()
    if len(term) < 2:
        return False
    return bool(term_pattern(term).search(text))


def synonym_classes(synonyms: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """Turn {head: [alternatives]} into equivalence classes of lower-cased terms."""
    classes: list[set[str]] = []
    for head, alternatives in synonyms.items():
        members = {head.lower(), *(alt.lower() for alt in alternatives)}
        merged = [c for c in classes if c & members]
        for c in merged:
            members |= c
            classes.remove(c)
        classes.append(members)
    return classes


def synonyms_of(term: str, classes: list[set[str]]) -> set[str]:
    low = term.lower()
    found: set[str] = set()
    for members in classes:
        if low in members or any(mentions(low, m) for m in members if len(m) > 3):
            found |= members
    found.discard(low)
    return found


def matched_terms(
    text: str, terms: Iterable[str], classes: list[set[str]]
) -> tuple[list[str], list[str]]:
    """Return (terms stated directly, terms stated only through a synonym)."""
    direct: list[str] = []
    by_synonym: list[str] = []
    for term in terms:
        if mentions(text, term):
            direct.append(term)
        elif any(mentions(text, alt) for alt in synonyms_of(term, classes)):
            by_synonym.append(term)
    return direct, by_synonym


def content_words(text: str) -> set[str]:
    """Lower-cased words of 4+ letters minus common filler, for overlap scores."""
    words = set(re.findall(r"[a-z][a-z0-9+#/.-]{3,}", text.lower()))
    return {w.strip(".") for w in words} - _FILLER


_FILLER = {
    "experience",
    "with",
    "have",
    "your",
    "years",
    "year",
    "strong",
    "working",
    "knowledge",
    "ability",
    "skills",
    "including",
    "such",
    "similar",
    "other",
    "that",
    "this",
    "from",
    "into",
    "will",
    "they",
    "them",
    "their",
    "also",
    "more",
    "least",
    "about",
    "using",
    "used",
    "across",
    "well",
    "team",
    "teams",
    "work",
    "preferred",
    "required",
    "plus",
    "bonus",
    "ideally",
    "professional",
}
