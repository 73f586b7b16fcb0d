"""The line reader's heading features: a heading the synonym table knows gives its kind and opens
a section for the lines below; the same words in a line that ends as a sentence does name none."""

from __future__ import annotations

import pytest

from core.reader.features import sequence_features
from core.reader.lines import Line


def _features(texts: list[str]) -> list[dict[str, str | float]]:
    return sequence_features([Line(text=t) for t in texts])[1]


@pytest.mark.parametrize("heading", ["Studies", "ACADEMIC HISTORY", "Formal Education", "Diplomas"])
def test_an_education_heading_opens_an_education_section(heading):
    f = _features([heading, "B.S. in Biology, Lakeside University, 2014"])
    assert f[0]["hk"] == "education"
    assert f[1]["sec"] == "education"


@pytest.mark.parametrize(
    "fragment", ["in safety toxicology studies.", "across three clinical studies,", "work history;"]
)
def test_heading_words_ending_a_sentence_open_no_section(fragment):
    f = _features(
        [
            "Experience",
            "Led the design of a dosing protocol used",
            fragment,
            "Research Scientist, Harbor Labs, 2015 - 2019",
        ]
    )
    assert f[2]["hk"] == "none"
    assert f[3]["sec"] == f[1]["sec"] != "education"  # still under Experience
