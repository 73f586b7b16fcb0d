"""One tailoring run: the Blackboard, the evidence index it searches, the model, and the folder it
is saved in, with the control flow that used to live twice (in the app's session and the CLI's
runner): start, advance, the gap-answer loop, rewinding, and the rule for when a draft is current.

`core/service.py` (the app) wraps a `Run` in a per-user session and a lock;
`core/pipeline/runner.py` (the CLI) reads files, makes a `Run` and drives it to the end.
The state machine stays in `core/pipeline/machine.py`, the stage actions in `steps.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from pathlib import Path

from core.contracts import (
    Blackboard,
    GapAnswer,
    LLMCallRecord,
    ParsedResume,
    ResumeDraft,
)
from core.contracts import PipelineState as S
from core.mapping.questions import apply_answers
from core.pipeline import advance, new_board, rewind_to
from core.pipeline.machine import TERMINAL
from core.pipeline.run_report import failed_call
from core.pipeline.steps import Deps, EvidenceStore
from core.pipeline.store import inputs_hash, save_board
from core.settings import Settings

DRAFT_BASIS = "draft_basis"  # Blackboard.stage_hashes key: what the current draft was written from


_IN_ACTION: ContextVar[bool] = ContextVar("model_time_budget_started", default=False)


@contextmanager
def model_time_budget(llm) -> Iterator[None]:
    """One action (a CLI run, a button in the app): its model calls share one time budget
    (`llm.run_budget_s`), started by the outermost action, so a CLI run that reads the resume's
    structure, stops after mapping for the answers and goes on is still one budget."""
    if _IN_ACTION.get():
        yield
        return
    start_run = getattr(llm, "start_run", None)
    if callable(start_run):
        start_run()
    token = _IN_ACTION.set(True)
    try:
        yield
    finally:
        _IN_ACTION.reset(token)


class Run:
    """A board and what it runs with. Every step saves the board (when `run_dir` is set).

    The index is given, or opened on first use by `open_index` (a run read back after a reload
    need not load the embedding model until it searches)."""

    def __init__(
        self,
        board: Blackboard,
        *,
        settings: Settings,
        index: EvidenceStore | None = None,
        open_index: Callable[[], EvidenceStore] | None = None,
        llm=None,
        run_dir: Path | None = None,
    ) -> None:
        if index is None and open_index is None:
            raise ValueError("a Run needs an index or a way to open one")
        self.board = board
        self._index = index
        self._open_index = open_index
        self.settings = settings
        self.llm = llm
        self.run_dir = run_dir
        self.previous_draft: ResumeDraft | None = None  # the draft a rewind cleared (for diffs)

    @classmethod
    def start(
        cls,
        resume: ParsedResume,
        jd_text: str,
        *,
        index: EvidenceStore | None = None,
        settings: Settings,
        llm=None,
        open_index: Callable[[], EvidenceStore] | None = None,
        run_dir: Path | None = None,
        run_id: str = "",
        target_title: str = "",
        template: str | None = None,
        no_education: bool = False,
        llm_calls: Sequence[LLMCallRecord] = (),
    ) -> Run:
        """A new run at INIT (nothing ran yet). `llm_calls`: model calls made for its inputs
        before it started (reading the resume's structure), kept on its record."""
        board = new_board(
            resume=resume,
            jd_text=jd_text,
            target_title=target_title,
            max_pages=settings.max_pages,
            max_retries=settings.max_retries,
            template=template or settings.default_template,
            no_education=no_education,
            run_id=run_id,
        )
        board.llm_calls.extend(llm_calls)
        return cls(
            board, settings=settings, index=index, open_index=open_index, llm=llm, run_dir=run_dir
        )

    @property
    def index(self) -> EvidenceStore:
        if self._index is not None:
            return self._index
        assert self._open_index is not None  # the opener keeps what it opened
        return self._open_index()

    # --- the state machine ----------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.board.current_step in TERMINAL

    def advance(self, *, stop_after: S | None = None) -> Blackboard:
        """Run from the current state to the end (or through `stop_after`), saving each state."""
        with self._action():
            deps = Deps(index=self.index, settings=self.settings, llm=self.llm)
            self.board = advance(self.board, deps, run_dir=self.run_dir, stop_after=stop_after)
        return self.board

    def _action(self) -> AbstractContextManager[None]:
        return model_time_budget(self.llm)

    def rewind(self, state: S) -> None:
        """Make `state` the next to run again; a draft this clears is kept as the previous one."""
        if self.board.resume_draft is not None:
            self.previous_draft = self.board.resume_draft
        rewind_to(self.board, state)

    def redo(self, state: S) -> Blackboard:
        """Run `state` again from what the board holds now, and stop after it."""
        self.rewind(state)
        return self.advance(stop_after=state)

    # --- the gap-answer loop --------------------------------------------------------------
    def answer(self, answers: list[GapAnswer], *, record: bool = False) -> Blackboard:
        """Apply the user's gap answers (an answer becomes an evidence card, indexed at once) and
        map the evidence again. `record` keeps the answers on the board (the CLI's answers
        file, applied once per run)."""
        by_id = {c.id: c for c in self.board.evidence_cards}
        gaps, cards = apply_answers(
            self.board.gap_resolutions, answers, existing_ids=set(by_id), lookup=by_id.get
        )
        self.board.gap_resolutions = gaps
        if record:
            self.board.answers = answers
        if cards:
            self.index.add_cards(cards)
            self.board.answer_cards.extend(cards)
        return self.redo(S.EVIDENCE_MAPPING)

    def reindex_answers(self) -> None:
        """A run read back from disk indexes its answer cards again (the index holds the
        resume's cards only)."""
        cards = self.board.answer_cards
        if cards:
            self.index.add_cards(cards)

    def to_the_end(self, answers: list[GapAnswer] | None = None) -> Blackboard:
        """Run (or resume) to a terminal state, applying `answers` once, after mapping."""
        if self.finished:
            return self.board
        with self._action():
            self.advance(stop_after=S.EVIDENCE_MAPPING)
            at_mapping = self.board.current_step == S.EVIDENCE_MAPPING
            if answers and not self.board.answers and at_mapping:
                self.answer(answers, record=True)
            if self.board.current_step == S.EVIDENCE_MAPPING:
                self.advance()
        return self.board

    # --- the draft and when it is current -------------------------------------------------
    def draft_basis(self) -> str:
        """A hash of everything a draft is written from: evidence, requirements, the map, gap
        answers and strategies, length rules, retries and the engine."""
        board = self.board
        return inputs_hash(
            board.inputs.model_dump_json(),
            [(c.id, c.raw_text) for c in board.evidence_cards],
            [r.model_dump_json() for r in board.requirements],
            [m.model_dump_json() for m in board.evidence_map],
            [g.model_dump_json() for g in board.gap_resolutions],
            board.max_retries,
            getattr(self.llm, "model", None) or "offline",
        )

    def draft_is_current(self) -> bool:
        """Is there a finished draft written from exactly the current basis (and no model call
        of its run failed: asked again, that call may succeed)?"""
        board = self.board
        return (
            board.resume_draft is not None
            and self.finished
            and board.stage_hashes.get(DRAFT_BASIS) == self.draft_basis()
        )

    def write_draft(self) -> Blackboard:
        """Write the draft (again, when its basis changed); a current draft is kept as it is,
        the user's line edits included."""
        if self.draft_is_current():
            return self.board
        self.board.stage_hashes[DRAFT_BASIS] = self.draft_basis()
        self.rewind(S.WRITING)
        calls_before = len(self.board.llm_calls)
        self.advance()
        if any(failed_call(c) for c in self.board.llm_calls[calls_before:]):
            del self.board.stage_hashes[DRAFT_BASIS]  # asked again, the model may answer
            self.save()
        return self.board

    def save(self) -> None:
        if self.run_dir is not None:
            save_board(self.run_dir, self.board)
