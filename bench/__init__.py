"""Benchmarks (`make bench`): synthetic corpora, timing, and the Markdown they write."""

from core.environment import apply_process_defaults

apply_process_defaults()  # benchmarks are entry points (python -m bench.…): offline defaults
