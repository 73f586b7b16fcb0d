"""Train the name picker (core/reader/name_picker.py) on the line reader's data.

    python -m tools.train_name_picker [--data ~/.cache/resumeforge/line_data/lines.jsonl]
        [--out core/data/name_picker.json] [--loso | --each]

The data is `tools.line_data.build`'s file (`make train` writes it first): every document's lines
with their labels, the person's name among them. The model is trained on the train split (the
held-out JSON Resumes never). `--loso` prints, instead of training, how often the picker takes
the right line on documents of a source it was not trained on (each third of the real documents,
the real documents all, the Indeed resumes, each rendered format), per threshold; `--each`, how
often it does on each real document trained without it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from pathlib import Path

from core.evaluation.line_eval import loso_groups
from core.reader.labels import split_joint
from core.reader.name_picker import MODEL_FILE, NAME_MIN, NamePicker, candidates
from core.reader.training import DEV_SOURCE, REAL_SOURCES, Doc, load_docs
from core.resources import package_dir
from tools.line_data.build import DEFAULT_OUT, sha256_file
from tools.model_files import sha256

C = 0.3  # L2 strength, chosen by --loso on the real documents (docs/EVALUATION.md, "Names")
THRESHOLDS = (0.05, 0.1, 0.2, 0.3, 0.5)
SIDEBAR_FORMATS = ("pdf", "docx")  # the formats that carry type sizes, where side columns are


def _is_name(doc: Doc, index: int) -> bool:
    return bool(doc.tags[index]) and split_joint(doc.tags[index])[0] == "name"


def anonymised(doc: Doc) -> Doc:
    """The document with its name lines taken out, as an anonymised copy reads: the picker must
    learn that the line at the top is then no name."""
    kept = [i for i in range(len(doc.lines)) if not _is_name(doc, i)]
    return replace(
        doc, lines=[doc.lines[i] for i in kept], tags=[doc.tags[i] for i in kept], id=doc.id + "~"
    )


def sidebar_first(doc: Doc) -> Doc | None:
    """The document as a two-column PDF reads when its side column comes first: the top block
    (the name, its headline and contact lines, up to the first section heading) set after one or
    two of the sections (drawn per document with its own seed), so the name stands far down the
    text in its own large type. None where the document has no section after its top block."""
    starts = [i for i, tag in enumerate(doc.tags) if tag.startswith("heading")]
    if not starts or not any(_is_name(doc, i) for i in range(starts[0])):
        return None
    after = random.Random(f"sidebar-first:{doc.id}").choice((1, 2))  # noqa: S311 - seeded draw
    end = starts[after] if after < len(starts) else len(doc.lines)
    order = [*range(starts[0], end), *range(starts[0]), *range(end, len(doc.lines))]
    lines, tags = [doc.lines[i] for i in order], [doc.tags[i] for i in order]
    return replace(doc, lines=lines, tags=tags, id=doc.id + "^")


def training_docs(docs: Sequence[Doc]) -> list[Doc]:
    """The train split (not the dev documents': their names found stay an unseen figure), an
    anonymised copy of each rendered JSON Resume in it, and of each rendered PDF or DOCX one read
    side column first (`sidebar_first`)."""
    train = [d for d in docs if d.split == "train" and d.source != DEV_SOURCE]
    rendered = [d for d in train if d.source == "jsonresume"]
    sidebars = [sidebar_first(d) for d in rendered if d.format in SIDEBAR_FORMATS]
    return train + [anonymised(d) for d in rendered] + [d for d in sidebars if d]


def rows(docs: Sequence[Doc]) -> tuple[list[list[str]], list[int]]:
    features, targets = [], []
    for doc in docs:
        for index, found in candidates(doc.lines):
            features.append(found)
            targets.append(int(_is_name(doc, index)))
    return features, targets


def fit(docs: Sequence[Doc], c: float = C) -> dict:
    return fit_rows(*rows(docs), c=c)


def fit_rows(features: list[list[str]], targets: list[int], c: float = C) -> dict:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer()
    matrix = vectorizer.fit_transform([dict.fromkeys(f, 1) for f in features])
    model = LogisticRegression(C=c, max_iter=2000)
    model.fit(matrix, targets)
    names = vectorizer.get_feature_names_out()
    weights = {str(n): round(float(w), 5) for n, w in zip(names, model.coef_[0], strict=True)}
    return {"weights": dict(sorted(weights.items())), "bias": round(float(model.intercept_[0]), 5)}


def picks_right(data: dict, docs: Sequence[Doc], threshold: float) -> tuple[int, int]:
    """(documents whose pick is right, documents): right is a name line picked where the
    document has one, nothing picked where it has none."""
    picker = NamePicker(data)
    right = 0
    for doc in docs:
        picked = picker.pick(doc.lines, threshold)
        has_name = any(_is_name(doc, i) for i, _ in candidates(doc.lines))
        right += _is_name(doc, picked[0]) if picked else not has_name
    return right, len(docs)


def loso(docs: Sequence[Doc], groups: dict[str, Callable[[Doc], bool]]) -> list[str]:
    out = []
    for name, member in groups.items():
        test = [d for d in docs if member(d) and (d.source == "real" or d.split == "heldout")]
        if not test:
            test = [d for d in docs if member(d)]
        data = fit(training_docs([d for d in docs if not member(d)]))
        cells = []
        for threshold in THRESHOLDS:
            right, total = picks_right(data, test, threshold)
            cells.append(f"{threshold}: {right}/{total} ({right / total:.3f})")
        out.append(f"{name:55s} " + "  ".join(cells))
    return out


def each_left_out(docs: Sequence[Doc]) -> str:
    """How often the picker takes the right line (at `NAME_MIN`) on each real document when
    trained without it and its copies; the dev documents, never trained on, read by the picker
    trained on all the rest."""
    train = training_docs(docs)
    found = {d.id: rows([d]) for d in train}
    everything = fit_rows(*_joined(found.values()))
    right: Counter[str] = Counter()
    real = [d for d in docs if d.source in REAL_SOURCES]
    for doc in real:
        data = everything
        if doc.id in found:
            data = fit_rows(*_joined(v for k, v in found.items() if k.rstrip("~^") != doc.id))
        right[doc.source] += picks_right(data, [doc], NAME_MIN)[0]
    total = Counter(d.source for d in real)
    cells = [f"{source} {right[source]}/{total[source]}" for source in REAL_SOURCES]
    return (
        f"each real document left out: {sum(right.values())}/{len(real)} (" + ", ".join(cells) + ")"
    )


def _joined(
    parts: Iterable[tuple[list[list[str]], list[int]]],
) -> tuple[list[list[str]], list[int]]:
    features: list[list[str]] = []
    targets: list[int] = []
    for f, t in parts:
        features += f
        targets += t
    return features, targets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_OUT / "lines.jsonl"))
    parser.add_argument("--out", default=str(package_dir("data") / MODEL_FILE))
    parser.add_argument("--loso", action="store_true", help="score on unseen sources instead")
    parser.add_argument("--each", action="store_true", help="score each real document left out")
    args = parser.parse_args(argv)
    data_path = Path(args.data)
    docs = load_docs(data_path)
    if args.each:
        print(each_left_out(docs))
        return 0
    if args.loso:
        wanted = ("real", "dataturks", "format=")
        groups = {k: v for k, v in loso_groups().items() if any(w in k for w in wanted)}
        print("\n".join(loso(docs, groups)))
        return 0
    train = training_docs(docs)
    data = fit(train)
    heldout = [d for d in docs if d.split == "heldout"]
    right, total = picks_right(data, heldout, NAME_MIN)
    data["manifest"] = {
        "command": "python -m tools.train_name_picker (make train, after tools.line_data.build)",
        "data_sha256": sha256_file(data_path),
        "trained_documents": len(train),
        "c": C,
        "held_out_json_resumes_right": f"{right}/{total}",
    }
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {args.out}: {len(data['weights'])} weights; held-out JSON Resumes {right}/{total}"
    )
    print(f"sha256 {sha256(Path(args.out))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
