"""Find lexicon terms in JD text and report them as written (the ATS wants the JD's own words).

Terms come from the hard-skill lexicon (core/data/skills.json via `core.ingest`) plus the JD-only
terms in core/data/jd_terms.json. Matching walks word tokens with a dictionary keyed by first
token, so a 200 KB posting takes milliseconds: leftmost-longest, case-insensitive (except the
case-sensitive names), hyphen/space/slash interchangeable, a trailing plural allowed. Short,
ambiguous names (Go, R, C …) are confirmed with `core.ingest.find_skills` on their sentence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.ingest import find_skills, load_skill_lexicon

JD_TERMS_PATH = Path(__file__).resolve().parent.parent / "data" / "jd_terms.json"
TOKEN = re.compile(r"\.?[A-Za-z0-9](?:[A-Za-z0-9]|[.'’&](?=[A-Za-z0-9]))*[+#]*")
GAP = re.compile(r"\s*[-/–&]?\s*")
SENTENCE = re.compile(r"[^.!?;\n]*(?:[.!?;](?!\w)|\n|$)")
MAX_TERM_TOKENS = 8


@dataclass(frozen=True)
class Entry:
    tokens: tuple[str, ...]  # lower-cased unless case_sensitive
    canonical: str
    category: str
    case_sensitive: bool
    needs_context: bool


@dataclass(frozen=True)
class TermHit:
    surface: str  # exactly as written in the text (whitespace squashed)
    canonical: str
    category: str
    start: int
    end: int


def tokenize(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(0).replace("’", "'"), m.start(), m.end()) for m in TOKEN.finditer(text)]


class TermIndex:
    """First-token index over every lexicon term and alias."""

    def __init__(self, entries: list[Entry]) -> None:
        self.by_first: dict[str, list[Entry]] = {}
        for entry in entries:
            self.by_first.setdefault(entry.tokens[0].lower(), []).append(entry)
        for bucket in self.by_first.values():
            bucket.sort(key=lambda e: -len(e.tokens))

    def candidates(self, token: str) -> list[Entry]:
        low = token.lower()
        keys = [low]
        if low.endswith("es"):
            keys.append(low[:-2])
        if low.endswith("s"):
            keys.append(low[:-1])
        found: list[Entry] = []
        for key in keys:
            found.extend(self.by_first.get(key, ()))
        found.sort(key=lambda e: -len(e.tokens))
        return found


def _entries_from(
    groups: dict[str, dict[str, list[str]]], case_sensitive: set[str], needs_context: set[str]
) -> list[Entry]:
    entries: list[Entry] = []
    for category, names in groups.items():
        for canonical, aliases in names.items():
            for term in (canonical, *aliases):
                tokens = tuple(t for t, _, _ in tokenize(term))
                if not tokens or len(tokens) > MAX_TERM_TOKENS:
                    continue
                exact = term in case_sensitive or (term.isupper() and len(term) <= 5)
                entries.append(
                    Entry(
                        tokens=tokens if exact else tuple(t.lower() for t in tokens),
                        canonical=canonical,
                        category=category,
                        case_sensitive=exact,
                        needs_context=canonical in needs_context,
                    )
                )
    return entries


@lru_cache(maxsize=1)
def jd_term_groups() -> tuple[dict[str, dict[str, list[str]]], frozenset[str]]:
    raw = json.loads(JD_TERMS_PATH.read_text(encoding="utf-8"))
    return raw["terms"], frozenset(raw.get("case_sensitive", []))


@lru_cache(maxsize=1)
def term_index() -> TermIndex:
    lexicon = load_skill_lexicon()
    skill_groups: dict[str, dict[str, list[str]]] = {}
    for canonical, aliases in lexicon.skills.items():
        category = lexicon.categories[canonical]
        skill_groups.setdefault(category, {})[canonical] = list(aliases)
    skill_cs = {t for t in lexicon.terms() if lexicon.is_case_sensitive(t)}
    jd_groups, jd_cs = jd_term_groups()
    entries = _entries_from(skill_groups, skill_cs, set(lexicon.needs_context))
    entries += _entries_from(jd_groups, set(jd_cs), set())
    return TermIndex(entries)


def _token_matches(text_token: str, term_token: str, *, exact: bool, last: bool) -> bool:
    if exact:
        return text_token == term_token
    low = text_token.lower()
    if low == term_token:
        return True
    if not last or not term_token.isalpha() or len(term_token) < 3:
        return False
    return low in (term_token + "s", term_token + "es") or low + "s" == term_token


def _match_at(text: str, tokens: list[tuple[str, int, int]], i: int, entry: Entry) -> int | None:
    """Number of tokens matched for `entry` starting at token i, or None."""
    n = len(entry.tokens)
    if i + n > len(tokens):
        return None
    for j, term_token in enumerate(entry.tokens):
        token, start, _ = tokens[i + j]
        if not _token_matches(token, term_token, exact=entry.case_sensitive, last=j == n - 1):
            return None
        if j and not GAP.fullmatch(text[tokens[i + j - 1][2] : start]):
            return None
    return n


def _sentence_around(text: str, start: int, end: int) -> str:
    left = max(text.rfind(ch, 0, start) for ch in ".!?;\n") + 1
    rights = [p for p in (text.find(ch, end) for ch in ".!?;\n") if p != -1]
    return text[left : min(rights) if rights else len(text)]


def find_terms(text: str, *, index: TermIndex | None = None) -> Iterator[TermHit]:
    """Lexicon terms in `text`, leftmost-longest, in order, each with its surface form."""
    index = index or term_index()
    tokens = tokenize(text)
    confirmed: dict[str, list[str]] = {}
    i = 0
    while i < len(tokens):
        hit = None
        for entry in index.candidates(tokens[i][0]):
            n = _match_at(text, tokens, i, entry)
            if n is None:
                continue
            start, end = tokens[i][1], tokens[i + n - 1][2]
            if entry.needs_context:
                sentence = _sentence_around(text, start, end)
                if sentence not in confirmed:
                    confirmed[sentence] = find_skills(sentence)
                if entry.canonical not in confirmed[sentence]:
                    continue
            hit = TermHit(
                " ".join(text[start:end].split()), entry.canonical, entry.category, start, end
            )
            i += n
            break
        if hit is None:
            i += 1
        else:
            yield hit
