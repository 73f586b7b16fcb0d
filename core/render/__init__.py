"""Rendering: DOCX templates, `render_docx`, the round-trip and ATS format checks, draft diffs."""

from core.render.diff import diff_drafts
from core.render.docx_render import render_docx
from core.render.format_check import docx_format_warnings
from core.render.roundtrip import check_docx_roundtrip
from core.render.templates import TemplateInfo, list_templates

__all__ = [
    "TemplateInfo",
    "check_docx_roundtrip",
    "diff_drafts",
    "docx_format_warnings",
    "list_templates",
    "render_docx",
]
