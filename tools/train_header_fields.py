"""Train the role-header field tagger (core/reader/header_fields.py): `make train`.

    python -m tools.train_header_fields [--corpus ../shared/corpus/jsonresume]

Data: every work entry (position, employer, location, dates) of the real JSON Resumes in
../shared/corpus/jsonresume and of the fictional non-software people in tools/line_data/people,
composed into header lines the ways resumes write them (title or employer first, with or without
a place, dates before, after or in brackets, commas, bars, dashes, "at", wide gaps, capitals).
The words tag themselves: T title, O employer, L place, D dates, X separators.

Evaluation before the shipped model is trained (figures in the manifest and docs/EVALUATION.md):
- leave-one-source-out: trained on the JSON Resumes only, scored on the fictional people (other
  occupations, other vocabulary);
- held out: trained without the JSON Resumes whose file name hashes to 0 mod 5 (chosen by rule
  before training), scored on them.
Scores are whole fields right (title, employer) per composed line. Training is L-BFGS with a fixed
seed for the composition, so the same data gives the same file.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from core.reader.header_fields import MANIFEST_FILE, MODEL_FILE, split_header, token_features
from core.reader.header_fields import tokenize as _tokenize
from core.resources import package_dir
from tools.model_files import sha256, write_manifest

ROOT = Path(__file__).resolve().parents[1]
PEOPLE = ROOT / "tools" / "line_data" / "people"
CORPUS = ROOT.parent / "shared" / "corpus" / "jsonresume"
SEED = 7
VARIANTS = 4  # composed lines per work entry
PARAMS = {"c1": 0.1, "c2": 0.05, "max_iterations": 120}
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
LONG = "January February March April May June July August September October November December"
SEPS = (", ", " | ", " — ", " – ", " - ", " · ", "   ", "\t", " , ")


def _clean(value: Any) -> str:
    return " ".join(str(value or "").split())


def entries(path: Path) -> list[dict[str, str]]:
    """(title, employer, place, start, end) of each work entry of one JSON Resume."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    basics = data.get("basics") or {}
    location = basics.get("location")
    where: dict[str, Any] = location if isinstance(location, dict) else {}
    home = ", ".join(_clean(where.get(k)) for k in ("city", "region") if _clean(where.get(k)))
    out = []
    for work in data.get("work") or []:
        if not isinstance(work, dict):
            continue
        title, employer = (
            _clean(work.get("position")),
            _clean(work.get("name") or work.get("company")),
        )
        if title and employer and len(title) < 80 and len(employer) < 80:
            out.append(
                {
                    "title": title,
                    "employer": employer,
                    "place": _clean(work.get("location")) or home,
                    "start": _clean(work.get("startDate")),
                    "end": _clean(work.get("endDate")),
                }
            )
    return out


def _date(value: str, style: str, rng: random.Random) -> str:
    if not value:
        return rng.choice(("Present", "Current", "present", "Now"))
    year, _, rest = value.partition("-")
    month = int(rest[:2]) if rest[:2].isdigit() and 1 <= int(rest[:2]) <= 12 else 0
    if style == "year" or not month or not year.isdigit():
        return year[:4]
    return {
        "mon": f"{MONTHS[month - 1]} {year}",
        "long": f"{LONG.split()[month - 1]} {year}",
        "num": f"{month:02d}/{year}",
        "iso": f"{year}-{month:02d}",
    }[style]


def compose(entry: dict[str, str], rng: random.Random) -> list[tuple[str, str]]:
    """One header line as (text piece, tag) pairs."""
    style = rng.choice(("mon", "long", "num", "iso", "year"))
    dash = rng.choice((" – ", " - ", " — ", " to ", "–"))
    dates = ""
    if entry["start"] and rng.random() < 0.8:
        dates = _date(entry["start"], style, rng) + dash + _date(entry["end"], style, rng)
    title, employer, place = entry["title"], entry["employer"], entry["place"]
    if rng.random() < 0.2:
        employer = employer.upper()
    if rng.random() < 0.08:
        title = title.upper()
    sep = rng.choice(SEPS)
    fields = [(title, "T"), (employer, "O")]
    if rng.random() < 0.45:
        fields.reverse()
    if place and rng.random() < 0.4:
        at = rng.randrange(1, 3)
        fields.insert(at, (place, "L"))
    pieces: list[tuple[str, str]] = []
    if fields[0][1] == "T" and fields[1][1] == "O" and rng.random() < 0.2:
        sep_between = rng.choice((" at ", " @ "))
    else:
        sep_between = sep
    for i, field in enumerate(fields):
        if i:
            pieces.append((sep_between if i == 1 else sep, "X"))
        pieces.append(field)
    if dates:
        where = rng.random()
        if where < 0.15:
            pieces = [(dates, "D"), (rng.choice(("   ", " | ", "\t", ": ")), "X"), *pieces]
        elif where < 0.35:
            pieces += [(" (", "X"), (dates, "D"), (")", "X")]
        else:
            pieces += [(rng.choice(("   ", "      ", " | ", ", ", "\t", " — ")), "X"), (dates, "D")]
    return pieces


def tagged(pieces: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """The line's text and one tag per token."""
    text, spans = "", []
    for piece, tag in pieces:
        spans.append((len(text), len(text) + len(piece), tag))
        text += piece
    tags = []
    for token in _tokenize(text):
        tag = next((t for a, b, t in spans if a <= token.start < b), "X")
        tags.append(tag)
    return text, tags


def lines_of(sources: list[list[dict[str, str]]], seed: int) -> list[tuple[str, list[str], dict]]:
    rng = random.Random(seed)  # noqa: S311 - composition draws, seeded
    out = []
    for found in sources:
        for entry in found:
            for _ in range(VARIANTS):
                text, tags = tagged(compose(entry, rng))
                out.append((text, tags, entry))
    return out


def train(lines: list[tuple[str, list[str], dict]], out: Path) -> None:
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for text, tags, _ in lines:
        trainer.append(token_features(text, _tokenize(text)), tags)
    trainer.set_params(PARAMS)
    trainer.train(str(out))


def score(lines: list[tuple[str, list[str], dict]], model: Path) -> dict[str, float]:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    right = {"title": 0, "employer": 0}
    for text, _, entry in lines:
        fields = split_header(text, tagger=tagger)
        right["title"] += fields.title.casefold() == entry["title"].casefold()
        right["employer"] += fields.employer.casefold() == entry["employer"].casefold()
    return {k: round(v / len(lines), 4) for k, v in right.items()} | {"lines": len(lines)}


def _held_out(path: Path) -> bool:
    return int(hashlib.sha256(path.name.encode()).hexdigest(), 16) % 5 == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args(argv)
    resumes = sorted(args.corpus.glob("*.json"))
    people = sorted(PEOPLE.glob("*.json"))
    tmp = package_dir("data") / (MODEL_FILE + ".tmp")
    figures: dict[str, Any] = {}
    # leave one source out: JSON Resumes → the fictional non-software people
    train(lines_of([entries(p) for p in resumes], SEED), tmp)
    figures["people_left_out"] = score(lines_of([entries(p) for p in people], SEED + 1), tmp)
    # held out JSON Resumes, chosen by file-name hash
    kept = [p for p in resumes if not _held_out(p)]
    held = [p for p in resumes if _held_out(p)]
    train(lines_of([entries(p) for p in kept + people], SEED), tmp)
    figures["jsonresume_held_out"] = score(lines_of([entries(p) for p in held], SEED + 2), tmp)
    tmp.unlink()
    model = package_dir("data") / MODEL_FILE
    every = lines_of([entries(p) for p in resumes + people], SEED)
    train(every, model)
    manifest = {
        "model": MODEL_FILE,
        "sha256": sha256(model),
        "trained_on": {"jsonresume_files": len(resumes), "people_files": len(people)},
        "lines": len(every),
        "variants_per_entry": VARIANTS,
        "seed": SEED,
        "params": PARAMS,
        "scores": figures,
        "command": "python -m tools.train_header_fields",
    }
    write_manifest(package_dir("data") / MANIFEST_FILE, manifest)
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
