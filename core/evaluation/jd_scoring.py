"""Score a JD analysis against a labelled case (eval/dev/*/labels.json).

- Requirement recall: a labelled requirement is matched when an extracted requirement's text
  contains it, or the two overlap strongly (case, whitespace and punctuation ignored). An
  extracted text many times longer than the label does not count as "containing" it, unless it
  starts with the label and stays short (a requirement followed by its explanation).
- Precision: the share of extracted requirements that match some label.
- Priority accuracy: on matched labels, the share whose must/nice agrees.
- Keyword recall: labelled `jd_keywords` found among the ATS keywords (`analysis.keywords`),
  strictly (same words, case-insensitive) and loosely (inside a longer keyword, or covered by
  keywords joined with and/or: 'R or Python' by 'R' + 'Python'); and loosely in either tier (the
  ATS keywords or the other terms in the ad, `analysis.all_terms()`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from core.contracts import JDAnalysis, Requirement
from core.jd.reading import reading_warnings

CONNECTORS = {"and", "or", "&", "the", "a", "an", "of", "to", "with", "in", "for"}
MIN_TOKEN_OVERLAP = 0.8  # share of the label's words found in the extracted text
MIN_EXTRACTED_SHARE = 0.5  # share of the extracted text's words that belong to the label
MAX_HEADED_WORDS = 40  # an extracted text that starts with the label may explain it this long


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
    if ext.startswith(f"{lab} ") and len(ext_words) <= MAX_HEADED_WORDS:
        return True  # the requirement stated first, then explained: "Competitive by nature – …"
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
    either = [k for k in wanted if keyword_found(k, analysis.all_terms(), strict=False)]
    return {
        "labelled": len(wanted),
        "recall_strict": _ratio(len(strict), len(wanted)),
        "recall": _ratio(len(loose), len(wanted)),
        "either_count": len(either),
        "recall_either_tier": _ratio(len(either), len(wanted)),
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


def boilerplate_hits(analysis: JDAnalysis, examples: Sequence[str]) -> list[str]:
    """Labelled boilerplate passages that overlap an extracted requirement."""
    hits = []
    for example in examples:
        ex = normalise(example)
        for req in analysis.requirements:
            text = normalise(req.text)
            if ex and text and (ex in text or text in ex or requirement_matches(example, req.text)):
                hits.append(example)
                break
    return hits


def _singular(title: str) -> str:
    """The title with a plural last word made singular ('drivers' → 'driver'): an ad that hires
    several people names the same role as one that hires one."""
    return re.sub(r"(?<=[a-z]{3})s$", "", title)


def title_matches(label: str, extracted: str) -> bool:
    """Same title (in the singular or the plural), or one inside the other sharing most of the
    longer one's words."""
    lab, ext = _singular(normalise(label)), _singular(normalise(extracted))
    if not lab or not ext:
        return False
    if lab == ext:
        return True
    head = re.split(r",\s|\s\(|\s[-–—]\s", label.strip())[0]
    if _singular(normalise(head)) == ext:  # the title without its team, shift or place qualifier
        return True
    short, long_ = sorted((lab, ext), key=len)
    return f" {short} " in f" {long_} " and len(short.split()) >= 0.6 * len(long_.split())


def keyword_precision(analysis: JDAnalysis, wanted: Sequence[str]) -> tuple[int, int]:
    """(extracted keywords that match or are part of a labelled one, extracted keywords)."""
    labels = [normalise(w) for w in wanted]
    useful = 0
    for keyword in analysis.keywords:
        k = normalise(keyword)
        useful += any(f" {k} " in f" {lab} " or f" {lab} " in f" {k} " for lab in labels)
    return useful, len(analysis.keywords)


def score_posting(analysis: JDAnalysis, labels: dict[str, Any]) -> dict[str, Any]:
    """`score_analysis` plus counts for summing, keyword precision, boilerplate and title."""
    scored = score_analysis(analysis, labels)
    req, kw = scored["requirements"], scored["keywords"]
    req["matched_count"] = len(req["matched"])
    req["priority_hits"] = sum(m["priority_ok"] for m in req["matched"])
    req["priority_wrong"] = [m for m in req["matched"] if not m["priority_ok"]]
    kw["found_count"] = kw["labelled"] - len(kw["missed"])
    useful, extracted = keyword_precision(analysis, labels.get("jd_keywords", []))
    kw.update(useful_count=useful, extracted=extracted, precision=_ratio(useful, extracted))
    boiler = boilerplate_hits(analysis, labels.get("boilerplate_examples", []))
    scored["boilerplate"] = {"as_requirements": len(boiler), "examples": boiler}
    want = labels.get("target_title", "")
    scored["title"] = {
        "labelled": want,
        "extracted": analysis.target_title,
        "right": title_matches(want, analysis.target_title),
    }
    scored["warnings"] = reading_warnings(analysis)
    return scored
