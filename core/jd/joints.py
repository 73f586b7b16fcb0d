"""Does a new list item start at this joint? A small learned model over the words either side.

A list pasted without its line breaks keeps one space between items: "High School diploma or
GED Minimum of 5 years' experience … Computer proficiency, especially with Microsoft products."
Each joint is a space before a capitalised word, an acronym or a number; the model reads the
words either side (a common English word as itself, any other word as its shape), their case,
acronym and digit shapes, the punctuation before the space, whether the word before is a stop
word that leaves a phrase open ("in", "with") or a filler that closes one ("skills"), how often
the next word opens a list item and the word before closes one in the training lists, and how far
the joint is from the last sentence end. It is trained by `tools/train_jd_joints.py` on the
markup postings of the job-postings corpus, whose lists keep their items: stretches of items and
the headings among them, and prose paragraphs as negatives, joined with one space. The weights
live in `core/data/jd_joints.json`, the recipe and scores in `core/data/jd_joints_manifest.json`.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from functools import lru_cache

from core.jd.phrases import phrase_words
from core.jd.rarity import common_words
from core.jd.sections import ITEM_START
from core.resources import package_dir

MODEL_FILE = "jd_joints.json"
MANIFEST_FILE = "jd_joints_manifest.json"
# A space (or a few) before a capitalised word, an acronym or a number.
JOINT = re.compile(r"(?<=\S)[ \t]+(?=[A-Z0-9])")
SENTENCE_END = re.compile(r"[.!?]$")
WINDOW = 200  # characters either side of a joint that its features read
STRIP = "()[]{},;:.!?\"'“”‘’*"


def _shape(word: str) -> str:
    """'Xx', 'X' (an acronym), 'x', 'd' (a number), 'Xx-' (a mixed-case name) and so on."""
    bare = word.strip(STRIP)
    if not bare:
        return "punct"
    if bare[0].isdigit():
        return "d+" if "+" in bare else "d"
    if bare.isupper() and len(bare) >= 2:
        return "X"
    if bare[0].isupper():
        return "Xx" if bare[1:].islower() or len(bare) == 1 else "XxX"
    return "x" if bare.islower() else "xX"


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    return common_words()


def _lexical(word: str) -> str:
    """The word itself when it is everyday English, else its shape."""
    bare = word.strip(STRIP).lower().replace("’", "'")
    return bare if bare in _vocabulary() else f"<{_shape(word)}>"


def _bucket(rate: float | None) -> str:
    if rate is None:
        return "none"
    return str(min(int(rate * 10), 9))


def _since(words: list[str]) -> str:
    """Words since the line's start or the last sentence end, bucketed."""
    count = 0
    for word in reversed(words):
        if SENTENCE_END.search(word):
            break
        count += 1
    for limit in (1, 2, 3, 5, 8, 12, 20):  # beyond 20 words the window's cut does not matter
        if count <= limit:
            return str(limit)
    return "more"


def joint_features(
    line: str, joint: re.Match[str], rates: Mapping[str, Mapping[str, float]]
) -> list[str]:
    """The features of one joint of `line`; `rates` holds the learned opening and closing rates
    of common words ("open", "close"). The same function serves training and reading."""
    before = line[max(0, joint.start() - WINDOW) : joint.start()].split()
    after = line[joint.end() : joint.end() + WINDOW].split()
    prev, nxt = before[-1], after[0]
    prev2 = before[-2] if len(before) > 1 else "<start>"
    nxt2 = after[1] if len(after) > 1 else "<end>"
    prev_key = prev.strip(STRIP).lower().replace("’", "'")
    next_key = nxt.strip(STRIP).lower().replace("’", "'")
    punct = prev[-1] if not prev[-1].isalnum() else "none"
    found = [
        f"p={_lexical(prev)}",
        f"n={_lexical(nxt)}",
        f"p2={_lexical(prev2) if prev2 != '<start>' else prev2}",
        f"n2={_lexical(nxt2) if nxt2 != '<end>' else nxt2}",
        f"ps={_shape(prev)}",
        f"ns={_shape(nxt)}",
        f"ps_ns={_shape(prev)}_{_shape(nxt)}",
        f"p_ns={_lexical(prev)}_{_shape(nxt)}",
        f"n2s={_shape(nxt2)}",
        f"punct={punct}",
        f"since={_since(before)}",
        f"open={_bucket(rates['open'].get(next_key))}",
        f"close={_bucket(rates['close'].get(prev_key))}",
    ]
    stop, filler = phrase_words()
    if prev_key in stop:
        found.append("stop")
    if prev_key in filler:  # "skills", "experience": words that close an item
        found.append("filler")
    if ITEM_START.match(line[joint.end() :]):
        found.append("item_start")
    return found


class Joints:
    """The loaded model: `probabilities` gives, per joint of a line, the chance an item starts."""

    def __init__(self, data: dict) -> None:
        self.weights = dict(zip(data["features"], data["weights"], strict=True))
        self.bias = float(data["bias"])
        self.threshold = float(data["threshold"])
        self.rates = data["rates"]

    def probabilities(self, line: str) -> list[tuple[int, float]]:
        """(offset where the next item would start, probability) for every joint of `line`."""
        out = []
        for joint in JOINT.finditer(line):
            score = self.bias + sum(
                self.weights.get(f, 0.0) for f in joint_features(line, joint, self.rates)
            )
            out.append((joint.end(), 1.0 / (1.0 + math.exp(-score))))
        return out

    def cuts(self, line: str) -> list[int]:
        """Where the model starts a new item (probability >= its threshold)."""
        return [at for at, p in self.probabilities(line) if p >= self.threshold]


@lru_cache(maxsize=1)
def joints_model() -> Joints:
    path = package_dir("data") / MODEL_FILE
    return Joints(json.loads(path.read_text(encoding="utf-8")))
