"""The JD stage's reference vectors, computed ahead on a background thread so a cold run waits less.

Every JD analysis compares the ad's sentences with the prototype sentences of
`core/jd/sentence_roles.py` (40 texts: about a tenth of a cold run's main-thread embedding
work). They depend on the model alone, so a cold `run` starts them as soon as the index is
built, and the main thread meanwhile sets the run up and reads the ad's sections; the JD
stage then takes them (waiting if they are still being computed). Same calls as the stage
makes itself, so the same vectors. If the thread fails, the stage computes them as before and
any lasting error surfaces there, handled as it always was.

The vectors themselves are kept beside the model file (core/fixed_vectors.py), so only the
first process on a machine computes them; `make install` runs this module to do it then:

    python -m core.jd.warm_up
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from core.jd.sentence_roles import prototype_matrices

log = logging.getLogger(__name__)


def warm_up(embedder: Any | None) -> threading.Thread | None:
    """Start computing the prototype vectors for `embedder` (None: nothing to do)."""
    if embedder is None:
        return None

    def run() -> None:
        try:
            prototype_matrices(embedder)
        except Exception as err:  # the JD stage computes them itself (and handles failure)
            log.info("JD reference vectors not computed ahead (%s)", err)

    # Not a daemon: a process ending meanwhile waits for the model call in flight.
    thread = threading.Thread(target=run, name="jd-warm-up", daemon=False)
    thread.start()
    return thread


def main() -> int:
    """Compute and keep the bundled model's prototype vectors now (install time)."""
    from core.retrieval import get_embedder
    from core.retrieval.embedder import DEFAULT_MODEL

    embedder = get_embedder(DEFAULT_MODEL)
    if embedder is None:
        print("JD reference vectors: no embedding model (computed when one is available)")
        return 0
    vectors, _ = prototype_matrices(embedder)
    kept = getattr(embedder, "model_file", None) is not None
    print(f"JD reference vectors: {len(vectors)} {'kept' if kept else 'computed (not kept)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
