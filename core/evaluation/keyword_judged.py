"""`resumeforge eval keywords`: the ATS keyword lists of job ads against keywords judged by hand.

The judgements (`tests/corpus_labels/keyword_judgements*.json`, docs/labelling/keywords.md) say
of each keyword candidate of a posting whether a recruiter would search it. Scored per posting
and pooled: the share of the *listed* keywords judged not searchable (the issue's "phrases a
recruiter would not search", target under 5%), and the share of the searchable candidates that
are still listed. The list is the ad's ATS keywords (`JDAnalysis.keywords`); the searchable
ones found in either tier (the ATS keywords or the other terms in the ad) are counted too. A
listed keyword no one judged is counted apart (the reader changed since).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from core.errors import InputError
from core.evaluation.postings import keyword_key, load_postings
from core.jd import analyze_jd


def evaluate_keywords(folder: Path, judged: Path) -> dict[str, Any]:
    if not judged.is_file():
        raise InputError(f"--judged {judged}: no such file")
    postings = load_postings(folder)
    rows = []
    for entry in json.loads(judged.read_text(encoding="utf-8")):
        if entry["id"] not in postings:
            raise InputError(f"{judged}: posting {entry['id']} is not in {folder}")
        said = {k["key"]: bool(k["searchable"]) for k in entry["judged"]}
        analysis = analyze_jd(postings[entry["id"]]["text"])
        listed = [keyword_key(k) for k in analysis.keywords]
        known = [said[k] for k in listed if k in said]
        either = {keyword_key(k) for k in analysis.all_terms()}
        rows.append(
            {
                "id": entry["id"],
                "listed": len(listed),
                "unjudged": len(listed) - len(known),
                "junk": known.count(False),
                "searchable_listed": known.count(True),
                "searchable_either_tier": sum(v for k, v in said.items() if k in either),
                "searchable_judged": sum(said.values()),
            }
        )
    if not rows:
        raise InputError(f"{judged}: no judged postings")
    return {"postings": rows, "summary": summarise(rows)}


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    total = {k: sum(r[k] for r in rows) for k in rows[0] if k != "id"}
    judged_listed = total["junk"] + total["searchable_listed"]
    return {
        "postings": len(rows),
        **total,
        "junk_share": round(total["junk"] / max(judged_listed, 1), 3),
        "searchable_kept": round(
            total["searchable_listed"] / max(total["searchable_judged"], 1), 3
        ),
        "postings_under_5pct_junk": sum(
            r["junk"] < 0.05 * max(r["junk"] + r["searchable_listed"], 1) for r in rows
        ),
    }


def format_report(result: dict[str, Any]) -> str:
    s = result["summary"]
    return (
        f"{s['postings']} postings, {s['listed']} ATS keywords listed ({s['unjudged']} not "
        "judged)\n"
        f"not searchable among the judged listed keywords: {s['junk']} ({s['junk_share']:.1%})\n"
        f"searchable keywords still listed: {s['searchable_listed']} of {s['searchable_judged']} "
        f"({s['searchable_kept']:.1%}); in either tier (ATS keywords or other terms): "
        f"{s['searchable_either_tier']}\n"
        f"postings with under 5% not searchable: {s['postings_under_5pct_junk']} of {s['postings']}"
    )
