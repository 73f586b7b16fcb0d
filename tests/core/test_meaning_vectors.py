"""The token table behind `meaning_vectors` is mapped from the model file, not read into memory,
and holds the same numbers as safetensors' own reading."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from safetensors import safe_open
from safetensors.numpy import save_file

from core.text.meaning_vectors import TABLE_KEY, _table, mapped_tensor, model_folder


def test_mapped_token_table_equals_the_safetensors_reading() -> None:
    path = model_folder() / "model.safetensors"
    table = mapped_tensor(path, TABLE_KEY)
    with safe_open(str(path), framework="numpy") as weights:
        loaded = weights.get_tensor(TABLE_KEY)
    assert table.shape == loaded.shape and table.dtype == loaded.dtype
    rows = [0, 1, 100, 2023, 7592, 15_000, loaded.shape[0] - 1]
    assert table[rows].tobytes() == loaded[rows].tobytes()


def test_the_reader_maps_its_table_read_only() -> None:
    table = _table()[1]
    assert isinstance(table, np.memmap) and table.mode == "r"


def test_every_tensor_of_a_file_is_mapped_at_its_own_bytes(tmp_path: Path) -> None:
    path = tmp_path / "two.safetensors"
    first = np.arange(6, dtype=np.float32).reshape(2, 3)
    second = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    save_file({"first": first, "second": second}, str(path))
    assert np.array_equal(mapped_tensor(path, "first"), first)
    assert np.array_equal(mapped_tensor(path, "second"), second)


def test_a_tensor_not_stored_as_float32_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "half.safetensors"
    save_file({"half": np.ones((2, 3), dtype=np.float16)}, str(path))
    with pytest.raises(ValueError, match="F16"):
        mapped_tensor(path, "half")
