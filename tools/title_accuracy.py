"""Job-title accuracy on training postings the title model was not trained on.

    make title-accuracy
    python -m tools.title_accuracy [--corpus ../shared/corpus/postings] [--part validation]
        [--part occupations] [--c C] [--misses FILE]

Two measures, each on postings of the corpus that have a `title` field and are neither dev nor
held back (`tools.train_jd_titles.training_ids`; tests/corpus_labels/postings_split.json):

- `validation`: a model trained by the title recipe (`tools.train_jd_titles`, its heads and title
  words too) on the training postings outside the validation fifth (number % 5 == 0), the
  validation fifth read with it;
- `occupations`: leave one occupation out: for each occupation of the postings' metadata, a model
  trained without that occupation's postings, its postings read with it.

Each posting is read as `analyze` reads it (`core.jd.analyze.ad_sections`, no embedder), its title
chosen as `analyze` chooses it (the title it states, else the model's best candidate,
`core.jd.title_model.best_title`), and judged as `eval jd` judges titles (`title_matches`)
against the posting's title field. Figures are given for all postings, for those whose field's
title stands in the ad's text as read (`in_text`: the title, or its part before a qualifier, in
the same words; those a reader could get) and for the others. C is the shipped model's unless
`--c` is given. `--misses FILE` writes each wrong in-text posting (id, occupation, field, read
title) as JSON lines, for reading causes; it is corpus data, not for the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from core.evaluation.jd_scoring import normalise, title_matches
from core.evaluation.postings import load_postings
from core.jd.analyze import ad_sections
from core.jd.sections import Section
from core.jd.title_model import MANIFEST_FILE, best_title
from core.resources import package_dir
from tools.train_jd_titles import DEFAULT_CORPUS, is_validation, trained_model, training_ids

QUALIFIER = re.compile(r",\s|\s\(|\s[-–—|]\s")  # as `title_matches` drops a qualifier


def in_text(title: str, text: str) -> bool:
    """Whether the title, or its part before a qualifier, stands in the text in the same words
    (case and punctuation aside; a plural 's' allowed)."""
    seen = f" {normalise(text)} "
    for wording in {title, QUALIFIER.split(title.strip())[0]}:
        words = normalise(wording)
        if words and (f" {words} " in seen or f" {words}s " in seen):
            return True
    return False


def shipped_c() -> float:
    manifest = json.loads((package_dir("data") / MANIFEST_FILE).read_text(encoding="utf-8"))
    return float(manifest["params"]["C"])


def read_titles(
    postings: dict[str, dict[str, Any]],
    ids: list[str],
    model: dict[str, Any],
    sections: dict[str, tuple[str, list[Section]]],
) -> list[dict[str, Any]]:
    """Each posting read with `model`: its field, the title read, right or not, in text or not."""
    rows = []
    for pid in ids:
        if pid not in sections:
            clean, _, parts = ad_sections(postings[pid]["text"])
            sections[pid] = (clean, parts)
        clean, parts = sections[pid]
        field = postings[pid]["title"]
        read = best_title(parts, model)[0]
        rows.append(
            {
                "id": pid,
                "occupation": postings[pid]["occupation"],
                "field": field,
                "read": read,
                "right": title_matches(field, read),
                "in_text": in_text(field, clean),
            }
        )
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Share right over all postings, those with the title in the text, and the others."""

    def share(group: list[dict[str, Any]]) -> dict[str, Any]:
        right = sum(r["right"] for r in group)
        return {"right": right, "of": len(group), "share": round(right / max(len(group), 1), 4)}

    return {
        "all": share(rows),
        "in_text": share([r for r in rows if r["in_text"]]),
        "not_in_text": share([r for r in rows if not r["in_text"]]),
    }


def validation_rows(
    postings: dict[str, dict[str, Any]], c: float, cache: dict[str, tuple[str, list[Section]]]
) -> list[dict[str, Any]]:
    ids = training_ids(postings)
    model = trained_model(postings, [p for p in ids if not is_validation(p)], c)
    return read_titles(postings, [p for p in ids if is_validation(p)], model, cache)


def occupation_rows(
    postings: dict[str, dict[str, Any]], c: float, cache: dict[str, tuple[str, list[Section]]]
) -> list[dict[str, Any]]:
    ids = training_ids(postings)
    by_occupation: dict[str, list[str]] = defaultdict(list)
    for pid in ids:
        by_occupation[postings[pid]["occupation"]].append(pid)
    rows = []
    for _, held in sorted(by_occupation.items()):
        model = trained_model(postings, [p for p in ids if p not in set(held)], c)
        rows += read_titles(postings, held, model, cache)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS), help="the postings corpus folder")
    parser.add_argument(
        "--part", action="append", choices=("validation", "occupations"), help="default: both"
    )
    parser.add_argument("--c", type=float, default=None, help="default: the shipped model's C")
    parser.add_argument("--misses", default=None, help="write wrong in-text postings here")
    args = parser.parse_args(argv)
    postings = load_postings(Path(args.corpus))
    c = args.c if args.c is not None else shipped_c()
    cache: dict[str, tuple[str, list[Section]]] = {}
    if args.misses:
        Path(args.misses).write_text("", encoding="utf-8")
    for part in args.part or ["validation", "occupations"]:
        started = time.perf_counter()
        measure = validation_rows if part == "validation" else occupation_rows
        rows = measure(postings, c, cache)
        out: dict[str, Any] = {"part": part, "C": c, **summary(rows)}
        if part == "occupations":
            groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
            for row in rows:
                groups[row["occupation"]].append(row)
            out["by_occupation_in_text"] = {
                k: summary(v)["in_text"]["share"] for k, v in sorted(groups.items())
            }
        out["seconds"] = round(time.perf_counter() - started)
        print(json.dumps(out))
        if args.misses:
            with Path(args.misses).open("a", encoding="utf-8") as out_file:
                for row in rows:
                    if row["in_text"] and not row["right"]:
                        out_file.write(json.dumps({"part": part, **row}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
