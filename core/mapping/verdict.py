"""What a kind-specific matcher (credential, degree) decides for one requirement."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Outcome(StrEnum):
    MET = "met"  # the resume states it: cite the cards
    HEADER = "header"  # stated only in the name/header line ("…, BSN, RN, CCRN")
    ADJACENT = "adjacent"  # a neighbour is stated (ACLS Provider for ACLS Instructor): a gap
    IN_PROGRESS = "in_progress"  # a degree not finished yet: a gap, named as such
    MISSING = "missing"  # nothing of the kind: a true gap
    UNDECIDED = "undecided"  # this matcher cannot tell: the general matcher decides


@dataclass(frozen=True)
class Verdict:
    outcome: Outcome
    card_ids: list[str] = field(default_factory=list)
    found: str = ""  # what the resume states, in its own words, for notes and questions
    note: str = ""


UNDECIDED = Verdict(Outcome.UNDECIDED)
