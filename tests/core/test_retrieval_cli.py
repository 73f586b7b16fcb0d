"""`resumeforge search` and `resumeforge eval retrieval`, run through the real CLI entry point."""

import json

import pytest

from core.cli import main
from core.evaluation.retrieval_eval import RetrievalEvalReport, format_report

RESUME = """# Jane Doe
jane@example.com

## Experience

### Acme — Platform Engineer
*2019 – 2023*

- Built automated build and release pipelines with GitHub Actions for 40 services.
- Ran quarterly game days in staging where we deliberately broke our own dependencies.
- Migrated 9 services to Kubernetes on Amazon EKS.
"""


@pytest.fixture
def resume(tmp_path):
    path = tmp_path / "fact.md"
    path.write_text(RESUME)
    return path


def test_empty_query_exits_2_with_a_message(resume, capsys):
    assert main(["search", "--resume", str(resume), "   "]) == 2
    assert "query is empty" in capsys.readouterr().err


def test_missing_resume_and_bad_options_exit_2(tmp_path, resume, capsys):
    assert main(["search", "--resume", str(tmp_path / "nope.md"), "CI/CD"]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["search", "--resume", str(resume), "CI/CD", "--k", "0"]) == 2
    queries = tmp_path / "q.txt"
    queries.write_text("\n  \n")
    assert main(["search", "--resume", str(resume), "--queries", str(queries)]) == 2
    assert "no queries" in capsys.readouterr().err


@pytest.mark.slow
def test_eval_with_a_missing_folder_or_unknown_mode_exits_2(tmp_path, eval_dir, capsys):
    assert main(["eval", "retrieval", "--cases", str(tmp_path / "none")]) == 2
    assert main(["eval", "retrieval", "--cases", str(tmp_path)]) == 2
    assert "No labelled cases" in capsys.readouterr().err
    assert main(["eval", "retrieval", "--cases", str(eval_dir), "--modes", "bm25,telepathy"]) == 2
    assert "telepathy" in capsys.readouterr().err


@pytest.mark.slow
def test_search_prints_ranked_evidence_with_role_and_scores(resume, capsys):
    assert main(["search", "--resume", str(resume), "CI/CD pipelines", "--k", "2"]) == 0
    out = capsys.readouterr().out
    assert "mode:  hybrid" in out
    first = out.split(" 1. ", 1)[1]
    assert "build and release pipelines" in first.split(" 2. ")[0]
    assert "Platform Engineer" in first and "bm25" in first and "vector" in first


@pytest.mark.slow
def test_search_json_and_reuse_of_the_workspace_index(resume, capsys, private_home):
    assert main(["search", "--resume", str(resume), "Kubernetes", "--json", "--k", "1"]) == 0
    ranking = json.loads(capsys.readouterr().out)
    assert ranking["mode"] == "hybrid" and ranking["results"][0]["text"].startswith("Migrated")
    workspaces = list((private_home / "workspaces").iterdir())
    assert len(workspaces) == 1 and workspaces[0].name.startswith("cli-")
    table = workspaces[0] / "index" / "evidence.lance"
    assert table.is_dir()
    stored = sorted((p.relative_to(table), p.stat().st_mtime_ns) for p in table.rglob("*"))
    assert main(["search", "--resume", str(resume), "game days", "--mode", "bm25", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["mode"] == "bm25"
    # The same resume again: the stored index is reused as it is, not rebuilt.
    assert sorted((p.relative_to(table), p.stat().st_mtime_ns) for p in table.rglob("*")) == stored


@pytest.mark.slow
def test_queries_file_on_every_dev_case(eval_dir, eval_cases, tmp_path, capsys):
    from core.ingest import parse_resume

    for case in eval_cases:
        labels = json.loads((case / "labels.json").read_text(encoding="utf-8"))
        queries = tmp_path / f"{case.name}.txt"
        queries.write_text("\n".join(r["text"] for r in labels["requirements"]) + "\n")
        resume = case / "fact_resume.md"
        args = ["search", "--resume", str(resume), "--queries", str(queries), "--k", "5"]
        assert main(args) == 0, case.name
        rankings = json.loads(capsys.readouterr().out)
        assert len(rankings) == len(labels["requirements"])
        cards = {c.id: c for c in parse_resume(resume.read_bytes(), resume.name).cards}
        for ranking in rankings:
            assert ranking["mode"] == "hybrid" and len(ranking["results"]) == 5
            for hit in ranking["results"]:
                assert hit["card_id"] in cards and hit["text"] in cards[hit["card_id"]].raw_text


@pytest.mark.slow
def test_queries_file_prints_one_json_list(resume, tmp_path, capsys):
    queries = tmp_path / "queries.txt"
    queries.write_text("CI/CD\n\nchaos engineering\nKubernetes\n")
    assert main(["search", "--resume", str(resume), "--queries", str(queries), "--k", "1"]) == 0
    rankings = json.loads(capsys.readouterr().out)
    assert [r["query"] for r in rankings] == ["CI/CD", "chaos engineering", "Kubernetes"]
    assert all(r["mode"] == "hybrid" for r in rankings)
    assert "game days" in rankings[1]["results"][0]["text"]
    assert set(rankings[0]["results"][0]["scores"]) >= {"bm25", "vector", "rrf"}


@pytest.mark.slow
def test_eval_retrieval_scores_every_dev_case_per_mode(eval_dir, eval_cases, capsys):
    assert main(["eval", "retrieval", "--cases", str(eval_dir), "--json"]) == 0
    report = RetrievalEvalReport.model_validate_json(capsys.readouterr().out)
    assert [c.case for c in report.cases] == [p.name for p in eval_cases]
    assert report.modes == ["bm25", "vector", "hybrid"]
    for mode, summary in report.overall.items():
        assert summary.ran == [mode]  # the model loaded: nothing fell back
        assert summary.requirements == sum(c.summaries[mode].requirements for c in report.cases)
        assert 0.0 <= summary.ndcg <= 1.0 and 0.0 <= summary.mrr <= 1.0
    # Every labelled quote is in a card, but for 5 the parser splits across cards in three of
    # the new dev cases (dev-05, dev-08, dev-11: an ingest matter, reported by the eval).
    assert sum(len(c.unlocated_quotes) for c in report.cases) <= 5
    overall = report.overall
    assert overall["hybrid"].ndcg > max(overall["bm25"].ndcg, overall["vector"].ndcg)
    targets = report.targets
    assert targets is not None and targets.terminology_met
    # The target is hybrid nDCG@5 >= 1.10x the better single retriever, gated on the tuning
    # cases, the only ones anything may be chosen on (core/evaluation/splits.py): 1.13x there
    # (0.652 / BM25 0.576). The held-back pair is scored and reported beside them, never a gate:
    # a gate on it would choose on it. All 11: 1.11x on main of 2026-11-26, 1.098x since the
    # sidebar reading of 2026-12-01 (docs/EVALUATION.md). Floors: what is measured.
    assert {"tuning", "held-back"} <= report.by_split.keys()
    tuning = report.by_split["tuning"]
    tuning_lift = tuning["hybrid"].ndcg / max(tuning["bm25"].ndcg, tuning["vector"].ndcg)
    assert tuning_lift >= 1.10, tuning
    assert overall["hybrid"].ndcg >= 0.62, overall["hybrid"]
    assert targets.lift == pytest.approx(
        overall["hybrid"].ndcg / max(overall["bm25"].ndcg, overall["vector"].ndcg), abs=1e-3
    )
    table = format_report(report)
    assert "overall" in table and "nDCG@5" in table and "term-gap@5" in table
