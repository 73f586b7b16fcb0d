"""The values the app keeps in session state: what was uploaded and typed, the downloads of a
draft version, one-time messages, and the model usage so far (plain frozen dataclasses)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UploadedInput:
    """A file the user uploaded, kept so a page switch or rerun does not lose it."""

    name: str
    data: bytes


@dataclass(frozen=True)
class FormInputs:
    """What the upload form holds now (a file only when that input is in upload mode)."""

    resume_mode: str
    resume_text: str
    resume_file: UploadedInput | None
    jd_mode: str
    jd_text: str
    jd_file: UploadedInput | None
    title: str


@dataclass(frozen=True)
class Usage:
    calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    last_error: str = ""


@dataclass(frozen=True)
class ExportBundle:
    """The downloads of one draft version (bytes read back from the exported files)."""

    signature: str
    docx: bytes
    audit_json: bytes
    diff_md: bytes
    pdf: bytes = b""
    preview_png: bytes = b""  # the first page, shown before download (empty if it failed)
    has_previous: bool = False  # the diff compares with an earlier draft of this session


@dataclass(frozen=True)
class Flash:
    level: str  # "success" | "info" | "warning" | "error"
    message: str
