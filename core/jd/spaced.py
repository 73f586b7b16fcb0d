"""List items run together with only a space between them, on one long unpunctuated line.

Some exports drop every bullet and line break of a list and keep one space: "ERP system
experience Expertise in Microsoft Excel Month end closings experience Sales and use tax
experience 5+ years of general accounting experience Strong organization skills". Such a line
reads by its shape: many words, (almost) no sentence ends, and several places where a lower-case
word runs into a capitalised one ("experience Expertise", "skills Strong") or into a years figure
("Schedule 5+ years"). Each such joint opens an item, unless the word before it leaves the phrase
open ("in Microsoft", "with Salesforce", "using Python", "and SQL"; the English stop words of
`core/data/jd_phrase_words.json`): a name inside an item is introduced by a small word, a new
item is not.
"""

from __future__ import annotations

import re

from core.jd.phrases import phrase_words
from core.jd.requirements import MUST_CUE, NICE_CUE
from core.jd.sections import ITEM_START

# Shape of a run-together list line (chosen on the tuning ads; docs/eval-notes/jd.md,
# "Space-separated run-together lists").
MIN_WORDS = 30
MIN_JOINTS = 3
MAX_SENTENCE_ENDS = 1

JOINT = re.compile(
    r"(?<=[A-Za-z)])\s+(?=[A-Z][a-z]|[A-Z]{2,6}(?=[\s,/-])|\d{1,2}\s*\+?\s*(?:years|yrs)\b)"
)
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def _opens_item(line: str, joint: re.Match[str]) -> bool:
    """Does the text after this joint start a new item? Not after a word that leaves the phrase
    open ("in", "with", "using"), nor after a capitalised word ("Microsoft Excel", one name)
    unless what follows opens an item by its wording ("… Microsoft Outlook Knowledge of …",
    "… Schedule 5+ years of …": `ITEM_START`, the words that open a requirement line)."""
    words = line[: joint.start()].split()
    word = words[-1].strip("(),;:") if words else ""
    closes = any(cue.fullmatch(word) for cue in (MUST_CUE, NICE_CUE))  # "… required Ability …"
    if not word or (word.lower() in phrase_words()[0] and not closes):  # "in", "with", "using"
        return False
    if line[joint.end() + 1 : joint.end() + 2].isupper():  # an acronym: "commercial HVAC" is one
        return closes or word.lower() in phrase_words()[1]  # item, "skills BA/BS" two (fillers)
    return word[:1].islower() or ITEM_START.match(line[joint.end() :]) is not None


def spaced_cuts(line: str) -> list[int]:
    """Where the items of a space-separated run-together list start ([] for other lines)."""
    if len(line.split()) < MIN_WORDS or len(SENTENCE_END.findall(line)) > MAX_SENTENCE_ENDS:
        return []
    cuts = [match.end() for match in JOINT.finditer(line) if _opens_item(line, match)]
    return cuts if len(cuts) >= MIN_JOINTS else []
