"""The look of each bundled template (font, sizes, margins, where role dates go): read by the PDF
renderer (core/render/pdf_render.py) and by the DOCX template builder (tools/build_templates.py),
so the DOCX and the PDF of one template match."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    font: str
    body_pt: float
    name_pt: float
    heading_pt: float
    heading_caps: bool
    heading_rule: bool  # a thin line under each section heading
    margin_in: float


@dataclass(frozen=True)
class TemplateLook:
    name: str
    description: str
    look: Look
    dates_right: bool = True  # role dates right-aligned on the role line (else a line of facts)


LOOKS = (
    TemplateLook(
        "classic",
        "Single column, clean headings with a thin rule, bullets; role dates right-aligned.",
        Look("Calibri", 10.5, 20, 12, heading_caps=False, heading_rule=True, margin_in=0.75),
    ),
    TemplateLook(
        "ats_plain",
        "Maximally ATS-safe: Arial, plain capitalised headings, no tabs or rules, one fact a line.",
        Look("Arial", 10.5, 14, 11, heading_caps=True, heading_rule=False, margin_in=1.0),
        dates_right=False,
    ),
    TemplateLook(
        "compact",
        "Georgia serif, capitalised headings with a rule, narrow margins: the most on one page.",
        Look("Georgia", 10, 18, 11, heading_caps=True, heading_rule=True, margin_in=0.6),
    ),
)
