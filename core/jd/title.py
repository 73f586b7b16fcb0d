"""The job title a posting advertises, and the level it implies.

The title is the first short segment of the header that names a role ("Meterwise — Senior
Platform Engineer (Developer Platform)", "Group Product Manager, Self-Serve Growth"); a
parenthesised or comma-separated qualifier after it is the team or specialty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from core.jd.headings import META_LABELS, ROLE_NOUN
from core.jd.sections import Section

SEGMENT_SPLIT = re.compile(r"\s+(?:--|[—–|·•-])\s+|\s*[|·•]\s*|,\s+|:\s+")
AT_COMPANY = re.compile(r"\s+(?:at|@)\s+[A-Z][\w&.' -]*$")
TITLE_LABEL = re.compile(r"^(?:job )?(?:title|position|role)\s*:\s*(.+)$", re.IGNORECASE)
LOCATION_WORDS = re.compile(
    r"\b(remote|hybrid|on-?site|full[- ]time|part[- ]time|contract|[A-Z]{2}$)", re.IGNORECASE
)
PROSE_TITLE = re.compile(
    r"\b(?:hiring|looking for|seeking|join us as|the role of)\s+(?:an?|our)\s+"
    r"((?:[A-Z][\w/&+-]*\s+){0,4}[A-Z][\w/&+-]*)"
)

# Highest first: the first rule whose pattern matches the title decides the level.
LEVEL_RULES: tuple[tuple[str, str], ...] = (
    ("VP", r"\b(vp|vice president|chief|cto|cpo|ceo|svp|evp)\b"),
    ("Director", r"\b(director|head of)\b"),
    ("Senior Manager", r"\b(senior|sr\.?) manager\b|\bgroup \w*\s*manager\b"),
    ("Manager", r"\b(engineering|people|team|design|research|data science|delivery) manager\b"),
    ("Principal", r"\b(principal|distinguished|fellow)\b"),
    ("Staff", r"\bstaff\b"),
    ("Lead", r"\b(lead|leader)\b"),
    ("Senior", r"\b(senior|sr\.?)\b|\biii\b"),
    ("Junior", r"\b(junior|jr\.?|entry[- ]level|graduate|intern|apprentice|trainee)\b"),
    ("Mid", r"\b(mid[- ]level|intermediate|ii)\b"),
    ("Manager", r"\bmanager\b(?<!product manager)(?<!program manager)(?<!project manager)"),
)


@dataclass(frozen=True)
class Title:
    title: str = ""
    specialty: str = ""


FILE_SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+){2,}(?:\.\w{2,4})?$")  # "ien-rn-houston-tx"
OPEN_PAREN_TAIL = re.compile(r"\s*\([^)]*$")  # "Engineer (5+ Years of" wrapped onto the next line


def _from_segments(line: str) -> Title | None:
    if FILE_SLUG.match(line.strip()):
        return None
    line = OPEN_PAREN_TAIL.sub("", line)
    labelled = TITLE_LABEL.match(line)
    if labelled:
        line = labelled.group(1)
    elif META_LABELS.match(line):
        return None
    if ROLE_NOUN.search(AT_COMPANY.split(line)[0]):
        line = AT_COMPANY.sub("", line)  # "Data Engineer at Fernwood" -> "Data Engineer"
    segments = [s.strip() for s in SEGMENT_SPLIT.split(line) if s.strip()]
    for i, segment in enumerate(segments):
        bare = re.sub(r"\s*\([^)]*\)", "", segment).strip()
        if not ROLE_NOUN.search(bare) or len(bare.split()) > 7 or bare.endswith("."):
            continue
        paren = re.search(r"\(([^)]{2,40})\)", segment)
        specialty = paren.group(1) if paren else ""
        nxt = segments[i + 1] if i + 1 < len(segments) else ""
        if not specialty and nxt and len(nxt.split()) <= 5 and not LOCATION_WORDS.search(nxt):
            specialty = nxt if nxt[:1].isupper() else ""
        return Title(bare, specialty)
    return None


def detect_title(sections: list[Section]) -> Title:
    """The advertised title from the header lines, else from a 'hiring a …' sentence."""
    lines = [b.text for s in sections if s.kind == "header" for b in s.blocks][:5]
    if not lines and sections and sections[0].kind == "other":
        lines = [sections[0].heading]  # a Markdown '# Title' line
    for line in lines:
        found = _from_segments(line)
        if found is not None:
            return found
    for section in sections[:4]:
        for block in section.blocks[:3]:
            match = PROSE_TITLE.search(block.text)
            if match and ROLE_NOUN.search(match.group(1)):
                return Title(match.group(1).strip())
    return Title(most_named_title(" ".join(b.text for s in sections for b in s.blocks)))


# a run of capitalised words, 'and', 'of' or '&' between them ('Communications and Marketing
# Assistant', 'Deputy Head of Legal Services')
_CAPITALISED = re.compile(r"\b[A-Z][\w/&+'’-]*(?:\s+(?:(?:and|of|&)\s+)?[A-Z][\w/&+'’-]*){0,6}")
_OPENERS = frozenset({"the", "our", "we", "as", "this", "each", "a", "an", "your", "join", "role"})


def most_named_title(text: str) -> str:
    """No header names the job: the capitalised phrase naming a role (its words end in a role
    noun, or hold 'Head of') that the ad names most often, the earliest of those tied ('This is
    a full-time role for a Fleet Operations Specialist at …'); '' when none does."""
    named: dict[str, tuple[int, int, str]] = {}  # (times named, first place, as written)
    for match in _CAPITALISED.finditer(text):
        words = match.group(0).split()
        while words and words[0].lower() in _OPENERS:
            words = words[1:]
        phrase = " ".join(words)
        if 2 <= len(words) <= 6 and ROLE_NOUN.search(phrase.lower()) and not phrase.isupper():
            key = phrase.lower().removesuffix("s")  # 'Retail Assistants' names the same job
            times, first, written = named.get(key, (0, match.start(), phrase))
            named[key] = (times + 1, first, min(written, phrase, key=len))
    if not named:
        return ""
    return max(named.values(), key=lambda seen: (seen[0], -seen[1]))[2]


def level_from_title(title: str) -> str | None:
    low = title.lower()
    for level, pattern in LEVEL_RULES:
        if re.search(pattern, low):
            return level
    return None


def level_from_years(years: float | None) -> str | None:
    if years is None:
        return None
    for floor, level in ((12, "Principal"), (8, "Staff"), (5, "Senior"), (2, "Mid")):
        if years >= floor:
            return level
    return "Junior"
