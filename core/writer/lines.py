"""Resume-style lines from the user's own sentences, by transforms that only remove words.

A resume line has an implied subject: "I verify 400 orders a shift" reads "Verify 400 orders a
shift". The transforms here never add a fact and never change one; they only

- strip Markdown residue a reader would see as noise (`**bold**`, `### heading`, `` `code` ``),
- drop a leading answer word or subject ("Yes:", "Yes,", "I", "We", "I've"),
- drop a subject pronoun after a joining word (", and I led" → ", and led"),
- turn a first-person possessive into the article ("my panel" → "the panel"),
- drop a leading ALL-CAPS label ("TRAINING: Completed…" → "Completed…"): a label is a word, not
  an acronym, when one of its words is an everyday English word (core/jd/rarity.py) or is longer
  than an acronym (`ACRONYM_LETTERS`); "HIPAA: trained 40 staff" keeps its name.

`resume_line` returns the transformed line, or "" when first person, page furniture or sensitive
data is still left (core/writer/text_rules.py: the same rules the format check applies), a line
the writer then leaves out rather than ship "…helped me…" or "Page 2 of 3".
"""

from __future__ import annotations

import re

from core.jd.rarity import common_words
from core.writer.markup import strip_markup
from core.writer.text_rules import text_problems, without_mojibake

_MARKDOWN_EMPHASIS = re.compile(r"(\*\*|__)(.+?)\1|(?<![\w*])\*(?!\s)([^*\n]+?)(?<!\s)\*(?![\w*])")
_MARKDOWN_LEAD = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?=\S))")
_STRAY_MARKS = re.compile(r"\*\*|__|`+|(?<!\S)#{1,6}(?=\s)")
_SPACES = re.compile(r"[^\S\u00a0]+")  # whitespace runs; a no-break space (dates) stays
_ANSWER_OPENING = re.compile(r"^(?:yes|yeah|yep|no|correct|absolutely|sure)\b[\s:,.;!-]+", re.I)
_SUBJECT_OPENING = re.compile(
    r"^(?:i|we)(?:\s+(?:also|have|had|personally|then|both))?\s+(?=[a-z])|^(?:i|we)['’](?:ve|d)\s+",
    re.I,
)
_JOINED_SUBJECT = re.compile(r"([,;]?\s+(?:and|but|then|where|so)\s+)(?:i|we)\s+(?=[a-z])", re.I)
_SENTENCE_SUBJECT = re.compile(r"([.!?]\s+|;\s+)(?:i|we)\s+([a-z])", re.I)
_LEADING_PHRASE = re.compile(  # "In 2023 I rebuilt X" → "Rebuilt X in 2023"
    r"^((?:in|at|during|since|from|on|after|before|as|while|for|with)\s[^,;.]{1,40}?),?\s+"
    r"(?:i|we)\s+([a-z][^;]*?)([.!]?)$",
    re.I,
)
ACRONYM_LETTERS = 5  # "HIPAA", "OSHA", "ACLS": longer all-caps words are words
_CAPS_LABEL = re.compile(r"^([A-Z][A-Z&/'’-]*(?:\s+[A-Z&/'’-]+){0,3})\s*:\s+(?=\S+\s+\S)")
_POSSESSIVE = re.compile(r"(?<![\w'’-])(my|our)\s+(?=\w)", re.I)


def strip_markdown(text: str) -> str:
    """The words of `text` without links, HTML tags (core/writer/markup.py) or Markdown marks."""
    return markdown_marks_removed(strip_markup(text))


def markdown_marks_removed(text: str) -> str:
    """`text` without Markdown emphasis, heading marks, quote marks or backticks (the render's
    last defence: what a reader would see as stray symbols)."""
    text = _MARKDOWN_LEAD.sub("", text)
    previous = None
    while previous != text:
        previous = text
        text = _MARKDOWN_EMPHASIS.sub(lambda m: m.group(2) or m.group(3) or "", text)
    text = _STRAY_MARKS.sub("", text)
    return _SPACES.sub(" ", text).strip()


def without_caps_label(text: str) -> str:
    """`text` without a leading ALL-CAPS label that is a word, not an acronym (module doc)."""
    match = _CAPS_LABEL.match(text.strip())
    if match is None:
        return text
    words = re.findall(r"[A-Z]+", match.group(1))
    if any(len(w) > ACRONYM_LETTERS or w.casefold() in common_words() for w in words):
        return text.strip()[match.end() :]
    return text


def implied_subject(text: str) -> str:
    """`text` with the subject left implied, as resume lines are written (module doc)."""
    text = _ANSWER_OPENING.sub("", text.strip())
    text = _SUBJECT_OPENING.sub("", text)
    text = _LEADING_PHRASE.sub(
        lambda m: f"{m.group(2)} {m.group(1)[:1].lower()}{m.group(1)[1:]}{m.group(3)}", text
    )
    text = _JOINED_SUBJECT.sub(r"\1", text)
    text = _SENTENCE_SUBJECT.sub(_restart, text)
    text = _POSSESSIVE.sub(lambda m: "The " if m.start() == 0 else "the ", text)
    return text


def _restart(match: re.Match[str]) -> str:
    """After a full stop the next word starts with a capital; after a semicolon it does not."""
    word = match.group(2)
    return match.group(1) + (word if match.group(1).startswith(";") else word.upper())


def capitalise(text: str) -> str:
    text = " ".join(text.split())
    return text[:1].upper() + text[1:] if text else text


def resume_line(text: str) -> str:
    """The resume-style form of one of the user's lines, or "" if it cannot lose first person."""
    line = capitalise(implied_subject(without_caps_label(strip_markdown(text))))
    line = without_mojibake(line)
    if not any(ch.isalnum() for ch in line) or text_problems([line]):
        return ""  # first person, furniture or sensitive data left: the line is not shipped
    return line
