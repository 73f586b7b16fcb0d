"""Link labels on PDF pages: words that only name a link ('Live | GitHub', 'Demo • Source',
'- link') are buttons to a project or profile, not something the person did.

A link run is one or two words under one link annotation that do not show an address themselves
('jo@example.org', 'github.com/jo' are never labels). The link runs at the end of a line, set
apart from the words before them by a list separator or a wide gap (or making up the whole line),
are link labels when one of them labels a link at least twice in the document: a project's name
linked once is content, while 'GitHub' linked after every project is page furniture. An export
that lost the links leaves the same words as plain text: single capitalised words set out as a
marked list at the end of a line ('Live ● GitHub') count as labels the same way (a lone word at a
line's end, 'Remote', never does). Labels are left out of the text and listed, with their targets,
in `left_out`.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter

from core.contracts import LeftOut
from core.ingest.pdf_layout import WIDE_GAP, PageLine, Word, is_marker
from core.text.furniture import PAGE_FURNITURE

_LABEL_WORDS = 2
_REPEATS = 2
_WHY = f"{PAGE_FURNITURE}: link labels"


def _key(run: list[Word], *, plain: bool = False) -> str | None:
    """The run's words as a label, if they can be one: linked, short, not an address; with
    `plain`, one capitalised word of letters that no link carries (a label whose link an export
    lost)."""
    if len(run) > _LABEL_WORDS or any(ch in w.text for w in run for ch in "@./:"):
        return None
    if plain:
        shaped = len(run) == 1 and not run[0].link and _WORD.fullmatch(run[0].text)
        return run[0].text.casefold() if shaped else None
    return " ".join(w.text for w in run).casefold() if run[0].link else None


_WORD = re.compile(r"[A-Z][A-Za-z]{1,11}")


def _link_runs(words: list[Word]) -> list[list[Word]]:
    """Consecutive words under one link (separators and unlinked words each a run of their own)."""
    runs: list[list[Word]] = []
    for link, group in itertools.groupby(words, key=lambda w: w.link if not is_marker(w) else ""):
        run = list(group)
        runs += [run] if link else [[w] for w in run]
    return runs


def _gap_before(words: list[Word], start: int) -> bool:
    before, first = words[start - 1], words[start]
    return first.x0 - before.x1 > WIDE_GAP * min(first.size, before.size)


def _tail(words: list[Word]) -> tuple[int, list[str]]:
    """Where the line's trailing link runs start (len(words) if none) and their labels: runs
    and separators back from the end, set apart from what stands before them. Where no link
    labels end the line, plain words do when they are a marked list after a wide gap ('Live ●
    GitHub'); never a whole line of them ('Python ● SQL') or one word ('Remote')."""
    linked = _trailing(words, plain=False)
    start, keys, _ = linked
    if keys:
        if start == 0:
            return start, keys
        apart = is_marker(words[start - 1]) or _gap_before(words, start)
        return (start, keys) if apart else (len(words), [])
    start, keys, marked = _trailing(words, plain=True)
    if len(keys) >= 2 and marked and start > 0 and _gap_before(words, start):
        return start, keys
    return len(words), []


def _trailing(words: list[Word], *, plain: bool) -> tuple[int, list[str], bool]:
    """Where the trailing label runs start, their labels, and whether a marker stands between
    two of them."""
    start, keys, marked, after_key = len(words), list[str](), False, False
    for run in reversed(_link_runs(words)):
        if all(is_marker(w) for w in run):
            start -= len(run)
            marked, after_key = marked or bool(keys), False
            continue
        key = _key(run, plain=plain)
        if key is None or (plain and after_key):
            break  # plain labels are one word each, a marker between two ('BA Maths & BA …' is not)
        start, keys, after_key = start - len(run), [key, *keys], True
    while start < len(words) and is_marker(words[start]):
        start += 1  # the separator before the labels stays with the words before them
    return start, keys, marked


def drop_link_labels(lines: list[PageLine]) -> tuple[list[PageLine], list[LeftOut]]:
    """The lines without their link labels (a line left empty is dropped), and what was left
    out (the labels with their targets)."""
    tails = [_tail(line.words) for line in lines]
    counts = Counter(key for _, keys in tails for key in keys)
    kept: list[PageLine] = []
    left_out: list[LeftOut] = []
    for line, (start, keys) in zip(lines, tails, strict=True):
        if not any(counts[key] >= _REPEATS for key in keys):
            kept.append(line)
            continue
        labels, words = line.words[start:], line.words[:start]
        while words and is_marker(words[-1]):
            words.pop()
        targets = sorted({w.link for w in labels if w.link})
        shown = " ".join(w.text for w in labels)
        left_out.append(LeftOut(what=f"{shown} ({', '.join(targets)})"[:200], why=_WHY))
        if words:
            line.words = words
            kept.append(line)
    return kept, left_out
