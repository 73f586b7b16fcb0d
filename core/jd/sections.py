"""Split a job description into typed sections of blocks (bullet items and prose paragraphs).

Headings are recognised by what they say ("What you'll do", "Minimum qualifications", "Bonus
points", "Pay and benefits"…), by their shape (ALL CAPS, a short line ending in ':'), or, after the
title block, by being a short title-like line on its own. Each section gets a `kind`; the rest of
the analyser decides per kind what may become a requirement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import pairwise

from core.jd.headings import META_LABELS, ROLE_NOUN, classify_heading

# Section kinds whose text is never a requirement.
NEVER_REQUIREMENTS = frozenset(
    {"company", "benefits", "pay", "process", "eeo", "conditions", "outlook"}
)
# Section kinds whose text never feeds the ATS keyword list.
NO_KEYWORDS = frozenset({"benefits", "pay", "process", "eeo"})

BULLET = re.compile(
    r"^\s*(?:->|=>|[-*•·‣▪◦●○■□➢➤→>+–—✓✔☑❖◆►▶]|o(?=\s)|\(?\d{1,2}[.)]|\(?[a-h][.)])\s+"
)
# Words that open a requirement line, not a heading ("Strong communication skills").
ITEM_START = re.compile(
    r"^(\d|strong|excellent|solid|deep|proven|experience (with|in|building|designing|running)|"
    r"expertise (in|with)|proficien|knowledge|familiar|ability|able to|bachelor|master|ph\.?d|"
    r"degree|understanding)",
    re.IGNORECASE,
)
SENTENCE_END = re.compile(r"[.!?;,]['\"”’)]?$")
ITEM_END = re.compile(r"[.!?;:]['\"”’)]?$")
# Heading words that are also common in requirement lines ("Python experience").
WEAK_HEADING = re.compile(
    r"^(?!.*(requir|qualif|looking for|bring|about you|fit if|who you are|what you need|must))"
    r".*(experience|skills|background|profile|expertise|competenc)",
    re.IGNORECASE,
)


@dataclass
class Block:
    """One bullet item (wrapped lines joined) or one prose paragraph."""

    kind: str  # "bullet" | "prose"
    text: str
    line: int  # 1-based first line
    last_len: int = 0  # length of its last source line (tells wrapped prose from a line list)
    indent: int = 0  # indentation of its first line (a deeper line carries it on)


@dataclass
class Section:
    kind: str
    heading: str = ""
    line: int = 1
    blocks: list[Block] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(block.text for block in self.blocks)

    def has_bullets(self) -> bool:
        return any(block.kind == "bullet" for block in self.blocks)


def _is_caps(line: str) -> bool:
    letters = [c for c in line if c.isalpha()]
    return len(letters) >= 3 and all(c.isupper() for c in letters)


SMALL_WORDS = frozenset({"and", "or", "of", "the", "to", "for", "in", "on", "with", "a", "an"})
ABOUT_WORDS = re.compile(r"\babout\b|overview|summary|introduction", re.IGNORECASE)
LIST_KINDS = frozenset({"requirements", "nice_to_have", "responsibilities"})


def reads_as_item(bare: str) -> bool:
    """'Team player track record', 'PHR or SPHR preferred': a short list item, not a heading
    (a heading capitalises its words or is ALL CAPS; an item has lower-case content words)."""
    words = [w for w in re.findall(r"[A-Za-z][\w'’-]*", bare) if w.lower() not in SMALL_WORDS]
    return any(w[0].islower() and len(w) >= 4 for w in words) and not _is_caps(bare)


ONE_CREDENTIAL = re.compile(r"^(.+?)\s+(?:licen[cs]e|certificate|certification)$", re.IGNORECASE)


def names_one_credential(bare: str) -> bool:
    """'Valid Driver's License', 'Current RN License', 'BLS Certification': one credential (a
    singular noun after what qualifies it) is a list item, while a heading names the kind
    ("Licenses and Certifications") or qualifies the list ("Required Certification")."""
    match = ONE_CREDENTIAL.match(bare)
    return match is not None and classify_heading(match.group(1)) is None


def heading_of(
    line: str,
    *,
    after_title: bool,
    prev_blank: bool | None,
    in_header: bool = False,
    in_list: bool = False,
) -> str | None:
    """Return the heading text if this (stripped, non-bullet) line is a heading.

    `prev_blank` is None for text with no blank lines at all (a DOCX or PDF that puts one
    paragraph per line): then only unmistakable headings count. In the title block at the top
    (`in_header`) a line naming a role ("Senior UX Researcher, Care Team Experience") is a title.
    """
    bare = line.strip().strip("#*_= ").strip()
    words = bare.split()
    if not bare or len(bare) > 80 or len(words) > 10 or META_LABELS.match(bare):
        return None
    if bare.endswith(":") and len(words) <= 10:
        return bare.rstrip(":").strip()
    if SENTENCE_END.search(bare) or bare[0].islower():
        return None
    if in_header and (ROLE_NOUN.search(bare) or WEAK_HEADING.search(bare)):
        return None
    kind = classify_heading(bare)
    known = kind is not None
    weak_kind = kind is None or (kind == "about" and not ABOUT_WORDS.search(bare))
    named = re.search(r"\b[A-Z]{2,}\b", bare) is not None  # "PHR or SPHR preferred"
    if in_list and (weak_kind or named) and reads_as_item(bare):
        return None  # a short item in a list, not the next section
    if in_list and names_one_credential(bare):
        return None  # "Valid PA Driver's License" in a list: an item, worded as a title
    if _is_caps(bare) or line.lstrip().startswith("#"):
        return bare
    if ITEM_START.match(bare) or line[:1].isspace():  # indented: a wrapped line, not a heading
        return None
    if prev_blank is None:  # no blank lines anywhere: a weak heading could be an item
        return bare if known and len(words) <= 8 and not WEAK_HEADING.search(bare) else None
    if known and len(words) <= 8 and (prev_blank or len(words) <= 4):
        return bare
    if after_title and prev_blank and len(words) <= 5 and bare[0].isupper():
        return bare
    return None


def inline_heading(line: str) -> tuple[str, str] | None:
    """'Required: 5+ years of Go' -> ('Required', '5+ years of Go') when the label is a heading."""
    match = re.match(r"^\s*([A-Za-z][\w '’/&-]{2,40}):\s+(\S.*)$", line)
    if not match or META_LABELS.match(line.strip()):
        return None
    label = match.group(1)
    kind = classify_heading(label)
    if kind is None or kind in {"about", "company", "culture"}:
        return None
    return label.strip(), match.group(2).strip()


def split_sections(text: str) -> list[Section]:
    """Split JD text into sections; the part before the first heading is the 'header'."""
    sections = [Section(kind="header")]
    lines = text.splitlines()
    width = max((len(line.rstrip()) for line in lines), default=0)
    no_blank_lines = all(line.strip() for line in lines)
    prev_blank = True
    seen_blank = False
    for number, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if not line.strip():
            prev_blank, seen_blank = True, True
            continue
        wrapped = line[:1].isspace() and (not prev_blank or _open_bullet(sections[-1]))
        blank_before = None if no_blank_lines and number > 1 else prev_blank
        may_head = not wrapped and not BULLET.match(line)
        following = lines[number] if number < len(lines) else ""
        if no_blank_lines and may_head and _heads_prose_after_list(sections[-1], line, following):
            heading = line.strip()
            kind = classify_heading(heading) or "other"
            sections.append(Section(kind=kind, heading=heading, line=number))
            continue
        if may_head and _open_section(
            sections,
            line,
            number,
            seen_blank,
            blank_before,
            opens_list=BULLET.match(following) is not None,
        ):
            prev_blank = False
            continue
        if sections[-1].kind == "header" and not _title_like(line):
            sections.append(Section(kind="other", line=number))  # the body starts untitled
        joinable = (
            not prev_blank
            or (wrapped and _open_bullet(sections[-1]))
            or _cut_sentence(sections[-1], line)
        )
        _add_line(sections[-1], line, number, joinable=joinable, width=width)
        prev_blank = False
    return _carry_priority([s for s in sections if s.blocks or s.heading])


def _carry_priority(sections: list[Section]) -> list[Section]:
    """'Preferred' with nothing under it, then 'Education and Experience': the empty heading
    says how the next requirements section is asked (a heading a paste cut in two)."""
    for empty, nxt in pairwise(sections):
        if not empty.blocks and empty.kind == "nice_to_have" and nxt.kind == "requirements":
            nxt.kind = "nice_to_have"
    return sections


def _open_section(
    sections: list[Section],
    line: str,
    number: int,
    after_title: bool,
    prev_blank: bool | None,
    *,
    opens_list: bool = False,
) -> bool:
    """Start a new section if `line` is a heading (or 'Heading: text'); True when it did.
    `opens_list`: the next line is a list item."""
    current = sections[-1]
    in_header = current.kind == "header"
    # A short line in a list is an item. An untitled or unknown section of running text is not a
    # list yet: there a short line right above the first list item heads that list ("How we hire").
    # Right under a heading (no text yet) such a line is the heading's first item.
    heads_first_list = (
        current.kind == "other"
        and opens_list
        and bool(current.blocks)
        and not current.has_bullets()
    )
    in_list = current.kind in LIST_KINDS or (current.kind == "other" and not heads_first_list)
    heading = heading_of(
        line, after_title=after_title, prev_blank=prev_blank, in_header=in_header, in_list=in_list
    )
    split = None if heading is not None else inline_heading(line)
    title = heading if heading is not None else split[0] if split is not None else None
    if title is None:
        return False
    sections.append(Section(kind=classify_heading(title) or "other", heading=title, line=number))
    if split is not None:
        sections[-1].blocks.append(Block("prose", split[1], number, len(line)))
    return True


def _title_like(line: str) -> bool:
    """A line that belongs in the title block: title, company, 'Location: …', 'A · B · C'."""
    bare = line.strip()
    words = len(bare.split())
    if META_LABELS.match(bare) or (re.search(r" [·|•] ", bare) and words <= 30):
        return True
    return words <= 12 and not SENTENCE_END.search(bare)


def _heads_prose_after_list(section: Section, line: str, following: str) -> bool:
    """In text with no blank lines, a short title-shaped line between the end of a list and a
    paragraph heads that paragraph ('The details' after the benefits list): with blank lines
    it would stand alone as a heading; without them only its place says so."""
    last = section.blocks[-1] if section.blocks else None
    words = line.split()
    return (
        last is not None
        and last.kind == "bullet"
        and 1 <= len(words) <= 5
        and line.strip()[:1].isupper()
        and not SENTENCE_END.search(line.strip())
        and not line.rstrip().endswith(":")
        and not BULLET.match(following)
        and len(following.split()) >= 8
    )


def _open_bullet(section: Section) -> bool:
    """Does the section end in a bullet cut off mid-sentence (by a page or paragraph break)?
    A bullet ending in a comma is cut off too: no list item ends that way."""
    last = section.blocks[-1] if section.blocks else None
    return last is not None and last.kind == "bullet" and not ITEM_END.search(last.text)


# A prose block that stops on a lower-case word ("... about six times a") and a line that opens
# with one ("year for meetings ...") are one sentence cut by a blank line.
CUT_END = re.compile(r"(?:^|\s)[a-z][a-z'’-]*,?$")
LOWER_START = re.compile(r"^[a-z][a-z'’-]*[,;:.!?)]*(?:\s|$)")
MIN_CUT_WORDS = 3  # "map reading" / "memory recall": a list of short lines, not a cut sentence


def _cut_sentence(section: Section, line: str) -> bool:
    """Does `line` carry on a prose sentence that a blank line cut? A Word soft line break, or
    a copy that gives every wrapped line its own paragraph, puts a blank line inside a sentence
    where the Markdown or text copy has a plain line break. Lists are left alone: an item's
    wrapped line is indented (`_open_bullet`)."""
    last = section.blocks[-1] if section.blocks and section.kind != "header" else None
    return (
        last is not None
        and last.kind == "prose"
        and len(last.text.split()) >= MIN_CUT_WORDS
        and CUT_END.search(last.text) is not None
        and LOWER_START.match(line.strip()) is not None
    )


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _add_line(section: Section, line: str, number: int, *, joinable: bool, width: int) -> None:
    bullet = BULLET.match(line)
    if bullet:
        item = line[bullet.end() :].strip()
        section.blocks.append(Block("bullet", item, number, len(line), _indent(line)))
        return
    last = section.blocks[-1] if section.blocks else None
    stripped = line.strip()
    header = section.kind == "header"  # title lines stay apart unless visibly wrapped
    carries_on = line[:1].isspace() if header else _continues(last, line, width) if last else False
    if joinable and last is not None and carries_on:
        last.text = f"{last.text} {stripped}"
        last.last_len = len(line)
        return
    if header:
        stripped = stripped.strip("#*_ ").strip()
    section.blocks.append(Block("prose", stripped, number, len(line), _indent(line)))


def _continues(last: Block, line: str, width: int) -> bool:
    """Does this line carry on the previous block (a wrapped bullet or paragraph line)?"""
    stripped = line.strip()
    if META_LABELS.match(stripped) or META_LABELS.match(last.text):
        return False
    indent = _indent(line)
    if last.indent and indent == last.indent and stripped[:1].isupper():
        return False  # same indentation as the item above: the next item of an indented list
    if indent > last.indent or stripped[:1].islower():
        return True
    if last.kind == "bullet":
        return False
    # A short line with no closing punctuation followed by a capitalised line: a list of lines.
    ended = SENTENCE_END.search(last.text) is not None
    return ended or last.last_len >= 0.6 * max(width, 80)
