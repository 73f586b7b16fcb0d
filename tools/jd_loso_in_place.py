"""Leave one source out in the product's place: how the job-ad reader does on a source its
unit-role model never saw, for choosing the reader's thresholds (`core.jd.unit_roles`).

    python -m tools.jd_loso_in_place --folds DIR [--corpus ../shared/corpus/postings]
        [--setting '{"UNLISTED_KEEP_MIN": 0.3}' ...] [--notices FILE]

For each source of the hand-labelled postings (`tools.train_jd_unit_roles.HAND_LABELS`) a model
is trained by the shipped recipe without that source's postings, weak and hand units alike
(written to DIR as `<n>.json` with the source's posting ids; kept and reused when DIR already
holds them), and that source's postings are read by `read_ad` with it; with `--context` also
with a context model (`core.jd.unit_context`, as the reader ships it) trained by its recipe
without that source's rows (`tools.train_jd_unit_context`; the other sources' rows out of fold);
without `--context` the unit model's rows alone. Every unit
of a hand posting has its role, so it is scored like a dev posting: its requirement units are the
labelled requirements, its benefit, pay, company, process, legal and condition units the notices
(duties are neither), matched as `eval jd` matches (`requirement_matches`, and
`boilerplate_hits`' overlap rule). The hand postings are training data, not held back; no dev or
held-back posting is read.

Each `--setting` (JSON: constants of `core.jd.unit_roles`, and `CONTEXT_WEIGHT` of
`core.jd.unit_context`, with their values) is scored in turn,
after the shipped thresholds; one line of JSON each: requirements found, notices read as
requirements, per source. `--notices FILE` writes each notice read as a requirement under the
last setting (posting, notice, candidate, section kind, the model's role row), for reading the
causes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import core.jd.unit_context as unit_context
import core.jd.unit_roles as unit_roles
from core.errors import JDParsingError
from core.evaluation.jd_scoring import normalise, requirement_matches
from core.evaluation.postings import labelled_units, load_postings
from core.jd.analyze import read_ad
from core.jd.unit_context import UnitContext
from tools import train_jd_unit_context as context_recipe
from tools import train_jd_unit_roles as recipe
from tools.train_jd_unit_context import Fold, fold_models

NOTICE_ROLES = frozenset({"benefit", "pay", "company", "process", "legal", "condition"})
THRESHOLDS = (
    "ASK_MIN",
    "STRONG_ASK_MIN",
    "KEEP_MIN",
    "UNLISTED_KEEP_MIN",
    "WRAPPER_MIN",
    "MIN_DROP_WORDS",
    "LISTED_CONDITION_MIN",
)
CONTEXT_SETTINGS = ("CONTEXT_WEIGHT",)  # of core.jd.unit_context


def notice_hits(notices: list[str], candidates: list[str]) -> list[tuple[str, str]]:
    """(notice, the candidate it overlaps) for each notice read as a requirement, as
    `core.evaluation.jd_scoring.boilerplate_hits` counts them."""
    hits = []
    for notice in notices:
        key = normalise(notice)
        for text in candidates:
            said = normalise(text)
            if key and said and (key in said or said in key or requirement_matches(notice, text)):
                hits.append((notice, text))
                break
    return hits


def score_posting(
    entry: dict[str, Any],
    posting: dict[str, Any],
    model: unit_roles.UnitRoles,
    context: UnitContext | None = None,
) -> dict[str, Any]:
    """One hand posting read with `model` and `context`: its requirements found and notices
    read as ones."""
    units = labelled_units(entry, posting)
    wanted = [u["text"] for u in units if u["role"] == "requirement"]
    notices = [u["text"] for u in units if u["role"] in NOTICE_ROLES]
    try:
        reading = read_ad(posting["text"], unit_model=model, context_model=context or False)
        read = reading.requirements
    except JDParsingError:  # refused as too large: left out, as the reader leaves it
        return {"requirements": 0, "found": 0, "notices": [], "refused": 1}
    texts = [r.text for r in read]
    found = sum(any(requirement_matches(w, t) for t in texts) for w in wanted)
    kinds = {r.text: r.section for r in read}
    hits = [
        {
            "id": entry["id"],
            "notice": notice,
            "candidate": text,
            "section": kinds[text],
            "roles": [round(float(p), 3) for p in model.roles([text])[0]],
        }
        for notice, text in notice_hits(notices, texts)
    ]
    return {"requirements": len(wanted), "found": found, "notices": hits, "refused": 0}


def context_models(
    postings: dict[str, dict[str, Any]], folds: list[Fold]
) -> dict[str, UnitContext]:
    """Per source: the context model trained by the shipped recipe without that source's rows
    (every other source's rows out of fold, `tools.train_jd_unit_context`)."""
    rows = context_recipe.source_rows(postings, folds)
    return {
        source: UnitContext(context_recipe.model_data(context_recipe.train(rows, without=source)))
        for source, _, _ in folds
    }


def score_setting(
    folds: list[Fold],
    postings: dict[str, dict[str, Any]],
    setting: dict[str, float],
    contexts: dict[str, UnitContext] | None = None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Every fold's postings read under `setting` (the module's thresholds set, then restored),
    with each fold's context model from `contexts` (else none)."""
    unknown = set(setting) - set(THRESHOLDS) - set(CONTEXT_SETTINGS)
    if unknown:
        raise ValueError(f"not a threshold of core.jd.unit_roles: {sorted(unknown)}")
    home = {name: unit_roles for name in THRESHOLDS} | {n: unit_context for n in CONTEXT_SETTINGS}
    before = {name: getattr(module, name) for name, module in home.items()}
    entries = {e["id"]: e for e in recipe.hand_entries()}
    per_source: dict[str, list[int]] = {}
    notices: list[dict[str, Any]] = []
    refused = 0
    try:
        for name, value in setting.items():
            setattr(home[name], name, value)
        for source, ids, model in folds:
            counts = [0, 0, 0]
            for pid in ids:
                context = contexts[source] if contexts else None
                scored = score_posting(entries[pid], postings[pid], model, context)
                counts[0] += scored["found"]
                counts[1] += scored["requirements"]
                counts[2] += len(scored["notices"])
                refused += scored["refused"]
                notices += scored["notices"]
            per_source[source] = counts
    finally:
        for name, value in before.items():
            setattr(home[name], name, value)
    found = sum(c[0] for c in per_source.values())
    wanted = sum(c[1] for c in per_source.values())
    summary = {
        "setting": setting,
        "postings": sum(len(ids) for _, ids, _ in folds),
        "refused": refused,
        "requirements": wanted,
        "found": found,
        "recall": round(found / max(wanted, 1), 4),
        "notices": len(notices),
        "per_source": per_source,  # found, requirements, notices
    }
    return summary, notices


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(recipe.DEFAULT_CORPUS))
    parser.add_argument("--folds", required=True, help="folder for the fold models")
    parser.add_argument("--setting", action="append", default=[], help="JSON thresholds")
    parser.add_argument(
        "--context", action="store_true", help="read asks with a context model per fold"
    )
    parser.add_argument("--notices", help="write the last setting's notices here (JSON lines)")
    args = parser.parse_args(argv)
    postings = load_postings(Path(args.corpus))
    folds = fold_models(postings, Path(args.folds))
    contexts = context_models(postings, folds) if args.context else None
    notices: list[dict[str, Any]] = []
    for setting in [{}, *(json.loads(s) for s in args.setting)]:
        summary, notices = score_setting(folds, postings, setting, contexts)
        print(json.dumps(summary), flush=True)
    if args.notices:
        lines = "".join(json.dumps(n) + "\n" for n in notices)
        Path(args.notices).write_text(lines, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
