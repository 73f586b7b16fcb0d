"""Features of each resume line and its neighbours, for the line reader (training and reading).

One function, `sequence_features`, serves `tools/train_line_reader.py` and `core.reader.model`.
A line is seen through its shape (length, capitals, digits, punctuation, bullet glyph,
indentation), the project's exact detectors (e-mail, URL, phone via `phonenumbers`, dates via
`core.text.dates`, degree names, legal suffixes of organisations, job-title words), its place in
the document and among blank lines, its layout when the extractor gives one, a few words, and
its meaning (`core.reader.meaning`: the nearest of a fixed set of meaning-vector centroids and
the bucket along each of a few principal axes; the line's own and its next neighbours').
Word identity is a feature only for words of a fixed vocabulary of project data (everyday
English words and the section-heading synonyms), so the model holds no word of a training
document that the project's data does not already hold: no names, e-mails or phone numbers.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache

from core.ingest.degrees import DEGREE
from core.ingest.sections import SECTION_SYNONYMS, heading_kind, heading_words
from core.jd.rarity import common_words
from core.reader.lines import Line
from core.reader.meaning import AXES, meaning_features
from core.resources import package_dir
from core.text.contact import EMAIL, URL, phone_spans
from core.text.dates import MONTHS, find_dates
from core.text.orgs import has_legal_suffix

BULLET_GLYPHS = frozenset("•●▪◦‣∙·*-–—+>»■□◆◇➢✓✔☑○►")
_WORD = re.compile(r"[A-Za-z][A-Za-z'&+.#-]*")
_MD_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_SEPARATORS = re.compile(r"\s[|–—·•@]\s|\t|\s{3,}| - |, ")
NEIGHBOUR_KEYS = (
    "len",
    "caps",
    "bullet",
    "date",
    "date_most",
    "email",
    "phone",
    "url",
    "end",
    "hk",
    "blank_before",
    "blank_after",
    "degree",
    "title_word",
    "words",
    "bold",
    "size",
    "md",
    "mc",
    *(f"ma{i}" for i in range(AXES)),
)


@lru_cache(maxsize=1)
def heading_vocabulary() -> frozenset[str]:
    return frozenset(w for phrases in SECTION_SYNONYMS.values() for p in phrases for w in p.split())


@lru_cache(maxsize=1)
def heading_phrases() -> frozenset[str]:
    return frozenset(p for phrases in SECTION_SYNONYMS.values() for p in phrases)


@lru_cache(maxsize=1)
def vocabulary() -> frozenset[str]:
    """Lower-cased words whose identity may be a feature (project data only)."""
    return frozenset(common_words()) | heading_vocabulary()


@lru_cache(maxsize=1)
def title_words() -> frozenset[str]:
    data = json.loads((package_dir("data") / "title_words.json").read_text(encoding="utf-8"))
    return frozenset(data["words"])


def bucket(value: float, edges: Sequence[float]) -> str:
    """The index of the first edge `value` is below, as text (len(edges) when none)."""
    for i, edge in enumerate(edges):
        if value < edge:
            return str(i)
    return str(len(edges))


def _date_share(text: str) -> tuple[bool, bool, bool]:
    spans = find_dates(text)
    if not spans:
        return False, False, False
    covered = sum(len(s.text) for s in spans)
    return True, covered * 2 >= len(text.strip()), any(s.end for s in spans)


def line_features(line: Line, text: str) -> dict[str, str | float]:
    """Features of one non-blank line, without its neighbours."""
    stripped = text.strip()
    letters = [ch for ch in stripped if ch.isalpha()]
    words = _WORD.findall(stripped)
    lower = [w.lower().strip(".'-") for w in words]
    upper_share = sum(ch.isupper() for ch in letters) / len(letters) if letters else 0.0
    titled = sum(w[0].isupper() for w in words) / len(words) if words else 0.0
    digit_count = sum(ch.isdigit() for ch in stripped)
    digits = digit_count / len(stripped)
    has_date, date_most, date_range = _date_share(stripped)
    vocab = vocabulary()
    heads = heading_vocabulary()
    # a heading's words in a line that ends as a sentence or a clause does ('… toxicology
    # studies.') name no section: they would open one for every line below (`_section_context`)
    kind = heading_kind(stripped) if len(words) <= 6 and stripped[-1] not in ".,;" else None
    first = stripped[0]
    f: dict[str, str | float] = {
        "bias": 1.0,
        "len": bucket(len(stripped), (4, 12, 25, 45, 80, 140)),
        "words": bucket(len(words), (1, 2, 4, 7, 12, 25)),
        "caps": "all" if upper_share > 0.9 else bucket(upper_share, (0.05, 0.2, 0.5)),
        "titled": bucket(titled, (0.3, 0.7, 0.99)),
        "digits": bucket(digits, (0.01, 0.1, 0.3, 0.6)),
        "end": stripped[-1]
        if stripped[-1] in ".:,;)|-–"
        else ("d" if stripped[-1].isdigit() else "a"),
        "bullet": first in BULLET_GLYPHS or bool(re.match(r"^\(?\d{1,2}[.)]\s", stripped)),
        "md": bool(_MD_HEADING.match(text)) or stripped.startswith("**"),
        "indent": bucket(len(text) - len(text.lstrip()), (1, 3, 6)),
        "seps": bucket(len(_SEPARATORS.findall(stripped)), (1, 2, 4)),
        "email": bool(EMAIL.search(stripped)),
        "url": bool(URL.search(stripped)) and not EMAIL.search(stripped),
        "phone": digit_count >= 7 and bool(phone_spans(stripped)),  # a phone has 7+ digits
        "date": has_date,
        "date_most": date_most,
        "date_range": date_range,
        "month": any(w[:3] in MONTHS for w in lower),
        "degree": bool(DEGREE.search(stripped)),
        "org": has_legal_suffix(stripped),
        "title_word": any(w in title_words() for w in lower),
        "hk": kind.value if kind else "none",
        "heads": bucket(sum(w in heads for w in lower) / len(lower), (0.01, 0.5, 0.99))
        if lower
        else "x",
        "colon_inside": ":" in stripped[:-1],
        "paren": "(" in stripped,
        "w0": lower[0] if lower and lower[0] in vocab else "<oov>",
        "wl": lower[-1] if lower and lower[-1] in vocab else "<oov>",
    }
    if len(lower) <= 6:
        for word in lower:
            if word in vocab:
                f[f"w={word}"] = 1.0
        hw = heading_words(stripped)
        if hw in heading_phrases():
            f["known_heading"] = 1.0
    f.update(_layout(line))
    return f


def _layout(line: Line) -> dict[str, str | float]:
    f: dict[str, str | float] = {"src": line.source}
    if line.size is not None:
        f["size"] = bucket(line.size, (0.9, 1.05, 1.2, 1.5))
    if line.bold is not None:
        f["bold"] = line.bold
    if line.italic is not None:
        f["italic"] = line.italic
    if line.x0 is not None:
        f["x0"] = bucket(line.x0, (0.1, 0.2, 0.35, 0.5))
    if line.style:
        f["style"] = line.style.lower()[:20]
    if line.in_table:
        f["in_table"] = True
    if line.at_page_edge:
        f["page_edge"] = True
    return f


def _section_context(own: list[dict[str, str | float]]) -> None:
    """Each line's section so far: the kind of the last known heading above it ("unknown" after
    a short all-capitals line the synonym table does not know), and how many lines back it is."""
    section, since = "start", 0
    for f in own:
        f["sec"], f["since"] = section, bucket(since, (1, 3, 8, 20))
        since += 1
        if f["bullet"]:
            continue
        if f["hk"] != "none":
            section, since = str(f["hk"]), 0
        elif f["caps"] == "all" and f["words"] in ("1", "2", "3") and f["digits"] == "0":
            section, since = "unknown", 0


def sequence_features(lines: Sequence[Line]) -> tuple[list[int], list[dict[str, str | float]]]:
    """The indexes of the non-blank lines and their features, neighbours included."""
    kept = [i for i, line in enumerate(lines) if line.text.strip()]
    own = [line_features(lines[i], lines[i].text) for i in kept]
    for f, meaning in zip(own, meaning_features([lines[i].text for i in kept]), strict=True):
        f.update(meaning)
    n = len(kept)
    for j, i in enumerate(kept):
        own[j]["blank_before"] = i == 0 or not lines[i - 1].text.strip()
        own[j]["blank_after"] = i + 1 >= len(lines) or not lines[i + 1].text.strip()
        own[j]["pos"] = bucket(j / max(n, 1), (0.03, 0.1, 0.3, 0.6, 0.9))
        own[j]["first3"] = j < 3
    _section_context(own)
    out: list[dict[str, str | float]] = []
    for j in range(n):
        f = dict(own[j])
        for offset in (-2, -1, 1, 2):
            k = j + offset
            if not 0 <= k < n:
                f[f"{offset}:edge"] = 1.0
                continue
            keys = NEIGHBOUR_KEYS if abs(offset) == 1 else NEIGHBOUR_KEYS[:8]
            for key in keys:
                if key in own[k]:
                    f[f"{offset}:{key}"] = own[k][key]
            if abs(offset) == 1:
                f[f"{offset}:w0"] = own[k]["w0"]
        out.append(f)
    return kept, out
