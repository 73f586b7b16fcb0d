"""Tools, skills, certifications and other product-like names a bullet uses.

Two sources of names: the skill lexicon (`core.ingest.find_skills`, canonical names, so "K8s"
in a bullet is backed by "Kubernetes" in the evidence) and words that look like product names
(capitalised mid-sentence, CamelCase, acronyms, letters with digits such as "EC2" or "k6").
Each name must be in the cited evidence; a method may also be backed by another name for it
(the lexicon's aliases, or the synonym map: "chaos engineering" for "game days"), a tool only
by its own names. One that is elsewhere in the fact resume is a WARNING
(true, but not what this line cites); one that is nowhere in the resume is skill_invented.
Employer names, titles and month names are judged by their own checks and skipped here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from core.audit.vocabulary import METHOD_CATEGORIES, NOT_PRODUCT_WORDS
from core.ingest import find_skills, load_skill_lexicon
from core.mapping.terms import mentions, synonym_classes, synonyms_of
from core.retrieval.text_analysis import tokenize

_TOKEN = re.compile(r"(?<![\w$€£.])[A-Za-z][\w+#]*(?:[./&'’-][\w+#]+)*")
_COMPOUND = re.compile(r"[/.&'-]")


@dataclass(frozen=True)
class NameFinding:
    span: str
    detail: str
    blocker: bool


@dataclass(frozen=True)
class NameCheck:
    """What `check_names` found, and the spans of the text it judged (the skipped spans, every
    lexicon skill and every name found): later checks leave those alone."""

    findings: list[NameFinding]
    judged: list[tuple[int, int]]


@lru_cache(maxsize=4096)
def skills_in(text: str) -> frozenset[str]:
    """Canonical lexicon skills in `text`, case-folded (cached: cards are checked often)."""
    return frozenset(s.casefold() for s in find_skills(text))


def known_skills(texts: Iterable[str], listed: Iterable[str] = ()) -> frozenset[str]:
    found: set[str] = set()
    for text in texts:
        found |= skills_in(text)
    for skill in listed:
        found |= skills_in(skill) or {skill.casefold()}
    return frozenset(found)


def word_in(word: str, text: str) -> bool:
    """`word` in `text` (plural or possessive forms too; a capitalised ordinary word may be a
    shortening of one there: "Intro" for "Introduction")."""
    base = re.sub(r"(?:['’]s|s)$", "", word) if len(word) > 3 else word
    shortened = len(word) >= 4 and word.isalpha() and word[1:].islower()
    for form in {word, base}:
        # the word as written may be cut short, not its singular: "Optics" is no "optical"
        tail = r"\w*" if shortened and form == word else r"(?:e?s|['’]s)?(?![\w])"
        if re.search(rf"(?<![\w]){re.escape(form)}{tail}", text, re.I):
            return True
    return False


def words_together(words: Sequence[str], text: str) -> bool:
    """Some one line, sentence or list item of `text` holds every word: a term is stated, not
    assembled from words of different lines ("Cloud Monitoring" from "Cloud Run" and
    "monitoring")."""
    return any(
        all(word_in(w, part) for w in words) for part in re.split(r"(?<=[.;!?])\s+|[\n,|·•]", text)
    )


def _one_name(words: Sequence[str]) -> bool:
    """A run that names one thing only together: capitalised ordinary words ("Cloud
    Monitoring"), or a name with a capitalised ordinary word beside it ("IB Biology",
    "OSHA Forklift": a course or credential, not the name plus any biology). Names side by
    side with no ordinary word ("NPDES MS4") are several (a possessive ends a run before this:
    `product_words`)."""
    return len(words) > 1 and any(re.fullmatch(r"[A-Z][a-z]+(?:['’]s)?", w) for w in words)


def _sentence_start(text: str, index: int) -> bool:
    head = text[:index].rstrip(" \"'“‘(")
    return not head or head[-1] in ".;:!?•–—-"


def _looks_like_product(token: str, initial: bool) -> bool:
    if token.lower() in NOT_PRODUCT_WORDS or re.fullmatch(r"[pP]\d+|\d.*", token):
        return False
    letters = re.sub(r"[^A-Za-z]", "", token)
    if not letters:
        return False
    inner_caps = any(c.isupper() for c in letters[1:])
    has_digit = any(c.isdigit() for c in token)
    if inner_caps or (has_digit and not re.search(r"\d+-(?:day|hour|week|month|year)", token)):
        return True
    return token[0].isupper() and not initial


def product_words(text: str, skip_spans: Sequence[tuple[int, int]]) -> list[tuple[str, int]]:
    """Runs of product-like words (joined when adjacent) with their start offsets."""
    runs: list[tuple[str, int, int]] = []
    ended = True  # a possessive ends a name: "the City's NPDES MS4" is two
    for m in _TOKEN.finditer(text):
        if any(a <= m.start() < b for a, b in skip_spans):
            continue
        token = re.sub(r"['’]s$", "", m.group(0))
        if not _looks_like_product(token, _sentence_start(text, m.start())):
            continue
        joined = (
            bool(runs) and not ended and bool(re.fullmatch(r"\s+", text[runs[-1][2] : m.start()]))
        )
        ended = token != m.group(0)
        if joined:
            phrase, start, _ = runs[-1]
            runs[-1] = (f"{phrase} {token}", start, m.end())
        else:
            runs.append((token, m.start(), m.end()))
    return [(phrase, start) for phrase, start, _ in runs]


def stated(term: str, text: str) -> bool:
    """`term` is in `text`: as written, or as the same stemmed words in a row ("feature flags"
    in "feature-flag table", "mentoring" in "Mentor two engineers")."""
    if mentions(text, term):
        return True
    wanted = _plain_tokens(term)
    if not wanted:
        return False
    have = _plain_tokens(text)
    width = len(wanted)
    return any(have[i : i + width] == wanted for i in _token_starts(text).get(wanted[0], ()))


@lru_cache(maxsize=1024)
def _plain_tokens(text: str) -> tuple[str, ...]:
    return tuple(t for t in tokenize(text) if not _COMPOUND.search(t))


@lru_cache(maxsize=256)  # the whole evidence text is asked about every keyword in turn
def _token_starts(text: str) -> dict[str, list[int]]:
    """Where each plain token of `text` stands, in order."""
    starts: dict[str, list[int]] = {}
    for i, token in enumerate(_plain_tokens(text)):
        starts.setdefault(token, []).append(i)
    return starts


def names_a_tool(canonical: str, written: str) -> bool:
    """Whether the words used name one specific tool, product or credential (which must then be
    named in the evidence) rather than a method that any of its names may stand for.

    Lexicon entries in method categories may list tools as aliases ("load testing": k6,
    JMeter; "experimentation platform": Optimizely): a name written like a product (digits,
    inner capitals, an acronym, or one capitalised word such as "Locust") is held to its own
    name there.
    """
    if load_skill_lexicon().categories.get(canonical, "") not in METHOD_CATEGORIES:
        return True
    if re.search(r"\d|[a-z][A-Z]|[A-Z]{2,}", written):
        return True
    return " " not in written and written[:1].isupper()


def _short_form(short: str, long: str) -> bool:
    """ "K8s" / "Postgres" / "SUS" as a short form of "Kubernetes" / "PostgreSQL" /
    "System Usability Scale": same first letter, letters in order, or the initials."""
    s = re.sub(r"[^a-z]", "", short.lower())
    words = re.findall(r"[a-z]+", long.lower())
    if not s or not words:
        return False
    if s == "".join(w[0] for w in words):
        return True
    flat = "".join(words)
    if s[0] != flat[0] or len(s) >= len(flat):
        return False
    rest = iter(flat)
    return all(ch in rest for ch in s)


def lexicon_terms(text: str) -> list[tuple[str, str]]:
    """(canonical skill, the words the text uses for it) for every lexicon skill in `text`."""
    lexicon = load_skill_lexicon()
    found: list[tuple[str, str]] = []
    for canonical in find_skills(text):
        names = [canonical, *lexicon.skills.get(canonical, ())]
        written = [n for n in names if mentions(text, n)] or [canonical]
        found.append((canonical, max(written, key=len)))
    return found


def _backed(canonical: str, written: str, evidence: str, evidence_skills: frozenset[str]) -> bool:
    """The evidence states this skill: a tool by any of its own names ("K8s" for
    "Kubernetes"); a method by any of its names, unless the words used name a tool."""
    if stated(written, evidence):
        return True
    method = load_skill_lexicon().categories.get(canonical, "") in METHOD_CATEGORIES
    if not method:
        return canonical.casefold() in evidence_skills
    if names_a_tool(canonical, written):  # "JMeter" is not backed by "k6"
        names = [canonical, *load_skill_lexicon().skills.get(canonical, ())]
        return any(_short_form(written, n) and stated(n, evidence) for n in names if n != written)
    if canonical.casefold() in evidence_skills:
        return True
    # the job's word for a method the evidence describes in its own words ("chaos engineering"
    # for "game days"): the synonym map says they are one thing
    return any(stated(other, evidence) for other in synonyms_of(written, _synonym_classes()))


def described(name: str, evidence: str) -> bool:
    """An acronym for a kind of thing ("CMMS", whose own entry in the synonym data writes it
    out: "computerized maintenance management system") is backed by the plain descriptions
    listed under it ("work-order system"); never by a product listed there or under another
    head ("Terraform" does not back "Pulumi"), and a product name is never backed this way."""
    if not re.fullmatch(r"[A-Z][A-Z&/]+s?", name):
        return False
    own = _own_names().get(name.casefold(), ())
    plain = [alt for alt in own if alt == alt.lower()]
    if not any(_short_form(name, alt) and " " in alt for alt in plain):
        return False  # not written out in the data: a product or an unknown acronym
    return any(stated(alt, evidence) for alt in plain)


@lru_cache(maxsize=1)
def _own_names() -> dict[str, tuple[str, ...]]:
    from core.retrieval.synonyms import load_synonyms

    return {head.casefold(): tuple(alts) for head, alts in load_synonyms().items()}


@lru_cache(maxsize=1)
def _synonym_classes() -> list[set[str]]:
    from core.retrieval.synonyms import load_synonyms

    return synonym_classes(load_synonyms())


def check_names(
    text: str,
    *,
    evidence: str,
    evidence_skills: frozenset[str],
    resume_text: str,
    resume_skills: frozenset[str],
    skip_spans: Sequence[tuple[int, int]] = (),
) -> NameCheck:
    """Skills and product-like names in `text` that the cited evidence does not contain."""
    findings: list[NameFinding] = []
    judged = list(skip_spans)
    for canonical, written in lexicon_terms(text):
        judged.extend(spans_of(written, text))
        if _backed(canonical, written, evidence, evidence_skills):
            continue
        in_resume = _backed(canonical, written, resume_text, resume_skills)
        findings.append(_finding(written, in_resume))
    for phrase, _ in product_words(text, judged):
        if stated(phrase, evidence) or described(phrase, evidence):
            continue
        words = phrase.split()
        whole = _one_name(words)
        missing = [w for w in words if not word_in(w, evidence)]
        if not missing and (not whole or words_together(words, evidence)):
            continue
        missing = missing or words
        in_resume = all(word_in(w, resume_text) for w in missing) and (
            not whole or words_together(words, resume_text)
        )
        findings.append(_finding(phrase, in_resume))
    judged += [span for f in findings for span in spans_of(f.span, text)]
    return NameCheck(findings, judged)


def spans_of(name: str, text: str) -> list[tuple[int, int]]:
    """Where `name` stands in `text` (any case)."""
    return [m.span() for m in re.finditer(re.escape(name), text, re.I)]


def _finding(name: str, in_resume: bool) -> NameFinding:
    if in_resume:
        return NameFinding(
            name,
            f"'{name}' is in your resume, but not in the evidence this line cites.",
            False,
        )
    return NameFinding(name, f"'{name}' appears nowhere in your resume.", True)
