"""Which words of a role header line are the title, the employer, the place and the dates.

"Informatica, UI Designer / Front-End-Engineer   Jul 2014 – Jul 2016" and "UI Designer at
Informatica (2014 – 2016)" hold the same fields in another order; no rule of separators says which
side is the title. A CRF over the line's tokens (`core/data/header_fields.crfsuite`, trained by
`tools/train_header_fields.py` on role headers composed from real JSON Resumes' work entries in
many orders, separators and date styles) tags each token T (title), O (employer), L (place),
D (dates) or X (a separator). The dates themselves are read by the one date parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.reader.model import load_tagger
from core.resources import package_dir
from core.text.dates import find_dates

MODEL_FILE = "header_fields.crfsuite"
MANIFEST_FILE = "header_fields.json"
_TOKEN = re.compile(r"[\w][\w.&'’+#/-]*|[^\w\s]")
_ORG_WORDS = frozenset(
    {
        "inc",
        "inc.",
        "llc",
        "ltd",
        "ltd.",
        "corp",
        "corp.",
        "corporation",
        "company",
        "co",
        "co.",
        "group",
        "gmbh",
        "plc",
        "university",
        "college",
        "school",
        "hospital",
        "bank",
        "labs",
        "lab",
        "studio",
        "studios",
        "agency",
        "institute",
        "foundation",
        "council",
        "department",
        "district",
        "center",
        "centre",
        "clinic",
        "restaurant",
        "hotel",
        "store",
        "systems",
        "technologies",
        "solutions",
        "services",
        "partners",
        "associates",
        "consulting",
    }
)


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


@dataclass
class Fields:
    title: str = ""
    employer: str = ""
    place: str = ""


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(0), m.start(), m.end()) for m in _TOKEN.finditer(text)]


@lru_cache(maxsize=1)
def _title_words() -> frozenset[str]:
    import json

    data = json.loads((package_dir("data") / "title_words.json").read_text(encoding="utf-8"))
    return frozenset(data["words"])


def _shape(word: str) -> str:
    if word.isdigit():
        return "d"
    if not word[:1].isalnum():
        return "p"
    if word.isupper():
        return "X"
    if word[:1].isupper():
        return "Xx"
    return "x"


def token_features(text: str, tokens: list[Token]) -> list[dict[str, Any]]:
    """Each token's own marks and its neighbours' (the CRF's input)."""
    dated = [(span.begin, span.finish) for span in find_dates(text)]
    titles = _title_words()
    own = []
    for i, tok in enumerate(tokens):
        low = tok.text.casefold()
        gap = text[tokens[i - 1].end : tok.start] if i else ""
        own.append(
            {
                "w": low if len(low) <= 14 else "<long>",
                "shape": _shape(tok.text),
                "suf3": low[-3:],
                "title_word": low.rstrip(".") in titles,
                "org_word": low in _ORG_WORDS,
                "date": any(a <= tok.start < b for a, b in dated),
                "gap": "wide" if len(gap) >= 3 or "\t" in gap else ("sp" if gap else "none"),
                "first": i == 0,
                "last": i == len(tokens) - 1,
            }
        )
    out = []
    for i, f in enumerate(own):
        g = {k: v for k, v in f.items() if v is not False}
        for off in (-2, -1, 1, 2):
            j = i + off
            if 0 <= j < len(own):
                for key in ("w", "shape", "title_word", "org_word", "date", "gap"):
                    value = own[j][key]
                    if value is not False:
                        g[f"{off}:{key}"] = value
            else:
                g[f"{off}:edge"] = True
        out.append({k: (1.0 if v is True else v) for k, v in g.items()})
    return out


def model_path() -> Path:
    return package_dir("data") / MODEL_FILE


def tag_header(text: str, *, tagger: Any = None) -> list[tuple[Token, str]]:
    tokens = tokenize(text)
    if not tokens:
        return []
    tagger = tagger or load_tagger(str(model_path()))
    return list(zip(tokens, tagger.tag(token_features(text, tokens)), strict=True))


def split_header(text: str, *, tagger: Any = None) -> Fields:
    """The title, employer and place of a role header line, each as written (the first run of
    tokens tagged so; the text between its first and last token)."""
    fields = Fields()
    runs: dict[str, list[Token]] = {}
    current, closed = "", set()
    for token, tag in tag_header(text, tagger=tagger):
        if tag == "X":
            continue
        if tag != current:
            closed.add(current)
            current = tag
        if tag not in closed:  # a field's first run only
            runs.setdefault(tag, []).append(token)
    for tag, name in (("T", "title"), ("O", "employer"), ("L", "place")):
        if tag in runs:
            first, last = runs[tag][0], runs[tag][-1]
            setattr(fields, name, text[first.start : last.end].strip(" ,|–—-:(@"))
    return fields
