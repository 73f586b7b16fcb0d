"""When a line states a requirement the analyser gave no keywords for: the judgement rests on
the requirement's own words (stated directly or through the synonym data) and on meaning.

A line is evidence when it states
- an acronym the requirement names ("3PL", "P&L"): an acronym names the specific thing asked;
- the one thing a requirement asks, graded or dated aside ("Prior cooking experience");
- or several of the requirement's content words, a fair share of them (`WORD_SHARE`), or fewer
  when the line is also close in meaning (`WORDS_SIMILARITY`): two common words of a long
  requirement ("oral", "therapy") are not its evidence.
Words stated only through a synonym count towards both, and make the line "stated in other
words" (a terminology gap) rather than "stated directly".
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from core.mapping.terms import acronyms

# Share of the requirement's content words a line must state, or the cosine similarity
# (all-MiniLM-L6-v2) that makes a partial overlap of two or more words enough; chosen on the
# tuning dev cases (docs/eval-notes/mapping.md).
WORD_SHARE = 0.4
WORDS_SIMILARITY = 0.6
# Words that grade or date what is asked, not name it: "Prior cooking experience", "Excellent
# teamwork skills" ask for one thing, and a line that states it is evidence on its own.
QUALIFIERS = frozenset(
    {"prior", "previous", "good", "strong", "excellent", "solid", "proven", "demonstrated",
     "outstanding", "effective", "exceptional", "great", "sound", "relevant"}
)  # fmt: skip


class Stated(StrEnum):
    DIRECTLY = "directly"
    OTHER_WORDS = "other_words"
    NOT = "not"


def judge_words(
    requirement: str,
    terms: Sequence[str],
    direct: Sequence[str],
    by_synonym: Sequence[str],
    similarity: float,
) -> Stated:
    """How one line states a keyword-less requirement whose content words are `terms`, given
    the words it states directly and through a synonym, and its cosine to the requirement."""
    named = acronyms(requirement)
    if any(word in named for word in direct):
        return Stated.DIRECTLY
    asked = [t for t in terms if t not in QUALIFIERS]
    if len(asked) == 1 and asked[0] in direct:
        return Stated.DIRECTLY  # the one thing asked
    if _enough(len(direct), len(terms), similarity):
        return Stated.DIRECTLY
    if _enough(len(direct) + len(by_synonym), len(terms), similarity):
        return Stated.OTHER_WORDS
    if any(word in named for word in by_synonym):
        return Stated.OTHER_WORDS
    return Stated.NOT


def _enough(stated: int, of: int, similarity: float) -> bool:
    if stated < 2:
        return False
    return stated / max(1, of) >= WORD_SHARE or similarity >= WORDS_SIMILARITY
