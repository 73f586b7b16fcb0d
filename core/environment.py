"""Process defaults that keep ResumeForge offline, applied explicitly — never on import.

`apply_process_defaults()` sets, only where the user has not:
- litellm reads its price list from the copy installed with it (no fetch at import) and ignores
  ./.env (`LITELLM_LOCAL_MODEL_COST_MAP`, `LITELLM_MODE`);
- Hugging Face libraries stay offline unless the user set HF_HUB_OFFLINE=0 (then models may
  download from the hub as usual); tokenizers do not fork threads;
- LanceDB's Rust logger prints errors only (not a WARN line for every new table);
- ONNX Runtime's telemetry is off, always, whatever the environment says (no telemetry,
  DESIGN.md): its Linux wheels otherwise upload usage events and keep a device id under
  ~/.cache/Microsoft.

Called by the entry points (the CLI's `main`, `streamlit_app.py`, the benchmarks, the test
session) and, for code that imports `core` as a library, by the functions that load those
libraries (`make_llm`, `get_embedder`, the LanceDB store) before they import them.
"""

from __future__ import annotations

import os
from collections.abc import MutableMapping

DEFAULTS = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "LITELLM_MODE": "PRODUCTION",
    "HF_HUB_OFFLINE": "1",
    "TOKENIZERS_PARALLELISM": "false",
    "LANCEDB_LOG": "error",
}


def apply_process_defaults(environ: MutableMapping[str, str] | None = None) -> None:
    """Set each default the environment does not already name (idempotent, cheap)."""
    env = os.environ if environ is None else environ
    for name, value in DEFAULTS.items():
        env.setdefault(name, value)
    env.setdefault("TRANSFORMERS_OFFLINE", env["HF_HUB_OFFLINE"])
    env["ORT_DISABLE_TELEMETRY"] = "1"
