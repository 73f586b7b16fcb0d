"""Generate the line reader's training data into the cache: `python -m tools.line_data.build`.

    python -m tools.line_data.build [--corpus ../shared/corpus] [--out CACHE_FOLDER]

Each JSON Resume of the corpus is rendered in two formats (chosen by its number, so every
format gets a share), each fictional person of tools/line_data/people in all four, every
rendering read back with `core.ingest.read_path` and its lines labelled by `align`; DataTurks'
records are labelled by `dataturks`; real documents' lines labelled by hand by `real`
(tests/corpus_labels/lines.jsonl; the dev documents' tests/corpus_labels/lines_dev.jsonl as their
own source, `real-dev`; never a held-back document). A fixed fifth of the
JSON Resumes (by the hash of the file name, decided before any training) is marked held out.
Output: `lines.jsonl` (one document a line) and tools/line_data/manifest.json (sources,
counts, hashes, generator version).
Deterministic: every random choice comes from a generator seeded with the file name.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import tempfile
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

from core.ingest import read_path
from core.reader.lines import Line
from core.reader.read import extracted_lines
from core.reader.training import DEV_SOURCE
from tools.line_data import dataturks, real
from tools.line_data.align import align
from tools.line_data.compose import FORMATS, Block, Style, compose, draw_style
from tools.line_data.render import RENDERERS, SUFFIX

# 2: made-up heading wordings, summary left out a quarter of the time; 3: DataTurks' wrapped
# bullet lines labelled bullet (the generator's convention); 4: real documents labelled by hand;
# 5: inline HTML tags of the JSON Resumes' text left out (compose.clean); 6: a third of the
# Markdown renderings write a role's title and employer lines as sub-headings (render.py); 7: PDF
# renderings set with Typst's own fonts only, so installed fonts no longer change the lines; 8: a
# share of DOCX and PDF renderings set headings and role rows in the body's weight and size, as
# plain ATS templates do (drawn apart, so every other draw is unchanged)
GENERATOR_VERSION = 8
PLAIN_HEADING_SHARE = 0.15
LAYOUT_SEED = 2  # the layouts drawn are those of version 2
MAX_MISSED = 0.15  # renderings whose extracted lines match less than this are dropped
PEOPLE = Path(__file__).with_name("people")
MANIFEST = Path(__file__).with_name("manifest.json")
DEFAULT_OUT = Path.home() / ".cache" / "resumeforge" / "line_data"


def held_out(name: str) -> bool:
    """A fixed fifth of the JSON Resumes, by the hash of the file name."""
    return hashlib.sha256(name.encode()).digest()[0] % 5 == 0


def write_rendering(
    resume: dict[str, Any], key: str, fmt: str, folder: Path
) -> tuple[Path, Style, list[Block]]:
    """One resume rendered to a file of `folder` with the draws its key and format seed: the
    file, the style drawn and the lines written."""
    rng = random.Random(f"{key}:{fmt}:{LAYOUT_SEED}")  # noqa: S311 - layout draws, seeded
    style = draw_style(rng, fmt)
    plain = random.Random(f"{key}:{fmt}:plain")  # noqa: S311 - layout draw, seeded
    style.plain_headings = fmt in ("docx", "pdf") and plain.random() < PLAIN_HEADING_SHARE
    path = folder / f"{key}{SUFFIX[fmt]}"
    blocks = compose(resume, rng, style)
    return path, style, RENDERERS[fmt](blocks, style, rng, path)


def render_one(resume: dict[str, Any], key: str, fmt: str, folder: Path) -> dict[str, Any] | None:
    path = folder / f"{key}{SUFFIX[fmt]}"
    try:
        path, style, written = write_rendering(resume, key, fmt, folder)
        extracted = read_path(path)
    except Exception as err:
        print(f"skip {key} {fmt}: {type(err).__name__}: {str(err)[:80]}")
        return None
    finally:
        path.unlink(missing_ok=True)
    # what the model reads at run time: the extractor's lines, with layout where it has one
    read = extracted_lines(extracted)
    labelled, missed = align([line.text for line in read], written)
    lines = [[*row, _layout_fields(line)] for row, line in zip(labelled, read, strict=True)]
    filled = sum(1 for line in lines if line[0])
    if not filled or missed > MAX_MISSED * filled:
        print(f"drop {key} {fmt}: {missed}/{filled} lines unmatched")
        return None
    family = style.family + ("+2col" if style.two_columns else "")
    return {"id": f"{key}:{fmt}", "format": fmt, "family": family, "lines": lines, "missed": missed}


def _layout_fields(line: Line) -> dict[str, Any] | None:
    """The layout a line carries (None for a line with only text, as plain formats give)."""
    fields = {k: v for k, v in asdict(line).items() if k not in ("text", "source")}
    defaults = {k: v for k, v in asdict(Line(text="")).items() if k not in ("text", "source")}
    return None if fields == defaults else {k: v for k, v in fields.items() if v is not None}


def documents(
    corpus: Path, real_labels: Path = real.LABELS_FILE, dev_labels: Path = real.DEV_LABELS_FILE
) -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for number, file in enumerate(sorted((corpus / "jsonresume").glob("jr-*.json"))):
            resume = json.loads(file.read_text(encoding="utf-8"))
            for fmt in (FORMATS[number % 4], FORMATS[(number + 1) % 4]):
                doc = render_one(resume, file.stem, fmt, folder)
                if doc:
                    split = "heldout" if held_out(file.name) else "train"
                    docs.append({**doc, "source": "jsonresume", "split": split})
        for file in sorted(PEOPLE.glob("*.json")):
            resume = json.loads(file.read_text(encoding="utf-8"))
            for fmt in FORMATS:
                doc = render_one(resume, file.stem, fmt, folder)
                if doc:
                    docs.append({**doc, "source": "people", "split": "train"})
    for doc in dataturks.load(corpus / "dataturks" / "train.jsonl"):
        lines = [[*row, None] for row in doc.pop("lines")]
        docs.append({**doc, "lines": lines, "split": "train", "missed": 0})
    docs.extend(real.load(corpus / "documents", _layout_fields, real_labels))
    docs.extend(real.load(corpus / "documents", _layout_fields, dev_labels, dev=True))
    return docs


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="../shared/corpus", help="the shared corpus folder")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="cache folder for lines.jsonl")
    parser.add_argument(
        "--real-labels", default=str(real.LABELS_FILE), help="hand labels of real documents' lines"
    )
    parser.add_argument(
        "--dev-labels", default=str(real.DEV_LABELS_FILE), help="hand labels of the dev documents"
    )
    parser.add_argument("--manifest", default=str(MANIFEST), help="where to write the manifest")
    args = parser.parse_args(argv)
    corpus, out, real_labels = Path(args.corpus), Path(args.out), Path(args.real_labels)
    dev_labels = Path(args.dev_labels)
    out.mkdir(parents=True, exist_ok=True)
    docs = documents(corpus, real_labels, dev_labels)
    data = out / "lines.jsonl"
    with data.open("w", encoding="utf-8") as handle:
        for doc in docs:
            handle.write(json.dumps(doc, ensure_ascii=False, sort_keys=True) + "\n")
    labels = Counter(line[1] for doc in docs for line in doc["lines"] if line[0])
    manifest = {
        "generator_version": GENERATOR_VERSION,
        "command": "python -m tools.line_data.build --corpus ../shared/corpus",
        "data_file": "lines.jsonl (in the cache folder, not the repository)",
        "data_sha256": sha256_file(data),
        "inputs": {
            "jsonresume": sorted(f.name for f in (corpus / "jsonresume").glob("jr-*.json")),
            "jsonresume_held_out": sorted(
                f.name for f in (corpus / "jsonresume").glob("jr-*.json") if held_out(f.name)
            ),
            "people": sorted(f.name for f in PEOPLE.glob("*.json")),
            "dataturks_sha256": sha256_file(corpus / "dataturks" / "train.jsonl"),
            "real_documents": sorted(
                d["id"].split(":", 1)[1] for d in docs if d["source"] == "real"
            ),
            "real_labels_sha256": sha256_file(real_labels) if real_labels.exists() else None,
            "real_dev_documents": sorted(
                d["id"].split(":", 1)[1] for d in docs if d["source"] == DEV_SOURCE
            ),
            "real_dev_labels_sha256": sha256_file(dev_labels) if dev_labels.exists() else None,
        },
        "documents": dict(Counter(f"{d['source']}/{d['format']}" for d in docs)),
        "families": dict(Counter(d["family"] for d in docs)),
        "lines": sum(labels.values()),
        "unmatched_lines": sum(d["missed"] for d in docs),
        "labels": dict(sorted(labels.items())),
    }
    Path(args.manifest).write_text(
        json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(json.dumps({k: v for k, v in manifest.items() if k != "inputs"}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
