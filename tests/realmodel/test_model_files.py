"""The real-model tier loads only the pinned model file (tests/realmodel/models.py).

Not marked `realmodel`: these run in the default suite on small files made here, without the
model packages. A model shipped in slices is joined into a cache file that must have the pinned
size, the GGUF magic and the pinned sha256, or nothing is left that a server could load.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

import pytest

from tests.realmodel.models import (
    MODELS,
    QWEN_05B,
    SMOLLM2,
    ModelFileRejected,
    NotInstalled,
    assemble,
    chosen,
    model_file,
    verify,
)

SLICES = [b"GGUF\x03\x00\x00\x00" + bytes(range(40)), bytes(range(200, 256)) * 3, b"tail"]


def pinned_for(data: bytes):
    """A model pinned to `data`, as QWEN_05B is pinned to its joined file."""
    return replace(QWEN_05B, sha256=hashlib.sha256(data).hexdigest(), size=len(data))


def write_slices(folder: Path, slices: list[bytes]) -> list[Path]:
    paths = []
    for number, data in enumerate(slices, 1):
        path = folder / f"part{number:02d}.bin"
        path.write_bytes(data)
        paths.append(path)
    return paths


def test_the_slices_joined_in_order_are_the_model_file(tmp_path):
    model = pinned_for(b"".join(SLICES))
    target = tmp_path / "cache" / "model.gguf"
    assert assemble(write_slices(tmp_path, SLICES), target, model) == target
    assert target.read_bytes() == b"".join(SLICES)
    assert [p.name for p in target.parent.iterdir()] == ["model.gguf"], "no partial file left"


@pytest.mark.parametrize(
    ("slices", "reason"),
    [
        (SLICES[:-1], "bytes, expected"),  # a slice missing: short file
        ([SLICES[1], SLICES[0], SLICES[2]], "GGUF magic"),  # same bytes, slices out of order
        ([SLICES[0], SLICES[1][::-1], SLICES[2]], "sha256"),  # same size, one slice altered
    ],
)
def test_a_wrong_or_short_join_is_refused_and_removed(tmp_path, slices, reason):
    model = pinned_for(b"".join(SLICES))
    target = tmp_path / "cache" / "model.gguf"
    with pytest.raises(ModelFileRejected, match=reason):
        assemble(write_slices(tmp_path, slices), target, model)
    assert not target.exists()
    assert list(target.parent.iterdir()) == [], "a rejected join leaves nothing to load"


def test_a_tampered_cache_file_is_joined_again_not_trusted(tmp_path):
    data = b"".join(SLICES)
    model = pinned_for(data)
    target = tmp_path / "model.gguf"
    target.write_bytes(b"GGUF" + b"\x00" * (len(data) - 4))  # right size and magic, wrong bytes
    assemble(write_slices(tmp_path, SLICES), target, model)
    assert target.read_bytes() == data


def test_a_whole_file_that_is_not_the_pinned_one_is_refused(tmp_path):
    path = tmp_path / SMOLLM2.slices[0][1]
    path.write_bytes(b"GGUF" + b"not the pinned model")
    same_size = replace(SMOLLM2, size=path.stat().st_size)
    with pytest.raises(ModelFileRejected, match="sha256"):
        verify(path, same_size)
    with pytest.raises(ModelFileRejected, match="bytes, expected"):
        verify(path, SMOLLM2)
    path.write_bytes(b"ggml" + b"not the pinned model")
    with pytest.raises(ModelFileRejected, match="GGUF magic"):
        verify(path, same_size)


def test_the_choice_defaults_to_smollm2_and_rejects_unknown_names(monkeypatch):
    monkeypatch.delenv("RESUMEFORGE_REALMODEL", raising=False)
    assert chosen() is SMOLLM2
    monkeypatch.setenv("RESUMEFORGE_REALMODEL", "qwen0.5b")
    assert chosen() is QWEN_05B
    assert chosen("smollm2") is SMOLLM2, "an explicit choice wins over the environment"
    with pytest.raises(ValueError, match="smollm2"):
        chosen("gpt-5")
    assert len({m.served_as for m in MODELS.values()}) == len(MODELS)


def test_missing_slice_packages_are_reported_as_not_installed():
    absent = replace(QWEN_05B, slices=(("no_such_resumeforge_slice_pkg", "data/part01.bin"),) * 2)
    with pytest.raises(NotInstalled, match="not installed"):
        model_file(absent)
