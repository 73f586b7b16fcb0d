"""The line reader's label set: what each resume line is, and what a heading's section holds.

One home for the names, so the data generator, the model, the evaluation and the lead's
assembler agree. A heading line also gets a section meaning (`MEANINGS`).
"""

from __future__ import annotations

from dataclasses import dataclass

LABELS: tuple[str, ...] = (
    "name",  # the candidate's name
    "contact",  # e-mail, phone, links, address, headline line beside them
    "heading",  # a section heading (its meaning in LineLabel.meaning)
    "title",  # a job title on its own line
    "employer",  # an employer on its own line (may carry a location)
    "dates",  # dates and/or location of a role or entry
    "role_header",  # title, employer and/or dates combined on one line
    "bullet",  # an achievement or duty under a role (bullet glyph or list item)
    "description",  # paragraph text of a role
    "education",  # degree / school / year lines
    "certification",  # a certificate, licence or award line
    "skills",  # a skills list or line
    "summary",  # profile or summary paragraph
    "references",  # other people's details: referees, supervisors
    "furniture",  # page numbers, running headers and footers, template leftovers
    "other",  # anything else (projects, interests, languages, ...)
)

MEANINGS: tuple[str, ...] = (
    "experience",
    "education",
    "skills",
    "projects",
    "certifications",
    "summary",
    "volunteering",
    "publications",
    "awards",
    "references",
    "other",
)

# Labels whose text is other people's data or page furniture: never evidence.
NEVER_EVIDENCE = frozenset({"references", "furniture"})


@dataclass(frozen=True)
class LineLabel:
    """One line's label, the section meaning when it is a heading, and the model's confidence."""

    label: str
    meaning: str | None = None
    probability: float = 1.0


def joint(label: str, meaning: str | None) -> str:
    """The model's tag: 'heading:experience' for a heading, else the label itself."""
    return f"heading:{meaning or 'other'}" if label == "heading" else label


def split_joint(tag: str) -> tuple[str, str | None]:
    """The inverse of `joint`."""
    if tag.startswith("heading:"):
        return "heading", tag.split(":", 1)[1]
    return tag, None
