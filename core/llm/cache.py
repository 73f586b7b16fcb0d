"""LLM response cache: a second identical run makes zero provider calls.

diskcache with `JSONDisk` (never pickle: CVE-2025-69872), uncompressed so the files can be
inspected, in an owner-only directory. The key is
the sha256 of the model(s), the rendered messages, the response schema and the parameters that
change the answer (temperature, max_tokens, mode, API base) — never the API key. The value is
the validated answer as JSON plus the model that gave it; on a hit it is validated again with
the current validation context, so a stale entry can never smuggle in an unknown card id.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import diskcache

from core.errors import WorkspaceError

LLM_CACHE_DIRNAME = "llm"


def cache_key(
    *, models: list[str], messages: list[dict[str, str]], schema: dict, params: dict[str, Any]
) -> str:
    payload = {"models": models, "messages": messages, "schema": schema, "params": params}
    blob = json.dumps(payload, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class ResponseCache:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(self.directory, 0o700)
            self._cache = diskcache.Cache(
                str(self.directory), disk=diskcache.JSONDisk, disk_compress_level=0
            )
        except OSError as err:
            raise WorkspaceError(
                f"Cannot open the LLM cache at {self.directory}: {err.strerror or err}. "
                "Check the folder's permissions or set llm.cache = false."
            ) from None

    def get(self, key: str) -> dict[str, Any] | None:
        value = self._cache.get(key)
        return value if isinstance(value, dict) else None

    def set(self, key: str, *, model: str, value: dict[str, Any]) -> None:
        self._cache.set(key, {"model": model, "value": value})

    def clear(self) -> int:
        """Remove every entry; returns how many there were."""
        return int(self._cache.clear())

    def __len__(self) -> int:
        return len(self._cache)

    def close(self) -> None:
        self._cache.close()


def default_cache_dir(cache_root: Path) -> Path:
    """Where the app and CLI keep LLM responses: `<settings.cache_dir>/llm`."""
    return Path(cache_root) / LLM_CACHE_DIRNAME


def clear_caches(cache_root: Path) -> dict[str, int]:
    """Empty `<settings.cache_dir>`: LLM responses and every other cache (embeddings, …).

    Returns {"llm_responses": n, "other_entries": m}. The folder itself stays (owner-only).
    """
    root = Path(cache_root)
    counts = {"llm_responses": 0, "other_entries": 0}
    if not root.is_dir():
        return counts
    llm_dir = default_cache_dir(root)
    if llm_dir.is_dir():
        cache = ResponseCache(llm_dir)
        counts["llm_responses"] = len(cache)
        cache.close()
    for child in root.iterdir():
        if child != llm_dir:
            counts["other_entries"] += 1
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child, ignore_errors=True)
        else:
            child.unlink(missing_ok=True)
    leftovers = [c.name for c in root.iterdir()]
    if leftovers:
        raise WorkspaceError(
            f"Could not delete everything in {root} ({', '.join(leftovers[:3])} remain). "
            "Close other ResumeForge windows and try again."
        )
    return counts
