"""ATS keyword candidates that no hand-written lexicon holds: phrases, acronyms and credentials.

Three sources, each kept exactly as the ad writes it:
1. credentials, licences and standards by shape: an acronym with a number ("OSHA 30",
   "EPA 608 Universal", "ISO 13485", "USP <797>"), "21 CFR Part 820", "SHRM-CP";
2. acronyms (2-6 capitals, digits allowed: "CMMS", "PGY1", "BCOP"), outside ALL-CAPS headings;
3. phrases: the text is cut at punctuation and stop words (RAKE-style), generic words ("strong",
   "experience", "ability") are trimmed from the front, and a phrase of 2-4 words is kept; a single
   word is kept only when it is a known skill term (core/data/skill_terms.txt, a cross-occupation
   list of ~30k terms), a capitalised name inside a sentence ("Niagara", "Epic"), an item of a
   comma list ("chillers, boilers, …") or a word with digits ("10-key", "K-12").
Word lists live in core/data (jd_phrase_words.json, skill_terms.txt); see ATTRIBUTION.md there.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

from core.jd.rarity import FLOOR, zipf

DATA = Path(__file__).resolve().parent.parent / "data"
WORD = re.compile(r"<\d+>|[A-Za-z0-9][\w'’&+#./-]*[\w+#>]|[A-Za-z0-9]")
BREAK = re.compile(r"[,;:()\[\]!?\"“”•|]|\.(?=\s|$)|\s[-–—]\s|\n")
CREDENTIAL = re.compile(
    r"\b\d{1,2}\s+CFR(?:\s+Part)?\s+\d+(?:\.\d+)?\b|"
    r"\b[A-Z]{2,6}\s+(?:<\d{2,5}>|\d{2,5})(?:\s+(?:Universal|Type\s+[IV]+|Certified))?\b|"
    r"\b[A-Z]{2,6}-[A-Z]{2,4}\b"
)
ACRONYM = re.compile(r"\b[A-Z][A-Z0-9&]{1,5}s?\b")
DEFINED_ACRONYM = re.compile(r"\(([A-Z][A-Z0-9&]{1,5})\)")  # "Registered Nurse (RN)"
NAME_JOINERS = frozenset({"of", "&", "for"})  # inside a name: "Bachelor of Nursing Science"
NOT_ACRONYMS = frozenset({"I", "A", "AND", "OR", "THE", "TO", "OF", "IN", "FOR", "US", "USA", "OK"})
MAX_WORDS = 4
NUMBER = re.compile(r"\d+(?:\.\d+)?\+?")


@lru_cache(maxsize=1)
def phrase_words() -> tuple[frozenset[str], frozenset[str]]:
    data = json.loads((DATA / "jd_phrase_words.json").read_text(encoding="utf-8"))
    return frozenset(data["stop"]), frozenset(data["filler"])


@lru_cache(maxsize=1)
def skill_terms() -> frozenset[str]:
    lines = (DATA / "skill_terms.txt").read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _is_caps_line(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 6 and sum(c.isupper() for c in letters) > 0.8 * len(letters)


def shaped_terms(text: str) -> list[tuple[int, str]]:
    """Credentials, standards and acronyms, with their offsets."""
    if _is_caps_line(text):
        return []
    found = [(m.start(), m.group(0)) for m in CREDENTIAL.finditer(text)]
    for match in ACRONYM.finditer(text):
        word = match.group(0)
        bare = word[:-1] if word.endswith("s") and word[:-1].isupper() else word
        if bare not in NOT_ACRONYMS and sum(c.isupper() for c in bare) >= 2:
            if len(bare) == 2 and _in_name(text, match.start(), match.end()):
                continue  # "MS Office", "PA Teaching certificate": part of a name, not a term
            found.append((match.start(), word))
    return found


def defined_acronyms(text: str) -> list[tuple[int, str]]:
    """Acronyms the ad defines in parentheses, wherever they stand."""
    return [(m.start(1), m.group(1)) for m in DEFINED_ACRONYM.finditer(text)]


def _in_name(text: str, start: int, end: int) -> bool:
    """Is the word at text[start:end] next to a capitalised word ("Microsoft OS", "MS Office")?"""
    before = re.search(r"([A-Za-z]+)\s+$", text[:start])
    after = re.match(r"\s+([A-Za-z]+)", text[end:])
    if before is not None and not re.search(r"[A-Za-z,]\s*$", text[: before.start()]):
        before = None  # a sentence's first word is capitalised anyway ("Valid RN license")
    return any(m is not None and m.group(1)[0].isupper() for m in (before, after))


def _chunks(text: str) -> list[list[tuple[int, str]]]:
    """Runs of (offset, word) between punctuation and stop words; 'of', 'for' or '&' between
    two capitalised words stays inside the run ("Pharmacy & Therapeutics")."""
    stop, _ = phrase_words()
    chunks: list[list[tuple[int, str]]] = []
    start = 0
    for piece in [*BREAK.split(text)]:
        offset = text.find(piece, start)
        start = offset + len(piece)
        words = [(offset + m.start(), m.group(0)) for m in WORD.finditer(piece)]
        run: list[tuple[int, str]] = []
        for i, (at, word) in enumerate(words):
            low = word.lower().replace("’", "'")
            joins = (
                low in NAME_JOINERS
                and run
                and run[-1][1][:1].isupper()
                and i + 1 < len(words)
                and words[i + 1][1][:1].isupper()
            )
            if low in stop and not joins:
                chunks.append(run)
                run = []
            else:
                run.append((at, word))
        chunks.append(run)
    return [c for c in chunks if c]


def phrase_terms(text: str) -> list[tuple[int, str]]:
    """Phrase candidates (see module docstring) with their offsets, in order."""
    _, filler = phrase_words()
    terms = skill_terms()
    out: list[tuple[int, str]] = []
    for chunk in _chunks(text):
        while chunk and _trimmed_front(chunk, text, filler):
            chunk = chunk[1:]
        while chunk and _adverb(chunk[-1][1]):  # "presentation standards accurately"
            chunk = chunk[:-1]
        if not chunk or len(chunk) > MAX_WORDS:
            continue
        start, end = chunk[0][0], chunk[-1][0] + len(chunk[-1][1])
        phrase = " ".join(text[start:end].split())
        if not any(c.isalpha() for c in phrase) or phrase.lower() in filler:
            continue
        if len(chunk) == 1 and not (
            _single_ok(phrase, not _opens_sentence(start, text), terms)
            or _list_member(text, start, start + len(phrase))
        ):
            continue
        out.append((start, phrase))
    return out


def _trimmed_front(chunk: list[tuple[int, str]], text: str, filler: frozenset[str]) -> bool:
    """Is the chunk's first word one a keyword does not start with: a name joiner ("of"), a
    generic word ("strong"), a number before one ("5+ years"), or a duty verb opening a task
    ("Conduct internal audits", "managing access controls"); a capitalised word inside a
    sentence is a name and stays."""
    at, word = chunk[0]
    low = word.lower()
    if low in NAME_JOINERS:  # left in front once a generic word went ("Knowledge of GDPR")
        return True
    if _named(chunk[0], text):
        return False
    if low in filler:
        return True
    if NUMBER.fullmatch(word):
        return len(chunk) > 1 and chunk[1][1].lower() in filler  # "5+ years", "2 years"
    if low not in duty_verbs() or len(chunk) < 2:
        return False
    if low.endswith("ing") or _opens_sentence(at, text):
        return True
    return len(chunk) > 2 and _after_verb_marker(at, text)  # a lone noun left is no term


def _opens_sentence(at: int, text: str) -> bool:
    return _OPENING.search(text[:at]) is not None


# Where a sentence or a list item starts: the text's start, after . ! ? : ; or a bullet that
# opens a line ("- Adjust and administer …", "• Expand knowledge …"). A bare line break is not
# one: hard-wrapped text (a PDF's lines) breaks inside sentences, before names too.
_OPENING = re.compile(r"(?:^|[.!?:;•]|(?:^|\n)[ \t]*[-–*•▪◦·])\s*$")


def _adverb(word: str) -> bool:
    """An -ly adverb of an everyday adjective ("accurately", "quickly", "effectively"): it ends
    no keyword. Words whose stem is no common word ("supply", "assembly", "Italy") are not."""
    low = word.lower()
    return len(low) > 5 and low.endswith("ly") and zipf(low[:-2]) > FLOOR


_VERB_MARKER = re.compile(r"\b(?:to|that|which|who|will)\s+$", re.IGNORECASE)


def _after_verb_marker(at: int, text: str) -> bool:
    """A duty verb after 'to', 'that', 'will' … opens a task, not a term: 'pipelines that
    bring customer data' → 'customer data'."""
    return _VERB_MARKER.search(text[:at]) is not None


@lru_cache(maxsize=1)
def duty_verbs() -> frozenset[str]:
    data = json.loads((DATA / "jd_phrase_words.json").read_text(encoding="utf-8"))
    return frozenset(data["verbs"])


def _list_member(text: str, start: int, end: int) -> bool:
    """A lone word that is an item of a comma list ("on chillers, boilers, cooling towers")."""
    before, after = text[:start].rstrip(), text[end:].lstrip()
    return end - start >= 4 and (before.endswith(",") or after.startswith(","))


def _named(item: tuple[int, str], text: str) -> bool:
    """A capitalised word inside a sentence is part of a name ("in General Ledger")."""
    at, word = item
    return word[:1].isupper() and at > 0 and not _opens_sentence(at, text)


def _single_ok(word: str, inside: bool, terms: frozenset[str]) -> bool:
    low = word.lower()
    if re.search(r"\d", word) and re.search(r"[A-Za-z/]", word) and len(word) >= 3:
        return True  # "10-key", "K-12", "24/7"
    if low in terms or low.rstrip("s") in terms:
        return True
    return inside and word[:1].isupper() and not word.isupper() and len(word) > 2
