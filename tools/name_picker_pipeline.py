"""The person's name as the whole reading gives it, on each real document of the line data read
with the name picker trained without it.

    python -m tools.name_picker_pipeline [--data ~/.cache/resumeforge/line_data/lines.jsonl]

`tools.train_name_picker --each` scores the picker's line; this scores what the user sees: the
document parsed (reader `auto`, the picker's name first, the readers' own otherwise) and its name
compared with the labelled name line's (`name_part`, words case-folded), or with nothing where the
document has no name line. It uses only what the training recipe has had from the start
(`training_docs`, `C`), so it runs on an older checkout too (`PYTHONPATH=<checkout> python
tools/name_picker_pipeline.py`), for a before figure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "documents"


def main(argv: list[str] | None = None) -> int:
    import core.reader.name_picker as picker_module
    import tools.train_name_picker as recipe
    from core.evaluation.resume_eval import _parse
    from core.evaluation.resume_match import label_hash
    from core.reader.name_picker import NamePicker, candidates, name_part
    from core.reader.training import load_docs
    from tools.line_data.build import DEFAULT_OUT

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_OUT / "lines.jsonl"))
    parser.add_argument("--corpus", default=str(CORPUS))
    args = parser.parse_args(argv)
    docs = load_docs(Path(args.data))
    train = recipe.training_docs(docs)
    rows = {d.id: [(f, int(recipe._is_name(d, i))) for i, f in candidates(d.lines)] for d in train}
    right = wrong = 0
    real = [d for d in docs if d.source == "real"]
    for doc in real:
        kept = [row for key, found in rows.items() if key.rstrip("~^") != doc.id for row in found]
        picker = NamePicker(_fit(kept, recipe.C))
        picker_module.name_picker = lambda picker=picker: picker  # type: ignore[assignment]  # layout_name calls it
        names = [i for i in range(len(doc.lines)) if recipe._is_name(doc, i)]
        wanted = {label_hash(name_part(doc.lines[i].text)) for i in names}
        if len(names) > 1:  # a name set over two lines
            wanted.add(label_hash(" ".join(name_part(doc.lines[i].text) for i in names)))
        got = _parse(Path(args.corpus) / doc.id.split(":", 1)[1], "auto").contact.name
        ok = label_hash(got) in wanted if names else not got
        right += ok
        wrong += bool(got) and not ok
    print(f"names read right: {right}/{len(real)}; wrong names read: {wrong}")
    return 0


def _fit(rows: list[tuple[list[str], int]], c: float) -> dict:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer()
    matrix = vectorizer.fit_transform([dict.fromkeys(f, 1) for f, _ in rows])
    model = LogisticRegression(C=c, max_iter=2000).fit(matrix, [t for _, t in rows])
    names = vectorizer.get_feature_names_out()
    weights = {str(n): float(w) for n, w in zip(names, model.coef_[0], strict=True)}
    return {"weights": weights, "bias": float(model.intercept_[0])}


if __name__ == "__main__":
    sys.exit(main())
