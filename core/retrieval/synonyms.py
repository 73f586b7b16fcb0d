"""The synonym / acronym map (core/data/synonyms.json) and query expansion with it.

The map is data: {head: [other names]}. Entries that share a name merge into one class, so
"CI/CD" ↔ "build and release pipelines" ↔ "continuous delivery" are all one concept. A query
mentions a class when the tokens of one of its names occur in order in the query's tokens
(longest name first, so "usability testing" is not read as "testing").
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from core.errors import ResumeForgeError
from core.retrieval.text_analysis import tokenize

Synonyms = Mapping[str, Sequence[str]]


def load_synonyms(path: Path | None = None) -> dict[str, list[str]]:
    """The synonym map as {head: [alternatives]} (a fresh copy: callers may change it)."""
    return copy.deepcopy(_load(str(path) if path else ""))


@lru_cache(maxsize=8)
def _load(path: str) -> dict[str, list[str]]:
    try:
        if path:
            text = Path(path).read_text(encoding="utf-8")
        else:
            text = resources.files("core").joinpath("data/synonyms.json").read_text("utf-8")
        data = json.loads(text)
    except (OSError, ValueError) as err:
        where = path or "core/data/synonyms.json"
        raise ResumeForgeError(
            f"The synonym map {where} could not be read ({err}). Restore the file from the "
            "repository or point to a valid JSON object of name → list of synonyms."
        ) from None
    entries = data.get("synonyms", data) if isinstance(data, dict) else None
    if not isinstance(entries, dict) or not all(
        isinstance(v, list) and all(isinstance(x, str) for x in v) for v in entries.values()
    ):
        raise ResumeForgeError(
            "The synonym map must be a JSON object of name → list of synonyms "
            "(optionally under a 'synonyms' key)."
        )
    return {str(k): list(v) for k, v in entries.items()}


@dataclass(frozen=True)
class ConceptMatch:
    """A synonym class the query mentions: the name found and the class's other names."""

    found: str
    alternatives: tuple[str, ...]


class SynonymIndex:
    """Synonym classes compiled for fast phrase lookup over token sequences."""

    def __init__(self, synonyms: Synonyms) -> None:
        self.classes: list[list[str]] = _merge_classes(synonyms)
        self._phrases: dict[str, list[tuple[tuple[str, ...], int, str]]] = {}
        for class_index, names in enumerate(self.classes):
            for name in names:
                tokens = tuple(tokenize(name))
                if tokens:
                    self._phrases.setdefault(tokens[0], []).append((tokens, class_index, name))
        for entries in self._phrases.values():
            entries.sort(key=lambda entry: -len(entry[0]))

    def find(self, text: str) -> list[ConceptMatch]:
        """Classes mentioned in `text`, in order of first mention (each class once)."""
        tokens = tokenize(text)
        present = set(_ngrams(tokens))
        matches: list[ConceptMatch] = []
        seen: set[int] = set()
        i = 0
        while i < len(tokens):
            hit = self._longest_at(tokens, i)
            if hit is None:
                i += 1
                continue
            phrase, class_index, name = hit
            i += len(phrase)
            if class_index in seen:
                continue
            seen.add(class_index)
            others = tuple(
                n for n in self.classes[class_index] if tuple(tokenize(n)) not in present
            )
            matches.append(ConceptMatch(found=name, alternatives=others))
        return matches

    def _longest_at(self, tokens: list[str], i: int) -> tuple[tuple[str, ...], int, str] | None:
        for phrase, class_index, name in self._phrases.get(tokens[i], ()):
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                return phrase, class_index, name
        return None


def expand_query(text: str, synonyms: Synonyms) -> list[str]:
    """Other names for every concept `text` mentions (names already in `text` left out)."""
    return [alt for match in _index_for(synonyms).find(text) for alt in match.alternatives]


def _index_for(synonyms: Synonyms) -> SynonymIndex:
    key = json.dumps(synonyms, sort_keys=True, default=list)
    return _cached_index(key)


@lru_cache(maxsize=8)
def _cached_index(key: str) -> SynonymIndex:
    return SynonymIndex(json.loads(key))


def synonym_index(synonyms: Synonyms) -> SynonymIndex:
    """A compiled index for `synonyms` (cached per distinct map)."""
    return _index_for(synonyms)


def _merge_classes(synonyms: Synonyms) -> list[list[str]]:
    """Union of entries that share a name (compared by tokens), keeping first-seen spelling."""
    classes: list[dict[tuple[str, ...], str]] = []
    for head, alternatives in synonyms.items():
        members: dict[tuple[str, ...], str] = {}
        for name in [head, *alternatives]:
            tokens = tuple(tokenize(name))
            if tokens:
                members.setdefault(tokens, name)
        overlapping = [c for c in classes if c.keys() & members.keys()]
        merged: dict[tuple[str, ...], str] = {}
        for c in overlapping:
            classes.remove(c)
            merged.update({k: v for k, v in c.items() if k not in merged})
        merged.update({k: v for k, v in members.items() if k not in merged})
        classes.append(merged)
    return [list(dict.fromkeys(c.values())) for c in classes]


def _ngrams(tokens: list[str], longest: int = 6) -> list[tuple[str, ...]]:
    return [
        tuple(tokens[i : i + n]) for n in range(1, longest + 1) for i in range(len(tokens) - n + 1)
    ]
