"""Hard-skill detection against the maintained lexicon in core/data/skills.json.

`find_skills(text)` returns canonical skill names in order of first appearance. Matching is on
word boundaries that understand C++, C#, .NET, Node.js, CI/CD and S/4HANA; short or everyday
names (Go, R, C, Ruby, Swift …) are matched only exactly as written and only in a technical
context, so "go-to", "ago" or "Series C" never become skills.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path

LEXICON_PATH = Path(__file__).resolve().parent.parent / "data" / "skills.json"

_BEFORE = r"(?<![\w@$%&])"
_AFTER_ALNUM = r"(?![\w+#])(?!\.\w)"
_AFTER_SYMBOL = r"(?!\w)"
_SENTENCE_END = re.compile(r"[.!?;](?=\s)|\n\s*\n|\n\s*[-*•–>]\s")
_WORD = re.compile(r"[A-Za-z][A-Za-z+#.-]*")
# words that turn a short name into something that is not a skill ("Series C", "Plan B")
_BAD_PREVIOUS = frozenset(
    [
        "series",
        "vitamin",
        "plan",
        "type",
        "grade",
        "level",
        "phase",
        "section",
        "part",
        "room",
        "class",
        "tier",
        "round",
        "exhibit",
        "appendix",
        "building",
        "floor",
        "team",
        "option",
        "model",
    ]
)
_BAD_NEXT = frozenset(["to", "live", "ahead", "back", "through", "beyond", "out", "over", "for-"])


@dataclass(frozen=True, eq=False)
class SkillLexicon:
    """Canonical skills, their aliases and the matching rules loaded from skills.json."""

    skills: dict[str, tuple[str, ...]]
    categories: dict[str, str]
    case_sensitive: frozenset[str]
    needs_context: frozenset[str]
    context_cues: frozenset[str]
    _exact: dict[str, str] = field(default_factory=dict, repr=False)
    _folded: dict[str, str] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for canonical, aliases in self.skills.items():
            for term in (canonical, *aliases):
                if self.is_case_sensitive(term):
                    self._exact.setdefault(term, canonical)
                else:
                    self._folded.setdefault(term.casefold(), canonical)

    def is_case_sensitive(self, term: str) -> bool:
        acronym = term.isupper() and len(term) <= 5
        return acronym or term in self.case_sensitive

    def canonical(self, term: str) -> str | None:
        """The canonical name for a term as written, or None when it is not in the lexicon. A
        name written with spaces inside ('Quick Books', 'Power Point') is the one-word name."""
        found = self.spelled(term)
        if found is None and " " in term.strip():
            found = self.spelled("".join(term.split()))
        return found

    def spelled(self, term: str) -> str | None:
        """The canonical name when `term` is one of the lexicon's own spellings."""
        return self._exact.get(term) or self._folded.get(term.casefold())

    def terms(self) -> list[str]:
        return list(self._exact) + list(self._folded)

    @property
    def names(self) -> list[str]:
        return list(self.skills)


@lru_cache(maxsize=4)
def load_skill_lexicon(path: Path | None = None) -> SkillLexicon:
    """Read and validate the lexicon file (cached; pass a path to use another lexicon)."""
    raw = json.loads((path or LEXICON_PATH).read_text(encoding="utf-8"))
    skills: dict[str, tuple[str, ...]] = {}
    categories: dict[str, str] = {}
    for category, entries in raw["skills"].items():
        for canonical, aliases in entries.items():
            skills[canonical] = tuple(aliases)
            categories[canonical] = category
    return SkillLexicon(
        skills=skills,
        categories=categories,
        case_sensitive=frozenset(raw.get("case_sensitive", [])),
        needs_context=frozenset(raw.get("needs_context", [])),
        context_cues=frozenset(c.casefold() for c in raw.get("context_cues", [])),
    )


def _term_pattern(term: str, case_sensitive: bool) -> str:
    body = re.escape(term).replace(r"\ ", r"\s+")
    after = _AFTER_ALNUM if term[-1].isalnum() else _AFTER_SYMBOL
    core = body if case_sensitive else f"(?i:{body})"
    return f"{_BEFORE}{core}{after}"


def _alternation(terms: Iterable[tuple[str, bool]]) -> re.Pattern[str]:
    ordered = sorted(set(terms), key=lambda item: (-len(item[0]), item[0]))
    return re.compile("|".join(_term_pattern(term, cs) for term, cs in ordered))


_RUN = re.compile(r"[A-Za-z0-9]+")
Candidate = tuple[int, str]  # (chars before the first letter/digit, pattern source)


@lru_cache(maxsize=4)
def _lexicon_index(lexicon: SkillLexicon) -> dict[str, list[Candidate]]:
    """First letter/digit run of each term (lower case) → its patterns, longest term first.

    Scanning word starts and trying only the terms that can begin there is ~50x faster than
    one alternation of every term. A pattern is compiled when first tried (`_compiled`): a run
    tries the few dozen terms whose first word its texts hold, not the ~1,000 of the lexicon
    (compiling them all was ~0.12 s of a cold run).
    """
    index: dict[str, list[tuple[int, int, str]]] = {}
    for term in lexicon.terms():
        run = _RUN.search(term)
        if run is None:
            continue
        source = _term_pattern(term, lexicon.is_case_sensitive(term))
        index.setdefault(run.group(0).lower(), []).append((-len(term), run.start(), source))
    return {
        key: [(offset, source) for _, offset, source in sorted(entries, key=lambda e: e[0])]
        for key, entries in index.items()
    }


@cache  # bounded by the lexicon; re's own cache (512) is smaller than it
def _compiled(source: str) -> re.Pattern[str]:
    return re.compile(source)


def _scan(
    text: str, lexicon: SkillLexicon, start: int = 0, end: int | None = None
) -> Iterator[tuple[int, int]]:
    """(start, end) of each lexicon match in text[start:end], leftmost-longest, no overlaps."""
    index = _lexicon_index(lexicon)
    limit = len(text) if end is None else end
    last = start
    for run in _RUN.finditer(text, start, limit):
        for offset, source in index.get(run.group(0).lower(), ()):
            begin = run.start() - offset
            if begin < last or begin < 0:
                continue
            if (match := _compiled(source).match(text, begin, limit)) is not None:
                yield match.start(), match.end()
                last = match.end()
                break


@lru_cache(maxsize=64)
def _extra_pattern(extra: tuple[str, ...]) -> re.Pattern[str] | None:
    usable = [(term, len(term) <= 3 or term.isupper()) for term in extra if term.strip()]
    return _alternation(usable) if usable else None


def _sentence_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    left = 0
    for match in _SENTENCE_END.finditer(text, 0, start):
        left = match.end()
    right_match = _SENTENCE_END.search(text, end)
    return left, right_match.start() if right_match else len(text)


def _neighbour_words(text: str, start: int, end: int) -> tuple[str, str]:
    before = _WORD.findall(text[max(0, start - 40) : start])
    after = _WORD.findall(text[end : end + 40])
    previous = before[-1].casefold() if before else ""
    following = after[0].casefold() if after and text[end : end + 1] in " \t" else ""
    return previous, following


def _in_context(text: str, start: int, end: int, lexicon: SkillLexicon) -> bool:
    """A short/ambiguous name counts only beside another skill or a technical cue word."""
    if text[end : end + 1] in {"-", "'", "’", "&"} or text[end : end + 4].casefold() == "/no-":
        return False
    if len(text[start:end]) == 1 and re.match(r"\.\s+[A-Z]", text[end : end + 3]):
        return False  # an initial: "John R. Smith"
    previous, following = _neighbour_words(text, start, end)
    if previous in _BAD_PREVIOUS or following in _BAD_NEXT:
        return False
    if previous in lexicon.context_cues or following in lexicon.context_cues:
        return True
    left, right = _sentence_bounds(text, start, end)
    for other_start, other_end in _scan(text, lexicon, left, right):
        name = lexicon.canonical(text[other_start:other_end])
        if other_start != start and name and name not in lexicon.needs_context:
            return True
    return False


def find_skills(
    text: str, *, extra: Iterable[str] = (), lexicon: SkillLexicon | None = None
) -> list[str]:
    """Canonical skill names found in `text`, in order of first appearance, no duplicates.

    `extra` adds the resume's own Skills-section terms, returned as given in `extra`; terms the
    lexicon already knows keep the lexicon's name and matching rules.
    """
    lex = lexicon or load_skill_lexicon()
    extra_terms = tuple(dict.fromkeys(term.strip() for term in extra if term.strip()))
    spans: list[tuple[int, int, str]] = []
    for start, end in _scan(text, lex):
        name = lex.canonical(re.sub(r"\s+", " ", text[start:end]))
        if name is None:
            continue
        if name in lex.needs_context and not _in_context(text, start, end, lex):
            continue
        spans.append((start, end, name))
    own = tuple(term for term in extra_terms if lex.spelled(term) is None)
    if (own_pattern := _extra_pattern(own)) is not None:
        by_fold = {term.casefold(): term for term in own}
        for match in own_pattern.finditer(text):
            written = re.sub(r"\s+", " ", match.group(0)).casefold()
            spans.append((match.start(), match.end(), by_fold.get(written, match.group(0))))
    return list(dict.fromkeys(name for _, _, name in _without_overlaps(spans)))


def _without_overlaps(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Leftmost, then longest, wins: 'geo-split tests' is not also 'split tests'."""
    kept: list[tuple[int, int, str]] = []
    for span in sorted(spans, key=lambda s: (s[0], s[0] - s[1])):
        if not kept or span[0] >= kept[-1][1]:
            kept.append(span)
    return kept
