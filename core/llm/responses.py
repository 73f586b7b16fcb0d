"""What each LLM stage must return: Pydantic models with `extra="forbid"`.

Evidence card ids are checked against `valid_card_ids` from the validation context (also
`valid_requirement_ids`, `valid_role_ids`, `valid_bullet_ids`, `valid_gap_ids` when a stage
passes them). An unknown id fails validation, and instructor re-asks the model with the error
text. Without such a key in the context the ids are not checked here (each stage filters them
again before use).

The context reaches the validators in two ways: pydantic's `info.context` (direct
`model_validate(..., context=…)`, the fake, the cache), or — for calls through instructor —
`active_validation_context()`, set by the client around the call. The client does not hand the
context to instructor because instructor then renders every message as a Jinja template with
it, which would evaluate `{{ … }}` written inside a job description.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, ValidationInfo

from core.contracts import RoleProfile, Severity, Strict, ViolationType

_ACTIVE: ContextVar[Mapping[str, Any] | None] = ContextVar("llm_validation_context", default=None)


@contextmanager
def active_validation_context(context: Mapping[str, Any] | None) -> Iterator[None]:
    token = _ACTIVE.set(context)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def _context(info: ValidationInfo) -> Mapping[str, Any]:
    if isinstance(info.context, Mapping):
        return info.context
    return _ACTIVE.get() or {}


def _known(values: list[str], info: ValidationInfo, key: str, what: str) -> list[str]:
    valid = _context(info).get(key)
    if valid is None:
        return values
    unknown = [v for v in values if v not in valid]
    if unknown:
        listed = ", ".join(repr(v) for v in sorted(valid)[:25])
        more = " …" if len(valid) > 25 else ""
        raise ValueError(
            f"unknown {what} id(s): {', '.join(map(repr, unknown))}. "
            f"Use only ids given in the prompt: {listed}{more}"
        )
    return values


def check_card_ids(value: list[str], info: ValidationInfo) -> list[str]:
    """Reusable: every id must be a known evidence card (context key `valid_card_ids`)."""
    return list(dict.fromkeys(_known(value, info, "valid_card_ids", "evidence card")))


def _one_id(key: str, what: str) -> AfterValidator:
    def check(value: str, info: ValidationInfo) -> str:
        return _known([value], info, key, what)[0]

    return AfterValidator(check)


CardIds = Annotated[list[str], AfterValidator(check_card_ids)]
CitedCardIds = Annotated[list[str], Field(min_length=1), AfterValidator(check_card_ids)]
RequirementId = Annotated[str, _one_id("valid_requirement_ids", "requirement")]
RoleId = Annotated[str, _one_id("valid_role_ids", "role")]
BulletId = Annotated[str, _one_id("valid_bullet_ids", "bullet")]
GapId = Annotated[str, _one_id("valid_gap_ids", "gap")]
NonEmpty = Annotated[str, Field(min_length=1)]


# --- jd_analyst ----------------------------------------------------------------------------------


class JDRequirementItem(Strict):
    text: NonEmpty
    priority: Literal["must", "nice"] = "must"
    keywords: list[str] = Field(default_factory=list)
    years: float | None = Field(None, ge=0, le=60)


class JDAnalystResponse(RoleProfile):
    """The role profile (SDD 4.2) plus the requirements as written in the JD."""

    requirements: list[JDRequirementItem] = Field(default_factory=list)


# --- evidence_mapper -----------------------------------------------------------------------------


class MapperMatch(Strict):
    requirement_id: RequirementId
    evidence_card_ids: CardIds = Field(default_factory=list)
    confidence: Literal["high", "medium", "low"] = "low"
    notes: str = ""


class MapperGap(Strict):
    requirement_id: RequirementId
    gap_type: Literal["true_gap", "terminology_gap", "hidden_evidence"] = "true_gap"
    suggested_strategy: Literal["omit", "adjacent_experience", "ask_user"] = "ask_user"
    adjacent_evidence_ids: CardIds = Field(default_factory=list)


class MapperResponse(Strict):
    evidence_map: list[MapperMatch] = Field(default_factory=list)
    gaps: list[MapperGap] = Field(default_factory=list)


# --- writer --------------------------------------------------------------------------------------


class CitedLine(Strict):
    text: NonEmpty
    evidence_card_ids: CitedCardIds


class WrittenRole(Strict):
    role_id: RoleId
    bullets: list[CitedLine] = Field(default_factory=list)


class WriterResponse(Strict):
    summary: list[CitedLine] = Field(default_factory=list)
    roles: list[WrittenRole] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    change_log: list[str] = Field(default_factory=list)


# --- auditor -------------------------------------------------------------------------------------


class AuditFinding(Strict):
    bullet_id: BulletId
    violation: NonEmpty
    type: ViolationType = ViolationType.OTHER
    severity: Severity = Severity.WARNING


class AuditorResponse(Strict):
    findings: list[AuditFinding] = Field(default_factory=list)


# --- gap_questions / hyde ------------------------------------------------------------------------


class GapQuestion(Strict):
    gap_id: GapId
    question: NonEmpty
    impact: str = ""


class GapQuestionsResponse(Strict):
    questions: list[GapQuestion] = Field(default_factory=list)


class HydeResponse(Strict):
    bullet: NonEmpty


# --- structure_reader ----------------------------------------------------------------------------


class StructureReaderEntry(Strict):
    """One entry of the resume: its header as written, and the numbered lines it spans."""

    kind: Literal["job", "education", "not_a_job"] = "job"
    title: str = Field("", description="Job title (or degree), copied exactly from the resume")
    employer: str = Field("", description="Employer (or school), copied exactly from the resume")
    dates: str = Field("", description="Date range, copied exactly from the resume")
    location: str = Field("", description="Location, copied exactly from the resume")
    first_line: int = Field(..., ge=0, description="Number of the entry's first line")
    last_line: int = Field(..., ge=0, description="Number of the entry's last line")


class StructureReaderResponse(Strict):
    entries: list[StructureReaderEntry] = Field(default_factory=list)
