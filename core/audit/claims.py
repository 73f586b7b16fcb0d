"""Amounts and authority claimed without a digit: vague quantities, absolute results, and a
job title the line gives the writer ("as their manager").

- A vague quantity ("a score of runbooks", "dozens of dashboards", "hundreds of routes") is a
  count: the evidence must use the same words, or give a number in the range they mean about
  the same thing. "a score of runbooks" on "25 runbooks" says 20, not 25.
- An absolute result ("zero downtime", "to zero", "100%", "flawless") must be stated by the
  evidence as an absolute about the same thing ("no downtime", "went to zero", "every").
- "as their manager", "as supervisor", "as its store manager": a title the line makes the
  writer's own role must be the role's title, or one the evidence gives the writer (not
  someone else's: "covered the store manager's role").

The words are in core/data/claim_words.json (closed, generic categories).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from core.audit.names import title_in_text, title_matches
from core.audit.vocabulary import TITLE_HEADS
from core.contracts import RoleEntry
from core.retrieval.text_analysis import STOPWORDS, tokenize
from core.text.levels import data_table, word_pattern
from core.text.number_words import find_worded

WINDOW = 3  # words either side of a claim that name what it is about


@dataclass(frozen=True)
class ClaimFinding:
    span: str
    detail: str
    changed: bool = False


@lru_cache(maxsize=1)
def _words() -> dict[str, object]:
    return data_table("claim_words.json")


def _stems(words: list[str]) -> set[str]:
    return {re.sub(r"(?:es|s)$", "", w) if len(w) > 3 else w for w in words if len(w) > 2}


def _after(text: str, end: int) -> set[str]:
    return _stems([t for t in tokenize(text[end:])[:WINDOW] if not t.isdigit()])


def _numbers_with_nouns(evidence: str) -> list[tuple[float, set[str], str]]:
    """Each number the evidence gives (digits or words), with the words after it."""
    out: list[tuple[float, set[str], str]] = []
    for m in re.finditer(r"(?<![\w.])(\d[\d,]*(?:\.\d+)?)(?!\s*%)", evidence):
        value = float(m.group(1).replace(",", ""))
        out.append((value, _after(evidence, m.end()), m.group(0) + evidence[m.end() :][:30]))
    for word in find_worded(evidence):
        out.append((word.value, _after(evidence, word.end), evidence[word.start : word.end + 30]))
    return out


def vague_quantity_findings(text: str, evidence: str) -> list[ClaimFinding]:
    table: dict[str, list[int]] = _words()["vague_quantities"]  # type: ignore[assignment]
    out: list[ClaimFinding] = []
    for m in word_pattern(list(table)).finditer(text):
        phrase = m.group(0)
        if re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", evidence, re.I):
            continue
        low, high = table[phrase.lower()]
        about = _after(text, m.end())
        same = [(v, quote) for v, nouns, quote in _numbers_with_nouns(evidence) if nouns & about]
        if any(low <= v <= high for v, _ in same):
            continue
        span = " ".join(text[m.start() :].split()[: len(phrase.split()) + 1])
        if same:
            quote = " ".join(same[0][1].split()[:2])
            detail = (
                f"'{span}' means {low:,}–{high:,}" if low != high else f"'{span}' means {low}"
            ) + f", but the evidence says '{quote}'."
            out.append(ClaimFinding(span, detail, changed=True))
        else:
            out.append(ClaimFinding(span, f"'{span}' claims a count the evidence does not give."))
    return out


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.;!?])\s+|\n", text) if s.strip()]


def _qualified(text: str, end: int) -> set[str]:
    """The word an absolute stands before as its adjective ("zero downtime", "a perfect rating"),
    stemmed; empty when a preposition or nothing follows ("to zero", "100% of the orders")."""
    m = re.match(r"\s+([A-Za-z][\w-]*)", text[end:])
    if not m or m.group(1).lower() in STOPWORDS:
        return set()
    return _stems(tokenize(m.group(1)))


def absolute_findings(text: str, evidence: str) -> list[ClaimFinding]:
    """An absolute must be stated as an absolute about the same thing: an evidence sentence
    with an absolute word that shares the words around the claim (not the absolute words
    themselves: "every" in "a perfect rating on every audit" names nothing), and, when
    the claim qualifies a noun ("zero downtime", "a perfect rating"), that noun."""
    claims: list[str] = _words()["absolute_claims"]  # type: ignore[assignment]
    backing_words: list[str] = _words()["absolute_evidence"]  # type: ignore[assignment]
    backing = word_pattern(backing_words)
    absolute = _stems([w.lower() for w in [*claims, *backing_words]])
    out: list[ClaimFinding] = []
    for m in word_pattern(claims).finditer(text):
        words = tokenize(text)
        before = tokenize(text[: m.start()])[-WINDOW:]
        about = (_stems(before + tokenize(text[m.end() :])[:WINDOW]) or _stems(words)) - absolute
        noun = _qualified(text, m.end()) - absolute
        if any(
            backing.search(s) and _stems(tokenize(s)) & about and noun <= _stems(tokenize(s))
            for s in _sentences(evidence)
        ):
            continue
        span = " ".join(text[m.start() :].split()[:2])
        out.append(
            ClaimFinding(span, f"'{span}' is an absolute the evidence does not state.", True)
        )
    return out


def _role_after_as(text: str) -> list[tuple[int, str]]:
    dets: list[str] = _words()["own_role_determiners"]  # type: ignore[assignment]
    det = "|".join(re.escape(d) for d in dets)
    found: list[tuple[int, str]] = []
    pattern = rf"\bas\s+(?:(?:{det})\s+)?((?:[\w-]+\s+){{0,2}}[\w-]+)"
    for m in re.finditer(pattern, text, re.I):
        words = m.group(1).split()
        while words and words[-1].lower() not in TITLE_HEADS:
            words.pop()  # "as their charge nurse on a" ends at its head word, "nurse"
        if words and not re.match(r"one\b", words[0], re.I):
            run = " ".join(words)
            found.append((m.start(), text[m.start() : m.start(1)] + run))
    return found


def authority_findings(text: str, evidence: str, roles: list[RoleEntry]) -> list[ClaimFinding]:
    out: list[ClaimFinding] = []
    for _, said in _role_after_as(text):
        run = said.split(maxsplit=1)[1]
        candidates = {run, run.split(maxsplit=1)[-1]}
        if any(title_matches(c, r.title) for c in candidates for r in roles if r.title):
            continue
        if any(title_in_text(c, evidence) for c in candidates):
            continue
        held = ", ".join(f"'{r.title}'" for r in roles if r.title) or "no such title"
        detail = f"'{said}' claims a role the evidence does not give you (your title: {held})."
        out.append(ClaimFinding(said, detail))
    return out
