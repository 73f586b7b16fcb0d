"""Term matching shared by the mapper: which requirement terms a piece of evidence states.

A term matches case-insensitively on word boundaries; tech terms keep their punctuation
("CI/CD", "C++", ".NET"). Synonym classes come from the data-driven synonyms map: a term matches
"by synonym" when another member of its class is in the text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from core.text.prefilter import literal_pieces, may_match


@lru_cache(maxsize=4096)
def term_pattern(term: str) -> re.Pattern[str]:
    escaped = re.escape(term.strip())
    escaped = escaped.replace(r"\-", "[ -]?").replace(r"\ ", r"[\s\-]+")
    return re.compile(rf"(?<![\w+#./-]){escaped}(?![\w+#]|\.\w)", re.IGNORECASE)


def mentions(text: str, term: str) -> bool:
    term = term.strip()
    if len(term) < 2 or not may_match(text, term):  # a piece missing: no regex needed
        return False
    if capitals_only(term):
        return bool(_capitals_pattern(term).search(text))
    return bool(term_pattern(term).search(text))


# Zipf frequency (core/data/common_words.tsv) from which a short word is an everyday English
# word first: "OR" (operating room), "IT", "US" are stated only where written in capitals, since
# "or", "it", "us" are in every sentence. "HR", "PM", "ER" (Zipf 4.2-4.7) stay case-blind.
EVERYDAY_ZIPF = 5.0


@lru_cache(maxsize=4096)
def capitals_only(term: str) -> bool:
    """A short acronym that is also an everyday word ("OR", "IT"): only its capitals name it.
    Written in capitals, or a two-letter word lower-cased (`content_words` keeps an acronym so;
    a longer lower-case term is a word: "tax", "food"); "Go" is a name."""
    from core.jd.rarity import zipf

    acronym = term.isupper() or (term.islower() and len(term) == 2)
    return acronym and len(term) <= 4 and term.isalpha() and zipf(term) >= EVERYDAY_ZIPF


@lru_cache(maxsize=1024)
def _capitals_pattern(term: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w&]){re.escape(term.upper())}s?(?![\w&])")


class SynonymClasses(list[set[str]]):
    """Synonym classes (a list of sets of lower-cased terms), with the index `synonyms_of`
    uses built once, on first use. Not to be changed after that use."""

    _index: _ContainedIndex | None = None

    def contained_index(self) -> _ContainedIndex:
        if self._index is None:
            self._index = _ContainedIndex(self)
        return self._index


class _ContainedIndex:
    """Which classes have a member (longer than 4 characters) named inside a term. A term
    pattern matches a member's pieces literally (core/text/prefilter.py), so a member can only
    be named in a term that contains its first piece: members are listed under that piece, and
    only those whose piece is in the term are tried (~15 of ~400 on the bundled map)."""

    def __init__(self, classes: list[set[str]]) -> None:
        self.by_piece: dict[str, list[tuple[int, str]]] = {}
        self.always: list[tuple[int, str]] = []  # no literal pieces: the regex decides
        for i, members in enumerate(classes):
            for m in members:
                if len(m) <= 4:
                    continue
                pieces = literal_pieces(m.strip())
                if pieces:
                    self.by_piece.setdefault(pieces[0], []).append((i, m))
                else:
                    self.always.append((i, m))

    def classes_named_in(self, low: str) -> set[int]:
        if not low.isascii():  # case folding beyond ASCII: no literal test is safe
            found = [e for entries in self.by_piece.values() for e in entries] + self.always
        else:
            found = [e for p, entries in self.by_piece.items() if p in low for e in entries]
            found += self.always
        return {i for i, m in found if mentions(low, m)}


def synonym_classes(synonyms: Mapping[str, Iterable[str]]) -> SynonymClasses:
    """Turn {head: [alternatives]} into equivalence classes of lower-cased terms."""
    classes: list[set[str]] = []
    for head, alternatives in synonyms.items():
        members = {head.lower(), *(alt.lower() for alt in alternatives)}
        merged = [c for c in classes if c & members]
        for c in merged:
            members |= c
            classes.remove(c)
        classes.append(members)
    return SynonymClasses(classes)


def synonyms_of(term: str, classes: list[set[str]], *, inside: bool = True) -> set[str]:
    """Other names for `term`: its class members, and (with `inside`) the members of any class
    named inside a longer keyword ("open-source contributions" → open source, OSS, maintainer).
    """
    low = term.lower()
    named: set[int] = set()
    if inside:
        index = (
            classes.contained_index()
            if isinstance(classes, SynonymClasses)
            else _ContainedIndex(classes)
        )
        named = index.classes_named_in(low)
    found: set[str] = set()
    for i, members in enumerate(classes):
        if low in members or i in named:
            found |= members
    found.discard(low)
    return found


def named_phrases(text: str, classes: list[set[str]]) -> list[str]:
    """Synonym-class members of several words that a requirement's text names ("preventive
    maintenance" in "building and running a preventive maintenance program")."""
    found = {m for members in classes for m in members if " " in m and mentions(text, m)}
    return sorted(found)


# Lexicon categories that name methods and practices (concepts that people describe in many
# ways). Everything else in the lexicon is a named tool, language, platform or credential.
CONCEPT_CATEGORIES = frozenset(
    {"software_practices", "product_management", "ux_research", "design"}
)


@lru_cache(maxsize=8192)
def is_named_tool(term: str) -> bool:
    """A specific product, language, platform or certification: a sibling of it is not
    evidence for it (CloudFormation is not Terraform, an AWS certificate is not the CKA)."""
    from core.ingest.skills import load_skill_lexicon

    lexicon = load_skill_lexicon()
    canonical = lexicon.canonical(term)
    return canonical is not None and lexicon.categories[canonical] not in CONCEPT_CATEGORIES


@lru_cache(maxsize=8192)
def tool_aliases(term: str) -> tuple[str, ...]:
    from core.ingest.skills import load_skill_lexicon

    lexicon = load_skill_lexicon()
    canonical = lexicon.canonical(term)
    return (canonical, *lexicon.skills[canonical]) if canonical else ()


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=16384)
def stems(text: str) -> tuple[str, ...]:
    return tuple(_stem(w) for w in re.findall(r"[a-z0-9+#]+", text.lower()))


def mentions_inflected(text: str, term: str) -> bool:
    """Like `mentions`, but "mentor" matches "mentoring" and "roadmap" matches "roadmaps"."""
    if capitals_only(term.strip()):
        return mentions(text, term)
    needle = stems(term)
    hay = stems(text)
    n = len(needle)
    return n > 0 and any(hay[i : i + n] == needle for i in range(len(hay) - n + 1))


@lru_cache(maxsize=1)
def _expansions() -> dict[str, tuple[int, tuple[str, ...]]]:
    from importlib import resources

    text = resources.files("core").joinpath("data/expansions.json").read_text("utf-8")
    raw = json.loads(text)["expansions"]
    return {k.lower(): (v["min"], tuple(v["elements"])) for k, v in raw.items()}


def written_out(text: str, term: str) -> bool:
    """An acronym stated element by element (core/data/expansions.json): MEDDPICC as "economic
    buyer … decision criteria … champion …", IQ/OQ/PQ as "installation qualification …"."""
    entry = _expansions().get(term.lower())
    if entry is None:
        return False
    least, elements = entry
    return sum(1 for e in elements if mentions_inflected(text, e)) >= least


class TermMatcher:
    """Matches requirement terms in evidence text; per-term facts (named tool? aliases?
    synonyms?) are worked out once per term, not once per card."""

    def __init__(self, classes: list[set[str]]) -> None:
        self.classes = classes
        self._facts: dict[str, tuple[bool, tuple[str, ...], tuple[str, ...]]] = {}

    def facts(self, term: str) -> tuple[bool, tuple[str, ...], tuple[str, ...]]:
        if term not in self._facts:
            named = is_named_tool(term)
            names = (term, *tool_aliases(term)) if named else (term,)
            # A credential or tool that merely contains another name ("Certified Kubernetes
            # Administrator" ⊃ "Kubernetes") is not evidenced by that name; nor is a sibling tool.
            alts = synonyms_of(term, self.classes, inside=not named)
            usable = tuple(a for a in sorted(alts) if not (named and is_named_tool(a)))
            self._facts[term] = (named, names, usable)
        return self._facts[term]

    def match(self, text: str, terms: Iterable[str]) -> tuple[list[str], list[str]]:
        """Return (terms stated directly, terms stated only through a synonym)."""
        direct: list[str] = []
        by_synonym: list[str] = []
        low = text.lower()
        for term in terms:
            named, names, alts = self.facts(term)
            if any(_may_state(low, n) and mentions(text, n) for n in names) or (
                not named and _may_state(low, term) and mentions_inflected(text, term)
            ):
                direct.append(term)
            elif any(
                _may_state(low, alt) and (mentions(text, alt) or mentions_inflected(text, alt))
                for alt in alts
            ) or written_out(text, term):
                by_synonym.append(term)
        return direct, by_synonym


@lru_cache(maxsize=16384)
def _anchor(term: str) -> str:
    """The stem of a term's first word: any text that states the term (exactly, inflected or
    hyphenated differently) contains it, so a text without it is skipped without a regex."""
    words = re.findall(r"[a-z0-9+#]+", term.lower())
    return _stem(words[0]) if words else ""


def _may_state(low_text: str, term: str) -> bool:
    return _anchor(term) in low_text


# Nouns that name where a thing is found, not another thing: "the insurance industry" asks for
# insurance, "a hospital setting" for a hospital.
CONTEXT_NOUNS = frozenset(
    {"industry", "industries", "sector", "sectors", "environment", "environments", "setting",
     "settings", "space", "field", "domain", "market", "markets", "world"}
)  # fmt: skip


def whole_keywords(text: str, keywords: Sequence[str]) -> list[str]:
    """The keywords as the requirement uses them: a one-word keyword that qualifies the next
    word of the text ("clinical" in "oncology clinical trials") stands for the two together, so
    a line that says "clinical" about something else is not its evidence. Named tools and
    acronyms name the thing asked on their own ("Python services", "P&L accountability"), and
    so does a keyword before a context noun ("the insurance industry")."""
    named = acronyms(text)
    words = content_words(text) - CONTEXT_NOUNS
    whole: list[str] = []
    for keyword in keywords:
        low = keyword.lower()
        head = None
        if " " not in keyword and low not in named and not is_named_tool(keyword):
            found = re.search(rf"(?<![\w-]){re.escape(keyword)}\s+([a-z][a-z-]+)\b", text)
            head = found.group(1) if found and found.group(1) in words else None
        if head is None or any(head in k.lower() for k in keywords):
            whole.append(keyword)
        else:
            whole.append(f"{keyword} {head}")
    return whole


def content_words(text: str) -> set[str]:
    """Lower-cased words of 4+ letters minus common filler, plus the acronyms the text writes in
    capitals ("3PL", "P&L", "SQL"): short, but they name what is asked. For overlap scores."""
    words = set(re.findall(r"[a-z][a-z0-9+#/.-]{3,}", text.lower()))
    named = acronyms(text)
    plain = {w.strip(".") for w in words} - _FILLER
    return {w for w in plain if w.removesuffix("s") not in named} | named


# Two to five capitals, digits or "&" with at least two capitals or a capital and a digit
# ("3PL", "P&L", "UPT", "KPIs"); a text written all in capitals has none (it is a heading).
_ACRONYM = re.compile(r"(?<![\w&])((?=[0-9&]*[A-Z][0-9&]*[A-Z0-9])[A-Z0-9&]{2,5})s?(?![\w&])")


def acronyms(text: str) -> set[str]:
    """The acronyms a text names, lower-cased."""
    if text.upper() == text:
        return set()
    return {m.lower() for m in _ACRONYM.findall(text) if not m.isdigit()}


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
