"""Job-ad units (a list item or a prose sentence) read by a small learned model: its role.

The roles are what a unit of an ad does: a requirement (a qualification asked of the
candidate), a duty, a benefit or pay line, the company speaking of itself, a process or legal
notice, or a condition of work. The model is a linear classifier over the unit's own words (no
heading: it must read ads that have none) and a fixed vector of their meaning
(`core.text.meaning_vectors`), trained by `tools/train_jd_unit_roles.py` on the job-postings corpus,
each unit labelled by the heading it sits under there, and on the units of the postings labelled
by hand (tests/corpus_labels/postings_units.json and its fifth round,
postings_units_round5.json). A second linear
model tells a nice-to-have requirement from a must-have one; the reader does not consult it (on
the dev postings it changed no must/nice decision for the better, and on the real and dev cases
it made some worse: docs/EVALUATION.md).

Lexical features come from a fixed vocabulary (`core/data/common_words.tsv`); any other word is
only its shape ("<num>", "<money>", "<word>"), so the shipped weights hold no one's name or
address; a one-word skill term of `core/data/skill_terms.txt` is kept as itself. The weights
live in `core/data/jd_unit_roles.json`, their recipe and tuning scores in
`core/data/jd_unit_roles_manifest.json`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise

import numpy as np

from core.jd.phrases import skill_terms
from core.jd.rarity import common_words
from core.jd.requirements import Candidate, sentences, unit_wholes
from core.jd.sections import NEVER_REQUIREMENTS, Section
from core.resources import package_dir
from core.text.meaning_vectors import meaning_vectors

MODEL_FILE = "jd_unit_roles.json"
MANIFEST_FILE = "jd_unit_roles_manifest.json"
ROLES = ("requirement", "duty", "benefit", "company", "notice", "condition")
TOKEN = re.compile(r"[a-z][a-z'’+#]*[a-z+#]|[a-z]|\d+(?:[.,]\d+)?|[$£€%]")
MONEY = frozenset("$£€")


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """Everyday English words and the one-word skill terms of the shared term list."""
    return common_words() | frozenset(t for t in skill_terms() if " " not in t)


def _word(token: str) -> str:
    if token in MONEY:
        return "<money>"
    if token[0].isdigit():
        return "<num>"
    token = token.replace("’", "'")
    return token if token in _vocabulary() else "<word>"


def _length_bucket(count: int) -> str:
    for limit in (3, 6, 10, 16, 25, 40):
        if count <= limit:
            return str(limit)
    return "more"


def unit_features(text: str) -> list[str]:
    """The features of one unit: its words (common words, else their shape), word pairs, its
    opening words, length and end mark. The same function serves training."""
    words = [_word(t) for t in TOKEN.findall(text.lower())]
    found = [f"w={w}" for w in words]
    found += [f"b={a}_{b}" for a, b in pairwise(words)]
    if words:
        found.append(f"f={words[0]}")
        found.append(f"f2={'_'.join(words[:2])}")
    stripped = text.rstrip()
    found.append(f"end={stripped[-1] if stripped and not stripped[-1].isalnum() else 'none'}")
    found.append(f"len={_length_bucket(len(words))}")
    return found


class UnitRoles:
    """The loaded model: `roles` gives each unit's role probabilities, `nice` the chance a
    requirement is a nice-to-have."""

    def __init__(self, data: dict) -> None:
        self.index = {f: i for i, f in enumerate(data["features"])}
        self.role_weights = np.asarray(data["roles"]["weights"], dtype=np.float32)
        self.role_vector_weights = np.asarray(data["roles"]["vector_weights"], dtype=np.float32)
        self.role_bias = np.asarray(data["roles"]["bias"], dtype=np.float32)
        self.nice_weights = np.asarray(data["nice"]["weights"], dtype=np.float32)
        self.nice_vector_weights = np.asarray(data["nice"]["vector_weights"], dtype=np.float32)
        self.nice_bias = float(data["nice"]["bias"])
        self.vector_scale = float(data["vector"]["scale"])

    def _rows(self, texts: Sequence[str]) -> list[list[int]]:
        index = self.index
        return [sorted({index[f] for f in unit_features(t) if f in index}) for t in texts]

    def _vectors(self, texts: Sequence[str]) -> np.ndarray:
        return meaning_vectors(texts) * self.vector_scale

    def roles(self, texts: Sequence[str]) -> np.ndarray:
        """Per text: probabilities over `ROLES`."""
        if not texts:
            return np.zeros((0, len(ROLES)), dtype=np.float32)
        logits = np.stack([self.role_weights[r].sum(0) for r in self._rows(texts)])
        logits += self._vectors(texts) @ self.role_vector_weights + self.role_bias
        logits -= logits.max(1, keepdims=True)
        exp = np.exp(logits)
        return exp / exp.sum(1, keepdims=True)

    def nice(self, texts: Sequence[str]) -> np.ndarray:
        """Per text: the probability that the requirement is a nice-to-have."""
        if not texts:
            return np.zeros(0, dtype=np.float32)
        logits = np.array([self.nice_weights[r].sum() for r in self._rows(texts)])
        logits += self._vectors(texts) @ self.nice_vector_weights + self.nice_bias
        return 1.0 / (1.0 + np.exp(-logits))


@lru_cache(maxsize=1)
def unit_roles_model() -> UnitRoles:
    """The shipped model, loaded once."""
    path = package_dir("data") / MODEL_FILE
    return UnitRoles(json.loads(path.read_text(encoding="utf-8")))


# Chosen on the dev postings' labels (tuning figures; docs/EVALUATION.md, "Job-ad unit roles
# with a meaning vector"), checked on the tuning cases of eval/real and eval/dev: a unit is taken
# as a requirement (outside a requirements section; inside one, even in the employer's voice)
# when the model gives it `ASK_MIN`. Checked again leave one source out in the product's place
# (docs/EVALUATION.md, "Job ads: the wrapper thresholds re-chosen leave one source out"): 0.55
# and 0.6 lose more requirements of an unseen source than the notices they keep out (-37 and
# -63 of 5,163 requirements for -18 and -45 of 383 notices), so 0.5 stays. With the rows read
# in their place (`core.jd.unit_context`, `CONTEXT_WEIGHT` 0.5; docs/EVALUATION.md, "Job ads:
# the context model shipped"), 0.5 again: 3,936 requirements and 354 notices on unseen sources
# against 3,931 / 362 for the unit model alone; 0.53 (3,920 / 343) loses a cut ask. With the
# context features read per run of units, not per line (docs/EVALUATION.md, "Job ads: the
# context model's neighbours in the unit's run"), 0.52: 3,938 / 346 (0.5: 3,947 / 357; 0.53:
# 3,932 / 339 loses requirements).
ASK_MIN = 0.52
# Under a heading whose kind never asks (a notice, the company, benefits: 'INTERNAL APPLICANTS
# ONLY' over the whole ad) a unit the model reads as a requirement this surely is one ('We need
# somebody with a good knowledge of …'). Dev postings: requirement recall 85.1% -> 85.9% at 0.9
# and at 0.8, notices read as requirements 23 either way; 0.95 changes nothing.
STRONG_ASK_MIN = 0.9
# A requirement candidate of `MIN_DROP_WORDS` or more words whose likeliest role is a benefit,
# the company, a notice or a condition of work, at `WRAPPER_MIN` or more, is dropped when the
# model gives it less than `KEEP_MIN` as a requirement in a requirements list, less than
# `UNLISTED_KEEP_MIN` elsewhere (where a cue word such as 'required' let it in: '… is required
# to fulfil an initial 2 month contract'). Re-chosen leave one source out in the product's place
# on the hand-labelled postings (each source's postings read by the reader with a model trained
# without that source: 871 postings, 5,163 requirements; docs/EVALUATION.md, "Job ads: the
# wrapper thresholds re-chosen leave one source out"). From one floor of 0.1 and `WRAPPER_MIN`
# 0.5 (3,940 requirements found, 383 notices read as requirements): a floor of 0.2 outside lists
# keeps 14 notices out for 8 requirements (0.3: 22 for 12; 0.4: 26 for 18); `WRAPPER_MIN` 0.4
# 4 more and with the floor 7 more, for 1 (0.35: 5 more for 1 more; 0.45: 3 fewer). 0.3 outside
# lists drops an asked schedule clause the model reads as a condition at 0.28 ('… will be
# required to work rotating shifts', tests/core/test_jd_notices.py), so 0.2. In lists a higher
# floor costs a requirement per notice (0.2: -24, -23), so it stays 0.1 (with the model of
# 2026-11-29, 0.2 and 0.3 dropped two of eval/real's asks of a condition, 'you must have
# reliable transportation'). `MIN_DROP_WORDS`: 2 instead of 6 would keep 20 more notices out
# ('Onsite location') for 3 requirements of 5,163, but the model reads short credentials as
# benefits ('Forklift licence' 0.42, eval/real's asked car insurance 0.82), so short items stay.
KEEP_MIN = 0.1
UNLISTED_KEEP_MIN = 0.2
WRAPPER_MIN = 0.4
MIN_DROP_WORDS = 6
WRAPPER_ROLES = frozenset({"benefit", "company", "notice", "condition"})
# Under a requirements heading a line the model reads as a condition of work is most often the
# candidate's availability, asked ("Full-time availability during the harvest season"); elsewhere
# it is a line a cue word let in ("Receptionist is required for a busy surgery"). Dev postings:
# dropping conditions everywhere keeps 3 notices out that dropping none lets in; dropping them
# outside requirement sections only keeps 2 of them out (the third, a physical-demands line,
# stands in a requirements list), recall the same.
ASKED_KINDS = frozenset({"requirements", "nice_to_have"})
ASKED_WRAPPER_ROLES = WRAPPER_ROLES - {"condition"}
# Yet a line there that the model reads as a condition of work at `LISTED_CONDITION_MIN` or more,
# and as a requirement at less than `KEEP_MIN`, is more often a fact about the job than an ask
# ("Some travel between our regional offices"), so it goes too. Leave one source out
# on the hand-labelled units the reader places under a requirements heading (`python -m
# tools.train_jd_unit_roles --loso --loso-rows`), 0.5 to 0.65 drop the most such lines net of
# the requirements they drop (+13, +12, +12, +12 of 2,746 units; 0.7 to 0.95: +6 to +8); on the
# dev postings 0.5 to 0.8 keep out the same three notices, recall the same. 0.6, the middle of
# that plateau (docs/EVALUATION.md). Leave one source out in the product's place (above), 0.5
# keeps 3 more notices out for no requirement, but drops an eval/dev duty-worded ask read as a
# condition at 0.50, and 0.4 an asked availability read at 0.46: 0.6 stays.
LISTED_CONDITION_MIN = 0.6


class AdUnitRoles:
    """The model's role rows for one ad's texts, each text scored once however often it is asked
    (most list items are both a unit `learned_asks` reads and a candidate `drop_wrapper_units`
    reads)."""

    def __init__(self, model: UnitRoles | None = None) -> None:
        self.model = model or unit_roles_model()
        self.rows: dict[str, np.ndarray] = {}

    def roles(self, texts: Sequence[str]) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self.rows]
        if missing:
            self.rows.update(zip(missing, self.model.roles(missing), strict=True))
        if not texts:
            return np.zeros((0, len(ROLES)), dtype=np.float32)
        return np.stack([self.rows[t] for t in texts])


# Where a unit may hold parts that do different things, outside brackets: its sentence ends (one
# run on in lower case too: "…class 1 licence. our depot…"), a spaced dash, and a comma and a
# contrast or consequence word opening a clause ("…at our depot, but will need…"; not "but not
# limited to", "so that"). The word goes with the joint. Also (the ninth session's cuts,
# docs/EVALUATION.md "Job ads: units cut where an ad runs asks together"): 'however' or 'whereas'
# between two lower-case words with no comma ("…environment however full training…"), and a
# masked figure ('****', a board's hidden pay) with no full stop before a capitalised word.
PART_JOINT = re.compile(
    r"(?:\s+[-–—]\s+|(?<=[a-z]{2}[.!?])\s+(?=[a-z])|"
    r",\s+(?i:but|so|however|therefore|whereas|although),?\s+(?!(?i:not|that)\b)|"
    r"(?<=[a-z])\s+(?:however|whereas)\s+(?=[a-z])|"
    r"(?<=\*\*\*)\s+(?=[A-Z][a-z]|[AI]\s))"
    r"(?![^()]*\))"
)
MIN_PART_WORDS = 3


class RoleCuts:
    """Cuts a unit into the parts the model reads as doing different things (the labelling rule:
    a list item holding several sentences is one unit unless they have different roles). A unit
    is cut at its `PART_JOINT`s; parts under `MIN_PART_WORDS` words join the part before them,
    neighbours the model gives the same likeliest role join up, and the unit stays whole when
    one part is left."""

    def __init__(self, scores: AdUnitRoles) -> None:
        self.scores = scores

    def __call__(self, text: str) -> list[str]:
        spans = _parts(text)
        if len(spans) < 2:
            return [text]
        roles = self.scores.roles([text[a:b] for a, b in spans]).argmax(1)
        merged = [spans[0]]
        for span, role, before in zip(spans[1:], roles[1:], roles, strict=False):
            if role == before:  # joined as written, the joint between them kept
                merged[-1] = (merged[-1][0], span[1])
            else:
                merged.append(span)
        return [text[a:b] for a, b in merged] if len(merged) > 1 else [text]


def _parts(text: str) -> list[tuple[int, int]]:
    """Where `text`'s parts lie (start, end), each a span of the text as written; the whole text
    where a sentence cannot be found in it as written."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    for sentence in sentences(text):
        at = text.find(sentence, cursor)
        if at < 0:  # a sentence rejoined after an abbreviation, spaced otherwise
            return [(0, len(text))]
        cursor, start = at + len(sentence), 0
        for joint in PART_JOINT.finditer(sentence):
            spans.append((at + start, at + joint.start()))
            start = joint.end()
        spans.append((at + start, cursor))
    kept: list[tuple[int, int]] = []
    for a, b in (_stripped(text, a, b) for a, b in spans):
        if a == b:
            continue
        words = len(text[a:b].split())
        if kept and min(words, len(text[kept[-1][0] : kept[-1][1]].split())) < MIN_PART_WORDS:
            kept[-1] = (kept[-1][0], b)
        else:
            kept.append((a, b))
    return kept


def _stripped(text: str, a: int, b: int) -> tuple[int, int]:
    """The span without the white space at its ends."""
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def learned_asks(
    sections: Sequence[Section], scores: AdUnitRoles | None = None, cut: RoleCuts | None = None
) -> frozenset[str]:
    """Units that read as requirements (`ASK_MIN`; in benefits, pay, company and notice sections
    `STRONG_ASK_MIN`), as the texts `extract_candidates` compares (`unit_wholes`, cut by `cut`)."""
    need = {  # a unit in two sections needs what its first section asks
        u: (STRONG_ASK_MIN if s.kind in NEVER_REQUIREMENTS else ASK_MIN)
        for s in reversed(sections)
        for u in (unit_wholes(s, cut) if cut else unit_wholes(s))
    }
    texts = list(need)
    if not texts:
        return frozenset()
    rows = (scores or AdUnitRoles()).roles(texts)[:, ROLES.index("requirement")]
    return frozenset(t for t, p in zip(texts, rows, strict=True) if p >= need[t])


def drop_wrapper_units(
    candidates: list[Candidate], scores: AdUnitRoles | None = None
) -> list[Candidate]:
    """The candidates the model does not read as wrapper text (see `KEEP_MIN`,
    `UNLISTED_KEEP_MIN`, `WRAPPER_MIN`, `LISTED_CONDITION_MIN`). A candidate of fewer than
    `MIN_DROP_WORDS` words is kept: a short credential ("Forklift licence") has too few words
    for the model to read."""
    if not candidates:
        return candidates
    rows = (scores or AdUnitRoles()).roles([c.text for c in candidates])
    kept = []
    for candidate, row in zip(candidates, rows, strict=True):
        likeliest = ROLES[int(row.argmax())]
        in_list = candidate.section_kind in ASKED_KINDS
        floor = KEEP_MIN if in_list else UNLISTED_KEEP_MIN
        wrapper = row[ROLES.index("requirement")] < floor and (
            (
                likeliest in (ASKED_WRAPPER_ROLES if in_list else WRAPPER_ROLES)
                and row.max() >= WRAPPER_MIN
            )
            or (in_list and row[ROLES.index("condition")] >= LISTED_CONDITION_MIN)
        )
        if wrapper and len(candidate.text.split()) >= MIN_DROP_WORDS:
            continue
        kept.append(candidate)
    return kept
