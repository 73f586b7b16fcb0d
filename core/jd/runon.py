"""Put list items that an export ran together back on lines of their own.

Job boards and copy-paste lose line breaks in three common ways; each is undone here before the
ad is split into sections, so every item reads as a bullet:
- bullets glued without a separator (LinkedIn exports): "…from initial call to closeConduct demos…",
  "…North Carolina license3 + years…", "…policies.Coordinate with…";
- a numbered list flattened onto one line: "1. Assist in … 2. Review … 3. Prepare …";
- inline bullet markers: "Medical • Dental • Vision";
- items kept apart by one space only, on a long unpunctuated line (`core.jd.spaced`).

A glued joint is a lower-case word of three or more letters running straight into a capitalised
word ("closeConduct"), or a sentence end or ':' running straight into one ("policies.Coordinate");
the next item may open with an acronym ("degreePA Teaching certificate", "Nurse:RN or LPN").
A word that starts with a capital is never cut ("JavaScript", "LinkedIn", "PowerPoint"), nor a
short one ("iPhone", "eBay"). Letters glued to digits ("license3") are cut only on a line that
has another glued joint, so "python3" or "mp3" alone stay whole.
"""

from __future__ import annotations

import re
from itertools import pairwise

from core.jd.headings import classify_heading
from core.jd.phrases import skill_terms
from core.jd.rarity import FLOOR, zipf
from core.jd.sections import BULLET, ITEM_START, reads_as_item
from core.jd.spaced import spaced_cuts

ITEM_VERBS = (
    "Prepare", "Perform", "Maintain", "Manage", "Assist", "Ensure", "Provide", "Develop",
    "Coordinate", "Review", "Conduct", "Support", "Create", "Monitor", "Communicate",
    "Collaborate", "Build", "Lead", "Respond", "Process", "Complete", "Reconcile", "Analyze",
    "Analyse", "Track", "Participate", "Identify", "Oversee", "Serve", "Train", "Handle",
    "Establish", "Attend", "Implement", "Design", "Deliver", "Drive", "Partner", "Assess",
    "Evaluate", "Plan", "Schedule", "Follow", "Resolve", "Document", "Update", "Organize",
    "Organise", "Generate", "Negotiate", "Promote", "Prioritize", "Prioritise", "Write", "Teach",
    "Work",
)  # fmt: skip

# The next item may open with an acronym and a space ("RN or LPN", "PA Teaching certificate")
ACRONYM_OPENING = r"[A-Z]{2,6}(?=[\s,/-])"
GLUED_WORD = re.compile(  # "closeConduct", "orEquivalent", "degreePA Teaching certificate"
    r"(?<![A-Za-z])([a-z]{3,}|or)(?=[A-Z][a-z])|(?<![A-Za-z])([a-z]{4,})(?=" + ACRONYM_OPENING + ")"
)
GLUED_SENTENCE = re.compile(
    r"(?:(?<=[A-Za-z)]{2}[.!?;])|(?<=[A-Za-z]:)|(?<=[a-z]{3}\)))"
    r"(?=[A-Z][a-z]|\d+\s*\+\s*(?:years|yrs)|" + ACRONYM_OPENING + ")"
)
CAPS_LABEL = re.compile(r"(?<=[a-z.!?])\s+(?=[A-Z][A-Z &/,'-]{5,}:)")  # "… role.  DUTIES & TASKS:"
GLUED_OPENER = re.compile(  # "…with GitHub ActionsExcellent written skills": an item's first word
    r"(?<=[a-z]{2})(?=(?:Strong|Excellent|Solid|Proven|Demonstrated|Experience|Proficien\w*|"
    r"Knowledge|Familiarity|Ability|Bachelor|Master|Degree|Understanding|Must|Minimum)\b)"
    # or a duty verb opening the next item ("…in ExcelPrepare monthly…"); a name never has a
    # verb followed by a lower-case word inside it ("PowerPoint", "QuickBooks")
    r"|(?<=[a-z]{2})(?=(?:" + "|".join(ITEM_VERBS) + r")\s+[a-z])"
)
CAMEL_JOINT = re.compile(r"[a-z][A-Z]")
# Heading nouns glued to the text they head: "Position DescriptionWorking from…".
# At a line's start too, and before the article 'A' or the pronoun 'I' ("QualificationsA minimum
# of a Bachelor's degree…").
GLUED_HEADING = re.compile(
    r"(?:(?<=[a-z\s])|^)(?:Description|Qualifications|Requirements|Responsibilities|Duties|Skills|"
    r"Benefits|Summary|Overview|Education|Information|Successful)(?=[A-Z][a-z]|[AI]\s+[a-z])"
)
# A list flattened onto one line with " - " before each item ("… Responsibilities - Prepare …
# - Maintain …"); three such dashes on a long line make it a list, never a header's "A - B".
INLINE_DASH = re.compile(r"\s+[-–]\s+(?=[A-Z(]|\d+\s*\+?\s*(?:years|yrs)\b)")
MIN_DASHES, MIN_DASH_LINE = 3, 200
QUESTION_HEADING = re.compile(r"(?:what|who|why|how|where) (?:you|we|will|is|are|the)\b", re.I)
# Capitalised words closing a piece that runs into a list: "…fast-paced environment. Requirements"
TRAILING_HEADING = re.compile(
    r"(?:(?<=[.!?:])|(?<=[a-z]))\s+((?:[A-Z][\w'’&]*\s+){0,3}[A-Z][\w'’&]*):?$"
)
GLUED_DIGIT = re.compile(r"(?<![A-Za-z])([a-z]{4,})(?=\d)")
GLUED_YEARS = re.compile(r"(?<=[a-z]{3})(?=\d{1,2}\s*\+?\s*(?:years|yrs)\b)")
NUMBERED = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})[.)]\s+(?=\S)")
INLINE_BULLET = re.compile(r"\s+[•▪●■◆►✓✔]\s+")
SENTENCE_GAP = re.compile(r"(?<=[A-Za-z)]{2}[.!?])\s+(?=[A-Z][a-z]|\d)")
ITEM_END = re.compile(  # "…clinical experience Case Management experience" (no separators)
    r"\b(?:experience|skills|required|preferred|license|licence|certification)\s+(?=[A-Z][a-z])"
)
ABBREVIATION = re.compile(r"\b(?:e\.g|i\.e|etc|vs|incl|approx|Mr|Ms|Dr|Inc|Ltd|No|St)\.$")


# Two capitalised words glued together ("LicenseAppropriate", "EnglishTeaching"): cut when
# both are everyday English words (wordfreq, core/data/common_words.tsv) and the whole is no
# known term ("PowerPoint", "QuickBooks", "BlackLine" are in core/data/skill_terms.txt).
GLUED_WORDS = re.compile(r"\b([A-Z][a-z]{3,})([A-Z][a-z]{3,})\b")


def _two_words(match: re.Match[str]) -> bool:
    first, second = match.group(1), match.group(2)
    if match.group(0).lower() in skill_terms():
        return False
    return zipf(first) >= FLOOR and zipf(second) >= FLOOR


LABEL_END = re.compile(r"(?<=[A-Za-z)]):(?=\s|$)")
# A label whose ':' runs straight into its first item's lower-case word ("Soft Skills:verbal and
# written communication skills…"): a glued joint of its own, at a line's start too.
GLUED_LABEL_END = re.compile(r"(?<=[A-Za-z]):(?=[a-z]+[\s,;])")  # a word, not a link
MAX_LABEL_WORDS = 10


def _label_cuts(
    line: str, end: re.Pattern[str] = LABEL_END, *, at_start: bool = False
) -> list[int]:
    """Starts of 'Heading words …:' labels inside a run-on line ("… medical coverage.
    Qualifications of the Remote Nurse: RN license …"): the longest run of up to
    `MAX_LABEL_WORDS` words before a ':' that opens with a capitalised heading word known to
    `classify_heading` (`at_start`: a label opening the line counts, cut after its ':')."""
    cuts = []
    for colon in end.finditer(line):
        before = line[: colon.start()]
        words = list(re.finditer(r"\S+", before))[-MAX_LABEL_WORDS:]
        for word in words:  # the longest (the shortest was tried: tuning glued 0.72 -> 0.71)
            label = before[word.start() :]
            placed = word.start() or at_start
            if label[:1].isupper() and placed and classify_heading(label) is not None:
                cuts += [c for c in (word.start(), colon.end()) if c]
                break
    return cuts


def _abbreviated(line: str, match: re.Match[str]) -> bool:
    return ABBREVIATION.search(line[: match.start()].rstrip()) is not None


def _glued_cuts(line: str) -> list[int]:
    cuts = [m.end() for m in GLUED_WORD.finditer(line)]
    cuts += _label_cuts(line, GLUED_LABEL_END, at_start=True)
    cuts += [m.start() for m in GLUED_YEARS.finditer(line)]
    cuts += [m.end() for m in CAPS_LABEL.finditer(line)]
    if CAMEL_JOINT.search(line):  # the word-list patterns only where words touch at all
        cuts += [m.start() for m in GLUED_OPENER.finditer(line)]
        cuts += [m.end() for m in GLUED_HEADING.finditer(line) if m.end() < len(line)]
    for match in GLUED_SENTENCE.finditer(line):
        if not ABBREVIATION.search(line[: match.start()]):
            cuts.append(match.start())
    if cuts:  # a run-on line: its sentences, letter-digit and word-word joints are items too
        cuts += [m.end() for m in GLUED_DIGIT.finditer(line)]
        cuts += [m.start(2) for m in GLUED_WORDS.finditer(line) if _two_words(m)]
        cuts += _label_cuts(line)
        cuts += [m.end() for m in SENTENCE_GAP.finditer(line) if not _abbreviated(line, m)]
        if "." not in line:
            cuts += [m.end() for m in ITEM_END.finditer(line)]
    return sorted(set(cuts))


def _numbered_cuts(line: str) -> list[int]:
    """Start offsets of '1. … 2. … 3. …' items when two or more run in sequence on one line
    (other numbers in between, like "Five (5) plus years", are skipped)."""
    run: list[int] = []
    for match in NUMBERED.finditer(line):
        if int(match.group(1)) == len(run) + 1:
            run.append(match.start())
    return run if len(run) >= 2 else []


def _pieces(line: str, cuts: list[int]) -> list[str]:
    bounds = [0, *cuts, len(line)]
    return [line[a:b].strip() for a, b in pairwise(bounds)]


def is_heading_piece(piece: str) -> bool:
    """A piece cut out of a run-on line that names a section ("Job Description", "What you
    will do"): short, no sentence end, a heading `classify_heading` knows, and worded as a
    heading (capitalised words or a question), not as a short item ("Strong sales skills")."""
    bare = piece.strip().rstrip(":").strip()
    words = bare.split()
    return (
        1 <= len(words) <= 6
        and bare[:1].isupper()
        and not re.search(r"[.!?,;]$", bare)
        and classify_heading(bare) is not None
        and (not reads_as_item(bare) or QUESTION_HEADING.match(bare) is not None)
    )


OPEN_ENDS = frozenset({"of", "the", "a", "an", "for", "and", "or", "to", "in", "with", "on", "at"})


def _leading_heading(piece: str) -> list[str]:
    """'Qualifications Bachelor's degree preferred' -> ['Qualifications', "Bachelor's degree
    preferred"]: the shortest run of up to 6 first words that is a heading piece, not ending in
    "of" / "with" …, followed by a capitalised word (not an acronym or a label) and at least
    two more words (a flattened paste puts headings in front of
    their first item). Repeated: "Job Description What you will do Work in …" gives two."""
    words = piece.split()
    if piece.endswith(":") or not words or words[0] in ITEM_VERBS:  # a label; "Process refunds"
        return [piece]
    for n in range(1, min(6, len(words) - 3) + 1):
        head = " ".join(words[:n])
        ends_open = words[n - 1].lower() in OPEN_ENDS  # "Qualifications of the", "Experience with"
        opens_item = re.match(r"[A-Z][a-z]", words[n]) and not words[n].endswith(":")
        item_opening = ITEM_START.match(head) is not None  # "Expertise in Microsoft Excel"
        if opens_item and not ends_open and not item_opening and is_heading_piece(head):
            return [head, *_leading_heading(" ".join(words[n:]))]
    return [piece]


def _as_lines(pieces: list[str]) -> list[str]:
    """Pieces as lines: a heading piece on its own after a blank line, the rest as items."""
    out: list[str] = []
    pieces = [part for piece in pieces for part in _leading_heading(piece.strip())]
    for piece in (p.strip() for p in pieces):
        if not piece:
            continue
        if is_heading_piece(piece):
            out += ["", piece]
        else:
            out.append(piece if piece.endswith(":") or BULLET.match(piece) else f"- {piece}")
    return out


def _trailing_heading(piece: str) -> list[str]:
    """'…environment. Requirements' -> ['…environment.', 'Requirements'] (see TRAILING_HEADING)."""
    match = TRAILING_HEADING.search(piece)
    if match is None or match.start() == 0:
        return _trailing_phrase_heading(piece)
    words = match.group(1).split()
    for first in range(len(words)):  # the longest tail that is a heading
        tail = " ".join(words[first:])
        if is_heading_piece(tail):
            head = piece[: match.start(1)] + " ".join(words[:first])
            return [head.strip(), tail]
    return [piece]


def _trailing_phrase_heading(piece: str) -> list[str]:
    """'…back to the support center What you bring' -> [..., 'What you bring']: a heading of
    two to four words, capitalised first word only ("Nice to have", "Pay and benefits"), closing
    a piece after a lower-case word (not an item opening: "… Experience with CRM"; not after a
    capitalised word: "Excellent English communication skills" is one item)."""
    words = piece.split()
    for first in range(max(1, len(words) - 4), len(words) - 1):
        tail = " ".join(words[first:])
        before = words[first - 1]
        joint = words[first][:1].isupper() and before.islower() and before not in OPEN_ENDS
        item = words[first] in ITEM_VERBS or ITEM_START.match(tail) is not None
        closed = re.search(r"[.!?,;:]", tail) is not None  # a sentence, not a heading
        if joint and not item and not closed and classify_heading(tail) is not None:
            return [" ".join(words[:first]), f"{tail}:"]  # a label line: read as its heading
    return [piece]


def split_run_together(line: str) -> list[str]:
    """The lines one line becomes (the line itself when nothing was run together): items as
    "- item", a heading piece on a line of its own after a blank line."""
    return _split(line) or [line]


def _split(line: str) -> list[str] | None:
    for marker, enough in ((INLINE_BULLET, 2), (INLINE_DASH, MIN_DASHES)):
        if len(marker.findall(line)) < enough or (
            marker is INLINE_DASH and len(line) < MIN_DASH_LINE
        ):
            continue
        out: list[str] = []
        for piece in marker.split(line):
            for part in _trailing_heading(piece.strip()):
                out += _split(part) or _as_lines([part])
        return out
    numbered = _numbered_cuts(line)
    if numbered:
        head, *items = _pieces(line, numbered)
        return [*([head] if head else []), *(f"- {NUMBERED.sub('', i, 1)}" for i in items)]
    glued = _glued_cuts(line)
    cuts = sorted({*glued, *_spaced_inside(line, glued)}) if glued else spaced_cuts(line)
    if not cuts:
        return None
    # every piece is an item (the first too), except a "LABEL:" piece or a heading piece
    return _as_lines(_pieces(line, cuts))


def _spaced_inside(line: str, cuts: list[int]) -> list[int]:
    """Spaced-list joints inside the pieces glued joints cut a line into ("…in the CRM.
    RequirementsERP system experience Expertise in Excel Sales and use tax experience …")."""
    bounds = [0, *cuts, len(line)]
    return [a + c for a, b in pairwise(bounds) for c in spaced_cuts(line[a:b])]


def unglue_lists(text: str) -> str:
    """`split_run_together` on every line; line count may grow, wording is unchanged."""
    flat = unflatten(text)
    if flat is not None:
        return flat
    out: list[str] = []
    for line in text.split("\n"):
        out.extend(split_run_together(line))
    return "\n".join(out)


# A whole ad pasted into a one-line field: no line break at all, and long. Its sentences and
# lists run on; each stretch between sentence ends is read like a line of its own.
MIN_FLAT_WORDS = 60


def unflatten(text: str) -> str | None:
    """A one-line ad as lines (None for any other text): cut at sentence ends; each stretch is
    then read as a line (`_split`: a spaced list, glued items), and a stretch that opens with a
    heading ("Competencies Highly qualified and certified …") becomes that heading over an item;
    any other stretch stays a prose line."""
    line = text.strip()
    if "\n" in line or len(line.split()) < MIN_FLAT_WORDS:
        return None
    out: list[str] = []
    for stretch in SENTENCE_GAP.split(line):
        for part in _trailing_heading(stretch.strip()):
            headed = _leading_heading(part) != [part]  # "Competencies Highly qualified…"
            out += _split(part) or (_as_lines([part]) if headed else [part])
    return "\n".join(out)
