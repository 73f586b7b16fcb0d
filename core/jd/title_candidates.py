"""The phrases of a job ad that could be its job title, and what a reader notices about each.

Candidates come from the ad's first lines (each segment of a header line, the value after a
'Title:'/'Role –' label), from sentences that say who is sought ('looking for an experienced
administrator'), and from capitalised phrases ending in a role noun anywhere in the ad. Each
carries features (`title_features`) that `core.jd.title_model` weighs: where it stands, how often
the ad names it, its head word, its case and length, whether the words before its head are words
job titles use, whether the ad's 'looking for …' phrases name the same role. The same function
serves training (`tools/train_jd_titles.py`) and reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from core.jd.headings import META_LABELS, ROLE_NOUN
from core.jd.rarity import zipf
from core.jd.sections import Section

FIRST_LINES = 6
MAX_WORDS = 7
SEGMENT_SPLIT = re.compile(r"\s+(?:--|[—–|·•-])\s+|\s*[|·•]\s*|,\s+|:\s+|[ ]{2,}|\t")
# a field label run into the value before it when line breaks were lost ('…SpecialistLocation:')
GLUED_LABEL = re.compile(r"(?<=[a-z)])(?=[A-Z][a-z]+(?: [A-Za-z]+)?\s*:)")
TITLE_LABEL = re.compile(
    r"^(?:job |position |role )?(?:title|position|role|vacancy|post|posting|opening)\s*(?::|[-–—])"
    r"\s*(.+)$"
    # a title label run into its value when the line's colon was lost ('Job TitleSite Nurse')
    r"|^(?:job |position )title(?-i:(?<=[a-z])(?=[A-Z]))(.+)$",
    re.IGNORECASE,
)
BARE_LABEL = re.compile(
    r"^(?:job |position )?(?:title|position|role|vacancy|post|posting|opening)\s*[:\-–—]?$",
    re.IGNORECASE,
)
LEVEL_MARK = re.compile(r"^(?:[IVX]{1,4}|\S*\d\S*)$")  # 'Analyst II', 'Teacher K-5'
AT_COMPANY = re.compile(r"\s+(?:at|@)\s+[A-Z][\w&.' -]*$")
FILE_SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+){2,}(?:\.\w{2,4})?$")
PAREN = re.compile(r"\s*\([^)]*\)?")
TERMS = r"remote|hybrid|on-?site|full[- ]time|part[- ]time|contract|temporary|permanent"
EMPLOYMENT_TERMS = re.compile(TERMS, re.IGNORECASE)
LOCATION_WORDS = re.compile(rf"\b({TERMS}|[A-Z]{{2}}$)", re.IGNORECASE)
SOUGHT = re.compile(
    r"\b(?:hiring|looking for|seeking|recruit|recruiting|(?:to )?hire|appoint|are you|"
    r"join (?:us|our (?:[\w-]+ ){0,2}team) as|(?:opportunity|opening|vacancy) (?:has arisen )?for|"
    r"invited for|"
    r"the role of|the post of|position of)\s+(?:an?\s+|our\s+|the\s+)?((?:[\w/&+'’-]+\s+){0,5}"
    r"[\w/&+'’-]+)",
    re.IGNORECASE,
)
# a sentence that opens by addressing the person in the role: 'As a Generalist at …, you will'
SOUGHT_AS = re.compile(
    r"(?:^|[.!?]\s+)[-*•\s]*As\s+(?:an?|the|our)\s+((?:[\w/&+'’-]+\s+){0,5}[\w/&+'’-]+)",
    re.MULTILINE,
)
# the capitalised run a hiring phrase names, lower-case adjectives before it skipped ('seeking a
# skilled Watchmaker to …', 'an experienced Chief Executive Officer or …'), its inner 'of' kept
CAPITALISED_RUN = re.compile(
    r"^(?:[a-z][\w'’-]*,?\s+){0,3}"
    r"([A-Z][\w/&+'’-]*(?:\s+(?:(?:of|and|&)\s+)?[A-Z][\w/&+'’-]*){0,5})"
)
# one space between the words: a wider gap separates fields ('Social Worker  Children in Care')
CAPITALISED = re.compile(
    r"(?<![\w*])[A-Z][\w/&+'’-]*(?:[ \t](?:(?:and|of|&)[ \t])?[A-Z][\w/&+'’-]*){0,6}"
)
CONNECTORS = frozenset({"and", "of", "&", "or", "for", "in", "to"})
# the next field's label inside a labelled value ('Role – Salesforce CPQ Location: Austin'),
# or left at its end when the colon after it made a heading
NEXT_FIELD = re.compile(
    r"\s+(?:location|salary|type|job type|department|team|level|start date|closing date|"
    r"experience)(?:\s*:.*)?$",
    re.IGNORECASE,
)
OPENERS = frozenset({"the", "our", "we", "as", "this", "each", "a", "an", "your", "join", "role"})


@dataclass(frozen=True)
class Candidate:
    phrase: str
    source: str  # "label", "header", "line", "sought", "named"
    line: int = 99  # which of the ad's first lines it came from
    segment: int = 0  # which segment of that line
    after: str = ""  # the segment after it on its line
    note: str = ""  # a bracketed note that followed it ('(Developer Platform)')
    also: tuple[str, ...] = ()  # the other sources that found the same words


def singular(phrase: str, heads: frozenset[str] = frozenset()) -> str:
    """A title names one post: 'Retail Assistants' -> 'Retail Assistant' (a role noun, or a
    learned title head, in the plural)."""
    words = phrase.split()
    if not words:
        return phrase
    last = words[-1]
    low = last.lower()
    if len(low) > 3 and low.endswith("s") and not low.endswith("ss"):
        stem = last[:-1]
        if ROLE_NOUN.fullmatch(stem.lower()) or stem.lower() in heads:
            words[-1] = stem
    return " ".join(words)


def head_word(words: list[str], heads: frozenset[str]) -> str:
    """The word that names the role: the last but a level mark, or the one before 'of'
    ('Head of Legal')."""
    while len(words) > 1 and LEVEL_MARK.match(words[-1]):
        words = words[:-1]
    if "of" in words[1:]:
        before = words[words.index("of", 1) - 1]
        if before.lower() == "head" or role_head(before, heads) != "none":
            return before if before.lower() != "head" else "head of"
    return words[-1]


def role_head(word: str, heads: frozenset[str]) -> str:
    """'role' when a role noun, 'learned' when a title's head word in the training postings."""
    low = word.lower().strip(".,;:").rsplit("/", 1)[-1]  # 'Nurse/Therapist': its last part
    if ROLE_NOUN.fullmatch(low) or low == "head of":
        return "role"
    return "learned" if low.removesuffix("s") in heads or low in heads else "none"


def ad_lines(sections: list[Section]) -> list[tuple[str, str]]:
    """The ad's lines in order, each with its section's kind: headings, then blocks. With no
    header, a first section's heading is one (a Markdown '# Title' line)."""
    lines: list[tuple[str, str]] = []
    headless = not any(s.kind == "header" for s in sections)
    for number, section in enumerate(sections):
        if section.heading.strip():
            first = headless and number == 0 and section.kind == "other"
            lines.append((section.heading.strip(), "header" if first else section.kind))
        lines += [(b.text.strip(), section.kind) for b in section.blocks if b.text.strip()]
    return lines


def _line_candidates(line: str, number: int, kind: str, labelled: bool) -> list[Candidate]:
    if FILE_SLUG.match(line):
        return []
    line = GLUED_LABEL.split(line)[0].strip()
    found = TITLE_LABEL.match(line)
    if found:
        value = found.group(1) or found.group(2)
        line, labelled = GLUED_LABEL.split(value)[0].strip(), True
    elif META_LABELS.match(line):
        return []
    if ROLE_NOUN.search(AT_COMPANY.split(line)[0]):
        line = AT_COMPANY.sub("", line)
    if labelled:
        line = NEXT_FIELD.sub("", line)
    segments = [s.strip() for s in SEGMENT_SPLIT.split(line) if s.strip()]
    source = "label" if labelled else ("header" if kind == "header" else "line")
    out = []
    for i, segment in enumerate(segments[:4]):
        bare = PAREN.sub("", segment).strip()
        if not bare or len(bare.split()) > MAX_WORDS or not bare[0].isalpha():
            continue
        note = re.search(r"\(([^)]{2,40})\)", segment)
        after = segments[i + 1] if i + 1 < len(segments) else ""
        out.append(Candidate(bare, source, number, i, after, note.group(1) if note else ""))
    return out


def _sought(text: str, heads: frozenset[str]) -> list[Candidate]:
    out = []
    for match in [*SOUGHT.finditer(text), *SOUGHT_AS.finditer(text)]:
        phrase = match.group(1)
        run = CAPITALISED_RUN.match(phrase)
        if run and _ends_phrase(phrase[run.end() :]):  # a capitalised title, any head
            out.append(Candidate(_without_terms(run.group(1)).strip(".,;:"), "sought"))
        words = phrase.split()
        ends = [k for k, w in enumerate(words) if role_head(w, heads) != "none"]
        if not ends:
            continue
        k = ends[0]
        capitalised = [j for j in range(k + 1) if words[j][:1].isupper()]
        starts = capitalised[:1] or range(k + 1)
        for j in starts:
            if words[j].lower() not in CONNECTORS:
                out.append(Candidate(" ".join(words[j : k + 1]).strip(".,;:"), "sought"))
    return out


def _ends_phrase(rest: str) -> bool:
    """Whether what follows a capitalised run ends its noun phrase: nothing, punctuation, or a
    very frequent word ('to', 'who', 'or'), not a lower-case noun ('IT administrator')."""
    word = rest.split()[0] if rest.split() else ""
    return not word or not word[:1].isalpha() or zipf(word.strip(".,;:!?")) >= CONTEXT_ZIPF


def _without_terms(phrase: str) -> str:
    """A phrase without the terms of employment it opens with ('Part Time Attending Physician')."""
    words = phrase.split()
    while len(words) > 2 and EMPLOYMENT_TERMS.fullmatch(" ".join(words[:2])):
        words = words[2:]
    while len(words) > 1 and EMPLOYMENT_TERMS.fullmatch(words[0]):
        words = words[1:]
    return " ".join(words)


def _named(text: str, heads: frozenset[str]) -> list[Candidate]:
    out = []
    for match in CAPITALISED.finditer(text):
        words = match.group(0).split()
        openers = [i for i, w in enumerate(words) if w.lower() in OPENERS]
        words = words[openers[-1] + 1 :] if openers else words  # 'Care A Qualified Nurse'
        if words and 1 <= len(words) <= 6 and role_head(head_word(words, heads), heads) != "none":
            out.append(Candidate(" ".join(words), "named"))
    return out


def title_candidates(sections: list[Section], heads: frozenset[str]) -> list[Candidate]:
    """Every phrase that might be the ad's title, the first of each wording kept."""
    lines = ad_lines(sections)
    found: list[Candidate] = []
    labelled = False
    for number, (line, kind) in enumerate(lines[:FIRST_LINES]):
        found += _line_candidates(line, number, kind, labelled)
        labelled = bool(BARE_LABEL.match(line))  # 'Role –' read as a heading over its value
    text = "\n".join(line for line, _ in lines)
    found += _sought(text, heads) + _named(text, heads)
    unique: dict[str, Candidate] = {}
    for candidate in found:
        key = singular(candidate.phrase, heads).lower()
        first = unique.get(key)
        if first is None:
            unique[key] = candidate
        elif candidate.source != first.source and candidate.source not in first.also:
            unique[key] = replace(first, also=(*first.also, candidate.source))
    return [c for c in unique.values() if c.phrase]


def _bucket(value: int, limits: tuple[int, ...]) -> str:
    for limit in limits:
        if value <= limit:
            return str(limit)
    return f">{limits[-1]}"


def _case(phrase: str) -> str:
    letters = [w for w in phrase.split() if w[:1].isalpha()]
    if phrase.isupper():
        return "upper"
    if all(w[0].isupper() for w in letters if w.lower() not in {"and", "of", "&", "for", "in"}):
        return "title"
    return "lower" if phrase.islower() else "mixed"


CONTEXT_ZIPF = 5.0  # words this frequent ('to', 'our', 'is', 'will') are features themselves


def _word(word: str) -> str:
    """A word beside a candidate as a feature: itself when a very frequent word, else its shape."""
    if zipf(word) >= CONTEXT_ZIPF:
        return word.lower()
    return "<cap>" if word[:1].isupper() else "<word>"


def _context(phrase: str, text: str, heads: frozenset[str]) -> tuple[int, set[str]]:
    """How often the ad names the phrase, and the words just before and after it there."""
    pattern = rf"(\S+\s+)?(?<!\w){re.escape(singular(phrase, heads))}\w*(\s+\S+)?"
    found = list(re.finditer(pattern, text, re.IGNORECASE))
    context = set()
    for match in found[:5]:
        before, after = (match.group(1) or "").strip(), (match.group(2) or "").strip()
        context.add(f"prev={_word(before.strip('.,;:()')) if before else '<none>'}")
        context.add(f"after={_word(after.strip('.,;:()')) if after else '<none>'}")
        if before[-1:] in ".:;" or after[:1] in ".,:;":
            context.add("punct_beside")
    return len(found), context


def modifier_kind(words: list[str], heads: frozenset[str], title_words: frozenset[str]) -> str:
    """What the words before the head are: 'none', 'known' when each is a word the training
    postings' title fields use ('Estate Support'), else 'other' ('keen')."""
    head = head_word(words, heads)
    before = words[: words.index(head)] if head in words else words[:-1]
    before = [w.lower().strip(".,;:()") for w in before if w.lower() not in CONNECTORS]
    if not before:
        return "none"
    return "known" if all(w in title_words for w in before) else "other"


@lru_cache(maxsize=16)
def _sought_heads(text: str, heads: frozenset[str]) -> frozenset[str]:
    """The head words of the ad's 'looking for …' phrases, singular and lower-case."""
    return frozenset(
        singular(head_word(c.phrase.split(), heads), heads).lower() for c in _sought(text, heads)
    )


def hiring_cue(words: list[str], text: str, heads: frozenset[str]) -> str:
    """Whether the ad's 'looking for …' phrases name this candidate's role: 'same', 'other'
    (they name another: a colleague's role mentioned in passing), or 'none' (the ad has none)."""
    sought = _sought_heads(text, heads)
    if not sought:
        return "none"
    return "same" if singular(head_word(words, heads), heads).lower() in sought else "other"


def title_features(
    candidate: Candidate,
    text: str,
    heads: frozenset[str],
    title_words: frozenset[str] = frozenset(),
) -> list[str]:
    """What a reader notices about one candidate, as feature names (all weigh 1)."""
    phrase = candidate.phrase
    words = phrase.split()
    mods = modifier_kind(words, heads, title_words)
    cue = hiring_cue(words, text, heads)
    named, context = _context(phrase, text, heads)
    first = text.lower().find(phrase.lower())
    place = first / max(len(text), 1) if first >= 0 else 1.0
    head = role_head(head_word(words, heads), heads)
    after = candidate.after
    next_kind = (
        "none"
        if not after
        else "place"
        if LOCATION_WORDS.search(after)
        else "role"
        if ROLE_NOUN.search(after)
        else "other"
    )
    src = candidate.source
    feats = [
        "bias",
        f"src={src}",
        f"src={src}&line={min(candidate.line, 4)}",
        f"src={src}&seg={min(candidate.segment, 2)}",
        f"words={_bucket(len(words), (1, 2, 3, 5))}",
        f"src={src}&words={_bucket(len(words), (1, 2, 3, 5))}",
        f"head={head}",
        f"src={src}&head={head}",
        f"case={_case(phrase)}",
        f"src={src}&case={_case(phrase)}",
        f"named={_bucket(named, (0, 1, 2, 4))}",
        f"src={src}&named={_bucket(named, (0, 1, 2, 4))}",
        f"place={_bucket(int(place * 100), (2, 10, 30, 60))}",
        f"next={next_kind}",
        f"roles={min(len(ROLE_NOUN.findall(phrase)), 2)}",
        f"first={_case(words[0])}" if len(words) > 1 else "first=<one>",
        f"mods={mods}",
        f"src={src}&mods={mods}",
        f"cue={cue}",
        f"src={src}&cue={cue}",
        *sorted(context),
        *(f"also={source}" for source in candidate.also),
    ]
    low = phrase.lower()
    opens = [
        n for n, line in enumerate(text.lower().split("\n")[:FIRST_LINES]) if line.startswith(low)
    ]
    if opens:
        feats.append(f"opens_line={min(opens[0], 2)}")  # the words a line begins with
    if re.search(r"[a-z][A-Z]", phrase):
        feats.append("camel")  # 'TechToGov': a brand's shape
    if any(ch.isdigit() for ch in phrase):
        feats.append("digit")
    if phrase.rstrip()[-1:] in ".!?":
        feats.append("end_mark")
    if LOCATION_WORDS.search(phrase):
        feats.append("place_words")
    if words[0].lower() in OPENERS:
        feats.append("opener")
    return feats
