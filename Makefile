# One task runner. `make run` and `make test` do all set-up on a fresh machine.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
PORT    ?= 8501
export LITELLM_LOCAL_MODEL_COST_MAP := True
export LITELLM_MODE := PRODUCTION
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: install run test test-fast lint format typecheck bench eval audit-deps browser clean

$(STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# CPU torch first: otherwise pip resolves the multi-GB CUDA build.
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -c constraints.txt -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)

run: install
	$(BIN)/streamlit run streamlit_app.py --server.port $(PORT)

test: install browser lint typecheck
	$(BIN)/python -m pytest

test-fast: install
	$(BIN)/python -m pytest -m "not e2e and not slow" -x -q

lint: install
	$(BIN)/ruff check core pages tests streamlit_app.py
	$(BIN)/ruff format --check core pages tests streamlit_app.py

format: install
	$(BIN)/ruff format core pages tests streamlit_app.py
	$(BIN)/ruff check --fix core pages tests streamlit_app.py

typecheck: install
	$(BIN)/mypy

bench: install
	$(BIN)/python -m core.bench.retrieval_bench --out docs/BENCHMARKS.md
	$(BIN)/python -m core.bench.pipeline_bench --out docs/BENCHMARKS.md

eval: install
	$(BIN)/resumeforge eval retrieval --cases ../shared/eval/dev
	$(BIN)/resumeforge eval pipeline --cases ../shared/eval/dev

audit-deps: install
	$(BIN)/pip-audit --skip-editable

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
