"""Score a JD analysis against a labelled case (eval/dev/*/labels.json).

- Requirement recall: a labelled requirement is matched when an extracted requirement's text
  contains it, or the two overlap strongly (case, whitespace and punctuation ignored). An
  extracted text many times longer than the label does not count as "containing" it.
- Precision: the share of extracted requirements that match some label.
- Priority accuracy: on matched labels, the share whose must/nice agrees.
- Keyword recall: labelled `jd_keywords` found in `analysis.keywords`, strictly (same words,
  case-insensitive) and loosely (inside a longer keyword, or covered by keywords joined with
  and/or: 'R or Python' by 'R' + 'Python').
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.contracts import JDAnalysis, Requirement

CONNECTORS = {"and", "or", "&", "the", "a", "an", "of", "to", "with", "in", "for"}
MIN_TOKEN_OVERLAP = 0.8  # share of the label's words found in the extracted text
MIN_EXTRACTED_SHARE = 0.5  # share of the extracted text's words that belong to the label


def normalise(text: str) -> str:
    text = text.lower().replace("’", "'")
    return " ".join(re.sub(r"[^\w+#'/]+|(?<!\w)'|'(?!\w)", " ", text).split())


def _tokens(text: str) -> list[str]:
    return normalise(text).split()


def requirement_matches(label: str, extracted: str) -> bool:
    """True when `extracted` states the labelled requirement (see module docstring)."""
    lab, ext = normalise(label), normalise(extracted)
    if not lab or not ext:
        return False
    lab_words, ext_words = lab.split(), ext.split()
    if f" {lab} " in f" {ext} " and len(ext_words) <= 2 * len(lab_words) + 8:
        return True
    if f" {ext} " in f" {lab} " and len(ext_words) >= 0.6 * len(lab_words):
        return True
    shared = set(lab_words) & set(ext_words)
    return (
        len(shared) / len(set(lab_words)) >= MIN_TOKEN_OVERLAP
        and len(shared) / len(set(ext_words)) >= MIN_EXTRACTED_SHARE
    )


def best_match(label: str, requirements: Sequence[Requirement]) -> Requirement | None:
    for req in requirements:
        if requirement_matches(label, req.text):
            return req
    return None


def keyword_found(label: str, keywords: Sequence[str], *, strict: bool = True) -> bool:
    target = normalise(label)
    normed = [normalise(k) for k in keywords]
    if target in normed:
        return True
    if strict:
        return False
    if any(f" {target} " in f" {k} " for k in normed):
        return True
    words = [w for w in target.split() if w not in CONNECTORS]
    parts = [k for k in normed if f" {k} " in f" {target} "]
    covered = {w for k in parts for w in k.split()}
    return bool(words) and all(w in covered for w in words)


def _ratio(hits: int, total: int) -> float:
    return round(hits / total, 4) if total else 1.0


def score_requirements(analysis: JDAnalysis, labels: dict[str, Any]) -> dict[str, Any]:
    label_reqs = labels.get("requirements", [])
    matched: list[dict[str, Any]] = []
    missed: list[str] = []
    priority_hits = 0
    for label in label_reqs:
        req = best_match(label["text"], analysis.requirements)
        if req is None:
            missed.append(label["text"])
            continue
        agrees = req.priority.value == label.get("priority")
        priority_hits += agrees
        matched.append({"label": label["id"], "extracted": req.id, "priority_ok": agrees})
    extra = [
        r.text
        for r in analysis.requirements
        if not any(requirement_matches(lab["text"], r.text) for lab in label_reqs)
    ]
    return {
        "labelled": len(label_reqs),
        "extracted": len(analysis.requirements),
        "recall": _ratio(len(matched), len(label_reqs)),
        "precision": _ratio(len(analysis.requirements) - len(extra), len(analysis.requirements)),
        "priority_accuracy": _ratio(priority_hits, len(matched)),
        "missed": missed,
        "unmatched_extracted": extra,
        "matched": matched,
    }


def score_keywords(analysis: JDAnalysis, labels: dict[str, Any]) -> dict[str, Any]:
    wanted = labels.get("jd_keywords", [])
    strict = [k for k in wanted if keyword_found(k, analysis.keywords)]
    loose = [k for k in wanted if keyword_found(k, analysis.keywords, strict=False)]
    return {
        "labelled": len(wanted),
        "recall_strict": _ratio(len(strict), len(wanted)),
        "recall": _ratio(len(loose), len(wanted)),
        "missed": [k for k in wanted if k not in loose],
        "missed_strict": [k for k in wanted if k not in strict],
    }


def score_analysis(analysis: JDAnalysis, labels: dict[str, Any]) -> dict[str, Any]:
    """Everything above for one case, in one JSON-friendly dict."""
    return {
        "case": labels.get("case", ""),
        "requirements": score_requirements(analysis, labels),
        "keywords": score_keywords(analysis, labels),
        "suspicious_instructions": len(analysis.suspicious_instructions),
    }
