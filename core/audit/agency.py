"""Who did it: the level of agency a line claims, compared with the level its evidence states.

Levels (core/data/scope_levels.json, highest first): sole (did it alone) > led (led, managed,
owned, ran, authored, …) > shared (co-led, jointly, alongside …) > member (member of, one of
N, part of) > supported (helped, contributed, gave input, informal lead, reports to …) >
sponsored (sponsored, approved, funded). Words of one level are synonyms: "owned a budget" and
"managed a budget" are the same claim.

A line may keep or lower its evidence's level, never raise it. The evidence's level for a line
is read from the evidence sentence that shares the most words with the line (from the cited
cards and the other lines of the same role): its first marker, which in resume style is the
person's own part ("Co-led X with the director: she led Y" is shared). A line with no marker
claims to have done the work (between member and supported it is "did"), so it may not rest
on a sentence whose own part is supported or sponsored. A line that claims to have done alone
what no evidence says was done alone is raised too, and so is a line whose verb the evidence
gives to someone else ("…for the web developer, who built the pages").
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from core.retrieval.text_analysis import tokenize
from core.text.levels import Level, data_table, level_table, word_pattern

DID = 1.5  # a line with no marker: the person did the work, at no stated level
MIN_SHARED = 2  # an evidence sentence is about the line when they share this many words
_SENTENCE_END = re.compile(r"(?<=[.;!?])\s+|\n+|\s+->\s+|\s[o▪•✓]\s+")


@dataclass(frozen=True)
class Marker:
    text: str
    level_name: str
    level: float
    start: int


@dataclass(frozen=True)
class AgencyFinding:
    span: str
    detail: str


def _data() -> dict[str, Any]:
    return data_table("scope_levels.json")


@lru_cache(maxsize=1)
def _levels() -> tuple[Level, ...]:
    data = _data()
    return level_table(
        (name, data["levels"][name], word_pattern(words)) for name, words in data["markers"].items()
    )


def find_markers(text: str) -> list[Marker]:
    """Every agency marker in `text`, in order (a longer one wins where two overlap)."""
    return list(_markers_in(text))


@lru_cache(maxsize=4096)  # the audit asks about the same sentences again and again (14x on dev-01)
def _markers_in(text: str) -> tuple[Marker, ...]:
    found: list[Marker] = []
    for level in _levels():
        for m in level.pattern.finditer(text):
            if re.match(r"\s+to\b", text[m.end() :]) and level.name == "led":
                continue  # "led to" is cause, not leadership
            found.append(Marker(m.group(0), level.name, level.rank, m.start()))
    found.sort(key=lambda mk: (mk.start, -len(mk.text)))
    kept: list[Marker] = []
    for mk in found:
        if kept and mk.start < kept[-1].start + len(kept[-1].text):
            continue
        kept.append(mk)
    return tuple(kept)


_OTHER_SUBJECT = re.compile(r"\b(?:is|was|are|were|who|she|he|they|which)\b", re.I)


def _before_turn(sentence: str, turn: re.Pattern[str]) -> list[Marker]:
    """The sentence's markers before it turns to someone else (where `turn` first matches)."""
    other = turn.search(sentence)
    cut = other.start() if other else len(sentence)
    return [mk for mk in find_markers(sentence) if mk.start < cut]


def _own_markers(sentence: str) -> list[Marker]:
    """Markers of the person's own part in an evidence sentence ("…; the specialist is the
    primary preceptor")."""
    return _before_turn(sentence, _OTHER_SUBJECT)


_THIRD_PARTY = re.compile(r"\b(?:who|whom|whose|which|she|he|they)\b", re.I)


def claimed_markers(text: str) -> list[Marker]:
    """The line's markers of the person's own part: in each sentence, those before it turns to
    someone else ("…, which the general counsel led")."""
    bounds = [0, *(m.end() for m in _SENTENCE_END.finditer(text)), len(text)]
    return [
        Marker(mk.text, mk.level_name, mk.level, mk.start + start)
        for start, end in itertools.pairwise(bounds)
        for mk in _before_turn(text[start:end], _THIRD_PARTY)
    ]


def _sentences(evidence: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(evidence) if s and len(s.strip()) > 3]


@lru_cache(maxsize=4096)  # each evidence sentence is compared with every line citing it
def _words(text: str) -> frozenset[str]:
    """Content words, numbers left out (a shared figure says little about who did the work),
    plus one word per level stated ("owned" and "ownership" say the same thing)."""
    words = {t for t in tokenize(text) if not re.search(r"\d", t)}
    return frozenset(words | {f"<{mk.level_name}>" for mk in find_markers(text)})


def _best_sentences(text: str, sentences: list[str]) -> list[str]:
    said = _words(text)
    scored = [(len(said & _words(s)), s) for s in sentences]
    best = max((n for n, _ in scored), default=0)
    return [s for n, s in scored if n == best] if best >= MIN_SHARED else []


def _qualified(claimed: Marker | None, clause: str, sentences: list[str]) -> list[str]:
    """Sentences that say the claim's own verb with a qualifier ("co-authored" for "authored",
    "co-led" for "led") about the same thing: the line dropped the qualifier. Consulted when
    the sentences that match the line best say nothing of the person's part."""
    if claimed is None:
        return []
    verb = claimed.text.casefold()
    said = _words(clause)
    return [
        s
        for s in sentences
        if len(said & _words(s)) >= MIN_SHARED
        and any(
            mk.text.casefold() != verb and mk.text.casefold().endswith(verb)
            for mk in _own_markers(s)
        )
    ]


def _stated(claim: Marker, text: str, evidence: str) -> bool:
    """The evidence says the claim's marker with the same next words (the user's own words)."""
    phrase = " ".join(text[claim.start :].split()[:3])
    return re.search(rf"(?<![\w-]){re.escape(phrase)}", evidence, re.I) is not None


def _others_did(text: str, sentences: list[str]) -> list[AgencyFinding]:
    said = set(tokenize(text))
    who = "|".join(_data()["others_did"])
    out: list[AgencyFinding] = []
    for sentence in sentences:
        for m in re.finditer(rf"\b(?:{who})\s+(\w+)((?:\s+[\w'-]+){{1,4}})", sentence, re.I):
            verb = m.group(1)
            if not re.search(rf"(?<![\w-]){re.escape(verb)}(?![\w-])", text, re.I):
                continue
            subject = " ".join(m.group(0).split()[:2])
            if re.search(rf"\b{re.escape(subject)}\b", text, re.I):
                continue  # the line says who did it, as the evidence does
            if said & set(tokenize(m.group(2))):
                out.append(
                    AgencyFinding(verb, f"The evidence says someone else {m.group(0).strip()}.")
                )
    return out[:1]


def _clause(text: str, marker: Marker | None) -> str:
    """The words a marker governs: from it to the next comma, semicolon or bracket."""
    if marker is None:
        return text
    return re.split(r"[,;:(]|\s(?:and|that|which|while|who|where)\s", text[marker.start :])[0]


@dataclass(frozen=True)
class AgencyCheck:
    findings: list[AgencyFinding]
    context: list[str]  # the evidence sentences the line was compared with
    judged: bool = False  # they state the person's own part, at the line's level or above


def check_agency(text: str, *, evidence: str, role_evidence: str = "") -> AgencyCheck:
    """A finding when the line claims a higher part in the work than its evidence states."""
    pool = _sentences(evidence) + _sentences(role_evidence)
    claimed = max(claimed_markers(text), key=lambda mk: mk.level, default=None)
    clause = _clause(text, claimed)
    best = list(dict.fromkeys(_best_sentences(text, pool) + _best_sentences(clause, pool)))
    if not any(_own_markers(s) for s in best):  # they do not say the person's part: look on
        best += [s for s in _qualified(claimed, clause, pool) if s not in best]
    if not best:
        return AgencyCheck([], [])
    if claimed is not None and _stated(claimed, text, evidence):
        return AgencyCheck([], best, judged=True)
    theirs = [found[0] for s in best if (found := _own_markers(s))]
    level = claimed.level if claimed else DID
    if theirs:
        lowest = min(theirs, key=lambda mk: mk.level)
        if level <= lowest.level:
            return AgencyCheck(_others_did(text, best), best, judged=True)
        span = claimed.text if claimed else text.split()[0]
        detail = (
            f"'{span}' claims a bigger part than the evidence, which says "
            f"'{lowest.text}' ({lowest.level_name})."
        )
        return AgencyCheck([AgencyFinding(span, detail)], best)
    if claimed is not None and claimed.level_name == "sole":
        detail = f"The evidence does not say '{claimed.text}'."
        return AgencyCheck([AgencyFinding(claimed.text, detail)], best)
    return AgencyCheck(_others_did(text, best), best)
