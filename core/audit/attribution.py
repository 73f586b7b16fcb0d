"""Who the work was for: employers and titles judged against the role the fact belongs to.

An employer a line names must be the evidence role's own, or be named by the role's lines or
by a cited line that carries the line's other facts (a header cited only for its name does not
count: "worked for X while placed at Y"). An organisation named as the employer ("At X,",
"Store Manager at X") must be an employer of the resume as a whole name (core/text/orgs.py):
a product or a word with its letters ("Amazon EKS", "sales target") is not one. A title
must be the role's (or a lower or shorter form of it, core/text/variants.py); when the line
names an employer, the title must be one held there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from core.audit.context import card_text
from core.audit.findings import Findings
from core.audit.names import (
    NameMention,
    employer_names,
    find_employers,
    find_titles,
    named_as_employer,
    normalise_org,
    only_inside_a_name,
    shortens,
    title_in_text,
    title_matches,
    where_else,
)
from core.contracts import CardKind, EvidenceCard, RoleEntry, ViolationType
from core.retrieval.text_analysis import tokenize
from core.text.variants import Match, compare_title

V = ViolationType
# Lines that may carry an employer the parser did not read as a role.
_WORK_KINDS = (CardKind.EXPERIENCE_BULLET, CardKind.ROLE_SENTENCE, CardKind.PROJECT, CardKind.OTHER)


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


def check_employers(
    out: Findings,
    cited: Sequence[EvidenceCard],
    context: str,
    own: list[RoleEntry],
    roles: Sequence[RoleEntry],
    evidence: str,
    resume_cards: Sequence[EvidenceCard] = (),
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
    return found + _unknown_employers(out, found, evidence, roles, resume_cards)


def _unknown_employers(
    out: Findings,
    known: list[NameMention],
    evidence: str,
    roles: Sequence[RoleEntry],
    resume_cards: Sequence[EvidenceCard],
) -> list[NameMention]:
    """An organisation named as the employer must be an employer of the resume, compared as a
    whole name. A word or a product that shares its letters ("sales target", "Amazon EKS",
    "in Redis") is not an employer; one the evidence names on a line that belongs to no role
    may be (a header the parser did not read as a role)."""
    found: list[NameMention] = []
    employers = employer_names(roles)
    loose = card_text([c for c in resume_cards if not c.role_id and c.kind in _WORK_KINDS])
    everything = "\n".join([evidence, card_text(resume_cards)])
    for mention in named_as_employer(out.text):
        if any(k.start < mention.end and mention.start < k.end for k in known):
            continue
        found.append(mention)
        if any(shortens(mention.text, name) for name in employers):
            continue
        as_name = re.search(rf"(?<![\w-]){re.escape(mention.text)}(?![\w-])", loose)
        if as_name and not only_inside_a_name(mention.text, loose):
            continue
        detail = (
            f"'{mention.text}' is named as the employer, but no role of your resume is at "
            f"{mention.text}{where_else(mention.text, everything)}."
        )
        out.add(V.EMPLOYER_WRONG, mention.text, detail)
    return found


def _same_title(claimed: str, actual: str) -> bool:
    """The role's title, or a lower or shorter form of it (core/text/variants.py)."""
    return title_matches(claimed, actual) or compare_title(claimed, actual) == Match.MET


@dataclass
class TitleScope:
    """Where a title may come from: the evidence and the roles it belongs to, or, when the line
    names an employer, that employer's roles and their lines only."""

    evidence: str
    own: list[RoleEntry]
    roles: Sequence[RoleEntry]
    resume_cards: Sequence[EvidenceCard]

    def named_roles(self, named: set[str]) -> list[RoleEntry]:
        """The roles, with a title, at the employers a line names."""
        return [
            r for r in self.roles if r.title and r.company and normalise_org(r.company) in named
        ]

    def for_employers(self, named: set[str]) -> tuple[str, list[RoleEntry]]:
        there = self.named_roles(named)
        if not there:  # no employer named, or none with a title to hold the claim to
            return self.evidence, [r for r in self.own if r.title] or list(self.roles)
        ids = {r.id for r in there}
        text = card_text([c for c in self.resume_cards if c.role_id in ids])
        return text, there


def _employer_before_title_blanked(text: str, employers: list[NameMention]) -> str:
    """The line with an employer that opens it directly before more capitalised words
    blanked out, so "Northwind Grocers Senior Analyst, …" is read as the title it states."""
    for m in employers:
        if not text[: m.start].strip() and re.match(r"\s+[A-Z]", text[m.end :]):
            text = text[: m.start] + " " * (m.end - m.start) + text[m.end :]
    return text


def check_titles(
    out: Findings, scope: TitleScope, employers: list[NameMention], cited: list[EvidenceCard]
) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    evidence, pool = scope.for_employers({m.key for m in employers})
    named = scope.named_roles({m.key for m in employers})
    if named:  # the line names where: a title comes from that employer's lines only
        cited = [c for c in cited if c.role_id in {r.id for r in named}]
    for mention in find_titles(_employer_before_title_blanked(out.text, employers)):
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
