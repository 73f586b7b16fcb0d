"""Link labels on PDF pages: words that only name a link ('Live | GitHub', 'Demo • Source',
'- link') are buttons to a project or profile, not something the person did.

A link run is one or two words under one link annotation that do not show an address themselves
('jo@example.org', 'github.com/jo' are never labels). The link runs at the end of a line, set
apart from the words before them by a list separator or a wide gap (or making up the whole line),
are link labels when one of them labels a link at least twice in the document: a project's name
linked once is content, while 'GitHub' linked after every project is page furniture. Labels are
left out of the text and listed, with their targets, in `left_out`.
"""

from __future__ import annotations

import itertools
from collections import Counter

from core.contracts import LeftOut
from core.ingest.pdf_layout import WIDE_GAP, PageLine, Word, is_marker
from core.text.furniture import PAGE_FURNITURE

_LABEL_WORDS = 2
_REPEATS = 2
_WHY = f"{PAGE_FURNITURE}: link labels"


def _key(run: list[Word]) -> str | None:
    """The run's words as a label, if they can be one (linked, short, not an address)."""
    if not run[0].link or len(run) > _LABEL_WORDS:
        return None
    if any(ch in w.text for w in run for ch in "@./:"):
        return None
    return " ".join(w.text for w in run).casefold()


def _link_runs(words: list[Word]) -> list[list[Word]]:
    """Consecutive words under one link (separators and unlinked words each a run of their own)."""
    runs: list[list[Word]] = []
    for link, group in itertools.groupby(words, key=lambda w: w.link if not is_marker(w) else ""):
        run = list(group)
        runs += [run] if link else [[w] for w in run]
    return runs


def _tail(words: list[Word]) -> tuple[int, list[str]]:
    """Where the line's trailing link runs start (len(words) if none) and their labels: runs
    and separators back from the end, set apart from what stands before them."""
    runs = _link_runs(words)
    start, keys = len(words), list[str]()
    for run in reversed(runs):
        if all(is_marker(w) for w in run):
            start -= len(run)
            continue
        key = _key(run)
        if key is None:
            break
        start, keys = start - len(run), [key, *keys]
    while start < len(words) and is_marker(words[start]):
        start += 1  # the separator before the labels stays with the words before them
    if not keys or start == 0:
        return start, keys
    before, first = words[start - 1], words[start]
    apart = is_marker(before) or first.x0 - before.x1 > WIDE_GAP * min(first.size, before.size)
    return (start, keys) if apart else (len(words), [])


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
