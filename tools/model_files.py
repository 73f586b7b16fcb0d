"""What every `make train` tool writes beside its model: the file's digest and its manifest.

One home for the manifest's shape, so the shipped manifests agree on how a model file is named
(`model_file`, `model_sha256`, `model_bytes`) and the byte-for-byte rebuild tests can compare
them the same way.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_manifest(
    path: Path, manifest: dict[str, Any], model: Path | None = None, indent: int = 1
) -> str:
    """Write MANIFEST as JSON to PATH and return the text. Given the MODEL file just written, the
    manifest first records its name, sha256 and size."""
    if model is not None:
        manifest["model_file"] = model.name
        manifest["model_sha256"] = sha256(model)
        manifest["model_bytes"] = model.stat().st_size
    text = json.dumps(manifest, indent=indent) + "\n"
    path.write_text(text, encoding="utf-8")
    return text
