"""Train the line reader on the generated line data: `make train`.

    python -m tools.train_line_reader [--data ~/.cache/resumeforge/line_data/lines.jsonl]

The data comes from `python -m tools.line_data.build` (JSON Resumes of ../shared/corpus rendered
in many layouts, the fictional people of tools/line_data/people, DataTurks' Indeed resumes, real
documents' lines labelled by hand in tests/corpus_labels/lines.jsonl).
The JSON Resumes marked held out there (a fixed fifth, by file-name hash, chosen before any
training) are never trained on: the model is first trained on the train split and scored on
them, then that model is written to core/data/line_reader.crfsuite with its manifest
core/data/line_reader.json (data hash, counts, parameters, the held-out scores). The
hyper-parameters are fixed in core.reader.training.PARAMS (c1 chosen by cross-validation on
the real training documents). L-BFGS has no random step, so the same data gives the same file.
The lines' meaning clusters and axes come from core/data/line_meaning.npy and .json (`python -m
tools.fit_line_meaning`, run first); the manifest records both files' sha256.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

from core.reader.meaning import AXES, LAYOUT_FILE, VECTORS_FILE, meaning_space
from core.reader.model import MANIFEST_FILE, MODEL_FILE
from core.reader.training import PARAMS, load_docs, score, train
from core.resources import package_dir
from tools.model_files import sha256, write_manifest

VERSION = 1
FEATURE_SET = (
    "core.reader.features v4: shape (length, words, caps, title case, digits, end mark, bullet, "
    "indent, separators), detectors (e-mail, URL, phone, date/date range/mostly date, month, "
    "degree, legal suffix, job-title word, known heading and its kind, none on a line ending in "
    "'.', ',' or ';'), position, blank lines, "
    "layout (size, bold, italic, x0, style, table, page edge, source), first/last word and short "
    "lines' words from common_words + heading synonyms; section so far (last known heading's "
    "kind, lines since); meaning (core.reader.meaning: nearest of 64 k-means centroids of the "
    "MiniLM token-embedding mean, quintile bucket on 8 principal axes); +-1 and +-2 neighbours "
    "(meaning +-1 only)"
)
DEFAULT_DATA = Path.home() / ".cache" / "resumeforge" / "line_data" / "lines.jsonl"
GENERATOR_MANIFEST = Path(__file__).parent / "line_data" / "manifest.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA), help="lines.jsonl from the build")
    parser.add_argument("--out", default=str(package_dir("data")), help="folder for the model")
    args = parser.parse_args(argv)
    data, out = Path(args.data), Path(args.out)
    docs = load_docs(data)
    fit = [d for d in docs if d.split == "train"]
    held = [d for d in docs if d.split == "heldout"]
    started = time.perf_counter()
    train(fit, out / MODEL_FILE, PARAMS)
    seconds = time.perf_counter() - started
    held_scores = score(held, out / MODEL_FILE).summary()
    generator = json.loads(GENERATOR_MANIFEST.read_text(encoding="utf-8"))
    manifest = {
        "version": VERSION,
        "model_file": MODEL_FILE,
        "model_sha256": sha256(out / MODEL_FILE),
        "model_bytes": (out / MODEL_FILE).stat().st_size,
        "command": "make train (tools.line_data.build, then tools.train_line_reader)",
        "data": {
            "file": "lines.jsonl from tools.line_data.build (cache, not in the repository)",
            "sha256": sha256(data),
            "generator_version": generator["generator_version"],
            "trained_on": dict(Counter(f"{d.source}/{d.format}" for d in fit)),
            "trained_lines": sum(1 for d in fit for t in d.tags if t),
            "held_out": f"{len(held)} renderings of the JSON Resumes held out by file-name hash",
            "real_labels_sha256": generator["inputs"].get("real_labels_sha256"),
        },
        "meaning": {
            **{name: sha256(package_dir("data") / name) for name in (VECTORS_FILE, LAYOUT_FILE)},
            "clusters": len(meaning_space().centroids),
            "axes": AXES,
            "command": "python -m tools.fit_line_meaning (k-means, fixed seed; SVD)",
            "fitted_on": "distinct lines of the train split, real documents left out",
        },
        "params": PARAMS,
        "feature_set": FEATURE_SET,
        "train_seconds": round(seconds),
        "metrics": {"jsonresume_held_out": held_scores},
    }
    write_manifest(out / MANIFEST_FILE, manifest)
    print(json.dumps(manifest, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
