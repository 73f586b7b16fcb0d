"""Pydantic contracts between stages (SDD section 3, extended where the product needs it).

Everything a run knows lives in a `Blackboard`. Models that an LLM fills in use `extra="forbid"`
so a model cannot smuggle fields past validation.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, model_validator


def utc_now() -> datetime:
    return datetime.now(UTC)


class Strict(BaseModel):
    """Base for models an LLM may fill in: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


# --- Provenance and evidence -------------------------------------------------------------------


class CardKind(StrEnum):
    EXPERIENCE_BULLET = "experience_bullet"
    ROLE_SENTENCE = "role_sentence"  # a sentence from a role written as a paragraph
    SUMMARY = "summary"
    SKILL = "skill"
    EDUCATION = "education"
    CERTIFICATION = "certification"
    PROJECT = "project"
    PUBLICATION = "publication"
    VOLUNTEERING = "volunteering"
    AWARD = "award"
    USER_ANSWER = "user_answer"
    OTHER = "other"


class Provenance(BaseModel):
    """Where a card came from: a span of an uploaded file, or a user's answer to a gap question."""

    source: str = Field(..., description="File name, or 'user_answer'")
    section: str = Field("", description="Section heading as written in the source")
    line_start: int | None = Field(None, description="1-based first line in the source text")
    line_end: int | None = Field(None, description="1-based last line (inclusive)")
    char_start: int | None = None
    char_end: int | None = None
    quote: str | None = Field(
        None, description="The source text as written (markup included) when the card text differs"
    )
    question: str | None = Field(None, description="The gap question, for user answers")
    answered_at: datetime | None = None


class MetricEntry(BaseModel):
    value: str = Field(..., description="Quantified value exactly as written, e.g. '75%', '340K+'")
    description: str = Field("", description="What the metric represents")
    context: str | None = None


class ScopeInfo(BaseModel):
    team_size: int | None = None
    direct_reports: int | None = None
    geography: list[str] = Field(default_factory=list)
    budget: str | None = None


class EvidenceCard(BaseModel):
    id: str = Field(..., description="Stable id, unique within one fact resume")
    kind: CardKind = CardKind.EXPERIENCE_BULLET
    section: str = ""
    project: str = ""
    company: str = ""
    timeframe: str = Field("", description="Date range exactly as written")
    role: str = Field("", description="Job title during this work")
    location: str = ""
    role_id: str | None = Field(None, description="Groups the cards of one role")
    parent_id: str | None = Field(None, description="For chunks: the card this was split from")
    scope: ScopeInfo = Field(default_factory=ScopeInfo)
    metrics: list[MetricEntry] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list)
    leadership_signals: list[str] = Field(default_factory=list)
    raw_text: str = Field(..., description="The exact source text")
    provenance: Provenance


class RoleEntry(BaseModel):
    """One job (or school, for education) as the fact resume states it."""

    id: str
    section: str = ""
    company: str = ""
    title: str = ""
    location: str = ""
    timeframe: str = Field("", description="Date range exactly as written")
    start: str | None = Field(None, description="Normalised YYYY or YYYY-MM")
    end: str | None = Field(None, description="Normalised YYYY, YYYY-MM or 'present'")
    line: int | None = None


# What a resume header can lack (ContactInfo.missing), as the user is told.
NO_NAME = "your name"
NO_WAY_TO_REACH = "an email or phone number"


class ContactInfo(BaseModel):
    """Contact details: kept out of evidence text and prompts, added at render time."""

    name: str = ""
    email: str = ""
    phone: str = ""
    location: str = ""
    links: list[str] = Field(default_factory=list)

    def missing(self) -> list[str]:
        """What a resume header needs and this one lacks: a name, and an email or a phone."""
        gaps = [] if self.name.strip() else [NO_NAME]
        if not (self.email.strip() or self.phone.strip()):
            gaps.append(NO_WAY_TO_REACH)
        return gaps


class LeftOut(BaseModel):
    """A piece of the upload that was deliberately not turned into evidence, and why."""

    what: str = Field(..., description="The text left out (sensitive values shortened)")
    why: str = Field(..., description="'page furniture', 'sensitive personal data', ...")
    line: int | None = Field(None, description="1-based line in the source text, when known")

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line else ""
        return f"left out: {self.what} ({self.why}){where}"


class ParsedResume(BaseModel):
    source_name: str
    content_hash: str
    contact: ContactInfo = Field(default_factory=ContactInfo)
    sections: list[str] = Field(default_factory=list)
    roles: list[RoleEntry] = Field(default_factory=list)
    education: list[RoleEntry] = Field(default_factory=list)
    cards: list[EvidenceCard] = Field(default_factory=list)
    skills: list[str] = Field(default_factory=list, description="The Skills section, as listed")
    warnings: list[str] = Field(default_factory=list, description="What could not be read, and why")
    suspicious_instructions: list[str] = Field(default_factory=list)
    left_out: list[LeftOut] = Field(
        default_factory=list, description="Furniture, metadata and personal data kept out of cards"
    )


# --- JD analysis -------------------------------------------------------------------------------


class Priority(StrEnum):
    MUST = "must"
    NICE = "nice"


class Confidence(StrEnum):
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"


class RoleProfile(Strict):
    inferred_level: str = Field(..., description="e.g. 'Senior', 'Staff', 'Manager', 'Director'")
    must_haves: list[str] = Field(default_factory=list)
    nice_to_haves: list[str] = Field(default_factory=list)
    seniority_signals: list[str] = Field(default_factory=list)
    keyword_clusters: dict[str, list[str]] = Field(default_factory=dict)
    recommended_storylines: list[str] = Field(default_factory=list)
    priority_sections: list[str] = Field(default_factory=list)
    downplay_sections: list[str] = Field(default_factory=list)


class RequirementKind(StrEnum):
    """What a requirement asks for; each kind has its own matcher (core/mapping)."""

    CREDENTIAL = "credential"  # certificate or licence
    DEGREE = "degree"
    YEARS = "years"  # years of experience, overall or in a domain
    TOOL = "tool"  # a named tool, language, platform or skill
    ACHIEVEMENT = "achievement"  # a record of results
    RESPONSIBILITY = "responsibility"
    LANGUAGE = "language"
    LOGISTICS = "logistics"  # location, work authorisation, schedule: shown, never matched


class Requirement(Strict):
    id: str
    text: str
    priority: Priority = Priority.MUST
    keywords: list[str] = Field(default_factory=list)
    years: float | None = Field(None, description="Years of experience asked for, if any")
    section: str = Field("", description="JD section it came from")
    kind: RequirementKind | None = Field(
        None, description="What it asks for; None: worked out from the text when mapping"
    )


class JDSection(BaseModel):
    kind: str = Field(
        ..., description="about|responsibilities|requirements|nice_to_have|benefits|…"
    )
    heading: str = ""
    text: str = ""


class JDAnalysis(BaseModel):
    target_title: str = ""
    role_profile: RoleProfile
    requirements: list[Requirement] = Field(default_factory=list)
    keywords: list[str] = Field(
        default_factory=list,
        description="ATS keywords: what a recruiter would search (counted in ATS coverage)",
    )
    other_terms: list[str] = Field(
        default_factory=list,
        description="Other terms in the ad: read from it, not counted in ATS coverage",
    )
    sections: list[JDSection] = Field(default_factory=list)
    suspicious_instructions: list[str] = Field(default_factory=list)
    model_dropped: list[str] = Field(
        default_factory=list,
        description="What the model's reading quoted that is not in the ad ('keyword: …'): "
        "left out",
    )

    def all_terms(self) -> list[str]:
        """The ATS keywords, then the other terms in the ad: what the writer aims its choice of
        lines and skills at (the ATS coverage counts the first list only)."""
        return [*self.keywords, *self.other_terms]


# --- Retrieval ---------------------------------------------------------------------------------


class RetrievalMode(StrEnum):
    """How the evidence index ranks cards (`hybrid+rerank` runs as `hybrid` without a reranker)."""

    BM25 = "bm25"
    VECTOR = "vector"
    HYBRID = "hybrid"
    HYBRID_RERANK = "hybrid+rerank"


class EvidenceHit(BaseModel):
    card_id: str = Field(..., description="The parent card id (chunks report their parent)")
    chunk_id: str | None = None
    text: str
    company: str = ""
    role: str = ""
    timeframe: str = ""
    kind: CardKind = CardKind.EXPERIENCE_BULLET
    score: float = 0.0
    scores: dict[str, float] = Field(default_factory=dict, description="Per retriever")
    ranks: dict[str, int] = Field(default_factory=dict, description="Per retriever, 1-based")


class Ranking(BaseModel):
    query: str
    mode: str = Field(..., description="The mode that actually ran (may differ from asked)")
    requested_mode: str = ""
    results: list[EvidenceHit] = Field(default_factory=list)
    note: str = ""


# --- Evidence mapping and gaps -----------------------------------------------------------------


class GapType(StrEnum):
    TRUE_GAP = "true_gap"
    TERMINOLOGY_GAP = "terminology_gap"
    HIDDEN_EVIDENCE = "hidden_evidence"


class GapStrategy(StrEnum):
    OMIT = "omit"
    ADJACENT = "adjacent_experience"
    ASK_USER = "ask_user"


class EvidenceMapping(Strict):
    requirement_id: str
    evidence_card_ids: list[str] = Field(default_factory=list)
    confidence: Confidence = Confidence.LOW
    notes: str | None = None
    matched_terms: list[str] = Field(default_factory=list)


class AnswerStatus(StrEnum):
    OPEN = "open"
    ANSWERED = "answered"
    DECLINED = "declined"  # "I don't have this": keeps the gap honest


class GapResolution(Strict):
    gap_id: str
    requirement_id: str = ""
    requirement_text: str
    priority: Priority = Priority.MUST
    gap_type: GapType = GapType.TRUE_GAP
    strategy: GapStrategy = GapStrategy.ASK_USER
    adjacent_evidence_ids: list[str] = Field(default_factory=list)
    nearby: str = Field(
        "", description="What the resume states close to it (ACLS Provider for ACLS Instructor)"
    )
    unstated: str = Field(
        "", description="The part of a requirement no line states (attention to detail)"
    )
    user_confirmed: bool = False
    answer_status: AnswerStatus = AnswerStatus.OPEN
    answer_card_id: str | None = None


class UserQuestion(Strict):
    gap_id: str
    question: str
    impact: str = Field(..., description="Why answering this matters")
    priority: Priority = Priority.MUST


class GapAnswer(BaseModel):
    gap_id: str
    answer: str = ""
    declined: bool = False
    role_id: str | None = Field(
        None, description="The role the answer belongs to (the gap form asks); None: none named"
    )


# --- Draft -------------------------------------------------------------------------------------


class BulletStatus(StrEnum):
    PROPOSED = "proposed"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    EDITED = "edited"


class DraftBullet(BaseModel):
    id: str
    text: str
    evidence_card_ids: list[str] = Field(default_factory=list)
    status: BulletStatus = BulletStatus.PROPOSED
    origin: Literal["extractive", "llm", "user"] = "extractive"


class DraftRole(BaseModel):
    role_id: str
    company: str = ""
    title: str = ""
    location: str = ""
    timeframe: str = ""
    bullets: list[DraftBullet] = Field(default_factory=list)


class DraftSection(BaseModel):
    """Any other section (education, certifications, projects…): a heading and cited lines."""

    name: str
    bullets: list[DraftBullet] = Field(default_factory=list)


class SkillLine(BaseModel):
    id: str = Field("", description="'skill-N'; the draft numbers a line given without one")
    skill: str
    evidence_card_ids: list[str] = Field(default_factory=list)


class ResumeSection(BaseModel):
    """SDD's flat view of a section (name + markdown), derived from the structured draft."""

    name: str
    content: str


def _number_skills(skills: list[SkillLine]) -> None:
    """Give each skill line without an id the first free 'skill-N' (N from its place), so ids
    stay put when other lines are dropped."""
    taken = {s.id for s in skills if s.id}
    for n, line in enumerate(skills, 1):
        if line.id:
            continue
        while f"skill-{n}" in taken:
            n += 1
        line.id = f"skill-{n}"
        taken.add(line.id)


class ResumeDraft(BaseModel):
    model_config = ConfigDict(validate_assignment=True)

    target_title: str = ""
    summary: list[DraftBullet] = Field(default_factory=list)
    roles: list[DraftRole] = Field(default_factory=list)
    skills: list[SkillLine] = Field(default_factory=list)
    sections: list[DraftSection] = Field(default_factory=list)
    dropped: list[DraftBullet] = Field(default_factory=list, description="Removed by the audit")

    def all_bullets(self) -> list[DraftBullet]:
        bullets = list(self.summary)
        for role in self.roles:
            bullets.extend(role.bullets)
        for section in self.sections:
            bullets.extend(section.bullets)
        return bullets

    @model_validator(mode="after")
    def _skill_ids(self) -> ResumeDraft:
        _number_skills(self.skills)
        return self

    def live_bullets(self) -> list[DraftBullet]:
        return [b for b in self.all_bullets() if b.status != BulletStatus.REJECTED]

    def drop_lines(self, ids: Collection[str], *, record: bool = True) -> None:
        """Take these lines (bullets or skill lines, by id) out of the document; empty sections
        go with them. `record` lists the dropped bullets in `dropped`, so the user sees what was
        left out. The one way a line leaves a draft: the audit, the page budget and export."""
        gone = set(ids)
        if record:
            self.dropped.extend(b for b in self.all_bullets() if b.id in gone)
        self.summary = [b for b in self.summary if b.id not in gone]
        for role in self.roles:
            role.bullets = [b for b in role.bullets if b.id not in gone]
        for section in self.sections:
            section.bullets = [b for b in section.bullets if b.id not in gone]
        self.sections = [s for s in self.sections if s.bullets]
        self.skills = [s for s in self.skills if s.id not in gone]


class ClaimMapping(Strict):
    bullet_id: str = Field(..., description="e.g. 'role-2-bullet-1'")
    bullet_text: str
    evidence_card_ids: list[str]


# --- Audit -------------------------------------------------------------------------------------


class ViolationType(StrEnum):
    METRIC_CHANGED = "metric_changed"
    METRIC_INVENTED = "metric_invented"
    SKILL_INVENTED = "skill_invented"
    SCOPE_INFLATED = "scope_inflated"
    EMPLOYER_WRONG = "employer_wrong"
    DATE_WRONG = "date_wrong"
    TITLE_INFLATED = "title_inflated"
    UNCITED = "uncited"
    UNKNOWN_EVIDENCE = "unknown_evidence"
    OTHER = "other"


class Severity(StrEnum):
    BLOCKER = "BLOCKER"
    WARNING = "WARNING"


class TruthViolation(Strict):
    bullet_id: str
    bullet_text: str
    violation: str = Field(..., description="Description of the violation")
    type: ViolationType = ViolationType.OTHER
    severity: Severity = Severity.BLOCKER
    span: str = Field("", description="The offending text in the bullet")
    source: Literal["deterministic", "llm"] = "deterministic"


class BulletVerdict(BaseModel):
    bullet_id: str
    bullet_text: str
    supported: bool
    matched_card_ids: list[str] = Field(default_factory=list)
    violations: list[TruthViolation] = Field(default_factory=list)


class ATSReport(BaseModel):
    keyword_coverage_score: float = Field(
        ..., ge=0, le=100, description="Share of the job ad's ATS keywords the text states"
    )
    supported_keywords: list[str] = Field(default_factory=list)
    missing_keywords: list[str] = Field(default_factory=list)
    suggested_keywords: list[str] = Field(
        default_factory=list,
        description="Missing from the draft, but the evidence states them: consider using them",
    )
    terms_not_counted: list[str] = Field(
        default_factory=list,
        description="The ad's other terms (not its ATS keywords): shown, never counted in "
        "keyword coverage",
    )
    format_warnings: list[str] = Field(default_factory=list)
    role_signal_score: float = Field(..., ge=0, le=100)
    must_have_coverage: float = Field(0.0, ge=0, le=100)
    must_haves_supported: list[str] = Field(default_factory=list)
    must_haves_missing: list[str] = Field(default_factory=list)


class AuditReport(BaseModel):
    truth_violations: list[TruthViolation] = Field(default_factory=list)
    ats_suggestions: list[str] = Field(default_factory=list)
    inconsistencies: list[str] = Field(default_factory=list)
    verdicts: list[BulletVerdict] = Field(default_factory=list)
    roundtrip_problems: list[str] = Field(default_factory=list)
    passed: bool = True

    def blockers(self) -> list[TruthViolation]:
        return [v for v in self.truth_violations if v.severity == Severity.BLOCKER]


# --- Run bookkeeping ---------------------------------------------------------------------------


class PipelineState(StrEnum):
    INIT = "INIT"
    PREPROCESSING = "PREPROCESSING"
    JD_ANALYSIS = "JD_ANALYSIS"
    EVIDENCE_MAPPING = "EVIDENCE_MAPPING"
    WRITING = "WRITING"
    AUDITING = "AUDITING"
    REVISION = "REVISION"
    COMPLETE = "COMPLETE"
    FAILED = "FAILED"


class LLMStage(StrEnum):
    """The stages that may ask a model; `core/llm/stages.py` gives each its prompt and answer."""

    JD_ANALYST = "jd_analyst"
    EVIDENCE_MAPPER = "evidence_mapper"
    WRITER = "writer"
    AUDITOR = "auditor"
    GAP_QUESTIONS = "gap_questions"
    REPAIR = "repair"
    HYDE = "hyde"
    STRUCTURE_READER = "structure_reader"


class CallOutcome(StrEnum):
    OK = "ok"
    COERCED = "coerced"
    REPAIRED = "repaired"
    FALLBACK = "fallback"
    ERROR = "error"


class LLMCallRecord(BaseModel):
    stage: str
    model: str
    outcome: CallOutcome = CallOutcome.OK
    attempts: int = 1
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float = 0.0
    latency_ms: float = 0.0
    cache_hit: bool = False
    error: str = ""
    error_code: str = Field(
        "", description="On an error: the provider's HTTP status, else the kind (timeout, …)"
    )
    notes: list[str] = Field(default_factory=list, description="Assembler coercions, repair")


class RunEvent(BaseModel):
    state: PipelineState
    at: datetime = Field(default_factory=utc_now)
    seconds: float = 0.0
    engine: str = "offline"
    llm_calls: int = 0
    detail: str = ""


class LengthRules(BaseModel):
    max_pages: int = Field(2, ge=1, le=4)


class Inputs(BaseModel):
    job_description: str
    target_title: str = ""
    length_rules: LengthRules = Field(default_factory=LengthRules)
    template_path: str = "classic"
    resume_source: str = ""
    no_education: bool = Field(False, description="User says there is no education to list")


BLACKBOARD_SCHEMA = 6  # core/pipeline/store.py reads saved runs of every earlier version


class Blackboard(BaseModel):
    schema_version: int = Field(
        BLACKBOARD_SCHEMA, description="The format of this saved run (1: before the field)"
    )
    # Inputs
    run_id: str = ""
    inputs: Inputs
    # Parsed data
    resume: ParsedResume | None = None
    answer_cards: list[EvidenceCard] = Field(
        default_factory=list,
        description="Cards the user's gap answers added (the resume's own are resume.cards)",
    )
    synonyms_map: dict[str, list[str]] = Field(default_factory=dict)
    # JD analysis (its requirements and role profile live there only: see the properties below)
    jd: JDAnalysis | None = None
    # Evidence mapping
    retrieval_mode: str = ""
    evidence_map: list[EvidenceMapping] = Field(default_factory=list)
    gap_resolutions: list[GapResolution] = Field(default_factory=list)
    selected_evidence_ids: list[str] = Field(default_factory=list)
    # Writer
    resume_draft: ResumeDraft | None = None
    claim_index: list[ClaimMapping] = Field(default_factory=list)
    change_log: list[str] = Field(default_factory=list)
    # Audit
    ats_report: ATSReport | None = None
    audit_report: AuditReport | None = None
    # User interaction
    questions_for_user: list[UserQuestion] = Field(default_factory=list)
    answers: list[GapAnswer] = Field(default_factory=list)
    fit_pages: bool = Field(
        True,
        description="Page fit on export: fit the page limit (False: the user keeps every line)",
    )
    # Pipeline state
    current_step: PipelineState = PipelineState.INIT
    retry_count: int = 0
    max_retries: int = 3
    engine: str = "offline"
    failure_reasons: list[str] = Field(default_factory=list)
    revision_exclude_ids: list[str] = Field(
        default_factory=list, description="Cards whose lines the audit blocked (revision input)"
    )
    revision_notes: list[str] = Field(default_factory=list)
    stage_hashes: dict[str, str] = Field(default_factory=dict)
    finished_states: list[PipelineState] = Field(
        default_factory=list,
        description="States whose step completed since they were last entered or rewound "
        "(a resumed run skips these)",
    )
    events: list[RunEvent] = Field(default_factory=list)
    llm_calls: list[LLMCallRecord] = Field(default_factory=list)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def contact(self) -> ContactInfo:
        """The person's contact details: one home, `resume.contact` (what the user supplies is
        written there too); format 3 kept a copy here."""
        return self.resume.contact if self.resume else ContactInfo()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def evidence_cards(self) -> list[EvidenceCard]:
        """Every card a line may cite: the resume's, then the user's answers. Each has one home
        (format 3 kept a copy of the resume's cards here); saved and exported runs still list
        them all under this name, for readers of the JSON."""
        return [*(self.resume.cards if self.resume else []), *self.answer_cards]

    @property
    def requirements(self) -> list[Requirement]:
        """The job ad's requirements: one home, `jd` (format 2 kept a copy here)."""
        return self.jd.requirements if self.jd else []

    @property
    def role_profile(self) -> RoleProfile | None:
        """The job ad's role profile: one home, `jd`."""
        return self.jd.role_profile if self.jd else None

    def blocked_line_ids(self) -> set[str]:
        """Ids of the draft's lines the audit blocks (none before an audit)."""
        if self.audit_report is None:
            return set()
        return {v.bullet_id for v in self.audit_report.blockers()}
