"""The summary, assembled from headline facts instead of copied prose.

Up to four lines, each citing the cards it takes its words from:
1. one sentence: the current title, the years of practice as the resume states them ("8 years of
   post-residency practice") and the three skills the job ranks highest that the sentence does not
   already name ("…, skilled in SQL, Excel and Tableau."), only skills that name or share a word
   with the job's keywords (none when no skill does: a teacher's "Cost accounting" does not
   headline a teaching resume);
2. the top credentials (certifications, by relevance; each named as written up to its first comma)
   that the page's sections do not already list (`listed`), unless the job asks for them;
3. and 4. the two strongest results: the first clause of the most relevant role lines that carry a
   number, in resume style. The roles then leave these lines out (core/writer/extractive.py).
A recruiter reads the summary first and should not meet its lines again below it
(docs/eval-notes/writer.md).
Nothing is computed: "years" appear only when the resume states them, so no number is invented.
When none of these facts exist the resume's own summary sentences are used, in resume style.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from core.contracts import CardKind, DraftBullet, EvidenceCard, RoleEntry, SkillLine
from core.mapping.terms import mentions
from core.writer.lines import capitalise, resume_line

_YEARS = re.compile(
    r"(?<![\w.])(\d{1,2}\+?|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"\+?\s+years?\s+of\s+[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*){0,2}",
    re.I,
)
_STOP_AFTER = frozenset(
    [
        "at",
        "in",
        "with",
        "for",
        "across",
        "on",
        "and",
        "as",
        "within",
        "from",
        "to",
        "where",
        "while",
    ]
)
MAX_CREDENTIAL_CHARS = 60
_NUMBER = re.compile(r"\d")
MAX_RESULT_CHARS = 150


def _years(cards: Sequence[EvidenceCard]) -> tuple[str, str] | None:
    """(phrase, card id) of the first "N years of …" the summary (else any card) states."""
    ordered = sorted(cards, key=lambda c: c.kind != CardKind.SUMMARY)
    for card in ordered:
        match = _YEARS.search(card.raw_text)
        if match:
            words = match.group(0).split()
            kept: list[str] = []
            for word in words:
                if word.casefold() in _STOP_AFTER and len(kept) > 2:
                    break
                kept.append(word)
            phrase = " ".join(kept).rstrip(".,;:")
            return phrase[:1].lower() + phrase[1:], card.id  # "Seven years" mid-sentence
    return None


def _current(roles: Sequence[RoleEntry]) -> RoleEntry | None:
    current = [r for r in roles if (r.end or "").casefold() == "present" and r.title]
    titled = current or [r for r in roles if r.title]
    return titled[0] if titled else None


def _headline(
    cards: Sequence[EvidenceCard], roles: Sequence[RoleEntry], skills: Sequence[SkillLine]
) -> DraftBullet | None:
    role = _current(roles)
    own = [c for c in cards if role is not None and c.role_id == role.id]
    if role is None or not own:
        return None
    ids = [own[0].id]
    text = " ".join(role.title.split())
    years = _years(cards)
    if years:
        text += f" with {years[0]}"
        ids.append(years[1])
    unsaid = [s for s in skills if not mentions(text, s.skill)][:3]  # not "years of X, … X"
    if not years and not unsaid:
        return None  # a title alone ("Civil Engineer.") says nothing the page does not
    if unsaid:
        text += f", skilled in {spoken_list([in_sentence(s.skill) for s in unsaid])}"
        ids += [s.evidence_card_ids[0] for s in unsaid if s.evidence_card_ids]
    return DraftBullet(id="summary-1", text=f"{text}.", evidence_card_ids=list(dict.fromkeys(ids)))


def in_sentence(skill: str) -> str:
    """A listed skill as a sentence writes it: a common word capitalised only because it opens
    the list item is lower-cased ('Professional communication' → 'professional communication');
    names keep their capitals ('Microsoft Word', 'Python scripting', 'SQL', 'Excel modelling')."""
    from core.ingest import find_skills
    from core.jd.rarity import FLOOR, zipf

    first, _, rest = skill.partition(" ")
    title_case = first.isalpha() and first[:1].isupper() and first[1:].islower()
    if not rest or not title_case or rest != rest.lower():
        return skill
    if zipf(first) < FLOOR or find_skills(first):  # not an everyday word, or a known name
        return skill
    return first.lower() + " " + rest


def spoken_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"; "; " between items when one holds a comma itself."""
    if len(items) < 2:
        return "".join(items)
    if any("," in item for item in items):
        return "; ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _credential_name(card: EvidenceCard) -> str:
    name = resume_line(card.raw_text.split(",")[0]).rstrip(".;:")
    if len(name) > MAX_CREDENTIAL_CHARS or name.count("(") != name.count(")"):
        return ""
    return name


def _credentials(
    cards: Sequence[EvidenceCard],
    score: dict[str, float],
    listed: frozenset[str],
    asked: frozenset[str],
) -> DraftBullet | None:
    certs = [
        c
        for c in cards
        if c.kind == CardKind.CERTIFICATION and (c.id not in listed or c.id in asked)
    ]
    certs.sort(key=lambda c: -score.get(c.id, 0.0))
    named = [(card, _credential_name(card)) for card in certs]
    named = [(card, name) for card, name in named if name][:3]
    if not named:
        return None
    text = "; ".join(name for _, name in named) + "."
    return DraftBullet(id="summary-2", text=text, evidence_card_ids=[c.id for c, _ in named])


def _result_clause(text: str) -> str:
    """The line in resume style if short, else its first clause that carries a number."""
    line = resume_line(text).rstrip(".:,;")
    if len(line) <= MAX_RESULT_CHARS:
        return line
    for clause in re.split(r";\s|\s[–—]\s", text):
        short = resume_line(clause).rstrip(".:,;")
        if short and _NUMBER.search(short) and len(short) <= MAX_RESULT_CHARS:
            return short
    return ""


def _results(cards: Sequence[EvidenceCard], score: dict[str, float]) -> list[DraftBullet]:
    pool = [
        c
        for c in cards
        if c.kind == CardKind.EXPERIENCE_BULLET and (c.metrics or _NUMBER.search(c.raw_text))
    ]
    pool.sort(key=lambda c: -score.get(c.id, 0.0))
    results: list[DraftBullet] = []
    for card in pool:
        clause = _result_clause(card.raw_text)
        if clause:
            number = len(results) + 3
            results.append(
                DraftBullet(id=f"summary-{number}", text=f"{clause}.", evidence_card_ids=[card.id])
            )
        if len(results) == 2:
            break
    return results


def facts_cited(lines: Sequence[DraftBullet], cards: Sequence[EvidenceCard]) -> set[str]:
    """The cards summary lines rest on. A summary of facts states two or more (a title alone,
    "Civil Engineer.", says nothing the page does not); one made of the resume's own summary
    sentences is the person's own words (`OWN_WORDS`)."""
    known = {card.id for card in cards}
    return {cid for line in lines for cid in line.evidence_card_ids if cid in known}


def own_words(lines: Sequence[DraftBullet], cards: Sequence[EvidenceCard]) -> bool:
    """Every line cites only the resume's own summary sentences."""
    summary = {card.id for card in cards if card.kind == CardKind.SUMMARY}
    return bool(lines) and all(set(line.evidence_card_ids) <= summary for line in lines)


def write_summary(
    cards: Sequence[EvidenceCard],
    roles: Sequence[RoleEntry],
    skills: Sequence[SkillLine],
    score: dict[str, float],
    *,
    listed: frozenset[str] = frozenset(),
    asked: frozenset[str] = frozenset(),
) -> list[DraftBullet]:
    """Headline facts as summary lines (module doc); each cites its cards.

    `listed`: ids of the cards the draft's sections already show (Certifications); `asked`: ids
    of the cards a job requirement cites.
    """
    lines = [_headline(cards, roles, skills), _credentials(cards, score, listed, asked)]
    summary = [line for line in lines if line is not None]
    if summary:
        summary += _results(cards, score)
        return [b.model_copy(update={"id": f"summary-{n}"}) for n, b in enumerate(summary, 1)]
    own = [c for c in cards if c.kind == CardKind.SUMMARY]
    chosen = sorted(own, key=lambda c: -score.get(c.id, 0.0))[:2]
    written = [(c, resume_line(c.raw_text)) for c in sorted(chosen, key=own.index)]
    return [
        DraftBullet(id=f"summary-{n}", text=capitalise(text), evidence_card_ids=[c.id])
        for n, (c, text) in enumerate([(c, t) for c, t in written if t], 1)
    ]
