"""Build core/data/common_words.tsv from wordfreq: `python -m tools.build_common_words`.

A development tool, not part of the installed package. The analyser needs only how common a
short list of English words is (`core.jd.rarity`), so the words of Zipf frequency >= 4.0 (about
once in 100,000 words or more often) are written once with their Zipf value, one decimal. The
runtime then loads ~8k lines instead of importing wordfreq and its 60 MB of data (0.7 s cold).
Data licence: CC BY-SA 4.0 (wordfreq's data files), see core/data/ATTRIBUTION.md.
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "core" / "data" / "common_words.tsv"
FLOOR = 4.0
HEADER = (
    "# English words of Zipf frequency >= 4.0 and their Zipf value (wordfreq 3.1.1, 'en', "
    "CC BY-SA 4.0;\n# see ATTRIBUTION.md). Built by tools/build_common_words.py; do not edit.\n"
)


def build() -> str:
    from wordfreq import top_n_list, zipf_frequency

    rows = []
    for word in top_n_list("en", 40000):
        zipf = zipf_frequency(word, "en")
        if zipf >= FLOOR and word.isprintable() and "\t" not in word:
            rows.append(f"{word}\t{zipf:.1f}")
    return HEADER + "\n".join(sorted(set(rows))) + "\n"


if __name__ == "__main__":
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {OUT}")
