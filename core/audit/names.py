"""Employers and job titles named in a bullet, checked against the role the evidence belongs to.

Employers: every company or school in the fact resume is known (with short aliases such as
"Ironbark" for "Ironbark Logistics"). Naming one that is not the evidence's own employer, and
that the evidence text does not mention, is employer_wrong.

Titles: a title is read where a bullet states one ("As Senior Platform Engineer at …",
"Product Manager at Pennypod from …", "Software Engineer, Ironbark", "served as …"). It must be
the evidence role's title: the same words (a trailing qualifier such as ", Payments
Infrastructure" may be left out) and exactly the same level words (Associate, Senior, II, Lead,
…). "Product Manager" for an "Associate Product Manager" is title_inflated.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from core.audit.vocabulary import (
    GENERIC_FIRST_WORDS,
    LEVEL_WORDS,
    TITLE_ABBREVIATIONS,
    TITLE_FILLER,
    TITLE_HEADS,
)
from core.contracts import RoleEntry
from core.ingest import find_skills
from core.text.dates import MONTH
from core.text.orgs import has_legal_suffix, name_run_at, org_key

_NOT_MONTH = rf"(?!(?i:{MONTH})(?![a-zA-Z]))"
_CAP = rf"{_NOT_MONTH}[A-Z][\w'/.-]*"
_TITLE_WORD = rf"(?:{_CAP}|of|and|&)"
_TITLE_RUN = re.compile(rf"{_CAP}(?:\s+{_TITLE_WORD})*(?:,\s+{_CAP}(?:\s+(?:{_CAP}|&|and))*)?")
_AS_CUE = re.compile(
    r"(?:(?:^|[.;:]\s+)as|\b(?:served as|worked as|promoted to|hired as|joined as|role as))"
    r"\s+(?:an?\s+|the\s+)?",
    re.I,
)
_LOWER_RUN = re.compile(r"[A-Za-z][\w'/-]*(?:\s+(?:of\s+)?[A-Za-z][\w'/-]*){0,5}")
# A bullet that opens with a title in sentence case: "Project engineer on the …", "Charge nurse
# for a 32-bed unit": up to three words, then a preposition (the head word is checked later).
_OPENING_TITLE = re.compile(
    r"(?:^|[.;]\s+)(?P<run>[A-Z][a-z'/-]*(?:\s+[a-z][a-z'/-]*){1,2})(?=\s+(?:on|at|for|with|in)\s)"
)
# Where the evidence names a title that is someone else's: "covered the manager's job",
# "reported to the Store Manager", "assisted our director", "helped the head buyer", "for
# attorney review" — after a preposition or a verb of helping, or as the object of any verb
# ("trained the new cashier"); not after "as", "was", "became" or "promoted to", which give
# the writer the title.
_OTHERS_BEFORE = re.compile(
    r"(?:\b(?:to|for|under|with|by|from|assisted|supported|helped|covered|backed up|shadowed)"
    r"\s+(?:(?:the|our|my|a|an|their|his|her)\s+)?"
    r"|\b(?<!as )(?<!was )(?<!were )(?<!is )(?<!am )(?<!became )(?<!become )(?<!named )"
    r"(?:the|our|their|his|her)\s+)$",
    re.I,
)
_OWN_BEFORE = re.compile(
    r"\b(?:promoted|moved up|rose|returned|stepped up|advanced)\s+to\s+(?:the\s+)?$", re.I
)
_OTHERS_AFTER = re.compile(r"^[’']s\b", re.I)


@dataclass(frozen=True)
class NameMention:
    text: str
    start: int
    end: int
    key: str  # employer: normalised company name; title: the title as written


def normalise_org(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def employer_aliases(company: str) -> list[str]:
    """The company as written plus its shorter forms (parts around commas, first words)."""
    aliases: list[str] = []
    for part in [company, *re.split(r"\s*[,(|]\s*", company)]:
        part = part.strip(" )")
        words = part.split()
        if not words:
            continue
        aliases.append(part)
        if len(words) >= 2 and words[0].lower() not in GENERIC_FIRST_WORDS and len(words[0]) >= 4:
            aliases.append(words[0])
        if len(words) >= 3:
            aliases.append(" ".join(words[:2]))
    return list(dict.fromkeys(a for a in aliases if len(a) >= 3))


def _sentence_start(text: str, index: int) -> bool:
    return not text[:index].strip() or bool(re.search(r"[.;:!?(]\s*$", text[:index]))


def find_employers(text: str, roles: Iterable[RoleEntry]) -> list[NameMention]:
    """Known employers named in `text` (capitalised as a name, not as an ordinary word)."""
    found: list[NameMention] = []
    for role in roles:
        if not role.company.strip():
            continue
        key = normalise_org(role.company)
        for alias in sorted(employer_aliases(role.company), key=len, reverse=True):
            single = " " not in alias and alias != role.company
            pattern = rf"(?<![\w-]){re.escape(alias)}(?:['’]s)?(?![\w-])"
            for m in re.finditer(pattern, text, re.I):
                if not m.group(0)[0].isupper():
                    continue
                if single and _sentence_start(text, m.start()) and not m.group(0).endswith("s"):
                    continue
                if any(f.start <= m.start() < f.end for f in found):
                    continue
                if alias != role.company and not _same_name(name_run_at(text, m.start()), role):
                    continue  # "Pacific Bank" is another organisation than "Pacific Trading"
                found.append(NameMention(m.group(0), m.start(), m.end(), key))
    return sorted(found, key=lambda f: f.start)


def _same_name(run: str, role: RoleEntry) -> bool:
    """The whole name written at a mention is the employer's: its name or a shortening of it,
    or its name followed by more of the same name ("Northwind Grocers Data Platform")."""
    said, company = org_key(re.sub(r"['’]s$", "", run)), org_key(role.company)
    if not said or not company:
        return True
    return company.startswith(said) or said.startswith(company)


def oriented(role: RoleEntry) -> RoleEntry:
    """The role with company and title the right way round: a "Title - Company" header read
    as "Company - Title" has a job-title word in its company and none in its title."""
    if (
        role.title
        and _has_head(title_words(role.company))
        and not _has_head(title_words(role.title))
    ):
        return role.model_copy(update={"company": role.title, "title": role.company})
    return role


def title_words(title: str) -> list[str]:
    words = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", title.lower())
    return [TITLE_ABBREVIATIONS.get(w, w) for w in words if w not in TITLE_FILLER]


def _has_head(words: Sequence[str]) -> bool:
    return any(w in TITLE_HEADS for w in words)


def _trim_run(run: str) -> str:
    run = re.sub(r"^(?:(?:as|an?|the|holds?|held|earned)\s+)+", "", run.strip(" ,"), flags=re.I)
    return re.sub(r"(?:\s+(?:of|and|&))+$", "", run)


def _title_cues(text: str) -> list[tuple[int, str]]:
    """(start, candidate) pairs at places where a bullet states a title."""
    candidates: list[tuple[int, str]] = []
    for m in _AS_CUE.finditer(text):
        rest = text[m.end() :]
        run = _LOWER_RUN.match(rest)
        if run:
            words = re.split(r"\s+(?:at|for|on|with|in|to|from)\s+|,", run.group(0))[0]
            candidates.append((m.end(), words))
    for m in _OPENING_TITLE.finditer(text):
        candidates.append((m.start("run"), m.group("run")))
    for m in _TITLE_RUN.finditer(text):
        following = text[m.end() : m.end() + 6]
        at_start = _sentence_start(text, m.start())
        if at_start or re.match(r"\s+(?:at|for)\s+[A-Z]|\s*\(\d{4}|,\s+[A-Z]", following):
            candidates.append((m.start(), m.group(0)))
    return candidates


def find_titles(text: str) -> list[NameMention]:
    """Job titles a bullet states (see module doc for where a title is read)."""
    found: list[NameMention] = []
    for start, raw in _title_cues(text):
        run = _trim_run(raw)
        if re.match(r"(?:at|for|while at)\s", raw, re.I) or has_legal_suffix(run):
            continue  # "At Tech Startup Inc, …": an organisation's name, not a title
        words = title_words(run)
        if not words or not _has_head(words) or any(w.startswith("certif") for w in words):
            continue
        if words[0] not in LEVEL_WORDS and not _has_head(words[:1]) and len(words) > 4:
            continue
        if any(f.key == run or f.start <= start < f.end for f in found):
            continue
        if len(words) == 1 and re.match(
            r"\s+(?:a|an|the|our|my|\d)", text[start + len(raw) :], re.I
        ):
            continue  # "Lead a team of 3", "Head the unit": a verb, not a title
        if len(words) == 1 and _listed_tool(text, start, start + len(raw)):
            continue  # "Photoshop; InDesign; Illustrator": a tool in a list, not a title
        found.append(NameMention(run, start, start + len(run), run))
    return found


def _listed_tool(text: str, start: int, end: int) -> bool:
    """A one-word name the skill lexicon knows, standing in a list (after or before , ; |)."""
    before, after = text[:start].rstrip()[-1:], text[end:].lstrip()[:1]
    listed = any(ch and ch in ",;|" for ch in (before, after))
    return listed and bool(find_skills(text[start:end]))


def title_matches(claimed: str, actual: str) -> bool:
    """Same title: the claimed words are the role's (qualifier optional), same level words."""
    said = title_words(claimed)
    full = title_words(actual)
    core = title_words(re.split(r"\s*[,(|–—]\s*|\s+-\s+", actual)[0])
    if said in (full, core):
        return True
    if not set(said) <= set(full):
        return False
    return {w for w in said if w in LEVEL_WORDS} == {w for w in core if w in LEVEL_WORDS}


def title_in_text(title: str, text: str) -> bool:
    """The evidence states this exact title as the candidate's: not a longer one ("Product
    Manager" is not stated by "Associate Product Manager") and not someone else's ("covered the
    inventory control manager's job", "reported to the Store Manager")."""
    for m in re.finditer(rf"(?<![\w-]){re.escape(title)}(?![\w-])", text, re.I):
        preceding = text[max(0, m.start() - 30) : m.start()]
        before = re.findall(r"[\w-]+", preceding)
        if before and before[-1].lower() in LEVEL_WORDS:
            continue  # a longer title
        others = _OTHERS_BEFORE.search(preceding) and not _OWN_BEFORE.search(preceding)
        if others or _OTHERS_AFTER.match(text[m.end() :]):
            continue  # someone else's title
        return True
    return False


_ORG = r"[A-Z][\w&'.-]*(?:\s+(?:[A-Z][\w&'.-]*|&))*"
_EMPLOYER_CUE = re.compile(
    rf"(?:^|[.;]\s+)(?:At|For|While at)\s+(?P<a>{_ORG})\s*,"
    rf"|\b(?:worked (?:at|for)|joined|employed by|hired by)\s+(?P<b>{_ORG})"
)


_TITLE_AT = re.compile(rf"\b(?P<word>[A-Z][\w-]*)\s+at\s+(?P<org>{_ORG})")


def named_as_employer(text: str) -> list[NameMention]:
    """Organisations a line names as the employer ("At X, …", "worked for X", "joined X",
    "Store Manager at X")."""
    found: list[NameMention] = []
    spans = [(m, "a" if m.group("a") else "b") for m in _EMPLOYER_CUE.finditer(text)]
    spans += [(m, "org") for m in _TITLE_AT.finditer(text) if _has_head(title_words(m["word"]))]
    for m, group in spans:
        org = re.sub(r"['’]s$", "", m.group(group)).rstrip(" .")
        if any(f.start == m.start(group) for f in found):
            continue
        found.append(
            NameMention(org, m.start(group), m.start(group) + len(org), normalise_org(org))
        )
    return found


def only_inside_a_name(org: str, evidence: str) -> bool:
    """The evidence never names `org` on its own: only as part of a longer name, such as a
    product ("Amazon" in "Amazon EKS") — or not at all."""
    hits = list(re.finditer(rf"(?<![\w-]){re.escape(org)}(?![\w-])", evidence, re.I))
    return all(re.match(r"\s+(?:[A-Z][\w-]*|\d)", evidence[h.end() :]) for h in hits)


def employer_names(roles: Iterable[RoleEntry]) -> list[str]:
    """Every employer the resume names: each role's company, and the parts of a title that
    hold no job-title word (a "Company — Title" header read whole into the title)."""
    names: list[str] = []
    for role in roles:
        names.append(role.company)
        parts = re.split(r"\s*[,(|–—]\s*|\s+-\s+", role.title)
        names += [p for p in parts if p and (has_legal_suffix(p) or not _has_head(title_words(p)))]
    return [n for n in names if n.strip()]


def shortens(said: str, name: str) -> bool:
    """`said` is the organisation `name`, whole or shortened from the end ("National Parcel"
    for "National Parcel Corp", "Kestrel" for "Kestrel Payments")."""
    a, b = org_key(re.sub(r"['’]s$", "", said)), org_key(name)
    return bool(a) and bool(b) and (a == b or b.startswith(a + " "))


def where_else(org: str, text: str) -> str:
    """Where the evidence uses `org`'s letters, quoted: inside a name or as a plain word."""
    m = re.search(rf"(?<![\w-]){re.escape(org)}(?![\w-])", text, re.I)
    if not m:
        return ""
    if m.group(0) != org:
        return f"; your resume has '{m.group(0)}' as a word, not a name"
    longer = re.match(r"(?:\s+[A-Z][\w-]*)+", text[m.end() :])
    return f"; your resume names it only as part of '{org}{longer.group(0)}'" if longer else ""
