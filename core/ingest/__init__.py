"""Deterministic ingestion: uploaded files → text, fact resume → evidence cards (no LLM)."""

from __future__ import annotations

from typing import Any

from core.contracts import ParsedResume
from core.ingest.choice import read_text
from core.ingest.contact import email_from_links
from core.ingest.files import ExtractedText, read_path, read_upload
from core.ingest.injection import detect_injection
from core.ingest.limits import check_cards
from core.ingest.metrics import extract_metrics
from core.ingest.never_evidence import blank_lines, keep_evidence
from core.ingest.resume_text import parse_resume_text
from core.ingest.skills import SkillLexicon, find_skills, load_skill_lexicon
from core.settings import IngestSettings


def parse_extracted(
    extracted: ExtractedText, *, settings: IngestSettings | None = None, embedder: Any = None
) -> ParsedResume:
    """Text already read by `read_upload` / `read_path` → ParsedResume (reader warnings kept).

    Furniture, metadata and personal data never become cards; they are listed in `left_out`.
    `embedder` (optional) reads headings the synonym table does not know by meaning.
    """
    text, left_out = (
        (extracted.text, []) if extracted.fmt == "json" else blank_lines(extracted.text)
    )
    settings = settings or IngestSettings()
    parsed, read_out = read_text(text, extracted, settings, embedder)
    email_from_links(parsed.contact, extracted.link_targets)
    parsed.warnings = extracted.warnings + parsed.warnings
    parsed.left_out = extracted.left_out + left_out + read_out + parsed.left_out
    keep_evidence(parsed)
    check_cards(parsed, settings)
    hidden = detect_injection("\n".join(extracted.hidden_text))
    parsed.suspicious_instructions.extend(
        h for h in hidden if h not in parsed.suspicious_instructions
    )
    return parsed


def parse_resume(
    data: bytes, filename: str, *, settings: IngestSettings | None = None, embedder: Any = None
) -> ParsedResume:
    """Uploaded fact resume (md, txt, docx, pdf or JSON Resume) → ParsedResume."""
    return parse_extracted(
        read_upload(data, filename, settings=settings), settings=settings, embedder=embedder
    )


__all__ = [
    "ExtractedText",
    "SkillLexicon",
    "detect_injection",
    "extract_metrics",
    "find_skills",
    "load_skill_lexicon",
    "parse_extracted",
    "parse_resume",
    "parse_resume_text",
    "read_path",
    "read_upload",
]
