"""Years-of-experience requirements measured on the role timeline.

Three readings of "N years of X", by what X is:
- nothing ("5+ years of professional experience"): every role, merged;
- only "relevant" / "related": the roles titled like the job (a teacher's years for a teaching
  job, not the years as a bank teller);
- a field ("accounting", "nursing", "restaurant management"): the roles whose title names that
  field, inflection aside ("Staff Accountant", "Registered Nurse", "Restaurant Manager").

Enough years in the roles that fit is met: high when the dated roles state it (the whole
timeline, or titles that name the field), medium for "relevant" (a judgement on titles like the
job's). Fewer is a gap whose question names what was found ("You list 2 yrs 7 mo across 3 roles
as Staff Accountant; this job also asks for 5+ years"), never a bare "nothing in your resume".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.contracts import (
    Confidence,
    EvidenceCard,
    EvidenceMapping,
    GapResolution,
    Requirement,
    RoleEntry,
)
from core.jd.kinds import asked_years
from core.mapping.records import mapping_record
from core.mapping.timeline import experience_span, roles_of

Decided = tuple[EvidenceMapping, GapResolution | None]

# Words of a years requirement that name no domain.
_YEARS_WORDS = frozenset(
    {"minimum", "total", "full-time", "post-graduate", "prior", "overall", "general"}
)
# Words that ask for experience in the job's own field without naming it.
_RELEVANT = frozenset({"relevant", "related", "similar", "comparable"})
# Word endings a field and a job title share a root under: accounting / accountant,
# nursing / nurse, teaching / teacher, management / manager, supervisory / supervisor.
_ENDINGS = (
    "ments", "ment", "ings", "ing", "ers", "er", "ants", "ant", "ents", "ent", "ists", "ist",
    "ors", "or", "ory", "ive", "ion", "ian", "es", "e", "s",
)  # fmt: skip
_MIN_ROOT = 4
# "years of …" / "years' … in …" up to a clause break or a qualifier of the field.
_FIELD = re.compile(
    r"\byears?(?:['’]s?)?\s+(?:of|in)\s+(?P<field>.+?)"
    r"(?=[,;:.()]|\s(?:including|such as|with|where|which|who|that)\b|$)",
    re.IGNORECASE,
)


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


def years_on_timeline(
    req: Requirement,
    gap: GapResolution,
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    *,
    job_title: str = "",
) -> Decided | None:
    """A years requirement the lines left a gap, read on the timeline: met when the roles that
    fit cover the years (cites the first line of each of the latest), else the same gap naming
    the years found; None when no dated role fits."""
    from core.mapping.terms import content_words

    wanted = req.years or asked_years(req.text)
    domain = content_words(req.text) - _YEARS_WORDS
    if not wanted:
        return None
    sure = Confidence.HIGH  # the dated roles state it: the whole timeline, or titles in the field
    if not domain:
        fit, partly, label = list(roles), list(roles), "overall"
    elif domain <= _RELEVANT:
        fit = partly = titled_like(roles, job_title)
        label, sure = "titled like the job", Confidence.MEDIUM  # "relevant" is a judgement
    else:
        field = field_words(req.text)
        if not field:
            return None  # "2 years managing other product managers": a task, not a field
        fit, partly = in_field(roles, field)
        label = "as " + _titles(fit or partly)
    span = experience_span(fit)
    ids = _first_lines(fit, cards)
    if ids and span.years >= wanted:  # ids: lines of dated roles that fit
        return mapping_record(req, ids, sure, [], f"{span.describe()} {label}"), None
    found = experience_span(partly)
    if not found.months:
        return None
    nearby = f"{found.describe()} {label}"
    fewer = found.years < wanted  # else the years are there, not all of the field
    note = f"{nearby}: {'fewer years than asked' if fewer else 'not all of the field'}"
    mapping = mapping_record(req, [], Confidence.LOW, [], note)
    return mapping, gap.model_copy(
        update={
            "nearby": nearby,
            "unstated": f"{wanted:g}+ years" if fewer else "",
            "adjacent_evidence_ids": _first_lines(partly, cards) or gap.adjacent_evidence_ids,
        }
    )


def field_words(text: str) -> set[str]:
    """The field a years requirement names after "years of / in", up to the first clause break
    ("5+ years of overall general accounting experience" → accounting; "3 years of experience
    in restaurant management, including P&L" → restaurant, management); empty when the years
    are followed by a task instead ("2 years managing other product managers")."""
    from core.mapping.terms import content_words

    found = _FIELD.search(text)
    if not found:
        return set()
    return content_words(found.group("field")) - _YEARS_WORDS - _RELEVANT


def titled_like(roles: Sequence[RoleEntry], job_title: str) -> list[RoleEntry]:
    """The roles whose title shares a word with the job's, rank words aside ("Kindergarten
    Teacher" for "Elementary Teacher K-5"; "Lead Teller" shares only a rank with "Lead Cook")."""
    job = _title_words(job_title)
    return [r for r in roles if job and _title_words(r.title or "") & job]


def in_field(
    roles: Sequence[RoleEntry], field: set[str]
) -> tuple[list[RoleEntry], list[RoleEntry]]:
    """(roles whose title names every word of the field, roles that name at least one)."""
    every: list[RoleEntry] = []
    some: list[RoleEntry] = []
    for role in roles:
        title = _title_words(role.title or "")
        named = {w for w in field if any(same_root(w, t) for t in title)}
        if named:
            some.append(role)
        if named == field:
            every.append(role)
    return every, some


def same_root(a: str, b: str) -> bool:
    """The same word, or two inflected forms of one root ("accounting" / "accountant"). A bare
    root does not match a longer form ("Account Executive" is no accounting)."""
    a, b = (w.removesuffix("s") if len(w) > _MIN_ROOT else w for w in (a, b))
    if a == b:
        return True
    ra, rb = _root(a), _root(b)
    return ra == rb and ra != a and rb != b


def _root(word: str) -> str:
    for _ in range(2):  # "management" → "manage" → "manag", as "manager" → "manag"
        for ending in _ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= _MIN_ROOT:
                word = word[: -len(ending)]
                break
        else:
            break
    return word


def _title_words(title: str) -> set[str]:
    from core.mapping.terms import content_words
    from core.text.variants import rank_words

    return {w.removesuffix("s") for w in content_words(title)} - rank_words()


def _titles(roles: Sequence[RoleEntry], most: int = 3) -> str:
    names = list(dict.fromkeys(r.title for r in roles if r.title))
    return ", ".join(names[:most]) + (" …" if len(names) > most else "")


def _first_lines(roles: Sequence[RoleEntry], cards: Sequence[EvidenceCard]) -> list[str]:
    """The first card of each dated role, latest first, at most three."""
    dated = sorted((r for r in roles if r.start and r.end), key=lambda r: r.start or "")
    firsts = [next((c.id for c in cards if c.role_id == r.id), None) for r in dated[::-1]]
    return [i for i in firsts if i][:3]
