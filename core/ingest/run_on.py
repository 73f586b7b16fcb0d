"""Headings that lost their own line: text dumps and PDF exports run a heading into its list.

Two shapes, one home:

* a heading that *opens* a line and is followed by a colon or a list mark ("I.T. Skills •
  Windows XP, …", "KEY SKILLS: • Planning …"). Inside the text above the first heading or
  under a summary heading, such a line is a skills or certificates block, not a sentence about
  the candidate: `split_opened_blocks` moves that line into a section of the heading's kind,
  the heading words left out of the card text.
* a heading *inside* a run-on line ("… Culinary Arts (C.C.) Certifications and Trainings TIPS
  certified …", "… Achieving Targets QUALIFICATIONS: A university …"): `unglue_inner_headings`
  breaks the line there. Taken: a phrase of the synonym table of two or more words, each
  capitalised (fillers aside), naming skills, certificates or education (at a line's start only
  with three or more words: 'Certifications and Trainings City, State'); and one to three words
  in capitals followed by a colon, after lower-case text. A skills or certificates heading
  stands on its own line after the break; any other ('QUALIFICATIONS:') keeps its words and is
  read with them. Never a phrase in running lower case, nor 'Open Source' in a sentence.
"""

from __future__ import annotations

import re

from core.contracts import CardKind
from core.ingest.layout import Item, Section, SourceLine
from core.ingest.sections import SECTION_SYNONYMS, heading_kind, heading_words, is_table_heading

# kinds a line-opening heading may take out of a summary: lists, never prose
_BLOCK_KINDS = (CardKind.SKILL, CardKind.CERTIFICATION)
_OPENER = re.compile(r"^(?P<head>[A-Za-z][A-Za-z.&/' ]{1,38}?)\s*(?::\s*[•·▪●|]?|[•·▪●|])\s*(?=\S)")
# kinds a heading inside a line may start; 'Open Source' or 'Community Service' in a sentence
# is no heading
_INNER_KINDS = (CardKind.SKILL, CardKind.CERTIFICATION, CardKind.EDUCATION)
_FILLERS = {"and", "&", "of", "the"}
_MULTI = sorted(
    {p for phrases in SECTION_SYNONYMS.values() for p in phrases if len(p.split()) >= 2},
    key=len,
    reverse=True,
)
_INNER = re.compile(
    r"(?:(?<=\S )|^)(?:"
    + "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in _MULTI)
    + r")(?=\s|:|$)",
    re.IGNORECASE,
)
_CAPS_COLON = re.compile(r"(?<=[a-z.)] )([A-Z][A-Z&]{4,}(?: [A-Z&]{2,}){0,2}):\s")


def _abbreviation(word: str) -> bool:
    return bool(re.fullmatch(r"(?:[A-Za-z]\.){1,3}", word))  # 'I.T.'


def opening_heading(line: str) -> tuple[CardKind, int] | None:
    """(kind, length of the heading and its mark) when a list-section heading opens the line
    and a list mark or a colon follows it: 'I.T. Skills • …', 'KEY SKILLS: …'."""
    match = _OPENER.match(line)
    if not match:
        return None
    head = match.group("head").strip()
    words = [w for w in head.split() if not _abbreviation(w)]
    if not words or len(words) > 3 or not is_table_heading(" ".join(words)):
        return None
    kind = heading_kind(" ".join(words))
    if kind not in _BLOCK_KINDS:
        return None
    return kind, match.end()


def split_opened_blocks(sections: list[Section]) -> list[Section]:
    """A summary item opened by a skills or certificates heading becomes a section of its own."""
    out: list[Section] = []
    kept: set[int] = set()  # a named section stays, even emptied, so its heading is listed
    for section in sections:
        if section.kind != CardKind.SUMMARY:
            out.append(section)
            continue
        current = Section(section.name, section.kind, section.line, [])
        out.append(current)
        if section.name:
            kept.add(id(current))
        for item in section.items:
            first = item.lines[0]
            found = opening_heading(first.content) if item.kind != "subheading" else None
            if found is None:
                current.items.append(item)
                continue
            kind, cut = found
            head = first.content[:cut].strip(" :•·▪●|")
            rest = SourceLine(first.no, first.offset + cut, first.content[cut:], first.indent)
            if item.kind == "bullet":  # a bullet's wrapped lines are its own
                rest_lines, after = [rest, *item.lines[1:]], []
            else:  # a paragraph's next lines ('QUALIFICATIONS: …') are not the list
                rest_lines, after = [rest], item.lines[1:]
            out.append(Section(head, kind, first.no, [Item(item.kind, rest_lines)]))
            current = Section(section.name, section.kind, first.no, [])
            if after:
                current.items.append(Item("para", after))
            out.append(current)
    return [s for s in out if s.items or id(s) in kept]


def _capitalised(phrase: str) -> bool:
    words = [w for w in phrase.split() if w.lower() not in _FILLERS]
    return len(phrase.split()) >= 2 and all(w[:1].isupper() for w in words)


def unglue_inner_headings(text: str) -> str:
    """Break a run-on line before and after a heading written inside it."""
    out = []
    for line in text.split("\n"):
        cuts: list[tuple[int, int, bool]] = []
        for match in _INNER.finditer(line):
            phrase, rest = match.group(0), line[match.end() :].strip(" :")
            opening = match.start() == 0 and len(phrase.split()) < 3
            if not rest or opening or not _capitalised(phrase):
                continue  # a heading alone on its line is read as one already
            if heading_kind(phrase) in _INNER_KINDS:
                cuts.append((match.start(), match.end(), True))
        for match in _CAPS_COLON.finditer(line):
            if is_table_heading(heading_words(match.group(1))):
                own_line = heading_kind(match.group(1)) in _BLOCK_KINDS
                cuts.append((match.start(1), match.end(1) + 1, own_line))
        for start, end, own_line in sorted(cuts, reverse=True):
            head, rest = line[start:end].rstrip(":"), line[end:].lstrip()
            if own_line:
                line = f"{line[:start].rstrip()}\n{head}\n{rest}".rstrip()
            else:  # 'QUALIFICATIONS: …' keeps its words on its own line, read with the text
                line = f"{line[:start].rstrip()}\n{line[start:]}"
        out.append(line)
    return "\n".join(out)
