"""One user's tailoring session: the facade the web app calls, one method per user action.

It owns a workspace (private folder), the evidence index in it, an optional LLM and the current
Blackboard, which is saved after every step so a closed browser loses nothing.
"""

from __future__ import annotations

import threading
import uuid
from typing import TYPE_CHECKING

from core.contracts import (
    Blackboard,
    BulletStatus,
    BulletVerdict,
    CallOutcome,
    EvidenceCard,
    GapAnswer,
    GapStrategy,
    LLMCallRecord,
    ParsedResume,
    ResumeDraft,
    UserQuestion,
)
from core.contracts import PipelineState as S
from core.errors import IncompleteResumeError, InputError, ResumeForgeError
from core.jd import check_jd_size
from core.mapping.questions import apply_answers, next_questions
from core.pipeline import Deps, advance, new_board, rewind_to
from core.pipeline.outputs import RunOutputs, export_run
from core.pipeline.steps import completeness_problems
from core.pipeline.store import BOARD_FILE, inputs_hash, load_board, save_board
from core.settings import Settings
from core.workspace import Workspace

if TYPE_CHECKING:
    from core.retrieval import EvidenceIndex

__all__ = ["RunOutputs", "TailoringSession"]

_DRAFT_BASIS = "draft_basis"  # Blackboard.stage_hashes key: what the current draft was written from


def _failed(call: LLMCallRecord) -> bool:
    return bool(call.error) or call.outcome in (CallOutcome.FALLBACK, CallOutcome.ERROR)


class TailoringSession:
    def __init__(self, *, workspace: Workspace, settings: Settings, llm=None) -> None:
        self.workspace = workspace
        self.settings = settings
        self.llm = llm
        self.resume: ParsedResume | None = None
        self.board: Blackboard | None = None
        self.run_id = uuid.uuid4().hex[:12]
        self._index: EvidenceIndex | None = None
        self._lock = threading.Lock()  # one action at a time per session (double clicks)
        self.exports = 0
        self._previous_draft: ResumeDraft | None = None
        self.no_education = False  # the user's word that there is no education to list

    @classmethod
    def create(cls, *, workspace: Workspace, settings: Settings, llm=None) -> TailoringSession:
        return cls(workspace=workspace, settings=settings, llm=llm)

    # --- inputs ---------------------------------------------------------------------------
    def load_resume(self, data: bytes, filename: str) -> ParsedResume:
        from core.ingest import parse_resume
        from core.retrieval import get_embedder

        # the same model the index uses (no disk cache: user text stays in their workspace)
        embedder = get_embedder(self.settings.retrieval.embedding_model, cache_dir=None)
        resume = parse_resume(data, filename, settings=self.settings.ingest, embedder=embedder)
        return self._use_resume(resume)

    def load_resume_text(self, text: str, *, source_name: str = "pasted.md") -> ParsedResume:
        return self.load_resume(text.encode("utf-8"), source_name)

    def _use_resume(self, resume: ParsedResume) -> ParsedResume:
        if not resume.cards:
            raise InputError(
                "No evidence could be read from this resume. Check that it has an experience "
                "section with bullets or paragraphs, or paste the text instead."
            )
        with self._lock:
            index = self._open_index()
            index.build(resume.cards, content_hash=resume.content_hash)
            self.resume = resume
            self.board = None
        return resume

    def _open_index(self) -> EvidenceIndex:
        from core.retrieval import EvidenceIndex, get_embedder

        if self._index is None:
            retrieval = self.settings.retrieval
            # No shared embedding cache: a user's text is only ever stored in their own
            # workspace (its LanceDB keeps the vectors), so "delete my data" removes all of it.
            embedder = get_embedder(retrieval.embedding_model, cache_dir=None)
            uri = retrieval.index_uri or str(self.workspace.index_dir)
            self._index = EvidenceIndex.open(uri, embedder=embedder, settings=retrieval)
        return self._index

    @property
    def embedder_note(self) -> str | None:
        from core.retrieval import embedder_unavailable_reason

        reason = embedder_unavailable_reason(self.settings.retrieval.embedding_model)
        return (
            f"Vector search unavailable ({reason}); using keyword search only." if reason else None
        )

    # --- pipeline steps -------------------------------------------------------------------
    def analyze_job(self, jd_text: str, *, target_title: str = "") -> Blackboard:
        if self.resume is None:
            raise InputError("Load your fact resume first.")
        if not jd_text.strip():
            raise InputError("The job description is empty: paste it or upload a file.")
        check_jd_size(jd_text, limits=self.settings.ingest)  # refused before any work
        with self._lock:
            self.run_id = uuid.uuid4().hex[:12]
            board = new_board(
                resume=self.resume,
                jd_text=jd_text,
                target_title=target_title,
                max_pages=self.settings.max_pages,
                max_retries=self.settings.max_retries,
                template=self.settings.default_template,
                no_education=self.no_education,
                run_id=self.run_id,
            )
            self.board = self._advance(board, stop_after=S.JD_ANALYSIS)
            return self._checked(self.board)

    def map_evidence(self) -> Blackboard:
        board = self._need_board()
        with self._lock:
            self._rewind(board, S.EVIDENCE_MAPPING)
            self.board = self._advance(board, stop_after=S.EVIDENCE_MAPPING)
            return self._checked(self.board)

    def next_questions(self, limit: int = 3) -> list[UserQuestion]:
        return next_questions(self._need_board().gap_resolutions, limit=limit)

    def answer_gaps(self, answers: list[GapAnswer]) -> Blackboard:
        board = self._need_board()
        with self._lock:
            existing = {c.id for c in board.evidence_cards}
            gaps, cards = apply_answers(board.gap_resolutions, answers, existing_ids=existing)
            board.gap_resolutions = gaps
            if cards:
                self._open_index().add_cards(cards)
                board.evidence_cards.extend(cards)
            self._rewind(board, S.EVIDENCE_MAPPING)
            self.board = self._advance(board, stop_after=S.EVIDENCE_MAPPING)
            return self.board

    def set_gap_strategy(self, gap_id: str, strategy: GapStrategy) -> Blackboard:
        board = self._need_board()
        for n, gap in enumerate(board.gap_resolutions):
            if gap.gap_id == gap_id:
                board.gap_resolutions[n] = gap.model_copy(
                    update={"strategy": strategy, "user_confirmed": True}
                )
                self._save(board)
                return board
        raise InputError(f"There is no gap called {gap_id}.")

    def write_draft(self) -> Blackboard:
        """Write the draft, or write it again after its inputs changed. Asked again while
        nothing it rests on has changed (a double click, a click during a run), it keeps the
        current draft, the user's line edits included, instead of starting a second run."""
        board = self._need_board()
        problems = completeness_problems(board)
        if problems:
            raise IncompleteResumeError(problems)
        with self._lock:
            if self.draft_is_current():
                return board
            board.stage_hashes[_DRAFT_BASIS] = self._draft_basis(board)
            self._rewind(board, S.WRITING)
            calls_before = len(board.llm_calls)
            self.board = self._advance(board)
            if any(_failed(c) for c in self.board.llm_calls[calls_before:]):
                del self.board.stage_hashes[_DRAFT_BASIS]  # asked again, the model may answer
                self._save(self.board)
            return self.board

    def draft_is_current(self) -> bool:
        """Is there a finished draft written from exactly the current evidence, requirements,
        gap answers and strategies, length rules and engine (and no model call of its run
        failed: asked again, that call may succeed)?"""
        board = self.board
        return (
            board is not None
            and board.resume_draft is not None
            and board.current_step in (S.COMPLETE, S.FAILED)
            and board.stage_hashes.get(_DRAFT_BASIS) == self._draft_basis(board)
        )

    def _draft_basis(self, board: Blackboard) -> str:
        return inputs_hash(
            board.inputs.model_dump_json(),
            [(c.id, c.raw_text) for c in board.evidence_cards],
            [r.model_dump_json() for r in board.requirements],
            [m.model_dump_json() for m in board.evidence_map],
            [g.model_dump_json() for g in board.gap_resolutions],
            board.max_retries,
            getattr(self.llm, "model", None) or "offline",
        )

    def set_no_education(self, value: bool) -> None:
        self.no_education = value
        if self.board is None:
            if self.resume is None:
                raise InputError("Load your fact resume first.")
            return
        self.board.inputs.no_education = value
        self._save(self.board)

    def set_contact(self, *, name: str = "", email: str = "", phone: str = "") -> ParsedResume:
        """Contact details the resume lacks, supplied by the user (render time only)."""
        from core.ingest.completeness import with_contact

        if self.resume is None:
            raise InputError("Load your fact resume first.")
        self.resume = with_contact(self.resume, name=name, email=email, phone=phone)
        if self.board is not None:
            self.board.resume = self.resume
            self.board.contact = self.resume.contact
            self._save(self.board)
        return self.resume

    def missing_parts(self) -> list[str]:
        """What the loaded resume still lacks for a draft (checked right after parsing)."""
        from core.ingest.completeness import missing_parts

        return missing_parts(self.resume, no_education=self.no_education)

    # --- draft review ---------------------------------------------------------------------
    def edit_bullet(self, bullet_id: str, text: str) -> BulletVerdict:
        from core.audit import check_bullet

        board = self._need_board()
        if not text.strip():
            raise InputError("A line cannot be empty; reject it instead.")
        bullet = self._find_bullet(bullet_id)
        cards = {c.id: c for c in board.evidence_cards}
        cited = [cards[c] for c in bullet.evidence_card_ids if c in cards]
        role = self._role_of(bullet_id)
        verdict = check_bullet(
            text,
            bullet_id=bullet_id,
            cited=cited,
            resume_cards=board.evidence_cards,
            roles=board.resume.roles if board.resume else [],
            role=role,
        )
        bullet.text = " ".join(text.split())
        bullet.status = BulletStatus.EDITED
        bullet.origin = "user"
        self._replace_verdict(verdict)
        self._save(board)
        return verdict

    def set_bullet_status(self, bullet_id: str, status: BulletStatus) -> Blackboard:
        """Accept, reject or restore a line. A line the audit blocks cannot be accepted: it
        never reaches the DOCX, so "accepted" would be a false promise; fix it first."""
        board = self._need_board()
        bullet = self._find_bullet(bullet_id)
        blocked = board.audit_report.blockers() if board.audit_report else []
        if status == BulletStatus.ACCEPTED and any(v.bullet_id == bullet_id for v in blocked):
            raise InputError(
                "The audit blocks this line, so it cannot be accepted: edit it to keep to "
                "what your evidence says, or reject it."
            )
        bullet.status = status
        self._save(board)
        return board

    def evidence_quote(self, card_id: str) -> EvidenceCard | None:
        board = self.board
        cards = board.evidence_cards if board else (self.resume.cards if self.resume else [])
        return next((c for c in cards if c.id == card_id), None)

    @property
    def has_previous_draft(self) -> bool:
        """Is there an earlier draft of this session to compare the current one with?"""
        return self._previous_draft is not None

    def export(self, *, template: str, date_style: str | None = None) -> RunOutputs:
        board = self._need_board()
        if board.resume_draft is None:
            raise InputError("Write a draft first.")
        self.exports += 1
        out_dir = self.workspace.run_dir(board.run_id) / f"export-{self.exports}"
        outputs = export_run(
            board,
            out_dir=out_dir,
            template=template,
            previous=self._previous_draft,
            date_style=date_style,
        )
        self._save(board)
        return outputs

    def preview_png(self, *, template: str, date_style: str | None = None) -> bytes:
        """A small PNG of the first page the export would produce (to show before download)."""
        from core.pipeline.outputs import final_draft
        from core.render.pdf_render import preview_png

        board = self._need_board()
        if board.resume_draft is None:
            raise InputError("Write a draft first.")
        draft = final_draft(board, template=template, date_style=date_style)
        return preview_png(draft, board.contact, template=template)

    # --- session ----------------------------------------------------------------------------
    def set_llm(self, llm) -> None:
        self.llm = llm

    @property
    def model_cache_dir(self):
        """This session's cache of model answers (inside its workspace: deleted with it)."""
        return self.workspace.root / "llm-cache"

    def clear_model_answers(self) -> int:
        """Forget every cached model answer of this session; returns how many there were."""
        from core.llm.cache import ResponseCache

        if not self.model_cache_dir.is_dir():
            return 0
        cache = ResponseCache(self.model_cache_dir)
        try:
            return cache.clear()
        finally:
            cache.close()

    def delete_all(self) -> None:
        """Delete everything of this session on disk: workspace, index versions, run files."""
        with self._lock:
            self._index = None
            self.board = None
            self.resume = None
            self.workspace.delete()

    def restore_latest(self) -> Blackboard | None:
        """Reopen the run this workspace saved last (after a reload): the board with its gap
        answers, line decisions and edits; the index is read back from the workspace on use."""
        saved = sorted(
            self.workspace.runs_dir.glob(f"*/{BOARD_FILE}"), key=lambda p: p.stat().st_mtime
        )
        return self.restore(saved[-1].parent.name) if saved else None

    def restore(self, run_id: str) -> Blackboard | None:
        board = load_board(self.workspace.run_dir(run_id))
        if board is not None:
            self.board, self.run_id, self.resume = board, run_id, board.resume
        return board

    # --- internals --------------------------------------------------------------------------
    def _advance(self, board: Blackboard, *, stop_after: S | None = None) -> Blackboard:
        deps = Deps(index=self._open_index(), settings=self.settings, llm=self.llm)
        run_dir = self.workspace.run_dir(board.run_id)
        self.workspace.touch()
        return advance(board, deps, run_dir=run_dir, stop_after=stop_after)

    def _rewind(self, board: Blackboard, state: S) -> None:
        """Rewind to `state`; a draft it clears is kept as the previous one (for the diff)."""
        if board.resume_draft is not None:
            self._previous_draft = board.resume_draft
        rewind_to(board, state)

    def _checked(self, board: Blackboard) -> Blackboard:
        if board.current_step == S.FAILED and board.failure_reasons:
            raise ResumeForgeError(board.failure_reasons[-1])
        return board

    def _need_board(self) -> Blackboard:
        if self.board is None:
            raise InputError("Analyse a job description first.")
        return self.board

    def _save(self, board: Blackboard) -> None:
        save_board(self.workspace.run_dir(board.run_id), board)

    def _find_bullet(self, bullet_id: str):
        draft = self._need_board().resume_draft
        for bullet in draft.all_bullets() if draft else []:
            if bullet.id == bullet_id:
                return bullet
        raise InputError(f"There is no line called {bullet_id} in the draft.")

    def _role_of(self, bullet_id: str):
        board = self._need_board()
        draft = board.resume_draft
        roles = {r.id: r for r in (board.resume.roles if board.resume else [])}
        for role in draft.roles if draft else []:
            if any(b.id == bullet_id for b in role.bullets):
                return roles.get(role.role_id)
        return None

    def _replace_verdict(self, verdict: BulletVerdict) -> None:
        report = self._need_board().audit_report
        if report is None:
            return
        report.verdicts = [v for v in report.verdicts if v.bullet_id != verdict.bullet_id]
        report.verdicts.append(verdict)
        report.truth_violations = [
            v for v in report.truth_violations if v.bullet_id != verdict.bullet_id
        ]
        report.truth_violations.extend(verdict.violations)
        report.passed = not report.blockers()
