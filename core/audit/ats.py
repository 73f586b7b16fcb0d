"""The ATS report (SDD 4.5) plus honest must-have coverage.

- Keyword coverage: the share of the JD's ATS keywords (`JDAnalysis.keywords`, the terms a
  recruiter would search; never the ad's other terms, listed apart in `terms_not_counted`) the
  text states word for word
  (case-insensitive, on word boundaries). A synonym does not count: a recruiter searching the
  document for "BigQuery" does not find "Snowflake", so a keyword listed as present is one a
  search of the document finds. Missing keywords are split: `suggested_keywords` are missing
  from the text but your evidence states them, in any word form or by a synonym from the
  synonym map (consider using the job's word); the rest of `missing_keywords` are true gaps.
- Role signal (0-100): how well the draft's leadership-vs-hands-on balance fits the level the
  JD asks for. Each role line is leadership (led, managed, mentored, set strategy, hired, …) or
  hands-on (built, wrote, designed, ran, analysed, …) by its verbs; the leadership share of the
  lines that show either is compared with a target share for the inferred level (IC 0.15,
  Senior 0.3, Staff/Principal/Lead 0.45, Manager/Head/Group 0.6, Director/VP 0.75):
  score = 100 × (1 − |share − target| / max(target, 1 − target)).
- Must-have coverage: must-have requirements the text covers, over all must-haves. A must-have
  is covered when the text states every keyword it names, or when it has a high or medium
  mapping whose evidence a bullet of the text cites and the text states at least one keyword it
  names (if it names any): a cited card alone does not make "mentored engineers" shown when the
  document never says so.

The text is the final document's own text (the re-parsed DOCX, `document_text`) once the resume
is rendered: the report never claims a keyword the document lacks, and a line the audit blocked
or page fit dropped (absent from the document) never counts. Before rendering it is the draft's
text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from core.audit.skills import stated
from core.contracts import (
    ATSReport,
    Confidence,
    DraftBullet,
    EvidenceCard,
    EvidenceMapping,
    JDAnalysis,
    Priority,
    ResumeDraft,
)
from core.mapping.terms import mentions, synonym_classes, synonyms_of

LEADERSHIP_LANGUAGE = re.compile(
    r"\b(?:led|lead|leading|managed|managing|manage|mentor(?:ed|ing)?|coach(?:ed|ing)?|"
    r"hired|hiring|directed|oversaw|overs(?:ee|aw)|supervis\w+|set (?:the )?(?:\w+ )?strategy|"
    r"strategy|roadmap|okrs?|stakeholders?|executive|exec|aligned|influenc\w+|"
    r"spearheaded|headed|owned|own|drove|championed|represent\w*|trained|facilitat\w+)\b",
    re.I,
)
HANDS_ON_LANGUAGE = re.compile(
    r"\b(?:built|build|wrote|write|writing|coded|implemented|designed|developed|rewrote|"
    r"migrated|moved|instrumented|partitioned|rolled out|ran|run|analy[sz]ed|tested|"
    r"shipped|launched|created|added|cut|fixed|debugged|automated|integrated|deployed|"
    r"refactored|configured|prototyped|conducted|planned)\b",
    re.I,
)
LEVEL_TARGETS = (
    (r"director|vp|vice president|head of|chief", 0.75),
    (r"manager|head|group", 0.6),
    (r"staff|principal|lead|architect", 0.45),
    (r"senior|sr", 0.3),
)
IC_TARGET = 0.15


def draft_text(draft: ResumeDraft) -> str:
    """Everything a recruiter's ATS reads from the draft (live lines, skills, role headers)."""
    parts = [b.text for b in draft.live_bullets()]
    parts += [s.skill for s in draft.skills]
    parts += [f"{r.title} {r.company}" for r in draft.roles]
    return "\n".join(parts)


def states_keyword(text: str, keyword: str) -> bool:
    """Does `text` state `keyword` word for word (what a search of the document finds)?"""
    return mentions(text, keyword)


def _evidenced(text: str, keyword: str, classes: list[set[str]]) -> bool:
    """Looser than the draft check: the evidence may state the keyword in another word form."""
    return any(stated(term, text) for term in (keyword, *synonyms_of(keyword, classes)))


def _keywords(jd: JDAnalysis) -> list[str]:
    raw = jd.keywords or [k for r in jd.requirements for k in r.keywords]
    seen: dict[str, str] = {}
    for keyword in raw:
        if keyword.strip():
            seen.setdefault(keyword.strip().casefold(), keyword.strip())
    return list(seen.values())


def level_target(level: str) -> float:
    for pattern, target in LEVEL_TARGETS:
        if re.search(rf"\b(?:{pattern})\b", level, re.I):
            return target
    return IC_TARGET


def role_signal_score(lines: Iterable[str], level: str) -> float:
    """Leadership share of the role lines against the level's target share (module doc)."""
    leading = hands_on = 0
    for line in lines:
        if LEADERSHIP_LANGUAGE.search(line):
            leading += 1
        elif HANDS_ON_LANGUAGE.search(line):
            hands_on += 1
    if leading + hands_on == 0:
        return 0.0
    share = leading / (leading + hands_on)
    target = level_target(level)
    score = 100 * (1 - abs(share - target) / max(target, 1 - target))
    return round(max(0.0, min(100.0, score)), 1)


def shown_bullets(draft: ResumeDraft, text: str | None) -> list[DraftBullet]:
    """The draft's live bullets the text shows (all of them when there is no text yet); a line
    is looked for as the render writes it (core/render/context.py `clean_text`)."""
    from core.render.context import clean_text

    if text is None:
        return draft.live_bullets()
    shown = " ".join(text.split()).casefold()
    return [
        b for b in draft.live_bullets() if " ".join(clean_text(b.text).split()).casefold() in shown
    ]


def _must_haves(
    jd: JDAnalysis,
    evidence_map: Sequence[EvidenceMapping],
    cited: set[str],
    covers: Callable[[str], bool],
) -> tuple[list[str], list[str]]:
    by_req = {m.requirement_id: m for m in evidence_map}
    supported: list[str] = []
    missing: list[str] = []
    for req in jd.requirements:
        if req.priority != Priority.MUST:
            continue
        mapping = by_req.get(req.id)
        strong = mapping is not None and mapping.confidence in (Confidence.HIGH, Confidence.MEDIUM)
        mapped = strong and mapping is not None and bool(set(mapping.evidence_card_ids) & cited)
        named = [k for k in req.keywords if k.strip()]
        said = [k for k in named if covers(k)]
        if (named and len(said) == len(named)) or (mapped and (said or not named)):
            supported.append(req.text)
        else:
            missing.append(req.text)
    return supported, missing


def _load_synonyms() -> Mapping[str, Sequence[str]]:
    from core.retrieval.synonyms import load_synonyms

    return load_synonyms()


def build_ats_report(
    draft: ResumeDraft,
    *,
    jd: JDAnalysis,
    evidence_map: list[EvidenceMapping],
    cards: list[EvidenceCard],
    format_warnings: Sequence[str] = (),
    synonyms: Mapping[str, Sequence[str]] | None = None,
    document_text: str | None = None,
) -> ATSReport:
    """Keyword coverage, suggestions, role signal and must-have coverage for one draft.

    `synonyms` (for suggestions) defaults to the project's synonym map
    (core/data/synonyms.json). With `document_text` (the rendered document's text) every count
    is made on that text.
    """
    classes = synonym_classes(_load_synonyms() if synonyms is None else synonyms)
    text = draft_text(draft) if document_text is None else document_text
    keywords = _keywords(jd)
    supported = [k for k in keywords if states_keyword(text, k)]
    missing = [k for k in keywords if k not in supported]
    evidence = "\n".join(c.raw_text for c in cards)
    listed = {s.casefold() for c in cards for s in c.skills}
    suggested = [k for k in missing if k.casefold() in listed or _evidenced(evidence, k, classes)]
    shown = shown_bullets(draft, document_text)
    cited = {card_id for b in shown for card_id in b.evidence_card_ids}
    must_ok, must_missing = _must_haves(
        jd, evidence_map, cited, lambda keyword: states_keyword(text, keyword)
    )
    musts = len(must_ok) + len(must_missing)
    shown_ids = {b.id for b in shown}
    role_lines = [b.text for r in draft.roles for b in r.bullets if b.id in shown_ids]
    return ATSReport(
        keyword_coverage_score=round(100 * len(supported) / len(keywords), 1) if keywords else 0.0,
        supported_keywords=supported,
        missing_keywords=missing,
        suggested_keywords=suggested,
        terms_not_counted=list(jd.other_terms),
        format_warnings=list(format_warnings),
        role_signal_score=role_signal_score(role_lines, jd.role_profile.inferred_level),
        must_have_coverage=round(100 * len(must_ok) / musts, 1) if musts else 0.0,
        must_haves_supported=must_ok,
        must_haves_missing=must_missing,
    )


def ats_suggestions(report: ATSReport) -> list[str]:
    """Sentences for AuditReport.ats_suggestions: keywords you can support but do not use yet."""
    return [
        f"Consider using '{k}': the job asks for it and your evidence supports it."
        for k in report.suggested_keywords
    ]


def evidence_keyword_coverage(
    jd: JDAnalysis, cards: Sequence[EvidenceCard]
) -> tuple[list[str], list[str]]:
    """The JD's ATS keywords your evidence states (in any word form, as a listed skill or by a
    synonym; the rule of `suggested_keywords` above), and the ones it does not."""
    classes = synonym_classes(_load_synonyms())
    evidence = "\n".join(c.raw_text for c in cards)
    listed = {s.casefold() for c in cards for s in c.skills}
    keywords = _keywords(jd)
    found = [k for k in keywords if k.casefold() in listed or _evidenced(evidence, k, classes)]
    return found, [k for k in keywords if k not in found]
