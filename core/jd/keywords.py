"""ATS keywords of a job description: lexicon terms plus JD-specific patterns, as written.

Beyond the lexicon (`core.jd.terms`) a posting names things no lexicon can hold, so four
patterns add them (only in requirement-like text, where they are reliable):
- an acronym defined in place: "protected health information (PHI)" -> both forms;
- items of a listed set of tools: "such as Statsig, Optimizely, or LaunchDarkly", "(REST and gRPC)";
- people-management asks: "managing other product managers", "lead a team of engineers";
- qualified system nouns: "high-availability APIs", "low-latency services".
A coordinated phrase whose parts are both terms ("generative and evaluative research") is kept
whole as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from core.jd.terms import TermHit, find_terms

CLUSTER_NAMES = {
    "programming_languages": "languages",
    "frameworks_libraries": "frameworks",
    "data_platforms": "data",
    "cloud_infrastructure": "cloud",
    "devops_observability": "devops",
    "software_practices": "engineering practices",
    "product_management": "product",
    "design": "design",
    "ux_research": "research methods",
    "certifications": "certifications",
    "degrees": "education",
    "compliance": "compliance",
    "domain": "domain",
    "functions": "collaboration",
    "methods": "ways of working",
    "tools": "tools",
    "leadership": "leadership",
    "titles": "titles",
}

ACRONYM = re.compile(r"\(([A-Z][A-Za-z0-9&/+]{1,9})\)")
LIST_CUE = re.compile(
    r"\b(?:such as|including|like|e\.g\.,?|for example,?|especially|particularly)\s+"
    r"([^.;:()\n]+)",
    re.IGNORECASE,
)
PARENS = re.compile(r"\(([^()\n]{2,120})\)")
ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and/or|and|or)\s+")
LIST_TAIL = re.compile(
    r"\s*(?:,?\s*(?:or|and)\s+)?(?:similar|equivalent|the like|etc\.?|others|more)\b.*$",
    re.IGNORECASE,
)
PEOPLE_MANAGEMENT = re.compile(
    r"\b(?:managing|manage|managed|leading|lead|led|hiring and managing|building and leading)"
    r"\s+(?:other\s+|a\s+team\s+of\s+(?:\d+\s+)?|teams\s+of\s+)?(?:[a-z]+\s+)?"
    r"(?:managers|engineers|designers|researchers|PMs|scientists|analysts|people)\b"
)
QUALIFIED_SYSTEMS = re.compile(
    r"\b(?:high[- ]availability|highly[- ]available|low[- ]latency|real[- ]time|large[- ]scale|"
    r"fault[- ]tolerant|horizontally[- ]scalable)\s+"
    r"(?:APIs?|systems?|services|platforms?|applications|data pipelines|pipelines)\b",
    re.IGNORECASE,
)
COORDINATION = re.compile(r"([A-Za-z][\w-]*)\s*,?\s+(?:and|or|&)\s+$")
NOT_A_TOOL = frozenset(
    {"experience", "strong", "working", "knowledge", "familiarity", "the", "a", "an", "our",
     "your", "other", "similar", "related", "equivalent", "tools", "tooling", "platforms",
     "systems", "frameworks", "languages"}
)  # fmt: skip


@dataclass(frozen=True)
class Keyword:
    text: str  # as written in the JD
    category: str

    @property
    def cluster(self) -> str:
        return CLUSTER_NAMES.get(self.category, self.category)


def unique_keywords(items: Iterable[Keyword]) -> list[Keyword]:
    """De-duplicate case-insensitively (and across whitespace), keeping the first."""
    seen: dict[str, Keyword] = {}
    for item in items:
        key = dedup_key(item.text)
        if key and key not in seen:
            seen[key] = item
    return list(seen.values())


def dedup_key(text: str) -> str:
    """Lower-cased, whitespace squashed, trailing plural 's' dropped ('design docs')."""
    words = text.lower().replace("’", "'").split()
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and words[-1].isalpha():
        words[-1] = words[-1][:-1]
    return " ".join(words)


def keywords_in(text: str, *, patterns: bool = True) -> list[Keyword]:
    """Keywords in `text` in order of appearance; `patterns` adds the JD-specific patterns."""
    return list(_keywords_in(text, patterns))


@lru_cache(maxsize=4096)  # requirement texts are read again for the ATS list and the profile
def _keywords_in(text: str, patterns: bool) -> tuple[Keyword, ...]:
    terms = list(find_terms(text))
    hits = [h for h in terms if not describes_candidate(text, h, terms)]
    found: list[tuple[int, Keyword]] = [(h.start, Keyword(h.surface, h.category)) for h in hits]
    found += _coordinated(text, hits)
    if patterns:
        found += _pattern_keywords(text)
    found.sort(key=lambda pair: pair[0])
    return tuple(unique_keywords(keyword for _, keyword in found))


# The opening word of an ask, bare and capitalised, then "with", a comma, or "and"/"or" and a
# last word: the slot of the candidate ("Patient with excellent problem-solving skills",
# "Patient, caring and dependable", "Patient and compassionate").
CANDIDATE_SLOT = re.compile(
    r"\s*(?:(with)\b|,|(?:and|or)\b(?=\s+[\w-]+\s*(?:[,.;]|and\b|or\b|$)))\s*"
)
SUBJECT_MATTER = frozenset({"domain"})  # the lexicon's kind for whom/what the job serves


def describes_candidate(text: str, hit: TermHit, hits: list[TermHit]) -> bool:
    """A subject-matter term in the candidate's slot describes the candidate, so it is read as
    an adjective there, not as that subject: the candidate is not a patient. A skill or role
    noun in that slot stays a keyword ("Python with Django", "Coaching with…"), and so does a
    list of subjects ("Healthcare, fintech or insurance background": the next word is a term)."""
    opening = text[: hit.start].strip(" -*•\t") == ""
    single = " " not in hit.surface and hit.surface[:1].isupper() and not hit.surface.isupper()
    if not (opening and single and hit.category in SUBJECT_MATTER):
        return False
    slot = CANDIDATE_SLOT.match(text, hit.end)
    if slot is None:
        return False
    return slot.group(1) is not None or all(h.start != slot.end() for h in hits)


def _coordinated(text: str, hits: list[TermHit]) -> list[tuple[int, Keyword]]:
    """'generative and evaluative research' when 'generative research' is a term too."""
    out: list[tuple[int, Keyword]] = []
    for hit in hits:
        words = hit.surface.split()
        if len(words) < 2:
            continue
        before = COORDINATION.search(text[max(0, hit.start - 40) : hit.start])
        if before is None:
            continue
        candidate = " ".join([before.group(1), *words[1:]])
        twin = next(iter(find_terms(candidate)), None)
        if twin is not None and twin.start == 0 and twin.end == len(candidate):
            start = hit.start - (len(text[max(0, hit.start - 40) : hit.start]) - before.start())
            out.append((start, Keyword(" ".join(text[start : hit.end].split()), hit.category)))
    return out


def _pattern_keywords(text: str) -> list[tuple[int, Keyword]]:
    out: list[tuple[int, Keyword]] = []
    for match in ACRONYM.finditer(text):
        before = text[max(0, match.start() - 120) : match.start()].split()[-8:]
        long_form = _expansion(before, match.group(1))
        if long_form:
            out.append((match.start() - len(long_form) - 1, Keyword(long_form, "compliance")))
            out.append((match.start(1), Keyword(match.group(1), "compliance")))
    for start, item in _listed_items(text):
        out.append((start, Keyword(item, "tools")))
    for match in PEOPLE_MANAGEMENT.finditer(text):
        out.append((match.start(), Keyword(match.group(0), "leadership")))
    for match in QUALIFIED_SYSTEMS.finditer(text):
        out.append((match.start(), Keyword(match.group(0), "software_practices")))
    return out


def _expansion(words: list[str], acronym: str) -> str:
    """The words before '(ACR)' that the acronym abbreviates, or '' when they do not match."""
    letters = [c.lower() for c in acronym if c.isalpha() and c.isupper()]
    words = [w.strip(",;:") for w in words]
    if len(letters) < 2 or not all(re.fullmatch(r"[A-Za-z][\w'’-]*", w) for w in words[-1:]):
        return ""
    content = [w for w in words if w.lower() not in {"of", "and", "&", "the", "for"}]
    tail = content[-len(letters) :]
    if len(tail) == len(letters) and [w[0].lower() for w in tail] == letters:
        first = len(words) - 1 - words[::-1].index(tail[0])
        return " ".join(words[first:])
    return ""


def _listed_items(text: str) -> list[tuple[int, str]]:
    spans = [(m.start(1), m.group(1)) for m in LIST_CUE.finditer(text)]
    for match in PARENS.finditer(text):
        inner = match.group(1)
        if ITEM_SPLIT.search(inner):
            spans.append((match.start(1), inner))
    items: list[tuple[int, str]] = []
    for start, span in spans:
        span = LIST_TAIL.sub("", span)
        for part in ITEM_SPLIT.split(span):
            item = part.strip(" .,'\"")
            if _looks_like_tool(item):
                items.append((start + max(span.find(item), 0), item))
    return items


def _looks_like_tool(item: str) -> bool:
    words = item.split()
    if not 1 <= len(words) <= 4 or words[0].lower() in NOT_A_TOOL:
        return False
    if not all(w[:1].isupper() or any(c.isupper() for c in w[1:]) for w in words):
        return False
    return any(c.isalpha() for c in item) and not item.isdigit()
