"""Vectors of the app's own fixed texts are kept beside the model file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.fixed_vectors import fixed_vectors, stored_path
from core.jd.roles import encode_texts
from core.jd.sentence_roles import prototype_groups

TEXTS = [
    "Registered nurse with ICU experience.",
    "Certified forklift operator, 5 years in a distribution centre.",
    "We offer a generous benefits package and flexible hours.",
]


class HashVectors:
    """An embedder whose vectors follow from the text (no model): what the cache must keep."""

    name = "hash-vectors"
    dim = 8

    def __init__(self, model_file: Path | None) -> None:
        self.model_file = model_file
        self.encoded: list[list[str]] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.encoded.append(list(texts))
        seeds = [sum(map(ord, t)) for t in texts]
        return np.array(
            [np.random.default_rng(s).standard_normal(self.dim) for s in seeds], dtype=np.float32
        )


def test_a_second_process_reads_the_stored_vectors_instead_of_encoding(tmp_path):
    first = HashVectors(tmp_path / "model-abc.onnx")
    made = fixed_vectors(first, TEXTS, purpose="p", encode=lambda: first.encode(TEXTS))
    again = HashVectors(tmp_path / "model-abc.onnx")  # a new process: same model file
    read = fixed_vectors(again, TEXTS, purpose="p", encode=lambda: again.encode(TEXTS))
    assert first.encoded == [TEXTS] and again.encoded == []
    assert read.dtype == np.float32 and np.array_equal(read, made)  # bit for bit


def test_other_texts_purpose_or_weights_are_encoded_and_kept_apart(tmp_path):
    model = HashVectors(tmp_path / "model-abc.onnx")
    fixed_vectors(model, TEXTS, purpose="p", encode=lambda: model.encode(TEXTS))
    fewer = TEXTS[:2]
    fixed_vectors(model, fewer, purpose="p", encode=lambda: model.encode(fewer))
    fixed_vectors(model, TEXTS, purpose="other batches", encode=lambda: model.encode(TEXTS))
    new_weights = HashVectors(tmp_path / "model-def.onnx")
    fixed_vectors(new_weights, TEXTS, purpose="p", encode=lambda: new_weights.encode(TEXTS))
    assert len(model.encoded) == 3 and len(new_weights.encoded) == 1
    assert len(list(tmp_path.glob("*.npy"))) == 4


def test_a_damaged_or_wrong_shaped_file_is_encoded_again_and_replaced(tmp_path):
    model = HashVectors(tmp_path / "model-abc.onnx")
    path = stored_path(model, TEXTS, "p")
    assert path is not None
    path.write_bytes(b"not an npy file")
    good = fixed_vectors(model, TEXTS, purpose="p", encode=lambda: model.encode(TEXTS))
    assert len(model.encoded) == 1
    np.save(path, np.zeros((2, 8), dtype=np.float32))  # rows do not match the texts
    assert np.array_equal(
        fixed_vectors(model, TEXTS, purpose="p", encode=lambda: model.encode(TEXTS)), good
    )
    assert len(model.encoded) == 2
    assert np.array_equal(np.load(path), good)


def test_without_a_model_file_or_a_writable_folder_the_vectors_are_computed(tmp_path):
    no_file = HashVectors(None)  # sentence-transformers model: nothing is stored
    for _ in range(2):
        fixed_vectors(no_file, TEXTS, purpose="p", encode=lambda: no_file.encode(TEXTS))
    assert len(no_file.encoded) == 2
    gone = tmp_path / "removed"  # the folder cannot be written (root ignores chmod)
    model = HashVectors(gone / "model-abc.onnx")
    made = fixed_vectors(model, TEXTS, purpose="p", encode=lambda: model.encode(TEXTS))
    assert made.shape == (3, 8) and not gone.exists()


def test_the_bundled_model_keeps_the_jd_prototypes_as_it_encodes_them(embedder, tmp_path):
    """The real ONNX model: the stored prototype vectors equal a fresh encoding bit for bit."""
    if getattr(embedder, "model_file", None) is None:
        pytest.skip("the bundled model is not on ONNX Runtime here")
    texts = [s for _, s in prototype_groups()]
    fresh = encode_texts(embedder, texts)
    moved = HashVectors(tmp_path / embedder.model_file.name)  # same file name, private folder
    moved.name, moved.dim = embedder.name, embedder.dim
    stored = fixed_vectors(moved, texts, purpose="t", encode=lambda: encode_texts(embedder, texts))
    reread = fixed_vectors(moved, texts, purpose="t", encode=lambda: moved.encode(texts))
    assert moved.encoded == [] and np.array_equal(stored, fresh) and np.array_equal(reread, fresh)


def test_install_step_keeps_the_prototype_vectors_beside_the_model(embedder, capsys):
    """`python -m core.jd.warm_up` (run by `make install`) leaves the file a cold run reads."""
    from core.jd.warm_up import main

    if getattr(embedder, "model_file", None) is None:
        pytest.skip("the bundled model is not on ONNX Runtime here")
    assert main() == 0
    assert f"{len(prototype_groups())} kept" in capsys.readouterr().out
    texts = [s for _, s in prototype_groups()]
    purposes = [p for p in embedder.model_file.parent.glob(f"{embedder.model_file.stem}.fixed-*")]
    assert any(
        np.array_equal(np.load(p), encode_texts(embedder, texts))
        for p in purposes
        if np.load(p).shape == (len(texts), embedder.dim)
    )
