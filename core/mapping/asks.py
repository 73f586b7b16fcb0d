"""Requirements that ask several things ("Strong culinary skills and attention to detail"),
and suites asked where a member is stated ("Microsoft applications" beside "Excel").

A requirement the general matcher leaves a gap is split into its asks at "and", "&", "as well
as" and commas ("or" offers alternatives: not split). A lone modifier before "and" shares the
words after the next one: "written and verbal communication skills" asks for written and for
verbal communication skills, and "communication skills" is what the two share. Each ask is
stated by a line that states all its words (directly or through the synonym data). The verdict:
- every ask stated                      → met (medium: each was judged on fewer words);
- some stated, or only the shared words,
  or a member of a suite asked          → partly met: the stated parts are cited (medium), and
                                          the user is asked about the rest (hidden evidence);
- none stated                           → the gap stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Requirement,
)
from core.jd.rarity import zipf
from core.mapping.overlap import QUALIFIERS
from core.mapping.records import gap_record, mapping_record
from core.mapping.suites import members_stated, suites_named
from core.mapping.terms import CONTEXT_NOUNS, EVERYDAY_ZIPF, TermMatcher, content_words

Decided = tuple[EvidenceMapping, GapResolution | None]

MAX_ASKS = 4
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+(?:and|&|as well as)\s+", re.IGNORECASE)
_ELABORATION = re.compile(
    r"[,(]?\s*\b(?:including|such as|e\.g\.|especially|particularly|in particular)\b", re.I
)
# Word endings of a modifier that has no noun of its own ("written", "verbal", "fast-paced").
_MODIFIER = re.compile(r"(?:al|ed|en|ive|ic|ful|ous|ary)$")


@dataclass(frozen=True)
class Asks:
    parts: tuple[str, ...]
    shared: str = ""  # the words the parts share ("communication skills"), when distributed


def split_asks(text: str) -> Asks:
    """The things a requirement asks for; one part when it asks one thing."""
    head = _ELABORATION.split(text.strip().rstrip("."))[0]  # ", including …" details the ask
    pieces = [p.strip(" .;:") for p in _SPLIT.split(head)]
    pieces = [p for p in pieces if p]
    if " or " in f" {text.lower()} " or not 2 <= len(pieces) <= MAX_ASKS:
        return Asks((text,))
    last = pieces[-1].split()
    lone = [p for p in pieces[:-1] if _MODIFIER.search(p.split()[-1].lower())]
    if len(last) >= 2 and len(lone) == len(pieces) - 1:  # "written and verbal communication"
        shared = " ".join(last[1:])
        return Asks((*(f"{p} {shared}" for p in pieces[:-1]), pieces[-1]), shared)
    if any(not _asked_words(p) for p in pieces):  # a piece that names nothing: one ask
        return Asks((text,))
    return Asks(tuple(pieces))


def _asked_words(text: str) -> set[str]:
    return content_words(_plain(text)) - QUALIFIERS - CONTEXT_NOUNS  # "environment" is no ask


def judge_asks(
    req: Requirement,
    cards: Sequence[EvidenceCard],
    matcher: TermMatcher,
    *,
    split: bool = True,
) -> Decided | None:
    """Met, partly met or None (the gap stands) for a requirement the matcher left a gap;
    without `split`, only a suite member is looked for."""
    asks = split_asks(req.text) if split else Asks((req.text,))
    stated: list[tuple[str, list[str]]] = []  # (what is stated, cards citing it)
    unstated: list[str] = []
    whole = True
    several = len(asks.parts) > 1  # one ask: the matcher has judged it already
    for ask in asks.parts:
        ids = _stated(ask, cards, matcher) if several else []
        members = None if ids else _members(ask, cards)
        if ids:
            stated.append((_plain(ask), ids))
        elif members:
            suite, names, member_ids = members
            stated.append((", ".join(names), member_ids))
            unstated.append(f"{suite} beyond {names[0]}" if several else f"the rest of {suite}")
            whole = False
        else:
            unstated.append(_plain(ask))
    if not stated and asks.shared:  # "communication" stated, "written and verbal" not
        ids = _stated(asks.shared, cards, matcher)
        stated = [(_plain(asks.shared), ids)] if ids else []
        unstated = [_plain(_ELABORATION.split(req.text.rstrip("."))[0])]
    if not stated:
        return None
    ids = list(dict.fromkeys(i for _, found in stated for i in found))[:3]
    found = "; ".join(text for text, _ in stated)
    if not unstated and whole and several:
        return mapping_record(req, ids, Confidence.MEDIUM, [], f"each ask stated: {found}"), None
    missing = " and ".join(unstated)
    note = f"partly stated: {found}; not stated: {missing}"
    mapping = mapping_record(req, ids, Confidence.MEDIUM, [], note)
    gap = gap_record(req, GapType.HIDDEN_EVIDENCE, GapStrategy.ASK_USER, ids, nearby=found)
    return mapping, gap.model_copy(update={"unstated": missing})


def _stated(ask: str, cards: Sequence[EvidenceCard], matcher: TermMatcher) -> list[str]:
    """The lines that state every word of one ask, directly or through the synonym data. An ask
    is short, so all its words are asked of one line, not a share; a lone everyday word
    ("others" in "work well with others") names nothing and is never stated."""
    words = sorted(_asked_words(ask))
    if not words or (len(words) == 1 and zipf(words[0]) >= EVERYDAY_ZIPF):
        return []
    found = []
    for c in cards:
        direct, by_synonym = matcher.match(c.raw_text, words)
        if len(set(direct) | set(by_synonym)) == len(words):
            found.append(c.id)
    return found[:3]


def _members(ask: str, cards: Sequence[EvidenceCard]) -> tuple[str, list[str], list[str]] | None:
    """The suite an ask names, its members the resume states, and the cards stating them."""
    for suite in suites_named(ask):
        found = [(c.id, members_stated(suite, c.raw_text)) for c in cards]
        found = [(i, m) for i, m in found if m]
        if found:
            names = list(dict.fromkeys(m for _, ms in found for m in ms))
            return suite.name, names, [i for i, _ in found][:3]
    return None


def _plain(ask: str) -> str:
    """An ask as a question names it: without the grading word it opens with."""
    words = ask.split()
    while len(words) > 1 and words[0].lower() in QUALIFIERS | {"must", "possess", "have"}:
        words = words[1:]
    return " ".join(words)
