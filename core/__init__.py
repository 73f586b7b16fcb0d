"""ResumeForge core: contracts, ingestion, retrieval, LLM access, stages, pipeline, rendering, CLI.

Importing the package sets process defaults before any heavy library loads:
- litellm reads its price list from the local copy (no network at import) and ignores ./.env;
- Hugging Face libraries stay offline unless the user set HF_HUB_OFFLINE=0 (then models may
  download from the hub as usual);
- ONNX Runtime's telemetry is off, always (no telemetry, DESIGN.md): since 1.2x its Linux wheels
  upload usage events and keep a device id under ~/.cache/Microsoft unless this is set.
"""

import os

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("LITELLM_MODE", "PRODUCTION")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", os.environ["HF_HUB_OFFLINE"])
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

__version__ = "0.1.0"
