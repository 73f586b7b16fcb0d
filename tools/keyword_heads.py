"""ATS keyword candidates built around their head word: an experiment, not used by `analyze_jd`.

The reader's candidates (`core.jd.analyze.collect_keywords`) are mostly the phrase chunker's runs
of words, two thirds of them phrases no recruiter searches. Here a phrase is a candidate only
when its head (its last word) is a word that heads keywords: a tool, product, credential, licence,
method or field of knowledge, not a verb, an adjective alone or a generic noun ('focus', 'team').
Whether a word heads keywords is learned (`tools/train_keyword_heads.py`) from three sources:
the hand-judged keyword lists of training postings (docs/labelling/keywords.md), the knowledge
and skill spans of SkillSpan train (how often the word ends one), and the word's shape (a
capitalised name inside a sentence, an acronym, letters with digits). A run whose own head is
generic backs off to the longest part of it that ends on a good head and does not open with a
verb ('PeopleSoft experience' -> 'PeopleSoft'); a run with no such part gives no candidate.
Term-list categories that training judges found mostly searchable are kept as they are.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.jd.keywords import Keyword, unique_keywords
from core.jd.phrases import duty_verbs, phrase_words, skill_terms
from core.jd.rarity import common_words, zipf

MODEL_FILE = "keyword_heads.json"
MANIFEST_FILE = "keyword_heads_manifest.json"
WORD = re.compile(r"[A-Za-z0-9][\w'’&+#./<>-]*[\w+#>]|[A-Za-z0-9]")
OPENS = re.compile(r"(?:^|[.!?:;•\n])[\s\-–*•▪◦·]*$")
# The term-list categories whose candidates training judges found searchable at least 70% of
# the time (tests/corpus_labels/keyword_judgements.json; docs/EVALUATION.md, tenth session):
# kept as the lists give them. Every other category's candidates are built around their head.
KEPT_AS_LISTED = frozenset(
    {"titles", "tools", "degrees", "product_management", "programming_languages", "compliance",
     "cloud_infrastructure", "frameworks_libraries", "data_platforms", "design", "certifications",
     "business_systems", "devops_observability"}
)  # fmt: skip


@dataclass(frozen=True)
class HeadLexicon:
    """How often a word ends a SkillSpan knowledge span and a skill span, and how often it is
    written there at all (lower-cased, a plural 's' dropped)."""

    knowledge: dict[str, int]
    skill: dict[str, int]
    seen: dict[str, int]


def head_key(word: str) -> str:
    low = word.lower().replace("’", "'")
    if len(low) > 3 and low.endswith("s") and low.isalpha() and not low.endswith("ss"):
        return low[:-1]
    return low


def _shape(word: str) -> str:
    if any(c.isdigit() for c in word):
        return "digit_alpha" if any(c.isalpha() for c in word) else "number"
    letters = [c for c in word if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return "caps" if len(letters) > 1 else "one_capital"
    if word[:1].isupper():
        return "inner_caps" if any(c.isupper() for c in word[1:]) else "capital"
    return "inner_caps" if any(c.isupper() for c in word[1:]) else "lower"


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    return common_words() | frozenset(t for t in skill_terms() if " " not in t)


def _bucket(value: float, edges: Sequence[float]) -> str:
    return next((str(e) for e in edges if value <= e), "more")


@dataclass(frozen=True)
class Around:
    """Where the candidate's first occurrence stands in the ad: whether it opens a sentence or a
    list item, and the words right before and after it ('' at an edge)."""

    opens: bool = False
    before: str = ""
    after: str = ""


def around(text: str, ad_text: str) -> Around:
    at = ad_text.find(text)
    if at < 0:
        return Around()
    before = WORD.findall(ad_text[max(0, at - 30) : at])
    after = WORD.findall(ad_text[at + len(text) : at + len(text) + 30])
    return Around(
        OPENS.search(ad_text[:at]) is not None,
        before[-1] if before else "",
        after[0] if after else "",
    )


def _known(word: str) -> str:
    key = head_key(word)
    return key if key in _vocabulary() or word.lower() in _vocabulary() else f"<{_shape(word)}>"


def _word_features(name: str, word: str, lexicon: HeadLexicon) -> list[str]:
    """How often SkillSpan ends a knowledge or a skill span with the word, and how rare it is."""
    key = head_key(word)
    knowledge, skill = lexicon.knowledge.get(key, 0), lexicon.skill.get(key, 0)
    seen = lexicon.seen.get(key, 0)
    share = (knowledge + 0.5) / (knowledge + skill + seen * 0.05 + 1.0)
    return [
        f"{name}_ss_knowledge={_bucket(knowledge, (0, 1, 3, 10))}",
        f"{name}_ss_skill={_bucket(skill, (0, 1, 3, 10))}",
        f"{name}_ss_share={_bucket(share, (0.1, 0.25, 0.5, 0.75))}",
        f"{name}_zipf={_bucket(zipf(key), (3.9, 4.5, 5, 5.5, 6))}",
    ]


def head_features(text: str, category: str, where: Around, lexicon: HeadLexicon) -> list[str]:
    """What the candidate's head says of it: the head word itself (when it is an everyday word
    or a skill term; any other word only by its shape, so the weights name no one), its ending,
    shape, rarity, how SkillSpan uses it; then the word that modifies it, whether the phrase
    opens with a verb, and the words around it in the ad. Training and reading share it."""
    words = WORD.findall(text)
    if not words:
        return ["empty"]
    head, first = words[-1], words[0]
    key = head_key(head)
    alone = "1" if len(words) == 1 else "n"
    shape = _shape(head)
    if shape == "capital" and where.opens and len(words) == 1:
        shape = "capital_opening"  # a sentence's first word is capitalised anyway
    known = _known(head)
    found = [
        f"cat={category}",
        f"head={known}",
        f"head={known}|{alone}",
        f"head_suffix={key[-3:]}",
        f"head_shape={shape}|{alone}",
        f"n={min(len(words), 4)}",
        f"before={_known(where.before) if where.before else '<edge>'}",
        f"after={_known(where.after) if where.after else '<edge>'}",
        *_word_features("head", head, lexicon),
    ]
    if len(words) > 1:
        found += [f"mod={_known(words[-2])}", f"mod_shape={_shape(words[-2])}"]
        found += _word_features("mod", words[-2], lexicon)
    if first.lower() in duty_verbs() or (len(words) > 1 and first.lower().endswith("ing")):
        found.append("opens_with_verb")
    if text.lower() in skill_terms() or text.lower().rstrip("s") in skill_terms():
        found.append("skill_term")
    if len(words) > 1:
        found.append(f"first={_known(first)}")
    return found


class HeadModel:
    """The trained logistic weights over `head_features` and the threshold a head must pass."""

    def __init__(self, data: dict, lexicon: HeadLexicon) -> None:
        self.weights = dict(zip(data["features"], data["weights"], strict=True))
        self.bias = float(data["bias"])
        self.keep_min = float(data["keep_min"])
        self.lexicon = lexicon

    @classmethod
    def load(cls, folder: Path, lexicon: HeadLexicon) -> HeadModel:
        return cls(json.loads((folder / MODEL_FILE).read_text(encoding="utf-8")), lexicon)

    def score(self, text: str, category: str, where: Around) -> float:
        features = head_features(text, category, where, self.lexicon)
        z = self.bias + sum(self.weights.get(f, 0.0) for f in features)
        return 1.0 / (1.0 + math.exp(-z))


def parts_of(text: str) -> list[str]:
    """The candidate itself, then its parts that could be keywords, longest first: every run of
    its words that starts at its first word, or at its second when the first is a verb (a duty
    verb, or a lower-case word ending in -ing) or a generic word, and that ends on a word that is
    neither a stop word nor a generic one."""
    stop, filler = phrase_words()
    words = text.split()
    first = words[0] if words else ""
    verb = first.lower() in duty_verbs() or (first.islower() and first.endswith("ing"))
    starts = [0, 1] if len(words) > 1 and (verb or first.lower() in filler) else [0]
    parts = [text]
    for start in starts:
        for end in range(len(words), start, -1):
            last = words[end - 1].lower().strip(".,;:")
            if last not in stop and last not in filler:
                parts.append(" ".join(words[start:end]))
    return sorted(dict.fromkeys(parts), key=lambda p: (p != text, -len(p.split())))


def headed_keywords(
    keywords: Iterable[Keyword], ad_text: str, model: HeadModel, *, back_off: bool = True
) -> list[Keyword]:
    """The ad's ATS keywords with every candidate outside KEPT_AS_LISTED replaced by its longest
    part whose head passes the model's threshold, or dropped when no part does (without
    BACK_OFF, kept whole or dropped)."""
    out: list[Keyword] = []
    for keyword in keywords:
        if keyword.category in KEPT_AS_LISTED:
            out.append(keyword)
            continue
        for part in parts_of(keyword.text) if back_off else [keyword.text]:
            if model.score(part, keyword.category, around(part, ad_text)) >= model.keep_min:
                out.append(Keyword(part, keyword.category))
                break
    return unique_keywords(out)
