"""`analyze_jd`: job description text -> requirements, ATS keywords and a role profile.

The ATS keywords are the candidates a learned filter keeps (`core.jd.keyword_tiers`); the rest
are listed as other terms in the ad, shown but not counted in ATS coverage.

Deterministic and offline. Lines that `core.ingest.detect_injection` flags (instructions aimed
at screening tools or writing assistants) are kept in `suspicious_instructions` as data and
removed before anything else reads the text, so they can never become requirements or keywords.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import ftfy

from core.contracts import JDAnalysis, JDSection, Priority, Requirement
from core.errors import JDParsingError
from core.ingest import detect_injection
from core.ingest.textnorm import normalize_text
from core.jd.keyword_filter import context_of, keyword_filter
from core.jd.keyword_tiers import keyword_tiers
from core.jd.keywords import Keyword, keywords_in, unique_keywords
from core.jd.model_keywords import tagged_keywords
from core.jd.phrases import defined_acronyms, phrase_terms, shaped_terms
from core.jd.profile import build_profile
from core.jd.rarity import too_common_alone
from core.jd.requirements import Candidate, extract_candidates, reads_as_boilerplate
from core.jd.roles import assign_roles
from core.jd.runon import unglue_lists
from core.jd.sections import BULLET, NO_KEYWORDS, Section, split_sections
from core.jd.sentence_roles import drop_boilerplate, lists_by_meaning, qualification_items
from core.jd.title import Title, detect_title
from core.jd.unit_context import AdContextRoles, UnitContext, unit_context_model
from core.jd.unit_roles import (
    AdUnitRoles,
    RoleCuts,
    UnitRoles,
    drop_wrapper_units,
    learned_asks,
)
from core.settings import IngestSettings
from core.text.published import read_published

REQUIREMENT_KINDS = ("requirements", "nice_to_have", "responsibilities")
LEVEL_LINE = re.compile(r"^\s*(level|seniority|grade|career level)\s*:", re.IGNORECASE)
WRAP_END = re.compile(r"[.!?:;)\]]['\"”’]?$")  # a line ending like this ends its paragraph


def normalise_text(text: str) -> str:
    """One kind of line break, no invisible characters (`normalize_text`, the rule every reader
    and the audit share), mojibake ("â€™") repaired."""
    text = ftfy.fix_text(normalize_text(text), uncurl_quotes=False, normalization="NFC")
    return text.replace("\u00a0", " ").replace("\t", "    ")


def job_ad_text(text: str) -> str:
    """The job ad as a reader of the published page sees it (`read_published`: HTML, Markdown,
    JSON or YAML fields, code strings → text with its lists kept), normalised. Entities are
    unescaped and invisible characters removed whichever format it came in."""
    return normalise_text(read_published(normalize_text(text)).text)


def separate_injections(text: str) -> tuple[str, list[str]]:
    """Take flagged instructions out of the text; return (clean text, what was taken out).

    A flagged line is removed with the lines its paragraph wraps onto (an instruction hard-wrapped
    over several lines, or by a PDF, goes whole); line numbers stay put. A flagged sentence inside
    a long line is cut out of that line only, so one bad sentence in a one-line paste does not
    blank the JD.
    """
    flagged = [" ".join(f.split()) for f in detect_injection(text) if f.strip()]
    if not flagged:
        return text, []
    lines = text.split("\n")
    removed: list[str] = []
    for i, line in enumerate(lines):
        squashed = " ".join(line.split())
        if len(squashed) < 8:
            continue
        if any(squashed in f for f in flagged):
            start, end = _wrapped_block(lines, i)
            removed.append(" ".join(" ".join(lines[start : end + 1]).split()))
            lines[start : end + 1] = [""] * (end + 1 - start)
            continue
        for sentence in (f for f in flagged if f in squashed):
            squashed = squashed.replace(sentence, " ").strip()
            removed.append(sentence)
            lines[i] = squashed
    return "\n".join(lines), list(dict.fromkeys(r for r in removed if r))


def _wrapped_block(lines: list[str], i: int) -> tuple[int, int]:
    """First and last line of the wrapped paragraph (or bullet item) that line i belongs to."""
    start = i
    while start > 0 and _continues(lines[start - 1], lines[start]):
        start -= 1
    end = i
    while end + 1 < len(lines) and _continues(lines[end], lines[end + 1]):
        end += 1
    return start, end


def _continues(previous: str, line: str) -> bool:
    """Is `line` the wrapped continuation of `previous` (not a new item or paragraph)?"""
    if not previous.strip() or not line.strip() or BULLET.match(line):
        return False
    if line[:1].isspace() or line.strip()[:1].islower():
        return True
    return not BULLET.match(previous) and not WRAP_END.search(previous.rstrip())


def _requirement(number: int, candidate: Candidate) -> Requirement:
    return Requirement(
        id=f"r{number}",
        text=candidate.text,
        priority=candidate.priority,
        keywords=[k.text for k in keywords_in(candidate.text)],
        years=candidate.years,
        section=candidate.section_kind,
    )


def _title_keywords(title: Title, target_title: str, text: str) -> list[Keyword]:
    found = [Keyword(t, "titles") for t in (title.title, title.specialty) if t]
    if target_title and target_title.lower() in text.lower():
        found.insert(0, Keyword(target_title.strip(), "titles"))
    return found


def collect_keywords(
    sections: list[Section],
    requirements: list[Requirement],
    title_keywords: list[Keyword],
    *,
    boilerplate: frozenset[str] = frozenset(),
) -> list[Keyword]:
    """Title, then must-have, nice-to-have, responsibility and remaining section keywords, then
    the span tagger's knowledge keywords of every section that may hold keywords
    (`core.jd.model_keywords`: what the rules missed, ranked credentials, tools, knowledge).
    Text that reads as boilerplate (by shape, or a requirement candidate the model dropped as
    boilerplate: `boilerplate`) gives no keyword: "Choice Time Off (CTO)" in a benefits
    paragraph is no term a recruiter searches the resume for."""

    def asks(text: str) -> bool:
        return not reads_as_boilerplate(text) and not any(b in text for b in boilerplate)

    ordered = list(title_keywords)
    for priority in (Priority.MUST, Priority.NICE):
        for req in requirements:
            if req.priority == priority:
                ordered += keywords_in(req.text)
    asked = [r.text for r in requirements if asks(r.text)]
    for section in sections:
        if section.kind in REQUIREMENT_KINDS:
            blocks = [b.text for b in section.blocks if asks(b.text)]
            for text in blocks:  # block by block: requirement texts are cached
                ordered += keywords_in(text)
            asked += blocks
    for text in asked:
        found = sorted(shaped_terms(text) + phrase_terms(text))
        ordered += [Keyword(t, "jd terms") for _, t in found if not too_common_alone(t)]
    for section in sections:
        if section.kind not in NO_KEYWORDS:
            for text in (b.text for b in section.blocks if asks(b.text)):
                ordered += [Keyword(t, "jd terms") for _, t in defined_acronyms(text)]
    for section in sections:
        skipped = section.kind in NO_KEYWORDS or section.kind in REQUIREMENT_KINDS
        if not skipped and section.kind != "header":  # the header's title is already in
            text = "\n".join(b.text for b in section.blocks if asks(b.text))
            ordered += keywords_in(text, patterns=False)
    ordered += tagged_keywords(
        [b.text for s in sections if s.kind not in NO_KEYWORDS for b in s.blocks if asks(b.text)]
    )
    return unique_keywords(ordered)


def jd_file_settings(limits: IngestSettings | None = None) -> IngestSettings:
    """Settings for reading a job-ad *file*: the resume's line/character limits do not apply
    (their message speaks of a resume); the upload byte limit still does, and `check_jd_size`
    then applies the job ad's own limits (`max_jd_chars`, `max_jd_lines`). Markdown and HTML
    stay as written: `read_published` reads every format a job ad is published in."""
    limits = limits or IngestSettings()
    ceiling = limits.max_upload_bytes + 1  # text decoded from N bytes has at most N+1 lines
    update = {"max_lines": ceiling, "max_chars": ceiling, "read_markup": False}
    return limits.model_copy(update=update)


def check_jd_size(text: str, *, limits: IngestSettings | None = None) -> None:
    """Refuse at once a job ad that is empty or far larger than any real posting."""
    limits = limits or IngestSettings()
    if not text or not text.strip():
        raise JDParsingError(
            "The job description is empty. Paste the full posting (responsibilities and "
            "qualifications) or choose a file that contains its text."
        )
    lines = text.count("\n") + 1
    if len(text) > limits.max_jd_chars or lines > limits.max_jd_lines:
        raise JDParsingError(
            f"This job description is too long ({len(text):,} characters, {lines:,} lines; "
            f"the limit is {limits.max_jd_chars:,} characters and {limits.max_jd_lines:,} "
            "lines). Paste only the job ad itself."
        )


@dataclass(frozen=True)
class AdReading:
    """What the rules and small models read in one job ad: the clean text, the flagged
    instructions taken out of it, its sections, title, requirements and ATS keywords
    (`collect_keywords`). Tools that learn from the reader's output start here."""

    clean: str
    suspicious: list[str]
    sections: list[Section]
    title: Title
    requirements: list[Requirement]
    keywords: list[Keyword]


def ad_sections(text: str, *, embedder: Any | None = None) -> tuple[str, list[str], list[Section]]:
    """The clean text of a job ad, the flagged instructions taken out of it, and its sections
    with their roles: the first steps of `read_ad` (its size not checked)."""
    clean, suspicious = separate_injections(unglue_lists(job_ad_text(text)))
    sections = lists_by_meaning(split_sections(clean), embedder=embedder)
    return clean, suspicious, assign_roles(sections, embedder=embedder)


def read_ad(
    text: str,
    *,
    target_title: str = "",
    limits: IngestSettings | None = None,
    embedder: Any | None = None,
    unit_model: UnitRoles | None = None,
    context_model: UnitContext | bool = True,
) -> AdReading:
    """Read a job description (see `analyze_jd`, which builds its answer from this).
    `unit_model`: a unit-role model in place of the shipped one; `context_model`: the context
    model asks are read with (True: the shipped one; False: none, the unit model's rows alone);
    for measuring ones trained without some postings (`tools.jd_loso_in_place`)."""
    check_jd_size(text, limits=limits)
    clean, suspicious, sections = ad_sections(text, embedder=embedder)
    title = detect_title(sections)
    unit_scores = AdUnitRoles(unit_model)
    cut = RoleCuts(unit_scores)  # parts are told apart by their own words
    # asks are read in their place (docs/EVALUATION.md, "Job ads: the context model shipped");
    # wrapper text is still dropped by the unit model's rows alone
    context = unit_context_model() if context_model is True else context_model or None
    placed = AdContextRoles(sections, unit_scores, cut, context) if context else None
    candidates = extract_candidates(
        sections,
        has_terms=lambda t: bool(keywords_in(t)),
        asks=qualification_items(sections, embedder=embedder),
        learned=learned_asks(sections, placed or unit_scores, cut),
        cut=cut,
    )
    kept = drop_boilerplate(candidates, embedder=embedder)
    dropped = frozenset(c.text for c in candidates) - {c.text for c in kept}
    # a wrapper unit is still read for keywords: its terms may be asked for
    kept = drop_wrapper_units(kept, unit_scores)
    requirements = [_requirement(i, c) for i, c in enumerate(kept, start=1)]
    title_words = _title_keywords(title, target_title, clean)
    keywords = collect_keywords(sections, requirements, title_words, boilerplate=dropped)
    return AdReading(clean, suspicious, sections, title, requirements, keywords)


def analyze_jd(
    text: str,
    *,
    target_title: str = "",
    limits: IngestSettings | None = None,
    embedder: Any | None = None,
) -> JDAnalysis:
    """Analyse a job description. Raises JDParsingError when it is empty or too large.

    `embedder` (optional, the retrieval stage's loaded model) gives sections with an unknown
    heading a role by meaning (`core.jd.roles`) and drops requirement candidates that read as
    boilerplate by meaning (`core.jd.sentence_roles`)."""
    ad = read_ad(text, target_title=target_title, limits=limits, embedder=embedder)
    sections, requirements, title = ad.sections, ad.requirements, ad.title
    tiers = keyword_tiers(keyword_filter(), context_of(ad))
    level_lines = [b.text for s in sections[:3] for b in s.blocks if LEVEL_LINE.match(b.text)]
    signal_text = "\n".join(b.text for s in sections if s.kind not in NO_KEYWORDS for b in s.blocks)
    profile = build_profile(
        title=target_title or title.title,
        level_line=" ".join(level_lines),
        requirements=requirements,
        keywords=tiers.ats,  # clusters and storylines of what a recruiter would search
        signal_text=signal_text,
    )
    return JDAnalysis(
        target_title=target_title.strip() or title.title,
        role_profile=profile,
        requirements=requirements,
        keywords=[k.text for k in tiers.ats],
        other_terms=[k.text for k in tiers.other],
        sections=[JDSection(kind=s.kind, heading=s.heading, text=s.text) for s in sections],
        suspicious_instructions=ad.suspicious,
    )
