"""Credential and job-title variants: is what a job asks for (or a claim states) the same thing
the resume holds, a neighbour of it, or something else?

    compare_credential("ACLS Instructor", "ACLS Provider")      -> Match.ADJACENT
    compare_credential("OSHA 10", "OSHA 30-Hour card")          -> Match.MET   (30 covers 10)
    compare_title("General Manager", "Assistant GM")            -> Match.ADJACENT

The rules are data (core/data/variants.json): a credential family groups certificates or
licences that share a name but are not the same thing; a different variant is *adjacent*, never
*met*. Used by evidence mapping (gaps) and by the truth audit (inflated credentials and titles).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from importlib import resources

from core.text.prefilter import may_match


class Match(StrEnum):
    MET = "met"
    ADJACENT = "adjacent"
    NONE = "none"


_RANK = {Match.NONE: 0, Match.ADJACENT: 1, Match.MET: 2}
# A qualifier ("Instructor", "30-hour") belongs to a family name this close to it, in the same
# list item: "ACLS Provider; BLS Instructor" holds two different variants.
_QUALIFIER_REACH = 28
_ITEM_BREAK = re.compile(r"[;|•·\n]|,\s")


@dataclass(frozen=True)
class Variant:
    name: str
    names: tuple[str, ...]
    qualifiers: tuple[str, ...]
    meets: frozenset[str]  # variant names this one also meets (itself included)


@dataclass(frozen=True)
class Family:
    name: str
    names: tuple[str, ...]
    variants: tuple[Variant, ...]


@dataclass(frozen=True)
class Credential:
    """One credential mention: its family and, when the text says, its variant."""

    family: str
    variant: str | None
    start: int


@lru_cache(maxsize=4096)
def _pattern(term: str) -> re.Pattern[str]:
    body = re.escape(term.strip()).replace(r"\-", r"[\s\-]?").replace(r"\ ", r"[\s\-]+")
    # An acronym matches in capitals only: "PE" is a licence, "pe" is not.
    flags = 0 if re.fullmatch(r"[A-Z0-9.&]{2,}", term.strip()) else re.IGNORECASE
    return re.compile(rf"(?<![\w/]){body}(?![\w/])", flags)


@lru_cache(maxsize=1)
def load_families() -> tuple[Family, ...]:
    raw = json.loads(resources.files("core").joinpath("data/variants.json").read_text("utf-8"))
    families: list[Family] = []
    for entry in raw["credentials"]:
        variants: list[Variant] = []
        for i, item in enumerate(entry["variants"]):
            lower = [v["variant"] for v in entry["variants"][:i]] if entry["ranked"] else []
            meets = frozenset([item["variant"], *lower, *item.get("covers", [])])
            names, qualifiers = tuple(item.get("names", [])), tuple(item.get("qualifiers", []))
            variants.append(Variant(item["variant"], names, qualifiers, meets))
        families.append(Family(entry["family"], tuple(entry["names"]), tuple(variants)))
    return tuple(families)


def _spans(text: str, terms: tuple[str, ...]) -> list[tuple[int, int]]:
    return [
        m.span()
        for t in terms
        if may_match(text, t)  # a piece of the term missing: its pattern cannot match
        for m in _pattern(t).finditer(text)
        if not _defined_otherwise(text, m.start(), m.group(0))
    ]


def _defined_otherwise(text: str, start: int, found: str) -> bool:
    """An acronym the text defines as something else: "collaborative practice agreement (CPA)"
    is not a Certified Public Accountant."""
    letters = re.sub(r"[^A-Za-z]", "", found)
    if not (found.isupper() and start > 0 and text[start - 1] == "("):
        return False
    words = re.findall(r"[A-Za-z]+", text[:start])[-len(letters) :]
    initials = "".join(w[0] for w in words).upper()
    return initials == letters.upper() and " ".join(words).lower() not in _all_names()


@lru_cache(maxsize=1)
def _all_names() -> frozenset[str]:
    return frozenset(n.lower() for f in load_families() for v in f.variants for n in v.names)


def _qualified_variant(text: str, family: Family, start: int, end: int) -> str | None:
    """The variant a qualifier next to a family-name mention names (nearest one wins)."""
    best: tuple[int, str] | None = None
    for variant in family.variants:
        for q_start, q_end in _spans(text, variant.qualifiers):
            gap = q_start - end if q_start >= end else start - q_end
            between = text[min(end, q_end) : max(start, q_start)]
            if 0 <= gap <= _QUALIFIER_REACH and not _ITEM_BREAK.search(between):
                # the longest qualifier wins a tie ("master black belt" over "black belt")
                key = (gap - (q_end - q_start), variant.name)
                best = key if best is None or key < best else best
    return best[1] if best else None


def find_credentials(text: str) -> list[Credential]:
    """Every credential of a known family the text mentions, in order of appearance."""
    return list(_credentials_in(text))


@lru_cache(maxsize=8192)
def _credentials_in(text: str) -> tuple[Credential, ...]:
    found: list[Credential] = []
    for family in load_families():
        named: list[tuple[int, int, str | None]] = []
        for variant in family.variants:
            named += [(s, e, variant.name) for s, e in _spans(text, variant.names)]
        for s, e in _spans(text, family.names):
            if not any(ns <= s < ne or s <= ns < e for ns, ne, _ in named):
                named.append((s, e, _qualified_variant(text, family, s, e)))
        specific = any(v is not None for _, _, v in named)
        # "NCMA certification (CCCM or CFCM)" asks for the variants, not for any NCMA credential
        found += [Credential(family.name, v, s) for s, _, v in named if v or not specific]
    return tuple(sorted(found, key=lambda c: c.start))


def _family(name: str) -> Family:
    return next(f for f in load_families() if f.name == name)


def _compare_one(asked: Credential, held: Credential) -> Match:
    if asked.family != held.family:
        return Match.NONE
    if asked.variant is None:
        return Match.MET
    if held.variant is None:
        return Match.ADJACENT
    variant = next(v for v in _family(held.family).variants if v.name == held.variant)
    return Match.MET if asked.variant in variant.meets else Match.ADJACENT


def compare_credentials(asked: Credential, held: list[Credential]) -> Match:
    """The best any held credential does for one asked credential."""
    return max((_compare_one(asked, h) for h in held), key=_RANK.__getitem__, default=Match.NONE)


def compare_credential(asked: str, held: str) -> Match:
    """Does the held text meet the asked credential(s)? Several asked ones joined by "or" need
    one; otherwise each is needed. Credentials outside the data compare by acronym or name."""
    wanted = find_credentials(asked)
    if not wanted:
        return _compare_unknown(asked, held)
    have = find_credentials(held)
    results = [compare_credentials(a, have) for a in wanted]
    either = re.search(r"\bor\b", asked, re.IGNORECASE) is not None
    pick = max if either else min
    return pick(results, key=_RANK.__getitem__)


def _compare_unknown(asked: str, held: str) -> Match:
    acronyms = re.findall(r"\b[A-Z][A-Z0-9&-]{1,7}\b", asked)
    if any(_pattern(a).search(held) for a in acronyms):
        return Match.MET
    words = _title_words(asked)
    return Match.MET if words and words <= _title_words(held) else Match.NONE


# --- titles ------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _title_data() -> dict[str, object]:
    raw = json.loads(resources.files("core").joinpath("data/variants.json").read_text("utf-8"))
    titles: dict[str, object] = raw["titles"]
    return titles


def _title_tokens(title: str) -> list[str]:
    data = _title_data()
    abbreviations: dict[str, str] = data["abbreviations"]  # type: ignore[assignment]
    filler = set(data["filler"])  # type: ignore[call-overload]
    tokens: list[str] = []
    for word in re.findall(r"[a-z0-9.&]+", title.lower().replace("-", " ")):
        word = word.strip(".") if word not in abbreviations else word
        expanded = abbreviations.get(word, abbreviations.get(word.strip("."), word))
        tokens += [t for t in expanded.split() if t and t not in filler]
    return tokens


def _title_words(title: str) -> set[str]:
    return set(_title_tokens(title))


def _head(tokens: list[str]) -> str:
    words = [t for t in tokens if not re.fullmatch(r"[ivx]+|\d+", t)]
    return words[-1] if words else ""


@lru_cache(maxsize=1)
def rank_words() -> frozenset[str]:
    """Rank and seniority words of a title ('senior', 'lead', 'assistant', …), from the data."""
    return frozenset(_title_data()["rank_words"])  # type: ignore[call-overload]


def compare_title(asked: str, held: str) -> Match:
    """MET when the held title is the asked one or a fuller form of it that does not lower it
    ("ICU Registered Nurse" meets "RN"); ADJACENT for the same kind of role at another level or
    specialty (Staff vs Clinical Pharmacist, Assistant GM vs GM); NONE otherwise."""
    a_tokens, h_tokens = _title_tokens(asked), _title_tokens(held)
    a_words, h_words = set(a_tokens), set(h_tokens)
    if not a_words or not h_words:
        return Match.NONE
    lower = set(_title_data()["lower_modifiers"])  # type: ignore[call-overload]
    if a_words <= h_words and not (h_words - a_words) & lower:
        return Match.MET
    if _head(a_tokens) == _head(h_tokens) or a_words <= h_words:
        return Match.ADJACENT
    return Match.NONE
