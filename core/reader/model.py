"""The learned line reader: a CRF over a resume's lines labels each one (`label_lines`).

The model (core/data/line_reader.crfsuite, trained by tools/train_line_reader.py) sees each
line through `core.reader.features` and labels the whole sequence at once, so a line's label
depends on its neighbours' (a date line under a title, bullets under a role). It is loaded once
per process. Blank lines are not labelled by the model: they come back as "other".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

from core.reader.features import sequence_features
from core.reader.labels import LineLabel, split_joint
from core.reader.lines import Line
from core.resources import package_dir

MODEL_FILE = "line_reader.crfsuite"
MANIFEST_FILE = "line_reader.json"


_IN_USE: list[Path] = []  # a model file put in place of the shipped one (`model_file`)


def model_path() -> Path:
    """The line reader's model file: the shipped one, unless `model_file` put another in place."""
    return _IN_USE[-1] if _IN_USE else package_dir("data") / MODEL_FILE


@contextmanager
def model_file(path: Path) -> Iterator[None]:
    """Within: read lines with the model at `path` (evaluation: a model trained without the
    documents being read, tools/dev_twofold.py). The app never calls it."""
    _IN_USE.append(path)
    try:
        yield
    finally:
        _IN_USE.pop()


@lru_cache(maxsize=4)
def load_tagger(path: str | None = None) -> Any:
    """The CRF tagger for `path` (default: the shipped model), opened once per process."""
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(path or str(model_path()))
    return tagger


def crf_items(features: list[dict[str, str | float]]) -> list[dict[str, str | float]]:
    """crfsuite's form: strings stay categorical, True is weight 1, False is left out."""
    return [
        {k: (1.0 if v is True else v) for k, v in f.items() if v is not False} for f in features
    ]


def label_lines(lines: Sequence[Line], *, tagger: Any = None) -> list[LineLabel]:
    """One label per line: the label, the section meaning of a heading, the marginal probability."""
    tagger = tagger or load_tagger(str(model_path()))
    kept, features = sequence_features(lines)
    out = [LineLabel("other", None, 1.0) for _ in lines]
    if not kept:
        return out
    tags = tagger.tag(crf_items(features))
    for position, (index, tag) in enumerate(zip(kept, tags, strict=True)):
        label, meaning = split_joint(tag)
        out[index] = LineLabel(label, meaning, round(tagger.marginal(tag, position), 4))
    return out
