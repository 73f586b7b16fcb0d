"""Rendering: DOCX templates, `render_docx`, `render_pdf` and its PNG preview, one date style,
the round-trip and ATS format checks, draft diffs."""

from core.render.dates import DateStyle, with_date_style
from core.render.diff import diff_drafts
from core.render.docx_render import render_docx
from core.render.format_check import docx_format_warnings
from core.render.pdf_render import preview_png, render_pdf
from core.render.roundtrip import check_docx_roundtrip
from core.render.templates import TemplateInfo, list_templates

__all__ = [
    "DateStyle",
    "TemplateInfo",
    "check_docx_roundtrip",
    "diff_drafts",
    "docx_format_warnings",
    "list_templates",
    "preview_png",
    "render_docx",
    "render_pdf",
    "with_date_style",
]
