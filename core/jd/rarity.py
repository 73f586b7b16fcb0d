"""How common an English word is, on wordfreq's Zipf scale, to rank out generic keyword words.

A one-word candidate that the ad's own phrases yield ("order", "meet", "goals", "weeks") is a
word of everyday English, not a term a recruiter searches for; a rare one ("sanitation",
"decontamination", "GAAP") is. Data: core/data/common_words.tsv, English words of Zipf >= 4.0
from wordfreq 3.1.1 (built by tools/build_common_words.py; CC BY-SA 4.0, see ATTRIBUTION.md);
a word not listed is rarer than 4.0.

`COMMON_ALONE` was chosen on the tuning job ads (docs/eval-notes/jd.md, "Keyword precision by
rarity"): at 4.5 no tuning keyword label is lost and precision rises; at 4.0 real tuning recall
falls.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "common_words.tsv"
FLOOR = 4.0  # the data's lower bound: an unlisted word counts as this rare or rarer
COMMON_ALONE = 4.5


@lru_cache(maxsize=1)
def _zipf_table() -> dict[str, float]:
    table: dict[str, float] = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, _, value = line.partition("\t")
            table[word] = float(value)
    return table


def common_words() -> frozenset[str]:
    """The listed everyday words (lower-cased)."""
    return frozenset(_zipf_table())


def zipf(word: str) -> float:
    """Zipf frequency of an English word (case-insensitive); below FLOOR when not listed."""
    key = word.lower().replace("’", "'")
    return _zipf_table().get(key, FLOOR - 0.1)


def too_common_alone(term: str) -> bool:
    """A single everyday word (Zipf >= COMMON_ALONE), not an acronym, not holding a digit."""
    words = term.split()
    if len(words) != 1 or term.isupper() or any(c.isdigit() for c in term):
        return False
    return zipf(term.strip(".,;:'’\"")) >= COMMON_ALONE
