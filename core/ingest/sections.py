"""Section headings: which lines are headings, and which kind of evidence a heading holds.

The synonym table is data: add a heading people use and every format picks it up. The longest
matching phrase wins, so "How I work" is OTHER, not EXPERIENCE, and "Academic Experience" is
EXPERIENCE by the table (an academic CV's posts); `names_schooling` marks such a heading whose
words also say schooling, for the section's lines to decide (`core.ingest.heading_meaning`).
The line reader's features read this table (`core.reader.features`): a new phrase means the
line models retrained (`make train`).
"""

from __future__ import annotations

import re

from core.contracts import CardKind

# kind -> heading phrases (lower case, straight apostrophes)
SECTION_SYNONYMS: dict[CardKind, tuple[str, ...]] = {
    CardKind.EXPERIENCE_BULLET: (
        "experience", "work experience", "work history", "employment", "employment history",
        "where i've worked", "places i've worked", "career history", "career", "positions",
        "positions held", "jobs", "professional background", "work", "roles", "company details",
        "employment details",
    ),
    CardKind.SUMMARY: (
        "summary", "profile", "about", "about me", "the short version", "objective", "overview",
        "introduction", "highlights", "at a glance", "in brief", "tl;dr", "professional summary",
        "career summary", "personal statement", "bio", "career overview", "professional profile",
    ),
    CardKind.SKILL: (
        "skills", "skill", "toolbox", "tools", "technologies", "tech stack", "stack",
        "competencies", "core competencies", "expertise", "proficiencies", "toolkit",
        "technical skills", "skills and tools", "skill details", "strengths", "core strengths",
        "skill highlights", "key skills",
    ),
    CardKind.EDUCATION: (
        "education", "academic background", "degrees", "school", "schooling", "qualifications",
        "education and training", "training", "educational background", "education details",
        "academic qualifications", "educational qualifications", "studies", "academic studies",
        "academic history", "academic record", "academics", "formal education",
        "education history", "educational history", "higher education", "diplomas",
    ),
    CardKind.CERTIFICATION: (
        "certifications", "certification", "certificates", "licenses", "licences",
        "credentials", "accreditations", "licenses and certifications",
        "certifications and trainings", "trainings",
    ),
    CardKind.PROJECT: (
        "projects", "project", "side quests", "side projects", "open source", "case studies",
        "project write-ups", "write-ups", "writeups", "portfolio", "things i've shipped",
        "selected work", "shipped", "project experience", "project history",
        "project highlights",
    ),
    CardKind.PUBLICATION: (
        "publications", "papers", "talks", "writing", "speaking", "presentations", "patents",
        "articles", "talks and writing", "conference talks",
    ),
    CardKind.VOLUNTEERING: (
        "volunteering", "volunteer", "volunteer work", "community", "service", "teaching",
        "activities", "extracurricular", "leadership and activities", "community service",
        "affiliations", "professional affiliations", "memberships", "professional memberships",
        "associations", "professional associations",
    ),
    CardKind.AWARD: (
        "awards", "honors", "honours", "recognition", "achievements", "awards and honors",
        "accomplishments", "honors and awards",
    ),
    CardKind.OTHER: (
        "other", "interests", "hobbies", "languages", "additional information", "how i work",
        "misc", "miscellaneous", "references", "personal",
    ),
}  # fmt: skip
_FILLERS = frozenset(
    [
        "and",
        "&",
        "of",
        "the",
        "my",
        "a",
        "i",
        "selected",
        "relevant",
        "professional",
        "industry",
        "academic",
        "research",
        "other",
        "additional",
        "key",
        "core",
        "technical",
        "recent",
        "previous",
        "prior",
        "full",
        "version",
        "longer",
        "shorter",
        "short",
        "honest",
        "things",
        "places",
        "where",
        "select",
    ]
)
_VOCAB = frozenset(w for phrases in SECTION_SYNONYMS.values() for p in phrases for w in p.split())
_PHRASES = sorted(
    ((phrase, kind) for kind, phrases in SECTION_SYNONYMS.items() for phrase in phrases),
    key=lambda item: -len(item[0]),
)
_PHRASE_KIND = dict(_PHRASES)
_COMPACT_PHRASES = {phrase.replace(" ", ""): kind for phrase, kind in reversed(_PHRASES)}
MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_PAREN = re.compile(r"\([^)]*\)")


def heading_depth(line: str) -> int:
    """How deep a Markdown heading `line` is ('### …' 3), 0 when it is none."""
    line = line.lstrip()
    return len(line) - len(line.lstrip("#"))


def heading_words(text: str) -> str:
    """Lower-case heading text without markdown, parentheticals or a trailing colon."""
    text = re.sub(r"[*_`#]", "", text).replace("’", "'").replace("‘", "'")
    text = _PAREN.sub(" ", text).strip().rstrip(":").strip().lower()
    text = re.sub(r"[^\w&;' /-]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


def heading_kind(text: str) -> CardKind | None:
    """The evidence kind a heading names, or None when no synonym matches."""
    words = f" {heading_words(text)} "
    parts = [p for p in re.split(r" (?:&|and) |/|,", words.strip()) if p.strip()]
    if len(parts) > 1 and words.strip() not in _PHRASE_KIND:  # 'Education & Certification'
        kinds = [kind for part in parts if (kind := heading_kind(part)) is not None]
        if kinds:
            return kinds[0]  # the first kind named; the section holds both
    for phrase, kind in _PHRASES:
        if f" {phrase} " in words:
            return kind
    # "WorkExperience": a PDF that lost its spaces
    return _COMPACT_PHRASES.get(words.replace(" ", "").replace("&", "and"))


_HEADING_NOTE = re.compile(r"\s+[—–-]\s+")


def is_all_caps_heading(line: str) -> bool:
    body = _PAREN.sub("", re.sub(r"[*_#]", "", line)).strip().rstrip(":")
    letters = [ch for ch in body if ch.isalpha()]
    if len(letters) < 3 or any(ch.islower() for ch in letters) or "@" in body:
        return False
    if len(body.split()) > 7:
        return False
    if re.search(r"[|·•—]|\d", body):  # 'EXPERIENCE — EIGHT YEARS IN GIS': a heading, a note
        head = _HEADING_NOTE.split(body, maxsplit=1)
        return len(head) == 2 and is_plain_heading(head[0])
    if heading_kind(line) is not None:
        return True
    return len(body.split()) >= 2 and "," not in body


def is_plain_heading(line: str) -> bool:
    """An unmarked line such as 'Experience' or 'Talks and Writing' (plain text, PDF)."""
    body = line.strip().rstrip(":")
    if not body or len(body) > 40 or re.search(r"[.!?,;|\d]$|\d", body):
        return False
    if not body[0].isupper() or len(body.split()) > 5:
        return False
    words = heading_words(body).replace("/", " ").split()
    if not words or heading_kind(body) is None:
        return False
    if len(words) == 1 and words[0].replace("&", "and") in _COMPACT_PHRASES:
        return True
    return all(w in _VOCAB or w in _FILLERS for w in words)


def label_heading(line: str) -> bool:
    """'Experience:' alone on a line, or a bold-only '**Skills**' line."""
    stripped = line.strip()
    bold = re.fullmatch(r"\*\*([^*]{2,40})\*\*:?", stripped)
    colon = re.fullmatch(r"([A-Za-z][A-Za-z &/'’-]{1,40}):", stripped)
    match = bold or colon
    if not match or " - " in match.group(1):  # 'description - JOB PROFILE:' is a field
        return False
    return heading_kind(match.group(1)) is not None


def is_known_heading(line: str) -> bool:
    """A short unindented line made only of heading words ('Professional Experience',
    'Educational Background'): a heading even with no blank line around it (PDF text)."""
    if line[:1].isspace() or len(line.split()) > 4:
        return False
    return is_plain_heading(line)


_GLUED = re.compile(r"(?:(?<=[a-z.)])|(?<=[.!?] ))((?:[A-Z][a-z]+ ?){1,3})[ \t]*$")


def unglue_headings(text: str) -> str:
    """'…6 monthsCompany Details' or '… Interests. Education Details' (a text dump that lost
    the line break before a heading) → two lines."""
    out = []
    for line in text.split("\n"):
        match = _GLUED.search(line)
        if match and " " in line[: match.start()].strip() and is_plain_heading(match.group(1)):
            line = line[: match.start()].rstrip() + "\n" + match.group(1).strip()
        out.append(line)
    return "\n".join(out)


def is_table_heading(text: str) -> bool:
    """Every word of the heading is a known heading word or filler: the table decides alone."""
    words = heading_words(text).replace("/", " ").split()
    if len(words) == 1 and words[0].replace("&", "and") in _COMPACT_PHRASES:
        return True
    return bool(words) and all(w in _VOCAB or w in _FILLERS for w in words)


# words of a heading that say schooling ('Academic Experience', 'Educational Experience'): the
# table reads such a heading by its other words, the section's lines may say it holds schools
SCHOOLING_WORDS = frozenset(["academic", "educational", "scholastic", "school", "university"])


def names_schooling(text: str) -> bool:
    """A heading the table reads as experience whose words also say schooling."""
    words = heading_words(text).replace("/", " ").split()
    return heading_kind(text) is CardKind.EXPERIENCE_BULLET and any(
        w in SCHOOLING_WORDS for w in words
    )
