"""`eval skills`: the span tagger and the ATS keywords scored on SkillSpan-style data.

SkillSpan (Zhang et al., NAACL 2022) labels skill and knowledge spans in job-ad sentences.
Two things are scored (`core.evaluation.span_scoring`):
1. the span tagger (`core.jd.skill_spans`) per sentence: strict span P/R/F1 per kind, the
   paper's measure, beside a loose match (a shared token);
2. keywords of each whole posting (its sentences joined, one a line), each keyword found in a
   sentence counted as a span there: the ATS list `analyze_jd` gives, the tagger's knowledge
   keywords of every sentence (`core.jd.model_keywords`) and the two merged; loose precision (the
   keyword touches a skill or knowledge span), loose recall per kind, and exact matches.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from core.evaluation.span_scoring import KINDS, Counts, Sentence, Span, load_sentences
from core.jd import analyze_jd
from core.jd.model_keywords import tagged_keywords
from core.jd.skill_spans import manifest, tag_tokens

SOURCES = ("ATS list", "tagger", "ATS list + tagger")
NO_SPACE_BEFORE = frozenset({",", ".", ";", ":", ")", "!", "?", "%"})


def detokenise(tokens: tuple[str, ...]) -> tuple[str, list[tuple[int, int]]]:
    """Tokens joined as text (no space before closing punctuation) and each token's offsets."""
    text, offsets = "", []
    for token in tokens:
        if text and token not in NO_SPACE_BEFORE and not text.endswith("("):
            text += " "
        offsets.append((len(text), len(text) + len(token)))
        text += token
    return text, offsets


def keyword_spans(keywords: list[str], text: str, offsets: list[tuple[int, int]]) -> set[Span]:
    """Token spans of every place a keyword occurs in the sentence (case-insensitive)."""
    spans: set[Span] = set()
    for keyword in keywords:
        words = [re.escape(w) for w in keyword.split()]
        if not words:
            continue
        pattern = re.compile(r"(?<!\w)" + r"\s*".join(words) + r"(?!\w)", re.IGNORECASE)
        for match in pattern.finditer(text):
            inside = [
                i for i, (s, e) in enumerate(offsets) if s < match.end() and e > match.start()
            ]
            if inside:
                spans.add((inside[0], inside[-1] + 1))
    return spans


def _postings(sentences: list[Sentence]) -> dict[tuple[str, int], list[Sentence]]:
    grouped: dict[tuple[str, int], list[Sentence]] = defaultdict(list)
    for sentence in sentences:
        grouped[sentence.posting].append(sentence)
    return grouped


def _report(counts: Counts) -> dict[str, float]:
    names = ("precision", "recall", "f1")
    strict = dict(zip([f"strict_{n}" for n in names], counts.strict(), strict=True))
    loose = dict(zip([f"loose_{n}" for n in names], counts.loose(), strict=True))
    return {**strict, **loose, "predicted": counts.predicted, "gold": counts.gold}


def score_tagger(sentences: list[Sentence]) -> dict[str, dict[str, float]]:
    counts = {kind: Counts() for kind in KINDS}
    for sentence in sentences:
        found = tag_tokens(list(sentence.tokens))
        for kind in KINDS:
            counts[kind].add(found[kind], sentence.gold[kind])
    return {kind: _report(c) for kind, c in counts.items()}


def score_keywords(sentences: list[Sentence]) -> dict[str, Any]:
    """Keywords of each posting against the gold spans of its sentences: the ATS list of
    `analyze_jd`, the span tagger's keywords of every sentence (`tagged_keywords`), and both."""
    counts = {source: {kind: Counts() for kind in (*KINDS, "all")} for source in SOURCES}
    for group in _postings(sentences).values():
        texts = [detokenise(s.tokens) for s in group]
        joined = "\n".join(text for text, _ in texts)
        if not joined.strip():
            continue
        ats = analyze_jd(joined).keywords
        tagged = [k.text for k in tagged_keywords([text for text, _ in texts])]
        lists = {"ATS list": ats, "tagger": tagged, "ATS list + tagger": [*ats, *tagged]}
        for sentence, (text, offsets) in zip(group, texts, strict=True):
            gold = {**sentence.gold, "all": sentence.gold["knowledge"] | sentence.gold["skill"]}
            for source, keywords in lists.items():
                found = keyword_spans(keywords, text, offsets)
                for kind, spans in gold.items():
                    counts[source][kind].add(found, spans)
    return {source: _keyword_report(by_kind) for source, by_kind in counts.items()}


def _keyword_report(by_kind: dict[str, Counts]) -> dict[str, Any]:
    anything = by_kind["all"]  # predicted keywords against skill and knowledge spans together
    return {
        "precision_loose": anything.loose()[0],
        "precision_exact": anything.strict()[0],
        "recall_loose": {kind: c.loose()[1] for kind, c in by_kind.items()},
        "recall_exact": {kind: c.strict()[1] for kind, c in by_kind.items()},
        "keywords": anything.predicted,
    }


def evaluate_skills(data: Path) -> dict[str, Any]:
    sentences = load_sentences(data)
    return {
        "data": str(data),
        "sentences": len(sentences),
        "postings": len(_postings(sentences)),
        "model": {k: manifest().get(k) for k in ("version", "model_sha256", "params")},
        "tagger": score_tagger(sentences),
        "keywords": score_keywords(sentences),
    }


def format_report(report: dict[str, Any]) -> str:
    lines = [
        f"{report['data']}: {report['sentences']} sentences, {report['postings']} postings",
        "span tagger        strict P / R / F1 (paper)   loose P / R / F1",
    ]
    for kind in KINDS:
        r = report["tagger"][kind]
        lines.append(
            f"  {kind:<16} {r['strict_precision']:.3f} {r['strict_recall']:.3f} "
            f"{r['strict_f1']:.3f}           {r['loose_precision']:.3f} {r['loose_recall']:.3f} "
            f"{r['loose_f1']:.3f}   ({r['predicted']} predicted, {r['gold']} gold)"
        )
    lines.append("keywords per posting, loose precision / recall knowledge, skill, all; exact all")
    for source in SOURCES:
        k = report["keywords"][source]
        loose, exact = k["recall_loose"], k["recall_exact"]
        lines.append(
            f"  {source:<18} {k['precision_loose']:.3f} / {loose['knowledge']:.3f} "
            f"{loose['skill']:.3f} {loose['all']:.3f}; {exact['all']:.3f} "
            f"({k['keywords']} keyword places)"
        )
    return "\n".join(lines) + "\n"
