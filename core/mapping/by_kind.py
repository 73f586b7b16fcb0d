"""Kind-specific mapping: credentials and degrees decided by their own matchers, logistics
shown but never matched, years of experience measured on the role timeline."""

from __future__ import annotations

from collections.abc import Sequence

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceHit,
    EvidenceMapping,
    GapResolution,
    GapStrategy,
    GapType,
    Priority,
    Requirement,
    RequirementKind,
    RoleEntry,
)
from core.jd.kinds import asked_years
from core.mapping.credentials import match_credential
from core.mapping.degrees import match_degree
from core.mapping.records import HEADER_NOTE, SHOWN_NOTE, gap_record, mapping_record
from core.mapping.timeline import experience_span, roles_of
from core.mapping.verdict import UNDECIDED, Outcome, Verdict

Decided = tuple[EvidenceMapping, GapResolution | None]

# Cosine similarity (all-MiniLM-L6-v2) at which a line that states a result (a number: quota %,
# revenue, rank, counts) is evidence for an achievement requirement ("a track record of …")
# worded differently; chosen on the tuning dev cases.
ACHIEVEMENT_SIMILARITY = 0.42


def decide_by_kind(
    req: Requirement,
    kind: RequirementKind,
    cards: Sequence[EvidenceCard],
    *,
    header: str = "",
) -> Decided | None:
    """The mapping when the requirement's kind decides it, else None (general matcher)."""
    if kind == RequirementKind.LOGISTICS:
        return mapping_record(req, [], Confidence.LOW, [], SHOWN_NOTE), None
    verdict = UNDECIDED
    if kind == RequirementKind.CREDENTIAL:
        verdict = match_credential(req, cards, header=header)
    elif kind == RequirementKind.DEGREE:
        verdict = match_degree(req, cards, header=header)
    if verdict.outcome == Outcome.UNDECIDED:
        return None
    return from_verdict(req, verdict)


def from_verdict(req: Requirement, verdict: Verdict) -> Decided:
    found = [verdict.found] if verdict.found else []
    if verdict.outcome == Outcome.MET:
        note = f"stated: {verdict.found}" if verdict.found else "stated directly"
        return mapping_record(req, verdict.card_ids, Confidence.HIGH, found, note), None
    if verdict.outcome == Outcome.HEADER:
        return mapping_record(req, [], Confidence.MEDIUM, found, HEADER_NOTE), None
    strategy = GapStrategy.ASK_USER if req.priority == Priority.MUST else GapStrategy.OMIT
    if verdict.outcome in (Outcome.ADJACENT, Outcome.IN_PROGRESS):
        strategy = GapStrategy.ASK_USER  # the question names what was found: worth asking
        note = f"found {verdict.found}: not what is asked"
    else:
        note = "no supporting evidence"
    mapping = mapping_record(req, [], Confidence.LOW, [], note)
    gap = gap_record(req, GapType.TRUE_GAP, strategy, verdict.card_ids, nearby=verdict.found)
    return mapping, gap


def with_years(
    mapping: EvidenceMapping,
    req: Requirement,
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
) -> EvidenceMapping:
    """Add the years the cited roles cover ("6 yrs 2 mo across 2 roles"); fewer years than
    asked never stay "high"."""
    wanted = req.years or asked_years(req.text)
    by_id = {c.id: c for c in cards}
    cited = roles_of([by_id[i].role_id for i in mapping.evidence_card_ids if i in by_id], roles)
    if not wanted or not cited:
        return mapping
    span = experience_span(cited)
    overall = experience_span(roles)
    note = f"{mapping.notes}; {span.describe()} in the cited roles, {overall.describe()} overall"
    update: dict[str, object] = {"notes": note}
    if span.years < wanted and mapping.confidence == Confidence.HIGH:
        update["confidence"] = Confidence.MEDIUM
    return mapping.model_copy(update=update)


def result_lines(
    req: Requirement, hits: Sequence[EvidenceHit], cards: Sequence[EvidenceCard]
) -> Decided | None:
    """An achievement requirement no term states, met by close lines that carry a result."""
    with_metrics = {c.id for c in cards if c.metrics}
    ids = [
        h.card_id
        for h in hits
        if h.card_id in with_metrics and h.scores.get("vector", 0.0) >= ACHIEVEMENT_SIMILARITY
    ]
    ids = list(dict.fromkeys(ids))[:3]
    if not ids:
        return None
    mapping = mapping_record(req, ids, Confidence.MEDIUM, [], "a result stated in other words")
    return mapping, gap_record(req, GapType.TERMINOLOGY_GAP, GapStrategy.ADJACENT, ids)


def overall_years(
    req: Requirement,
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    *,
    job_title: str = "",
) -> Decided | None:
    """A years requirement that names no domain ("5+ years of professional experience"), met
    by the merged role timeline; one that asks for "relevant" or "related" experience and names
    nothing else is measured on the roles titled like the job (a teacher's years for a teaching
    job, not the years as a bank teller). Cites the first line of each of the latest roles."""
    from core.mapping.terms import content_words

    wanted = req.years or asked_years(req.text)
    domain = content_words(req.text) - _YEARS_WORDS
    if not wanted or domain - _RELEVANT:
        return None
    counted = list(roles) if not domain else titled_like(roles, job_title)
    span = experience_span(counted)
    if span.years < wanted:
        return None
    dated = sorted((r for r in counted if r.start and r.end), key=lambda r: r.start or "")
    firsts = [next((c.id for c in cards if c.role_id == r.id), None) for r in dated[::-1]]
    ids = [i for i in firsts if i][:3]
    if not ids:
        return None
    note = f"{span.describe()} overall" if not domain else f"{span.describe()} titled like the job"
    return mapping_record(req, ids, Confidence.MEDIUM, [], note), None


def titled_like(roles: Sequence[RoleEntry], job_title: str) -> list[RoleEntry]:
    """The roles whose title shares a word with the job's, rank words aside ("Kindergarten
    Teacher" for "Elementary Teacher K-5"; "Lead Teller" shares only a rank with "Lead Cook")."""
    from core.mapping.terms import content_words
    from core.text.variants import rank_words

    def words(title: str) -> set[str]:
        return {w.removesuffix("s") for w in content_words(title)} - rank_words()

    job = words(job_title)
    return [r for r in roles if job and words(r.title or "") & job]


# Words of a years requirement that name no domain.
_YEARS_WORDS = frozenset({"minimum", "total", "full-time", "post-graduate", "prior"})
# Words that ask for experience in the job's own field without naming it.
_RELEVANT = frozenset({"relevant", "related", "similar", "comparable"})
