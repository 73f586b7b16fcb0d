"""Cut a run-on requirement into the clauses a reader (and the evidence search) takes one by one.

Job ads written as legal text (civil-service postings, long "Minimum qualifications" sentences)
pack several requirements into one sentence: "One year of experience in X, such as a, b, or c, on
Y projects, or supervising a project worth $1,000,000 or more". Kept whole, such a sentence is
matched to evidence as one blurred ask. An item over `HEADED_WORDS` words that opens with a
short head and a dash ("Proficient in Digital – fluent and comfortable with Microsoft Office
and …") is the head and its ask. Only long units (`LONG_WORDS`) are cut further, at:
- ';' when every clause has three words or more (in prose, short sentences too: "Prepare
  reports; respond to inquiries");
- a top-level ", or " / ", and " that opens a clause of its own: at least `MIN_CLAUSE_WORDS` words
  before the next comma (", or expediting, on …" inside an example list is not cut);
- a leading framing phrase ("In addition to meeting the requirements for Level I, candidates
  must …"): dropped, when what follows the comma states the requirement with a must-word.
"""

from __future__ import annotations

import re

LONG_WORDS = 30
# "Proficient in Digital – fluent with Microsoft Office and …": a short head, a dash, the ask
# spelled out; an item this long is both.
HEADED = re.compile(r"^((?:\S+\s+){0,5}\S+)\s+[–—-]\s+(\S.*)$")
HEADED_WORDS = 20
MIN_CLAUSE_WORDS = 4
MIN_HEAD_WORDS = 5
CONJUNCTION = re.compile(r",\s+(?:or|and)\s+(?!/)")
FRAMING = re.compile(
    r"^(?:in addition to|besides|as well as|for (?:this|the) (?:role|position)|to be considered|"
    r"to qualify|after|upon|prior to)\b[^,]{3,120},\s+(?=\S+(?:\s+\S+){0,3}\s+(?:must|shall|should|"
    r"will need to|are required to|is required to)\b)",
    re.IGNORECASE,
)


def clauses(text: str, *, bullet: bool = False) -> list[str]:
    """The clauses of one requirement unit (the unit itself when it is short or plain). A short
    bullet stays whole even with a ';' in it: its author made it one item ("Strong proficiency
    in Go; working knowledge of Python")."""
    parts = [c.strip() for c in text.split(";")]
    split = not bullet or len(text.split()) > LONG_WORDS
    if split and len(parts) > 1 and all(len(c.split()) >= 3 for c in parts):
        return [s for part in parts for c in _long_clauses(part) for s in skill_lists(c)]
    return [s for c in _long_clauses(text.strip()) for s in skill_lists(c)] if text.strip() else []


# "Knowledge of employment laws (EEO, FMLA), recruiting, interviewing and/or coaching skills,
# and strong presentation skills": a knowledge-type ask, then lists that end in their own
# head noun. Each such list is an ask of its own, judged on its own evidence.
KNOWLEDGE_OPENING = re.compile(
    r"^(?:an?\s+)?(?:(?:strong|solid|working|thorough|in-depth|good|sound|general)\s+)?"
    r"(?:knowledge|understanding|familiarity|experience|proficiency)\b",
    re.IGNORECASE,
)
SKILL_HEAD = re.compile(r"\b(?:skills|abilities)\W*$", re.IGNORECASE)
TOP_COMMA = re.compile(r",\s+(?![^()]*\))")  # a comma outside parentheses
LIST_ITEM_WORDS = 3  # "recruiting", "decision making": items of the list that ends in the head
LEADING_AND = re.compile(r"^(?:and|or)\s+", re.IGNORECASE)


def skill_lists(text: str) -> list[str]:
    """The clause cut after its knowledge-type ask, before each list that ends in "skills" /
    "abilities" (the clause itself when it has no such tail)."""
    segments = TOP_COMMA.split(text)
    if len(segments) < 2 or not KNOWLEDGE_OPENING.match(text):
        return [text]
    groups: list[list[str]] = []
    i = len(segments) - 1
    while i > 0 and SKILL_HEAD.search(segments[i]):
        start = i
        coordinated = re.search(r"\s(?:and|or|and/or)\s", LEADING_AND.sub("", segments[i]))
        while coordinated and start - 1 > 0 and len(segments[start - 1].split()) <= LIST_ITEM_WORDS:
            start -= 1
        groups.insert(0, segments[start : i + 1])
        i = start - 1
    if not groups or len(" ".join(segments[: i + 1]).split()) < 3:
        return [text]
    lead = ", ".join(segments[: i + 1])
    return [lead, *(LEADING_AND.sub("", ", ".join(g)) for g in groups)]


def _long_clauses(text: str) -> list[str]:
    headed = HEADED.match(text)
    if headed and len(text.split()) > HEADED_WORDS:
        return [headed.group(1).strip(), *_long_clauses(headed.group(2).strip())]
    if len(text.split()) <= LONG_WORDS:
        return [text]
    text = FRAMING.sub("", text, count=1)
    out: list[str] = []
    start = 0
    for match in CONJUNCTION.finditer(text):
        head = text[start : match.start()]
        tail = text[match.end() :].split(", ")[0]
        if len(head.split()) >= MIN_HEAD_WORDS and len(tail.split()) >= MIN_CLAUSE_WORDS:
            out.append(head.strip())
            start = match.start() + 1  # the next clause keeps its "or"/"and"
    out.append(text[start:].strip())
    return [c for c in out if c]
