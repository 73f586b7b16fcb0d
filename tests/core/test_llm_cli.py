"""`resumeforge models` and `resumeforge cache clear`."""

from __future__ import annotations

import json

import pytest

from core.cli import main
from core.llm.accounting import estimate_stage_cost
from core.llm.cache import ResponseCache
from core.settings import get_settings


@pytest.fixture
def configured(monkeypatch):
    monkeypatch.setenv("RESUMEFORGE_LLM__MODEL", "openai/gpt-4o-mini")
    monkeypatch.setenv("RESUMEFORGE_LLM__STAGES__WRITER__MODEL", "openai/test-local")
    monkeypatch.setenv("RESUMEFORGE_LLM__STAGES__WRITER__TEMPERATURE", "0.6")
    monkeypatch.setenv("RESUMEFORGE_LLM__FALLBACKS", '["deepseek/deepseek-chat"]')
    get_settings.cache_clear()


def test_models_json_shows_effective_settings_and_costs(configured, capsys):
    assert main(["models", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    rows = {row["stage"]: row for row in table["stages"]}
    assert table["engine"] == "llm" and table["fallbacks"] == ["deepseek/deepseek-chat"]
    assert (
        rows["jd_analyst"]["model"] == "openai/gpt-4o-mini" and not rows["jd_analyst"]["overridden"]
    )
    assert rows["jd_analyst"]["mode"] == "tools"
    assert rows["writer"]["model"] == "openai/test-local" and rows["writer"]["overridden"]
    assert rows["writer"]["temperature"] == 0.6 and rows["writer"]["mode"] == "json"
    assert rows["repair"]["temperature"] == 0.0
    assert rows["writer"]["est_cost_usd"] is None  # not in the price map
    expected = estimate_stage_cost("openai/gpt-4o-mini", "jd_analyst")
    assert expected and rows["jd_analyst"]["est_cost_usd"] == pytest.approx(expected, rel=1e-3)
    assert table["est_total_usd"] is None  # one stage's price is unknown


def test_models_text_table(configured, capsys):
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert "openai/test-local *" in out and "unknown" in out and "deepseek/deepseek-chat" in out


def test_models_offline(capsys):
    assert main(["models"]) == 0
    assert "offline" in capsys.readouterr().out
    assert main(["models", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "offline"


def test_cache_clear(private_home, capsys):
    cache = ResponseCache(get_settings().cache_dir / "llm")
    cache.set("k", model="m", value={"bullet": "x"})
    cache.close()
    assert main(["cache", "clear"]) == 0
    assert "cleared 1 cached LLM response" in capsys.readouterr().out
    assert list(get_settings().cache_dir.iterdir()) == []
