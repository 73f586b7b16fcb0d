"""The sample shipped with the app (a made-up data engineer and a job ad) and the background
warm-up that runs it once per process, so the first visitor's first click is fast."""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
import uuid
from pathlib import Path

import streamlit as st

from core.errors import ResumeForgeError
from core.service import TailoringSession
from core.settings import Settings
from core.ui import state
from core.workspace import Workspace

log = logging.getLogger(__name__)

SAMPLE_TITLE = "Senior Data Engineer"
SAMPLE_RESUME = "sample_resume.md"
SAMPLE_JD = "sample_jd.txt"
SAMPLES_DIR = Path(__file__).resolve().parents[1] / "data" / "samples"


def sample_text(name: str) -> str:
    return (SAMPLES_DIR / name).read_text(encoding="utf-8")


@st.cache_resource(show_spinner=False)
def _warmup(home: str) -> threading.Event:
    """Once per process, in the background: load the embedder and run the sample through the
    pipeline in a throwaway workspace, so the first visitor's first click is fast. The event
    is set once parsing, indexing, JD analysis and mapping are warm (or the warm-up failed)."""
    ready = threading.Event()
    threading.Thread(
        target=warm_pipeline, args=(state.settings(), ready), name="rf-warmup", daemon=True
    ).start()
    return ready


def warm_pipeline(settings: Settings, ready: threading.Event) -> None:
    """Imports, embedder, index, stages and DOCX rendering once; then delete the workspace."""
    workspace = Workspace.open(settings.workspaces_dir / f"warmup-{uuid.uuid4().hex[:8]}")
    try:
        workspace.touch()
        session = TailoringSession.create(workspace=workspace, settings=settings)
        session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
        session.analyze_job(sample_text(SAMPLE_JD), target_title=SAMPLE_TITLE)
        session.map_evidence()
        ready.set()
        session.write_draft()
        session.export(template=settings.default_template)
        import altair  # noqa: F401  (the evidence map's chart: ~1-2 s on a first import)
    except Exception:  # a failed warm-up only costs speed; the real action reports errors
        log.exception("warm-up failed")
    finally:
        ready.set()
        with contextlib.suppress(ResumeForgeError):
            workspace.delete()
        # Streamlit runs a full garbage collection after every script run; with the libraries
        # and models loaded that scan alone took ~0.3 s per click. Frozen objects (all that is
        # alive now: modules, models) are never scanned again; sessions' objects still are.
        gc.collect()
        gc.freeze()


def start_warmup() -> None:
    _warmup(str(state.settings().home))


def warmup_done() -> bool:
    """Are the shared models loaded (the first visitor of a fresh server may find them not)?"""
    return _warmup(str(state.settings().home)).is_set()


def wait_for_warmup(timeout_s: float = 120.0) -> None:
    """Block until the shared models are loaded (so two loads never compete for the CPU)."""
    _warmup(str(state.settings().home)).wait(timeout_s)
