"""One user's tailoring session: the facade the web app calls, one method per user action.

It owns a workspace (private folder), the evidence index in it, an optional LLM, a lock (one
action at a time: double clicks) and the current `Run` (core/pipeline/run.py), which holds the
Blackboard, drives the state machine and saves the board after every step, so a closed browser
loses nothing.
"""

from __future__ import annotations

import json
import threading
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from core.answer_edits import KnownCardsIndex, release_answers
from core.contracts import (
    AnswerStatus,
    Blackboard,
    BulletStatus,
    BulletVerdict,
    EvidenceCard,
    GapAnswer,
    GapStrategy,
    LLMCallRecord,
    ParsedResume,
    ResumeDraft,
    UserQuestion,
)
from core.contracts import PipelineState as S
from core.draft_carry import Carried, CarrySource, PendingChanges
from core.draft_lines import carry_onto, check_line, find_line, record_verdict
from core.errors import IncompleteResumeError, InputError, ResumeForgeError
from core.jd import check_jd_size
from core.mapping.questions import next_questions
from core.pipeline.outputs import PageFitPlan, RunOutputs, export_run
from core.pipeline.run import Run, model_time_budget
from core.pipeline.steps import completeness_problems
from core.pipeline.store import BOARD_FILE, load_board
from core.settings import Settings
from core.workspace import Workspace, atomic_write_json, atomic_write_text

if TYPE_CHECKING:
    from core.ingest.structure import ResumeStructure
    from core.retrieval import EvidenceIndex

__all__ = ["RunOutputs", "TailoringSession"]

STRUCTURE_FILE = "structure.json"  # the user's last corrections, in their own workspace
CORRECTIONS_APPLY_FROM = 0.5  # share of the corrected lines a re-read must still hold
PARSE_FILE = "inputs/resume.json"  # the last parse, so a reload during an analysis keeps it
CHANGES_FILE = "changes.json"  # in the run's folder: what changed since its draft was written


class TailoringSession:
    def __init__(self, *, workspace: Workspace, settings: Settings, llm=None) -> None:
        self.workspace = workspace
        self.settings = settings
        self._llm = llm
        self.resume: ParsedResume | None = None
        self.run: Run | None = None
        self.run_id = uuid.uuid4().hex[:12]
        self._index: EvidenceIndex | None = None
        self._lock = threading.Lock()  # one action at a time per session (double clicks)
        self.exports = 0
        self.no_education = False  # the user's word that there is no education to list
        self._reading_calls: list[LLMCallRecord] = []  # the model reading the resume's structure
        self.changes = PendingChanges()  # since the draft was written (see core/draft_carry.py)
        self.last_carry: Carried | None = None  # what the last rewrite kept of the user's work
        # the last draft written or reopened, whose decisions a rewrite for its job carries
        self._carry_from: CarrySource | None = None

    @property
    def board(self) -> Blackboard | None:
        return self.run.board if self.run is not None else None

    @property
    def llm(self):
        return self._llm

    @llm.setter
    def llm(self, llm) -> None:
        self._llm = llm
        if self.run is not None:
            self.run.llm = llm

    @classmethod
    def create(cls, *, workspace: Workspace, settings: Settings, llm=None) -> TailoringSession:
        return cls(workspace=workspace, settings=settings, llm=llm)

    # --- inputs ---------------------------------------------------------------------------
    def load_resume(self, data: bytes, filename: str) -> ParsedResume:
        """Parse the fact resume; with a model, its structure is also read by the model and
        used where it checks out against the resume (the parse's warnings say which)."""
        from core.pipeline.structure_reader import parse_resume_with_model
        from core.retrieval import get_embedder

        # the same model the index uses (no disk cache: user text stays in their workspace)
        embedder = get_embedder(self.settings.retrieval.embedding_model, cache_dir=None)
        llm = self.llm
        calls_before = len(llm.records) if llm is not None else 0
        with model_time_budget(llm):  # this action's own time for model calls
            resume = parse_resume_with_model(
                data, filename, settings=self.settings.ingest, embedder=embedder, llm=llm
            )
        resume = self._use_resume(self._with_saved_corrections(resume))
        self._reading_calls = list(llm.records[calls_before:]) if llm is not None else []
        return resume

    @property
    def _structure_file(self) -> Path:
        return self.workspace.root / STRUCTURE_FILE

    def _with_saved_corrections(self, resume: ParsedResume) -> ParsedResume:
        """A re-read of the resume the user corrected gets the corrections again, where the same
        lines are still there; another resume does not (most of its lines would not match)."""
        from core.ingest.structure import ResumeStructure, apply_structure, share_found

        try:
            saved = ResumeStructure.model_validate_json(self._structure_file.read_bytes())
        except (OSError, ValueError):
            return resume
        if share_found(resume, saved) < CORRECTIONS_APPLY_FROM:
            return resume
        corrected = apply_structure(resume, saved)
        note = "Your corrections of what was read were applied again."
        return corrected.model_copy(update={"warnings": [*corrected.warnings, note]})

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
            self.run = None
            atomic_write_text(self.workspace.root / PARSE_FILE, resume.model_dump_json())
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
            run = Run.start(
                self.resume,
                jd_text,
                target_title=target_title,
                settings=self.settings,
                open_index=self._search_index,
                llm=self.llm,
                run_dir=self.workspace.run_dir(self.run_id),
                run_id=self.run_id,
                no_education=self.no_education,
                llm_calls=self._reading_calls,
            )
            self.workspace.touch()
            run.advance(stop_after=S.JD_ANALYSIS)
            self._use_run(run)  # after the step: a crash in it leaves the previous run current
            if self._carry_from is not None and self._carry_from.job != (jd_text, target_title):
                self._carry_from = None  # another job: its decisions stay with it
            self.changes = PendingChanges()
            return self._checked(run.board)

    def map_evidence(self) -> Blackboard:
        """Map the evidence again; a draft already written stays, marked out of date."""
        run = self._need_run()
        with self._lock:
            self.workspace.touch()
            return self._checked(self._keeping_draft(run, lambda: run.redo(S.EVIDENCE_MAPPING)))

    def next_questions(self, limit: int = 3) -> list[UserQuestion]:
        gaps = self._need_board().gap_resolutions
        return next_questions(gaps, limit=limit, lookup=self.evidence_quote)

    def answer_gaps(self, answers: list[GapAnswer]) -> Blackboard:
        """Save answers (new ones, or new words for a gap answered before) and map again. A
        draft already written stays, out of date, until the user rewrites what they affect."""
        run = self._need_run()
        with self._lock:
            self.workspace.touch()
            board = run.board
            before = {c.id: c.raw_text for c in board.answer_cards}

            def answer() -> Blackboard:
                removed = release_answers(board, [a.gap_id for a in answers])
                after = run.answer(answers)
                now = {c.id: c.raw_text for c in after.answer_cards}
                changed = {c for c in {*before, *now} if before.get(c) != now.get(c)}
                self._note_changes(changed | removed, declines=any(a.declined for a in answers))
                return after

            return self._keeping_draft(run, answer)

    def withdraw_answer(self, gap_id: str) -> Blackboard:
        """Take back an answer or an "I don't have this": the gap is open again, its answer
        card leaves the evidence, and the map is redone (a draft stays, out of date)."""
        run = self._need_run()
        with self._lock:
            self.workspace.touch()
            gap = next((g for g in run.board.gap_resolutions if g.gap_id == gap_id), None)
            if gap is None or gap.answer_status == AnswerStatus.OPEN:
                raise InputError("This requirement has no answer to withdraw.")
            declined = gap.answer_status == AnswerStatus.DECLINED

            def withdraw() -> Blackboard:
                removed = release_answers(run.board, [gap_id])
                self._note_changes(removed, declines=declined)
                return run.redo(S.EVIDENCE_MAPPING)

            return self._keeping_draft(run, withdraw)

    def answer_text(self, gap_id: str) -> str:
        """The words of the user's current answer to a gap ("" when it has none)."""
        board = self._need_board()
        gap = next((g for g in board.gap_resolutions if g.gap_id == gap_id), None)
        card = self.evidence_quote(gap.answer_card_id) if gap and gap.answer_card_id else None
        return card.raw_text if card is not None else ""

    def set_gap_strategy(self, gap_id: str, strategy: GapStrategy) -> Blackboard:
        board = self._need_board()
        for n, gap in enumerate(board.gap_resolutions):
            if gap.gap_id == gap_id:
                board.gap_resolutions[n] = gap.model_copy(
                    update={"strategy": strategy, "user_confirmed": True}
                )
                self.changes.rewrite_all = True
                self._save()
                return board
        raise InputError(f"There is no gap called {gap_id}.")

    def write_draft(self, *, keep_edits: bool = True) -> Blackboard:
        """Write the draft, or write it again after its inputs changed. Asked again while
        nothing it rests on has changed (a double click, a click during a run), it keeps the
        current draft instead of starting a second run. A rewrite keeps the user's edited,
        accepted and rejected lines (core/draft_carry.py) and, after answers only, the words of
        lines the answers do not touch; `keep_edits=False` discards them and writes afresh."""
        run = self._need_run()
        problems = completeness_problems(run.board)
        if problems:
            raise IncompleteResumeError(problems)
        with self._lock:
            self.workspace.touch()
            if not keep_edits:
                run.rewind(S.WRITING)  # a current draft is written again too
            elif run.draft_is_current():
                return run.board
            before = self._carry_source(run)
            board = run.write_draft()
            self.last_carry = None
            if board.resume_draft is None:
                return board
            if keep_edits and before is not None:
                self._carry(before)
            self.changes = PendingChanges()
            self._carry_from = self._source_of(run)
            self._save()
            return board

    def draft_is_current(self) -> bool:
        """Is there a finished draft written from exactly the current evidence, requirements,
        gap answers and strategies, length rules and engine (Run.draft_is_current)?"""
        return self.run is not None and self.run.draft_is_current()

    def draft_is_stale(self) -> bool:
        """Is a draft shown that no longer matches what it rests on (answers, strategies…)?"""
        board = self.board
        return board is not None and board.resume_draft is not None and not self.draft_is_current()

    def set_no_education(self, value: bool) -> None:
        self.no_education = value
        if self.board is None:
            if self.resume is None:
                raise InputError("Load your fact resume first.")
            return
        self.board.inputs.no_education = value
        self._save()

    def set_contact(self, *, name: str = "", email: str = "", phone: str = "") -> ParsedResume:
        """Contact details the resume lacks, supplied by the user (render time only)."""
        from core.ingest.completeness import with_contact

        if self.resume is None:
            raise InputError("Load your fact resume first.")
        self.resume = with_contact(self.resume, name=name, email=email, phone=phone)
        if self.board is not None:
            self.board.resume = self.resume
            self._save()
        return self.resume

    def missing_parts(self) -> list[str]:
        """What the loaded resume still lacks for a draft (checked right after parsing)."""
        from core.ingest.completeness import missing_parts

        return missing_parts(self.resume, no_education=self.no_education)

    def correct_structure(self, structure: ResumeStructure) -> ParsedResume:
        """Use the user's corrections of what was read (titles, employers, dates, which lines
        belong to which role, education or not a job). The evidence is indexed again and, when
        a job was analysed, it is analysed and mapped again on the corrected resume."""
        from core.ingest.structure import apply_structure

        if self.resume is None:
            raise InputError("Load your fact resume first.")
        corrected = apply_structure(self.resume, structure)
        atomic_write_text(self._structure_file, structure.model_dump_json())  # for a re-read
        board = self.board
        job = (board.inputs.job_description, board.inputs.target_title) if board else None
        self._use_resume(corrected)
        if job is not None:
            self.analyze_job(job[0], target_title=job[1])
            self.map_evidence()
        return corrected

    def advisories(self) -> list[str]:
        """What the tailored resume will lack (education, a role's dates); never a stop."""
        from core.ingest.completeness import advisories

        return advisories(self.resume, no_education=self.no_education)

    # --- draft review ---------------------------------------------------------------------
    def edit_bullet(self, bullet_id: str, text: str) -> BulletVerdict:
        if not text.strip():
            raise InputError("A line cannot be empty; reject it instead.")
        board = self._need_board()
        bullet = find_line(board, bullet_id)
        verdict = check_line(board, bullet_id, text)
        bullet.text = " ".join(text.split())
        bullet.status = BulletStatus.EDITED
        bullet.origin = "user"
        record_verdict(board, verdict)
        self._save()
        return verdict

    def set_bullet_status(self, bullet_id: str, status: BulletStatus) -> Blackboard:
        """Accept, reject or restore a line. A line the audit blocks cannot be accepted: it
        never reaches the DOCX, so "accepted" would be a false promise; fix it first."""
        board = self._need_board()
        bullet = find_line(board, bullet_id)
        if status == BulletStatus.ACCEPTED and bullet_id in board.blocked_line_ids():
            raise InputError(
                "The audit blocks this line, so it cannot be accepted: edit it to keep to "
                "what your evidence says, or reject it."
            )
        bullet.status = status
        self._save()
        return board

    def evidence_quote(self, card_id: str) -> EvidenceCard | None:
        board = self.board
        cards = board.evidence_cards if board else (self.resume.cards if self.resume else [])
        return next((c for c in cards if c.id == card_id), None)

    @property
    def _previous_draft(self) -> ResumeDraft | None:
        return self.run.previous_draft if self.run is not None else None

    @property
    def has_previous_draft(self) -> bool:
        """Is there an earlier draft of this session to compare the current one with?"""
        return self._previous_draft is not None

    def export(
        self, *, template: str, date_style: str | None = None, fit_pages: bool = True
    ) -> RunOutputs:
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
            fit_pages=fit_pages,
        )
        self._save()
        return outputs

    def preview_png(
        self, *, template: str, date_style: str | None = None, fit_pages: bool = True
    ) -> bytes:
        """A small PNG of the first page the export would produce (to show before download)."""
        from core.pipeline.outputs import final_draft
        from core.render.pdf_render import preview_png

        board = self._need_board()
        if board.resume_draft is None:
            raise InputError("Write a draft first.")
        draft = final_draft(board, template=template, date_style=date_style, fit_pages=fit_pages)
        return preview_png(draft, board.contact, template=template)

    def set_fit_pages(self, value: bool) -> None:
        """The user's page-fit choice, saved with the run (False: keep every line)."""
        self._need_board().fit_pages = value
        self._save()

    def page_fit_plan(self, *, template: str, date_style: str | None = None) -> PageFitPlan:
        """The lines the export's page fit would leave out of this draft (before export)."""
        from core.pipeline.outputs import page_fit_plan

        board = self._need_board()
        if board.resume_draft is None:
            raise InputError("Write a draft first.")
        return page_fit_plan(board, template=template, date_style=date_style)

    # --- session ----------------------------------------------------------------------------
    def set_llm(self, llm) -> None:
        self.llm = llm  # the current run uses it from its next step on

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
            self.run = None
            self.resume = None
            self.workspace.delete()

    def restore_latest(self) -> Blackboard | None:
        """Reopen the run this workspace saved last (after a reload): the board with its gap
        answers, line decisions and edits; the index is read back from the workspace on use."""
        saved = sorted(
            self.workspace.runs_dir.glob(f"*/{BOARD_FILE}"), key=lambda p: p.stat().st_mtime
        )
        return self.restore(saved[-1].parent.name) if saved else None

    def restore_parse(self) -> ParsedResume | None:
        """After a reload with no saved run (one interrupted before its first step was saved):
        the resume as parsed last, shown again; its index is in the workspace already."""
        try:
            resume = ParsedResume.model_validate_json(
                (self.workspace.root / PARSE_FILE).read_bytes()
            )
        except (OSError, ValueError):
            return None
        self.resume = resume
        return resume

    def restore(self, run_id: str) -> Blackboard | None:
        run_dir = self.workspace.run_dir(run_id)
        board = load_board(run_dir)
        if board is not None:
            self._use_run(
                Run(
                    board,
                    settings=self.settings,
                    open_index=self._search_index,
                    llm=self.llm,
                    run_dir=run_dir,
                )
            )
            self.run_id, self.resume = run_id, board.resume
            try:
                saved = json.loads((run_dir / CHANGES_FILE).read_text(encoding="utf-8"))
            except (OSError, ValueError):
                saved = None
            self.changes = PendingChanges.from_json(saved)
            assert self.run is not None
            self._carry_from = self._source_of(self.run)
        return board

    # --- internals --------------------------------------------------------------------------
    def _use_run(self, run: Run) -> None:
        """Make `run` current; the draft to compare with carries over from the run before."""
        if self.run is not None and run.previous_draft is None:
            run.previous_draft = self.run.previous_draft
        self.run = run

    def _need_run(self) -> Run:
        if self.run is None:
            raise InputError("Analyse a job description first.")
        return self.run

    def _checked(self, board: Blackboard) -> Blackboard:
        if board.current_step == S.FAILED and board.failure_reasons:
            raise ResumeForgeError(board.failure_reasons[-1])
        return board

    def _need_board(self) -> Blackboard:
        return self._need_run().board

    def _save(self) -> None:
        run = self._need_run()
        run.save()
        if run.run_dir is not None:
            atomic_write_json(run.run_dir / CHANGES_FILE, self.changes.to_json())

    def _search_index(self) -> KnownCardsIndex:
        """The index as a run searches it: cards the board no longer holds are left out."""
        return KnownCardsIndex(self._open_index(), self._known_card_ids)

    def _known_card_ids(self) -> set[str] | None:
        board = self.board
        return {c.id for c in board.evidence_cards} if board is not None else None

    def _keeping_draft(self, run: Run, action) -> Blackboard:
        """Run `action` (answers, a re-map), keeping the draft it would clear on the board,
        now out of date; an answer refused before any work leaves the gaps as they were."""
        board = run.board
        kept = (board.resume_draft, board.audit_report, board.ats_report)
        gaps, cards = list(board.gap_resolutions), list(board.answer_cards)
        try:
            after = action()
        except InputError:
            board.gap_resolutions, board.answer_cards = gaps, cards
            raise
        if kept[0] is not None and after.resume_draft is None:
            after.resume_draft, after.audit_report, after.ats_report = kept
        self._save()
        return after

    @staticmethod
    def _source_of(run: Run) -> CarrySource | None:
        board = run.board
        if board.resume_draft is None:
            return None
        job = (board.inputs.job_description, board.inputs.target_title)
        cards = {c.id: c.raw_text for c in board.evidence_cards}
        return CarrySource(job=job, draft=board.resume_draft, cards=cards)

    def _carry_source(self, run: Run) -> CarrySource | None:
        """Where a rewrite of `run`'s draft takes the user's decisions from."""
        source, board = self._carry_from, run.board
        job = (board.inputs.job_description, board.inputs.target_title)
        same_draft = board.resume_draft is None or (source and board.resume_draft is source.draft)
        if source is not None and source.job == job and same_draft:
            return source
        return self._source_of(run)

    def _note_changes(self, cards: set[str], *, declines: bool) -> None:
        self.changes.cards |= cards
        self.changes.answers = True
        self.changes.rewrite_all |= declines

    def _carry(self, before: CarrySource) -> None:
        board = self._need_board()
        keep = self.changes.keep_words_unless()
        known = before.known_cards({c.id: c.raw_text for c in board.evidence_cards})
        self.last_carry = carry_onto(board, before.draft, known_cards=known, keep_words_unless=keep)
