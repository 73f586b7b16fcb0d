"""The deterministic truth gate for one line: `check_bullet`.

A line is supported when nothing in it goes beyond the evidence it cites: numbers (metrics),
employers, titles and dates (against the role the evidence belongs to), tools and skills, and
scope; and when most of its ordinary words are in that evidence (core/audit/overlap.py).
Anything the cited evidence states word for word is never flagged, so the user's own bullets
always pass. Every finding names the offending span and says what is wrong.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from core.audit.context import card_text, credential_lines, role_lines
from core.audit.credentials import check_credentials
from core.audit.dates import check_dates
from core.audit.metrics import check_metrics
from core.audit.names import (
    NameMention,
    find_employers,
    find_titles,
    named_as_employer,
    normalise_org,
    only_inside_a_name,
    oriented,
    title_in_text,
    title_matches,
)
from core.audit.overlap import BLOCK_BELOW, WARN_BELOW, content_overlap
from core.audit.scope import check_scope
from core.audit.skills import check_names, known_skills, skills_in
from core.contracts import (
    BulletVerdict,
    EvidenceCard,
    RoleEntry,
    Severity,
    TruthViolation,
    ViolationType,
)
from core.retrieval.text_analysis import tokenize
from core.text.variants import Match, compare_title

V = ViolationType


@dataclass
class _Findings:
    bullet_id: str
    text: str
    items: list[TruthViolation] = field(default_factory=list)

    def add(self, kind: ViolationType, span: str, detail: str, *, blocker: bool = True) -> None:
        self.items.append(
            TruthViolation(
                bullet_id=self.bullet_id,
                bullet_text=self.text,
                violation=detail,
                type=kind,
                severity=Severity.BLOCKER if blocker else Severity.WARNING,
                span=span,
            )
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
        elif card.company or card.role:
            key = card.role_id or f"{card.company}|{card.role}"
            found.setdefault(
                key,
                RoleEntry(id=key, company=card.company, title=card.role, timeframe=card.timeframe),
            )
    return list(found.values())


def _in_text(phrase: str, text: str) -> bool:
    phrase = re.sub(r"['’]s$", "", phrase.strip())
    return bool(phrase) and re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text, re.I) is not None


def _fact_words(text: str, mention: NameMention) -> set[str]:
    rest = text[: mention.start] + " " + text[mention.end :]
    return {t for t in tokenize(rest) if not re.search(r"\d", t)}


def _in_fact_cards(
    mention: NameMention,
    text: str,
    cited: Sequence[EvidenceCard],
    states: Callable[[str, str], bool] = lambda phrase, text: _in_text(phrase, text),
) -> bool:
    """A cited line states it and carries the line's other facts (not a header cited only for
    the name: "worked for X while placed at Y")."""
    words = _fact_words(text, mention)
    return any(
        states(mention.text, c.raw_text)
        and len(words & set(tokenize(c.raw_text))) >= min(2, len(words))
        for c in cited
    )


def _named_in_facts(
    mention: NameMention, text: str, cited: Sequence[EvidenceCard], context: str
) -> bool:
    """The employer is named by the role lines or by a cited line carrying the line's facts."""
    return _in_text(mention.text, context) or _in_fact_cards(mention, text, cited)


def _check_employers(
    out: _Findings,
    cited: Sequence[EvidenceCard],
    context: str,
    own: list[RoleEntry],
    roles: Sequence[RoleEntry],
    evidence: str,
) -> list[NameMention]:
    found: list[NameMention] = []
    own_keys = {normalise_org(r.company) for r in own if r.company}
    for mention in find_employers(out.text, [*roles, *own]):
        found.append(mention)
        if mention.key in own_keys or _named_in_facts(mention, out.text, cited, context):
            continue
        where = ", ".join(
            f"{r.company} ({r.timeframe})".replace(" ()", "") for r in own if r.company
        )
        detail = (
            f"'{mention.text}' is named, but this work was done at {where}."
            if where
            else (f"The evidence does not mention '{mention.text}'.")
        )
        out.add(V.EMPLOYER_WRONG, mention.text, detail)
    return found + _unknown_employers(out, found, evidence)


def _unknown_employers(
    out: _Findings, known: list[NameMention], evidence: str
) -> list[NameMention]:
    """An organisation named as the employer that is no employer of the resume: fine when the
    evidence names it, not when it names it only inside a product ("Amazon EKS")."""
    found: list[NameMention] = []
    for mention in named_as_employer(out.text):
        if any(k.start < mention.end and mention.start < k.end for k in known):
            continue
        found.append(mention)
        if only_inside_a_name(mention.text, evidence):
            detail = (
                f"'{mention.text}' is named as the employer, but the evidence never says you "
                "worked there."
            )
            out.add(V.EMPLOYER_WRONG, mention.text, detail)
    return found


def _same_title(claimed: str, actual: str) -> bool:
    """The role's title, or a lower or shorter form of it (core/text/variants.py)."""
    return title_matches(claimed, actual) or compare_title(claimed, actual) == Match.MET


@dataclass
class _TitleScope:
    """Where a title may come from: the evidence and the roles it belongs to, or, when the line
    names an employer, that employer's roles and their lines only."""

    evidence: str
    own: list[RoleEntry]
    roles: Sequence[RoleEntry]
    resume_cards: Sequence[EvidenceCard]

    def for_employers(self, named: set[str]) -> tuple[str, list[RoleEntry]]:
        there = [r for r in self.roles if r.company and normalise_org(r.company) in named]
        if not there:
            return self.evidence, [r for r in self.own if r.title] or list(self.roles)
        ids = {r.id for r in there}
        text = card_text([c for c in self.resume_cards if c.role_id in ids])
        return text, there


def _check_titles(
    out: _Findings, scope: _TitleScope, employers: list[NameMention], cited: list[EvidenceCard]
) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    evidence, pool = scope.for_employers({m.key for m in employers})
    for mention in find_titles(out.text):
        spans.append((mention.start, mention.end))
        if title_in_text(mention.text, evidence) or _in_fact_cards(
            mention, out.text, cited, title_in_text
        ):
            continue
        if any(_same_title(mention.text, r.title) for r in pool if r.title):
            continue
        held = "; ".join(f"'{r.title}' at {r.company}" for r in pool if r.title)
        detail = (
            f"'{mention.text}' is not your title here: you were {held}."
            if held
            else f"'{mention.text}' is not a title in your resume."
        )
        out.add(V.TITLE_INFLATED, mention.text, detail)
    return spans


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
    # Compatibility forms fold to what a reader (and an ATS) sees: fullwidth letters are ASCII.
    text = " ".join(unicodedata.normalize("NFKC", text).split())
    out = _Findings(bullet_id, text)
    if not cited:
        out.add(V.UNCITED, text, "This line cites no evidence, so nothing shows it is true.")
        return _verdict(out, cited)
    evidence = "\n".join(
        " ".join(unicodedata.normalize("NFKC", card.raw_text).split()) for card in cited
    )
    roles = [oriented(r) for r in roles]
    own = [oriented(r) for r in evidence_roles(cited, roles, role)]
    context = card_text(role_lines(cited, resume_cards))
    credentials = card_text(credential_lines(resume_cards))
    wide = "\n".join([evidence, context, credentials])
    employers = _check_employers(out, cited, context, own, roles, wide)
    skip = [(m.start, m.end) for m in employers]
    title_scope = _TitleScope(evidence + "\n" + credentials, own, roles, resume_cards)
    skip += _check_titles(out, title_scope, employers, cited)
    dated = [c for c in cited if role is None or c.role_id in (None, role.id)]
    date_evidence = "\n".join(c.raw_text for c in dated)
    for date in check_dates(text, evidence_text=date_evidence, roles=own):
        out.add(V.DATE_WRONG, date.year_text, date.detail, blocker=date.blocker)
    team_numbers: list[str] = []
    places = [p for card in cited for p in card.scope.geography] + [card.location for card in cited]
    for finding in check_scope(text, evidence=evidence, places=places, role_evidence=context):
        out.add(V.SCOPE_INFLATED, finding.span, finding.detail)
        team_numbers += [finding.number] if finding.number else []
    for metric in check_metrics(text, evidence=evidence, context=context, skip=team_numbers):
        out.add(
            V.METRIC_CHANGED if metric.changed else V.METRIC_INVENTED, metric.span, metric.detail
        )
    for cred in check_credentials(text, evidence=wide):
        out.add(V.SKILL_INVENTED, cred.span, cred.detail)
    _check_skills(out, wide, cited, resume_cards, skip)
    _check_overlap(out, evidence, own, skip)
    return _verdict(out, cited)


def _check_overlap(
    out: _Findings, evidence: str, own: list[RoleEntry], skip: list[tuple[int, int]]
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
    out: _Findings,
    evidence: str,
    cited: Sequence[EvidenceCard],
    resume_cards: Sequence[EvidenceCard],
    skip: list[tuple[int, int]],
) -> None:
    resume_text = "\n".join(card.raw_text for card in resume_cards)
    resume_skills = skills_in(resume_text) | known_skills(
        (), [s for card in resume_cards for s in card.skills]
    )
    evidence_skills = known_skills(
        [c.raw_text for c in cited], [s for c in cited for s in c.skills]
    )
    for name in check_names(
        out.text,
        evidence=evidence,
        evidence_skills=evidence_skills,
        resume_text=resume_text + "\n" + evidence,
        resume_skills=resume_skills,
        skip_spans=skip,
    ):
        out.add(V.SKILL_INVENTED, name.span, name.detail, blocker=name.blocker)


def _verdict(out: _Findings, cited: Sequence[EvidenceCard]) -> BulletVerdict:
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
