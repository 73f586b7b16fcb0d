"""Settings come from the environment (RESUMEFORGE_…, nested with __) over a TOML file
(RESUMEFORGE_CONFIG, else ./resumeforge.toml) over defaults; keys are never settings."""

from __future__ import annotations

from core.settings import Settings

CONFIG = """
max_pages = 1
[llm]
model = "ollama/llama3.1"
api_base = "http://127.0.0.1:11434"
timeout_s = 30
api_key = "sk-should-never-be-read"
[llm.stages.writer]
model = "openai/gpt-4o-mini"
temperature = 0.4
[retrieval]
default_mode = "bm25"
"""


def test_a_config_file_named_by_resumeforge_config_is_read(tmp_path, monkeypatch):
    config = tmp_path / "elsewhere.toml"
    config.write_text(CONFIG)
    monkeypatch.setenv("RESUMEFORGE_CONFIG", str(config))
    settings = Settings()
    assert settings.max_pages == 1
    assert settings.llm.model == "ollama/llama3.1"
    assert settings.llm.api_base == "http://127.0.0.1:11434"
    assert settings.llm.timeout_s == 30
    assert settings.llm.stages["writer"].model == "openai/gpt-4o-mini"
    assert settings.llm.stages["writer"].temperature == 0.4
    assert settings.retrieval.default_mode == "bm25"
    assert "sk-should-never-be-read" not in settings.model_dump_json()


def test_the_environment_wins_over_the_file_and_the_file_over_defaults(tmp_path, monkeypatch):
    (tmp_path / "resumeforge.toml").write_text(CONFIG)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RESUMEFORGE_CONFIG", raising=False)
    monkeypatch.setenv("RESUMEFORGE_LLM__MODEL", "groq/llama-3.1-8b-instant")
    settings = Settings()
    assert settings.llm.model == "groq/llama-3.1-8b-instant"  # environment
    assert settings.max_pages == 1  # file
    assert settings.max_retries == 3  # default


def test_without_a_config_file_the_defaults_hold(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RESUMEFORGE_CONFIG", raising=False)
    settings = Settings()
    assert settings.llm.model is None or settings.llm.model == ""
    assert settings.max_pages == 2 and settings.retrieval.default_mode == "hybrid"


def test_temp_home_is_private(tmp_path, monkeypatch):
    import stat
    import tempfile

    from core.settings import temp_home

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    home = temp_home()
    assert home == tmp_path / "resumeforge"
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


def test_temp_home_never_uses_a_dir_others_can_write_or_a_symlink(tmp_path, monkeypatch):
    """A world-writable TMPDIR/resumeforge (e.g. made first by another account) or a symlink
    planted there is not used as the home: the per-user name is, and it is private."""
    import os
    import stat
    import tempfile

    from core.settings import temp_home

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    shared = tmp_path / "resumeforge"
    shared.mkdir()
    shared.chmod(0o777)
    home = temp_home()
    assert home == tmp_path / f"resumeforge-{os.getuid()}"
    assert stat.S_IMODE(home.stat().st_mode) == 0o700

    shared.rmdir()
    target = tmp_path / "elsewhere"
    target.mkdir(mode=0o700)
    shared.symlink_to(target)
    assert temp_home() == tmp_path / f"resumeforge-{os.getuid()}"
