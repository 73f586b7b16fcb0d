"""The deterministic truth gate for one line: `check_bullet`.

A line is supported when nothing in it goes beyond the evidence it cites: numbers (metrics),
employers, titles and dates (against the role the evidence belongs to), tools and skills, and
scope; and when most of its ordinary words are in that evidence (core/audit/overlap.py).
Anything the cited evidence states word for word is never flagged, so the user's own bullets
always pass. Every finding names the offending span and says what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.audit.attribution import TitleScope, check_employers, check_titles
from core.audit.claims import absolute_findings, authority_findings, vague_quantity_findings
from core.audit.context import card_text, credential_lines, role_lines
from core.audit.credentials import check_credentials
from core.audit.dates import check_dates
from core.audit.degrees import check_degrees
from core.audit.findings import Findings
from core.audit.listed_terms import invented_terms, invented_tool_kinds
from core.audit.metrics import check_metrics
from core.audit.names import oriented
from core.audit.overlap import BLOCK_BELOW, WARN_BELOW, content_overlap
from core.audit.role_scope import RoleTexts, names_in, rescope, too_early
from core.audit.scope import check_scope
from core.audit.skills import (
    check_names,
    known_skills,
    lexicon_terms,
    names_a_tool,
    skills_in,
    spans_of,
)
from core.contracts import (
    BulletVerdict,
    CardKind,
    EvidenceCard,
    RoleEntry,
    Severity,
    TruthViolation,
    ViolationType,
)
from core.text.normalize import comparable_text
from core.text.orgs import suffixed_names

V = ViolationType
BLOCKER = Severity.BLOCKER
# Lines that attest a skill but not the job it was used in.
ROLE_NEUTRAL_KINDS = (
    CardKind.SKILL,
    CardKind.CERTIFICATION,
    CardKind.EDUCATION,
    CardKind.SUMMARY,
    CardKind.USER_ANSWER,
)


def evidence_roles(
    cited: Sequence[EvidenceCard], roles: Sequence[RoleEntry], role: RoleEntry | None
) -> list[RoleEntry]:
    """The roles the cited evidence belongs to (from role ids, else the cards' own fields)."""
    if role is not None:
        return [role]
    by_id = {r.id: r for r in roles}
    found: dict[str, RoleEntry] = {}
    for card in cited:
        if card.role_id and card.role_id in by_id:
            found.setdefault(card.role_id, by_id[card.role_id])
        elif (card.company or card.role) and card.kind != CardKind.CERTIFICATION:
            # a certification's name is not a job: it gives no title or employer
            key = card.role_id or f"{card.company}|{card.role}"
            found.setdefault(
                key,
                RoleEntry(id=key, company=card.company, title=card.role, timeframe=card.timeframe),
            )
    return list(found.values())


def check_bullet(
    text: str,
    *,
    bullet_id: str = "",
    cited: list[EvidenceCard],
    resume_cards: list[EvidenceCard],
    roles: list[RoleEntry],
    role: RoleEntry | None = None,
) -> BulletVerdict:
    """Check one line against the cards it cites. Supported = no BLOCKER."""
    # Compared as a reader (and an ATS) sees it: fullwidth letters are ASCII, and no invisible
    # character splits a number word, a verb or a skill.
    text = comparable_text(text)
    out = Findings(bullet_id, text)
    if not cited:
        out.add(V.UNCITED, text, "This line cites no evidence, so nothing shows it is true.")
        return _verdict(out, cited)
    evidence = card_text(cited)
    roles = [oriented(r) for r in roles]
    own = [oriented(r) for r in evidence_roles(cited, roles, role)]
    context = card_text(role_lines(cited, resume_cards))
    credentials = card_text(credential_lines(resume_cards))
    wide = "\n".join([evidence, context, credentials])
    employers = check_employers(out, cited, context, own, roles, wide, resume_cards)
    skip = [(m.start, m.end) for m in employers]
    title_scope = TitleScope(evidence + "\n" + credentials, own, roles, resume_cards)
    skip += check_titles(out, title_scope, employers, cited)
    _check_dates(out, cited, own, role)
    _check_amounts(out, cited, evidence, context, [(m.start, m.end) for m in employers], own)
    for cred in check_credentials(text, evidence=wide):
        out.add(V.SKILL_INVENTED, cred.span, cred.detail)
    for degree in check_degrees(text, evidence=wide):
        out.add(V.SKILL_INVENTED, degree.span, degree.detail)
    role_texts = RoleTexts.of(resume_cards, roles)
    if role is None:
        _check_skills(out, wide, cited, resume_cards, skip)
    else:
        placed = _placed_cards(cited, resume_cards, role)
        _check_skills(out, card_text(placed), placed, resume_cards, skip, (role, role_texts))
    _check_tool_years(out, role_texts, wide)
    _check_overlap(out, evidence, own, skip)
    _cite_compared(out, [*cited, *role_lines(cited, resume_cards)])
    return _verdict(out, cited)


def _placed_cards(
    cited: Sequence[EvidenceCard], resume_cards: Sequence[EvidenceCard], role: RoleEntry
) -> list[EvidenceCard]:
    """What may name a tool in a line placed under `role`: the role's own lines (answers filed
    under it included) and cited lines that belong to no role and are not role-neutral."""
    own = [c for c in cited if c.role_id == role.id]
    loose = [c for c in cited if not c.role_id and c.kind not in ROLE_NEUTRAL_KINDS]
    ids = {c.id for c in own + loose}
    rest = [c for c in resume_cards if c.role_id == role.id and c.id not in ids]
    return own + loose + rest


def _check_tool_years(out: Findings, role_texts: RoleTexts, evidence: str) -> None:
    """A tool dated before the first role that states it is not backed for that time (a year
    the evidence itself states, such as a course number, dates nothing new)."""
    spans = [v.span for v in out.items if v.type == V.SKILL_INVENTED and v.severity == BLOCKER]
    names = [w for canonical, w in lexicon_terms(out.text) if names_a_tool(canonical, w)]
    for name in names_in(out.text, names):
        if name in spans:
            continue
        why = too_early(name, out.text, role_texts, evidence)
        if why:
            out.add(V.DATE_WRONG, name, why)


def _check_dates(
    out: Findings, cited: Sequence[EvidenceCard], own: list[RoleEntry], role: RoleEntry | None
) -> None:
    dated = [c for c in cited if role is None or c.role_id in (None, role.id)]
    date_evidence = "\n".join(c.raw_text for c in dated)
    for date in check_dates(out.text, evidence_text=date_evidence, roles=own):
        out.add(V.DATE_WRONG, date.year_text, date.detail, blocker=date.blocker)


def _check_amounts(
    out: Findings,
    cited: Sequence[EvidenceCard],
    evidence: str,
    context: str,
    org_spans: list[tuple[int, int]],
    own: list[RoleEntry],
) -> None:
    """Scope (who did it, how big, how final) and then every number not judged by scope. An
    organisation's own name is never scope: "Global" in "Global Freight Partners" claims
    nothing about geography, so names are blanked out before scope is read."""
    team_numbers: list[str] = []
    places = [p for card in cited for p in card.scope.geography] + [card.location for card in cited]
    text = out.text
    for start, end in [*org_spans, *suffixed_names(text)]:
        text = text[:start] + " " * (end - start) + text[end:]
    for finding in check_scope(text, evidence=evidence, places=places, role_evidence=context):
        out.add(V.SCOPE_INFLATED, finding.span, finding.detail)
        team_numbers += [finding.number] if finding.number else []
    for metric in check_metrics(out.text, evidence=evidence, context=context, skip=team_numbers):
        kind = V.METRIC_CHANGED if metric.changed else V.METRIC_INVENTED
        out.add(kind, metric.span, metric.detail)
    _check_claims(out, "\n".join([evidence, context]), own)


def _check_claims(out: Findings, evidence: str, own: list[RoleEntry]) -> None:
    """Amounts and authority said without a digit (core/audit/claims.py)."""
    for claim in [
        *vague_quantity_findings(out.text, evidence),
        *absolute_findings(out.text, evidence),
    ]:
        kind = V.METRIC_CHANGED if claim.changed else V.METRIC_INVENTED
        out.add(kind, claim.span, claim.detail)
    for claim in authority_findings(out.text, evidence, own):
        out.add(V.SCOPE_INFLATED, claim.span, claim.detail)


def _check_overlap(
    out: Findings, evidence: str, own: list[RoleEntry], skip: list[tuple[int, int]]
) -> None:
    """A line whose ordinary words are mostly not in its evidence claims something else."""
    text = out.text
    for start, end in sorted(skip, reverse=True):
        text = text[:start] + " " + text[end:]
    said = evidence + "\n" + "\n".join(f"{r.title} {r.company}" for r in own)
    overlap = content_overlap(text, said)
    if overlap.share >= WARN_BELOW:
        return
    listed = ", ".join(overlap.missing[:6])
    detail = (
        f"Only {overlap.share:.0%} of this line's words are in its evidence; not there: {listed}."
    )
    out.add(V.OTHER, listed, detail, blocker=overlap.share < BLOCK_BELOW)


def _check_skills(
    out: Findings,
    evidence: str,
    cited: Sequence[EvidenceCard],
    resume_cards: Sequence[EvidenceCard],
    skip: list[tuple[int, int]],
    placed: tuple[RoleEntry, RoleTexts] | None = None,
) -> None:
    resume_text = "\n".join(card.raw_text for card in resume_cards)
    resume_skills = skills_in(resume_text) | known_skills(
        (), [s for card in resume_cards for s in card.skills]
    )
    evidence_skills = known_skills(
        [c.raw_text for c in cited], [s for c in cited for s in c.skills]
    )
    # spans already judged (a synonym may back them): credentials and degrees found above, and
    # every name check_names judged
    earlier = [v.span for v in out.items if v.type == V.SKILL_INVENTED and v.span]
    names = check_names(
        out.text,
        evidence=evidence,
        evidence_skills=evidence_skills,
        resume_text=resume_text + "\n" + evidence,
        resume_skills=resume_skills,
        skip_spans=skip,
    )
    for name in names.findings:
        if placed is not None:
            name = rescope(name, *placed)
        out.add(V.SKILL_INVENTED, name.span, name.detail, blocker=name.blocker)
    judged = [*names.judged, *(span for n in earlier for span in spans_of(n, out.text))]
    terms = invented_terms(out.text, evidence=evidence, resume_text=resume_text, skip=judged)
    said = [t.span.lower() for t in terms]
    kinds = invented_tool_kinds(out.text, resume_text=resume_text + "\n" + evidence, skip=judged)
    for term in [*terms, *(k for k in kinds if not any(k.span.lower() in s for s in said))]:
        out.add(V.SKILL_INVENTED, term.span, term.detail)


_QUOTED = re.compile(r"(?:evidence|which) says '([^']+)'")
SNIPPET = 90  # characters of the compared line quoted in a finding


def _cite_compared(out: Findings, cards: Sequence[EvidenceCard]) -> None:
    """A finding that quotes the evidence names the line it compared, so the user can see
    which of their facts the claim was held to."""
    for n, item in enumerate(out.items):
        m = _QUOTED.search(item.violation)
        if not m:
            continue
        quote = m.group(1)
        card = next((c for c in cards if quote in comparable_text(c.raw_text)), None)
        if card is None:
            continue
        line = " ".join(comparable_text(card.raw_text).split())
        at = max(0, line.find(quote) - SNIPPET // 3)
        snippet = ("…" if at else "") + line[at : at + SNIPPET].strip()
        snippet += "…" if at + SNIPPET < len(line) else ""
        cited = f'{item.violation} (compared with {card.id}: "{snippet}")'
        out.items[n] = item.model_copy(update={"violation": cited})


def _verdict(out: Findings, cited: Sequence[EvidenceCard]) -> BulletVerdict:
    blocked = any(v.severity == Severity.BLOCKER for v in out.items)
    return BulletVerdict(
        bullet_id=out.bullet_id,
        bullet_text=out.text,
        supported=not blocked,
        matched_card_ids=[card.id for card in cited],
        violations=out.items,
    )


def violation_rows(violations: list[TruthViolation]) -> list[dict[str, str]]:
    """Violations as plain rows (type, severity, span, detail) for JSON reports."""
    return [
        {"type": v.type.value, "severity": v.severity.value, "span": v.span, "detail": v.violation}
        for v in violations
    ]
