"""`resumeforge` command line. One parser; each command's work lives in a small module here.

Exit codes: 0 success, 1 pipeline FAILED or internal error, 2 bad input (one-line message, no
traceback), 3 `run` completed but model calls failed (those stages ran offline; run again to
retry the model) or `models --check` found no working mode, 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from core.contracts import RetrievalMode
from core.environment import apply_process_defaults
from core.errors import ResumeForgeError

# command -> "module:function"; imported only when that command runs (fast --help, no torch load)
HANDLERS = {
    "parse": "core.cli.ingest:cmd_parse",
    "analyze": "core.cli.jd:cmd_analyze",
    "schema": "core.cli.ingest:cmd_schema",
    "search": "core.cli.retrieval:cmd_search",
    "eval retrieval": "core.cli.retrieval:cmd_eval_retrieval",
    "eval pipeline": "core.cli.pipeline:cmd_eval_pipeline",
    "eval jd": "core.cli.jd:cmd_eval_jd",
    "eval skills": "core.cli.jd:cmd_eval_skills",
    "eval keywords": "core.cli.jd:cmd_eval_keywords",
    "eval audit": "core.cli.pipeline:cmd_eval_audit",
    "eval resumes": "core.cli.ingest:cmd_eval_resumes",
    "eval lines": "core.cli.reader:cmd_eval_lines",
    "run": "core.cli.pipeline:cmd_run",
    "audit": "core.cli.audit:cmd_audit",
    "diff": "core.cli.pipeline:cmd_diff",
    "models": "core.cli.llm:cmd_models",
    "cache clear": "core.cli.llm:cmd_cache_clear",
}


def add_completion_args(p: argparse.ArgumentParser) -> None:
    """What the user can supply when the fact resume lacks it (checked right after parsing)."""
    p.add_argument("--name", default="", help="your name, if the resume does not show it")
    p.add_argument("--email", default="", help="your email, if the resume does not show it")
    p.add_argument("--phone", default="", help="your phone, if the resume does not show it")
    p.add_argument("--no-education", action="store_true", help="there is no education to list")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="resumeforge",
        description="Tailor a resume to a job description without inventing anything.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("parse", help="fact resume -> JSON evidence cards")
    p.add_argument("resume", help="md, txt, html, tex, docx, odt, fodt, pdf or JSON Resume file")
    p.add_argument("--out", help="write here (atomically) instead of stdout")
    p.add_argument("--full", action="store_true", help="the whole parse: contact, roles, warnings")
    p.add_argument(
        "--structure",
        action="store_true",
        help="the roles and education read, with their lines: edit it, then run --structure",
    )
    add_completion_args(p)

    p = sub.add_parser("analyze", help="job description -> role profile, requirements, keywords")
    p.add_argument("jd", help="txt, md, docx, odt, fodt or pdf file")
    p.add_argument("--title", default="", help="target job title")
    p.add_argument("--out", help="write here (atomically) instead of stdout")

    p = sub.add_parser("schema", help="print the Blackboard JSON Schema")
    p.add_argument("--out", help="write here (atomically) instead of stdout")

    p = sub.add_parser("search", help="ranked evidence for a query")
    p.add_argument("query", nargs="?", default=None, help="what to look for (or use --queries)")
    p.add_argument("--resume", required=True, help="the fact resume to search")
    p.add_argument("--k", type=int, default=10, help="how many results (default: 10)")
    modes = [m.value for m in RetrievalMode]
    p.add_argument("--mode", default=RetrievalMode.HYBRID.value, choices=modes, help="ranking")
    p.add_argument("--queries", help="file with one query per line; prints one JSON list")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--workspace", help="workspace folder (default: under RESUMEFORGE_HOME)")

    ev = sub.add_parser("eval", help="score against labelled cases").add_subparsers(
        dest="eval_command", required=True, metavar="WHAT"
    )
    p = ev.add_parser("retrieval", help="recall@5/10, nDCG@5, MRR per mode")
    p.add_argument("--cases", required=True, help="folder of labelled cases (eval/dev)")
    p.add_argument("--k", type=int, default=5, help="cut-off of the ranking (default: 5)")
    p.add_argument("--modes", default="bm25,vector,hybrid", help="comma-separated modes")
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser("jd", help="requirement, priority, keyword, boilerplate and title scores")
    p.add_argument("--cases", required=True, help="eval/dev or eval/real folder")
    p.add_argument(
        "--labels",
        help="with --cases ../shared/corpus/postings: our offset labels "
        "(tests/corpus_labels/postings_dev.json)",
    )
    p.add_argument("--embedder", action="store_true", help="section roles by meaning too")
    p.add_argument(
        "--damaged",
        action="store_true",
        help="also re-read each ad with line breaks before capitals removed and all removed",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser(
        "keywords", help="ATS keyword lists against hand-judged keywords: share not searchable"
    )
    p.add_argument("--cases", required=True, help="the postings corpus folder")
    p.add_argument(
        "--judged",
        required=True,
        help="keyword judgements (tests/corpus_labels/keyword_judgements_dev.json)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser(
        "skills", help="span tagger (strict/loose span F1) and ATS keywords on SkillSpan data"
    )
    p.add_argument("--data", required=True, help="a SkillSpan JSON-lines file (skillspan/dev.json)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser("pipeline", help="gap detection, audit probes, produced-resume checks")
    p.add_argument(
        "--cases",
        required=True,
        help="labelled cases (eval/dev), or real pairs (eval/real: the exported files' checks)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser(
        "audit", help="truth audit: probes per type and split (eval/dev); false alarms (eval/real)"
    )
    p.add_argument("--cases", required=True, help="eval/dev (probes) or eval/real (real pairs)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser("resumes", help="roles, education, contact, junk and quotes in cards")
    p.add_argument("--cases", required=True, help="eval/real (labels/resumes.json) or eval/dev")
    p.add_argument(
        "--labels",
        help="a label file of our own for the files in --cases (tests/corpus_labels/dev.json; "
        "the line reader is trained on those documents' lines: their honest figures come from "
        "python -m tools.dev_twofold)",
    )
    p.add_argument(
        "--reader",
        choices=("rules", "learned", "auto"),
        default=None,
        help="which resume reader to score (default: the product's, IngestSettings.reader)",
    )
    p.add_argument("--json", action="store_true", help="print JSON")
    p = ev.add_parser(
        "lines", help="line reader: per-label P/R/F1, held out and left out by source"
    )
    p.add_argument(
        "--data",
        default="~/.cache/resumeforge/line_data/lines.jsonl",
        help="line data from `python -m tools.line_data.build`",
    )
    p.add_argument("--loso", action="store_true", help="also train and score each source left out")
    p.add_argument("--only", default=None, help="with --loso: only the sources whose name has this")
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("run", help="fact resume + JD -> tailored DOCX and audit JSON")
    p.add_argument(
        "--resume",
        required=True,
        help="your fact resume (md, txt, html, tex, docx, odt, fodt, pdf, JSON)",
    )
    p.add_argument(
        "--jd", required=True, help="the job description (txt, md, docx, odt, fodt or pdf)"
    )
    p.add_argument("--title", default="", help="target job title")
    p.add_argument("--answers", help='JSON file of gap answers: {"gap-r8": "…", "gap-r12": null}')
    p.add_argument("--template", default=None, help="classic (default), ats_plain or compact")
    p.add_argument("--model", default=None, help="litellm model string; omit for offline")
    p.add_argument("--api-base", default=None, help="OpenAI-compatible endpoint for --model")
    p.add_argument("--out", help="output folder (default: a new one under RESUMEFORGE_HOME/runs)")
    p.add_argument(
        "--structure",
        default=None,
        help="a corrected structure (from parse --structure): its roles, education and lines",
    )
    add_completion_args(p)
    p.add_argument(
        "--date-style",
        choices=("short", "long", "numeric", "year"),
        default=None,
        help="how every date is written: short 'Mar 2021' (default), long, numeric, year",
    )

    p = sub.add_parser("audit", help="truth-check bullets against the fact resume")
    p.add_argument("--resume", required=True, help="the fact resume the bullets must rest on")
    p.add_argument("--bullets", required=True, help="one bullet per line, or a JSON list")
    p.add_argument(
        "--role",
        default=None,
        help="place every line in this role (employer, 'Company — Title' or role id); "
        "default: the file's headings, else the role of each line's evidence",
    )
    p.add_argument("--json", action="store_true", help="print JSON")

    p = sub.add_parser("diff", help="what changed between two tailored runs")
    p.add_argument("run_a", help="folder of the earlier run")
    p.add_argument("run_b", help="folder of the later run")

    p = sub.add_parser("models", help="effective model settings and estimated cost per stage")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument(
        "--check", action="store_true", help="probe the endpoint: which output mode works"
    )
    p.add_argument("--model", default=None, help="model to check (default: llm.model)")
    p.add_argument("--api-base", default=None, help="endpoint to check (default: llm.api_base)")

    cache = sub.add_parser("cache", help="LLM response cache").add_subparsers(
        dest="cache_command", required=True, metavar="ACTION"
    )
    cache.add_parser("clear", help="delete every cached LLM response and embedding")
    return parser


def _handler(args: argparse.Namespace):
    key = args.command
    if key == "eval":
        key = f"eval {args.eval_command}"
    elif key == "cache":
        key = f"cache {args.cache_command}"
    module_name, func_name = HANDLERS[key].split(":")
    return getattr(importlib.import_module(module_name), func_name)


def main(argv: Sequence[str] | None = None) -> int:
    apply_process_defaults()  # the CLI is an entry point: offline defaults before any library
    args = build_parser().parse_args(argv)
    try:
        return int(_handler(args)(args) or 0)
    except ResumeForgeError as err:
        print(f"resumeforge: {err}", file=sys.stderr)
        return err.exit_code
    except KeyboardInterrupt:
        print("resumeforge: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
