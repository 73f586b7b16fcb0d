"""Running core work visibly: `run_steps` wraps stages in st.status; errors from core become
readable messages (what went wrong + what to do), never a traceback; inputs are never lost."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence

import streamlit as st

from core.errors import InputError, ResumeForgeError
from core.ui.widgets import safe_text

log = logging.getLogger(__name__)

Step = tuple[str, Callable[[], object]]


def run_steps(label: str, steps: Sequence[Step]) -> bool:
    """Run steps in order inside one st.status; stop at the first error and show it below."""
    failure: Exception | None = None
    with st.status(label, expanded=True) as status:
        for step_label, step in steps:
            status.update(label=f"{label} — {step_label}…")
            started = time.perf_counter()
            try:
                step()
            except Exception as err:  # shown below; a bug must not cost the user their inputs
                if not isinstance(err, ResumeForgeError):
                    log.exception("unexpected error in %s", step_label)
                status.update(label=f"{label}: stopped at “{step_label}”", state="error")
                failure = err
                break
            st.write(f"✓ {step_label} ({time.perf_counter() - started:.1f} s)")
        else:
            status.update(label=f"{label} — done", state="complete", expanded=False)
    if isinstance(failure, ResumeForgeError):
        show_error(failure)
    elif failure is not None:
        show_unexpected(failure)
    return failure is None


def show_error(err: ResumeForgeError) -> None:
    hint = (
        "Fix the input above and try again; everything you entered is kept."
        if isinstance(err, InputError)
        else "Everything you entered is kept; try again, or change the engine in the sidebar."
    )
    st.error(f"{safe_text(err)}\n\n{hint}", icon=":material/error:")


def show_unexpected(err: Exception) -> None:
    st.error(
        f"Something went wrong inside ResumeForge ({type(err).__name__}). Everything you "
        "entered is kept: try again, and if it happens again, start over with "
        "“Delete my data” in the sidebar.",
        icon=":material/error:",
    )


def attempt(action: Callable[[], object]) -> str | None:
    """Run a quick action; return a readable error message instead of raising."""
    try:
        action()
    except ResumeForgeError as err:
        return str(err)
    except Exception as err:
        log.exception("unexpected error")
        return f"Something went wrong inside ResumeForge ({type(err).__name__}); try again."
    return None
