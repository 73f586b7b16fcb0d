"""Unicode clean-up for every text ResumeForge reads: one kind of line break, mojibake repaired,
compatibility forms folded (NFKC), invisible and control characters removed.

Mojibake ("â€™", "â¢", "Â ") is repaired with ftfy, keeping typographic quotes as written. NFKC
folds ligatures ("Certiﬁed" → "Certified") and full-width forms ("ＡＷＳ" → "AWS"), so a
certification or a tool is found however the exporting program encoded it.
"""

from __future__ import annotations

import re
import unicodedata

import ftfy

# Characters nothing prints, so they can split a word ("thir\u2060teen", "L\u200bed") or reorder
# text without a reader seeing it: every format character (Unicode category Cf) except the few
# that are part of writing in their scripts (Arabic and Syriac number signs and marks, Kaithi's
# number sign), plus the invisible letters and marks of other categories (combining grapheme
# joiner, Hangul fillers, Khmer inherent vowels, variation selectors), and the object replacement
# character an exporter leaves where an image stood. Removing the soft hyphen joins the word it
# broke.
INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f"  # soft hyphen … Mongolian
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"  # zero-width, bidi, joiners
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffc"  # fillers, selectors, BOM, annotation, object
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"  # format controls
    "\U000e0000-\U000e007f\U000e0100-\U000e01ef]"  # tags, variation selectors supplement
)
_LINE_BREAKS = re.compile(r"\r\n?|[\u2028\u2029\x0b\x0c\x85]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
# A full-width form (U+FF00-FF3F, UTF-8 EF BC xx) read as cp1252 whose last byte was one of the
# bytes cp1252 leaves undefined (0x81 0x8D 0x8F 0x90 0x9D) and was dropped: 'ï¼' is all that is
# left. Between words it stood for the full-width hyphen '－' (0x8D), the only separator of those.
_TRUNCATED_FULLWIDTH = re.compile(r"ï(?:¼|1⁄4)(?=[\s\u00a0]|$)", re.M)  # also once NFKC-folded
# 'Â' left alone before a space: a no-break space (C2 A0) whose second byte became a plain space
# on the way (PDF text layers do this); ftfy repairs the intact pair, this the broken one.
_STRAY_NBSP_LEAD = re.compile(r"Â(?=[ \t\u00a0]|$)", re.M)
_FTFY = ftfy.TextFixerConfig(uncurl_quotes=False, fix_line_breaks=False, normalization="NFKC")
# Lines that may hold mojibake: a UTF-8 lead byte read as cp1252/latin-1 ('Â', 'Ã', 'â', 'ï', ...)
# followed by a continuation byte read the same way. Only these lines go through ftfy (it costs
# seconds per megabyte; most lines are clean).
_SUSPECT = re.compile(
    "^.*[\u00c2-\u00c3\u00c5\u00ce\u00d0\u00d1\u00e2\u00ef]"
    "[\u0080-\u00bf\u0152-\u0178\u0192\u02c6\u02dc\u2013-\u2122].*$",
    re.M,
)


def normalize_text(text: str) -> str:
    """Repaired, NFKC-folded text with one kind of line break and no invisible characters."""
    text = _LINE_BREAKS.sub("\n", text)
    if not text.isascii():
        text = _TRUNCATED_FULLWIDTH.sub("-", text)
        text = _SUSPECT.sub(lambda line: ftfy.fix_text(line.group(0), _FTFY), text)
        text = _STRAY_NBSP_LEAD.sub(" ", text)
        text = INVISIBLE.sub("", text).replace("\u00a0", " ")
        text = unicodedata.normalize("NFKC", text)
    return _CONTROL.sub("", text)


def comparable_text(text: str) -> str:
    """`normalize_text` on one line with runs of white space made single spaces: the form in
    which the truth audit compares a claim with its evidence, and the export check reads it."""
    return " ".join(normalize_text(text).split())


def count_invisible(text: str) -> int:
    """How many invisible formatting characters `normalize_text` will remove."""
    return len(INVISIBLE.findall(text))
