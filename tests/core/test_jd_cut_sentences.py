"""A sentence of a job ad cut by a blank line (a Word paragraph per wrapped line, a soft break
copied as a paragraph) is read as one unit, as its text or Markdown copy is; lists stay apart."""

from __future__ import annotations

from pathlib import Path

import docx

from core.ingest import read_path
from core.jd import jd_file_settings
from core.jd.analyze import job_ad_text
from core.jd.requirements import unit_wholes
from core.jd.sections import split_sections

AD = """Field Technician, Northern Region

The details
This is a field role. Expect to visit four sites a week and to travel overnight about six times a
year for audits at our head office. Weekend call-outs happen, and so do some of
our night shifts. A valid driver's licence is needed for the van.

What you bring
- Three years of experience servicing commercial boilers
- A gas safety certificate
"""


def units(text: str) -> list[str]:
    sections = [s for s in split_sections(job_ad_text(text)) if s.kind != "header"]
    return [u for s in sections for u in unit_wholes(s)]


def test_a_sentence_cut_by_blank_lines_is_one_unit():
    cut = AD.replace("six times a\n", "six times a\n\n").replace("some of\n", "some of\n\n")
    whole = units(AD)
    assert units(cut) == whole
    expect = "Expect to visit four sites a week and to travel overnight about six times a year"
    assert f"{expect} for audits at our head office." in whole


def test_a_word_copy_with_a_paragraph_per_line_reads_the_same_units(tmp_path: Path):
    document = docx.Document()
    for line in AD.splitlines():
        if line.startswith("- "):
            document.add_paragraph(line[2:], style="List Bullet")
        elif line.strip():
            document.add_paragraph(line)
    path = tmp_path / "ad.docx"
    document.save(str(path))
    text = read_path(path, settings=jd_file_settings()).text
    assert "six times a\n\nyear" in text  # the copy does put a blank line inside the sentence
    assert units(text) == units(AD)


def test_short_lower_case_lines_and_ended_sentences_stay_apart():
    listed = "Data Clerk\n\nWhat you bring\n\nmap reading\n\nmemory recall\n\ndata entry\n"
    assert units(listed) == ["map reading", "memory recall", "data entry"]
    said = ["We build boilers for schools and hospitals.", "our vans are electric."]
    assert units("Data Clerk\n\nAbout us\n\n" + "\n\n".join(said)) == said
