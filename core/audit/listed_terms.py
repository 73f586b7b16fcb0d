"""Skill phrases from the shared cross-occupation term list (core/data/skill_terms.txt, the
list the job-ad reader uses) that a line names and the fact resume never does: "oncology
clinical trials" on a resume that has no trial work. Only terms of two or more words are read
(single words of that list are too ordinary to judge), and a term is invented only when one of
its words appears nowhere in the resume: a reordering of the resume's own words ("patient
education" from "educated patients") is left to the overlap check.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.audit.skills import word_in
from core.jd.phrases import skill_terms

_WORD = re.compile(r"[a-z][a-z0-9+#-]*")
MAX_WORDS = 4


@dataclass(frozen=True)
class TermFinding:
    span: str
    detail: str


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def listed_terms(text: str) -> list[tuple[str, int, int]]:
    """(term, start, end) for each multi-word listed term in `text`, longest first where two
    overlap."""
    terms = skill_terms()
    words = [(m.group(0), m.start(), m.end()) for m in _WORD.finditer(text.lower())]
    found: list[tuple[str, int, int]] = []
    for i in range(len(words)):
        for width in range(MAX_WORDS, 1, -1):
            run = words[i : i + width]
            if len(run) < width:
                continue
            plain = [w for w, _, _ in run]
            for form in (" ".join(plain), " ".join([*plain[:-1], _singular(plain[-1])])):
                if form in terms:
                    found.append((form, run[0][1], run[-1][2]))
                    break
            else:
                continue
            break
    found.sort(key=lambda t: (t[1], -(t[2] - t[1])))
    kept: list[tuple[str, int, int]] = []
    for term in found:
        if not kept or term[1] >= kept[-1][2]:
            kept.append(term)
    return kept


def invented_terms(
    text: str, *, evidence: str, resume_text: str, skip: Sequence[tuple[int, int]] = ()
) -> list[TermFinding]:
    """Listed terms in `text` with a word the whole resume never uses."""
    out: list[TermFinding] = []
    for term, start, end in listed_terms(text):
        if any(a <= start and end <= b for a, b in skip):
            continue  # judged whole already; a term that only overlaps a name is still read

        missing = [
            w for w in term.split() if not word_in(w, resume_text) and not word_in(w, evidence)
        ]
        if missing:
            span = text[start:end]
            out.append(
                TermFinding(span, f"'{span}' appears nowhere in your resume ('{missing[0]}').")
            )
    return out


_WORD_BEFORE = re.compile(r"[A-Za-z][\w-]*(?:['’]s\b)?")
_POSSESSIVE = re.compile(r"['’]s$")

# Words that end a tool's description without being part of what it is.
_BOUNDARY = frozenset(
    {"the", "a", "an", "our", "their", "its", "new", "in", "on", "with", "and", "of", "for"}
    | {"to", "from", "using", "via", "into", "by", "at", "as"}
)


def invented_tool_kinds(
    text: str, *, resume_text: str, skip: Sequence[tuple[int, int]] = ()
) -> list[TermFinding]:
    """A kind of tool the line names by what it is for ("planogram software", "yard
    management system") with a word the resume never uses: the tool is not the resume's."""
    from core.retrieval.text_analysis import tokenize
    from core.text.levels import data_table, word_pattern

    heads = word_pattern(data_table("claim_words.json")["tool_heads"])
    have = set(tokenize(resume_text))
    out: list[TermFinding] = []
    for m in heads.finditer(text):
        words = _WORD_BEFORE.findall(text[: m.start()])[-2:]
        # an owner ("the district's water system") says whose the tool is, not what kind
        while words and (words[0].lower() in _BOUNDARY or _POSSESSIVE.search(words[0])):
            words.pop(0)
        if words and (words[-1].lower() in _BOUNDARY or _POSSESSIVE.search(words[-1])):
            continue
        start = m.start() - len(" ".join(words)) - 1
        if not words or any(a <= start < b for a, b in skip):
            continue
        missing = [w for w in words if not set(tokenize(w)) <= have]
        if missing:
            span = f"{' '.join(words)} {m.group(0)}"
            out.append(
                TermFinding(span, f"'{span}' appears nowhere in your resume ('{missing[0]}').")
            )
    return out
