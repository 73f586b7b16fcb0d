"""The Skills line: terms from the resume's Skills section and terms the skill lexicon knows.

A skill on the tailored resume must be a skill, and the fact resume must state it:

- a term from a Skills-section card is a skill because the user listed it there;
- a term found in prose counts only when the lexicon (core/data/skills.json) recognises it as
  a skill or tool in that very text, so "management" or "our clinical nurse specialist" never
  become skills;
- a name written with capitals inside ("SAFe", "BigQuery") must appear with that spelling in the
  card it came from, so "a safe environment" never yields SAFe;
- the term is written as a term: balanced brackets, no first person, at most six words;
- the fact resume states it (word-bounded), so a term absent from the resume never appears;
- a single everyday English word ("academic", "basic", "charts": in the word-rarity data,
  core/jd/rarity.py) says nothing on its own and is listed only when it is the job's own term
  (it names or is named by one of the ad's keywords) or the skill lexicon knows it as a skill.
  Written in lower case, any word the data lists is everyday (Zipf >= FLOOR); written with a
  capital it may be a product's name ("Outlook", "Epic"), so only a word as common as
  `COMMON_ALONE` is; an acronym or a word with a digit is a name, not a word.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache

from core.contracts import CardKind, EvidenceCard, SkillLine
from core.ingest import find_skills
from core.jd.rarity import COMMON_ALONE, FLOOR, zipf
from core.mapping.terms import content_words, mentions, stems
from core.writer.lines import strip_markdown
from core.writer.text_rules import first_person

MAX_SKILLS = 18
MAX_WORDS = 6
_DETERMINER_START = re.compile(r"^(?:a|an|the|this|that|these|those|some|any|each)\s", re.I)
# the last item of a list written out ("Word, Excel, and Outlook") keeps its conjunction
_CONJUNCTION_START = re.compile(r"^(?:and|or|&|plus)\s+", re.I)


def well_formed(term: str) -> bool:
    """Is `term` written as a term (balanced brackets, no first person, short, not a phrase)?"""
    if term != strip_markdown(term) or not any(ch.isalpha() for ch in term):
        return False
    if term.count("(") != term.count(")") or term.count("[") != term.count("]"):
        return False
    if first_person(term) or _DETERMINER_START.match(term):
        return False
    return len(term.split()) <= MAX_WORDS


def everyday_word(term: str) -> bool:
    """A single word of everyday English, not an acronym, a number or a known skill (doc)."""
    words = term.split()
    if len(words) != 1 or term.isupper() or any(ch.isdigit() for ch in term):
        return False
    everyday = FLOOR if term[:1].islower() else COMMON_ALONE
    return zipf(term.strip(".,;:'’\"")) >= everyday and not _lexicon_terms(term)


def _spelled_as_in(term: str, text: str) -> bool:
    """A name with inner capitals ("SAFe", "GitLab") must be written that way in its card."""
    if not any(ch.isupper() for ch in term[1:]):
        return True
    return re.search(rf"(?<!\w){re.escape(term)}(?!\w)", text) is not None


@lru_cache(maxsize=2048)
def _lexicon_terms(text: str) -> frozenset[str]:
    return frozenset(found.casefold() for found in find_skills(text))


def accepted(term: str, card: EvidenceCard, resume_text: str) -> bool:
    """May `term`, found on `card`, go on the Skills line (module doc)?"""
    term = term.strip()
    if not well_formed(term) or not mentions(resume_text, term):
        return False
    if card.kind != CardKind.SKILL and term.casefold() not in _lexicon_terms(card.raw_text):
        return False
    return _spelled_as_in(term, card.raw_text) or card.kind == CardKind.SKILL


def skill_lines(
    cards: Sequence[EvidenceCard], keywords: Sequence[str], *, resume_text: str
) -> list[SkillLine]:
    """Accepted skills, the job's keywords first, then by how many cards show them."""
    sources: dict[str, list[str]] = defaultdict(list)
    spelled: dict[str, str] = {}
    for card in cards:
        for listed in card.skills:
            skill = _CONJUNCTION_START.sub("", listed.strip())
            if not accepted(skill, card, resume_text):
                continue
            if everyday_word(skill) and job_rank(skill, keywords) >= len(keywords):
                continue  # an everyday word the job does not ask for
            key = skill.strip().casefold()
            spelled.setdefault(key, skill.strip())
            if card.id not in sources[key]:
                sources[key].append(card.id)

    def order(key: str) -> tuple[int, int]:
        return (job_rank(spelled[key], keywords), -len(sources[key]))

    keys = without_contained(sorted(sources, key=order))[:MAX_SKILLS]
    return [SkillLine(skill=spelled[k], evidence_card_ids=sources[k][:3]) for k in keys]


def without_contained(keys: Sequence[str]) -> list[str]:
    """`keys` in order, a skill that another one names in full with one word more ("Word" in
    "Microsoft Word", "patient care" in "coordinating patient care") replaced by that longer
    one: the line and the summary headline would say it twice. A longer name is another thing
    ("Kubernetes" in "Certified Kubernetes Application Developer") and both stay."""
    kept: list[str] = []
    for key in keys:
        size = len(key.split()) + 1
        longer = [k for k in keys if len(k.split()) == size and mentions(k, key)]
        chosen = longer[0] if longer else key
        if chosen not in kept:
            kept.append(chosen)
    return kept


def job_rank(skill: str, keywords: Sequence[str]) -> int:
    """How close `skill` is to the job: the position of the first keyword it names or that
    names it ("SQL" for "SQL"); after those, of the first keyword it shares a content word
    with ("Professional communication" for "communication skills"); else 2 × len(keywords)."""
    for position, keyword in enumerate(keywords):
        if mentions(keyword, skill) or mentions(skill, keyword):
            return position
    words = _word_stems(skill)
    for position, keyword in enumerate(keywords):
        if words & _word_stems(keyword):
            return len(keywords) + position
    return 2 * len(keywords)


def for_the_job(skills: Sequence[SkillLine], keywords: Sequence[str]) -> list[SkillLine]:
    """The skills that name or share a word with one of the job's keywords, in order."""
    return [s for s in skills if job_rank(s.skill, keywords) < 2 * len(keywords)]


@lru_cache(maxsize=4096)
def _word_stems(text: str) -> frozenset[str]:
    """Stems of the content words: cached, since `job_rank` compares each skill with each of
    the job's keywords (skill order and the summary's job-related skills read the same pairs)."""
    return frozenset({stem for word in content_words(text) for stem in stems(word)})
