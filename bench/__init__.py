"""Benchmarks (`make bench`): synthetic corpora, timing, and the Markdown they write."""
