"""Importing core changes nothing in the process; the entry points set the offline defaults."""

import json
import os
from pathlib import Path

from core.environment import DEFAULTS, apply_process_defaults
from tests.child import last_line, run_python

REPO = Path(__file__).resolve().parents[2]
NAMES = [*DEFAULTS, "TRANSFORMERS_OFFLINE"]


def _child(code: str, **extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in NAMES}
    env.update(PYTHONPATH=str(REPO), **extra)
    return json.loads(last_line(run_python(code, env=env, timeout=120)))


def test_importing_the_package_and_its_loaders_leaves_the_environment_alone():
    seen = _child(
        "import json, os\n"
        "before = dict(os.environ)\n"
        "import core, core.cli, core.retrieval.store, core.retrieval.embedder, core.llm.client\n"
        "print(json.dumps({k: v for k, v in os.environ.items() if before.get(k) != v}))"
    )
    assert seen == {}


def test_the_cli_entry_point_sets_the_offline_defaults():
    seen = _child(
        "import json, os\n"
        "from core.cli import main\n"
        "main(['schema', '--out', os.devnull])\n"
        f"print(json.dumps({{k: os.environ.get(k) for k in {NAMES!r}}}))"
    )
    assert seen == {**DEFAULTS, "TRANSFORMERS_OFFLINE": "1"}


def test_a_users_choice_wins_and_transformers_follows_the_hub_setting():
    env = {"HF_HUB_OFFLINE": "0", "LANCEDB_LOG": "debug"}
    apply_process_defaults(env)
    assert env["HF_HUB_OFFLINE"] == "0" and env["TRANSFORMERS_OFFLINE"] == "0"
    assert env["LANCEDB_LOG"] == "debug"
    assert env["LITELLM_LOCAL_MODEL_COST_MAP"] == "True"
