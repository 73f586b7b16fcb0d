"""Job ads as published (HTML, entity-escaped HTML, Markdown, JSON, YAML, code strings) read as
clean text with their lists kept, and analysed into one requirement per list item."""

from __future__ import annotations

import html
import json
import re

import pytest

from core.jd import analyze_jd
from core.jd.analyze import job_ad_text
from core.text.published import read_published

TAG = re.compile(r"</?[a-z][a-z0-9]*\b[^<>]*>|&(?:[a-z]+|#\d+);", re.I)

# Written for these tests in the style of an applicant-tracking system's export.
HTML_AD = """<!DOCTYPE html>
<html><head><title>Maintenance Electrician | Careers</title>
<style>.job{color:#333}</style><script>window.dataLayer=[];</script></head>
<body><nav><a href="/">Home</a> | <a href="/jobs">All jobs</a></nav>
<div class="job"><h1>Maintenance Electrician (Nights)</h1>
<p>Riverside Foods makes chilled ready meals for UK supermarkets.<br>
We run three production lines around the clock.</p>
<h3>What you will do</h3>
<ul><li>Fault-find on conveyors, <b>PLC-controlled</b> packing machines and ovens</li>
<li>Carry out planned preventive maintenance to the schedule</li></ul>
<p><strong>What we need from you</strong></p>
<ul>
  <li>Time-served electrical apprenticeship with NVQ Level 3</li>
  <li>18th Edition wiring regulations
    <ul><li>Inspection &amp; testing (2391) an advantage</li></ul>
  </li>
  <li>Experience with Siemens S7 or Allen&#8209;Bradley PLCs</li>
  <li>Willing to work 4 on / 4 off nights</li>
</ul>
<p>Apply via <a href="https://example.org/apply">our careers site</a>.</p>
</div><footer>&copy; Riverside Foods</footer></body></html>
"""

MARKDOWN_AD = """---
title: Senior Bookkeeper
layout: job
permalink: /jobs/senior-bookkeeper/
---

# Senior Bookkeeper

We are a **family-run** accountancy practice in Norwich.

## Requirements

- AAT Level 3 or above
- 3+ years of bookkeeping for small businesses
- Confident with [Xero](https://www.xero.com) and QuickBooks
  and happy to learn Sage

## Nice to have

1. Payroll experience
2. Making Tax Digital VAT returns

<!-- internal note: budget approved -->
"""

YAML_AD = """title: Dental Nurse
location: Bristol
hours: Full time
description: |
  A busy NHS and private practice with six surgeries.
  We look after patients of all ages.
requirements:
  - GDC registration
  - Qualified dental nurse (NEBDN or equivalent)
  - Hepatitis B immunisation
nice_to_have:
  - Radiography certificate
benefits:
  - 28 days holiday
"""

PHP_AD = r"""<?php
$job_title = "Line Cook";
$job_text = "Line Cook - Harbour Kitchen\n\nWhat you'll need:<br>\n" .
    "- 2 years on a busy grill or saute section<br>\n" .
    "- Level 2 Food Hygiene certificate<br>\n" .
    "- Able to work evenings and weekends\n\n" .
    "We offer: staff meals and tips shared weekly.";
echo nl2br($job_text);
"""


def test_html_page_keeps_items_headings_and_link_words_and_drops_page_furniture():
    text = read_published(HTML_AD)
    assert text.fmt == "html"
    lines = text.text.splitlines()
    assert "Maintenance Electrician (Nights)" in lines
    assert "What we need from you" in lines
    assert "- Time-served electrical apprenticeship with NVQ Level 3" in lines
    assert "- Fault-find on conveyors, PLC-controlled packing machines and ovens" in lines
    assert "  - Inspection & testing (2391) an advantage" in lines  # nested, deeper
    assert "We run three production lines around the clock." in lines  # <br> breaks the line
    assert "Apply via our careers site." in lines
    for furniture in ("dataLayer", "color:", "All jobs", "Riverside Foods\n", "©", "| Careers"):
        assert furniture not in text.text
    assert not TAG.search(text.text)


def test_html_ad_gives_one_requirement_per_list_item_without_tags():
    requirements = [r.text for r in analyze_jd(HTML_AD).requirements]
    assert "Time-served electrical apprenticeship with NVQ Level 3" in requirements
    assert "18th Edition wiring regulations" in requirements
    assert any(r.startswith("Experience with Siemens S7") for r in requirements)
    assert not any(TAG.search(r) for r in requirements)


def test_entity_escaped_html_reads_as_the_html_it_escapes():
    escaped = html.escape(HTML_AD.split("<body>")[1])  # as a JSON-LD description stores it
    assert "&lt;li&gt;" in escaped
    assert job_ad_text(escaped) == job_ad_text(HTML_AD)
    requirements = [r.text for r in analyze_jd(escaped).requirements]
    assert len(requirements) >= 3 and not any(TAG.search(r) for r in requirements)


def test_zero_width_characters_and_entities_are_gone_whatever_the_format():
    ad = "<ul><li>Forklift\u200b licence &amp; CSCS card</li><li>Ma&shy;nual handling</li></ul>"
    assert job_ad_text(ad).splitlines() == ["- Forklift licence & CSCS card", "- Manual handling"]
    assert job_ad_text(html.escape(ad)) == job_ad_text(ad)


def test_markdown_with_front_matter_reads_as_its_text():
    text = read_published(MARKDOWN_AD)
    assert text.formats == ("yaml", "markdown")
    lines = text.text.splitlines()
    assert lines[0] == "Senior Bookkeeper"
    assert "We are a family-run accountancy practice in Norwich." in lines
    assert "- Confident with Xero and QuickBooks" in lines
    assert "  and happy to learn Sage" in lines  # the item's wrapped line stays in the item
    assert "1. Payroll experience" in lines
    for markup in ("**", "](", "permalink", "budget approved", "---"):
        assert markup not in text.text
    analysis = analyze_jd(MARKDOWN_AD)
    nice = [r.text for r in analysis.requirements if r.priority.value == "nice"]
    assert "Payroll experience" in nice
    assert any(r.text.startswith("AAT Level 3") for r in analysis.requirements)


def test_yaml_posting_reads_field_by_field():
    text = read_published(YAML_AD)
    assert text.fmt == "yaml"
    lines = text.text.splitlines()
    assert lines[0] == "Dental Nurse"
    assert "Location: Bristol" in lines
    assert lines[lines.index("Requirements") + 1] == "- GDC registration"
    assert lines[lines.index("Nice to have") + 1] == "- Radiography certificate"
    requirements = {r.text: r.priority.value for r in analyze_jd(YAML_AD).requirements}
    assert requirements.get("GDC registration") == "must"
    assert requirements.get("Radiography certificate") == "nice"


def test_json_posting_fields_hold_html_and_lists():
    posting = {
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": "Staff Nurse - Cardiology",
        "url": "https://jobs.example.org/123",
        "description": "<p>Our 28-bed ward treats acute cardiac patients.</p>"
        "<p><b>Essential</b></p><ul><li>NMC registration</li><li>IV drug administration"
        "</li><li>ECG interpretation</li></ul>",
        "qualifications": ["Adult nursing degree", "ALS certificate"],
        "baseSalary": {"value": 31500, "unitText": "YEAR"},
    }
    raw = json.dumps(posting)
    text = read_published(raw)
    assert text.formats == ("json", "html")
    lines = text.text.splitlines()
    assert lines[0] == "Staff Nurse - Cardiology"
    assert "- ECG interpretation" in lines and "- ALS certificate" in lines
    assert "Value: 31500" in lines
    assert "schema.org" not in text.text and "JobPosting" not in text.text
    requirements = [r.text for r in analyze_jd(raw).requirements]
    assert "NMC registration" in requirements and "ECG interpretation" in requirements


def test_text_inside_php_strings_reads_as_the_ad_it_holds():
    text = read_published(PHP_AD)
    assert text.fmt == "code"
    lines = text.text.splitlines()
    assert lines[0] == "Line Cook"  # the first string literal
    assert "- 2 years on a busy grill or saute section" in lines
    assert "We offer: staff meals and tips shared weekly." in lines
    for code in ("$job", "echo", "<br>", "\\n", '" .'):
        assert code not in text.text
    requirements = [r.text for r in analyze_jd(PHP_AD).requirements]
    assert "Level 2 Food Hygiene certificate" in requirements


def test_javascript_string_with_escaped_breaks():
    js = 'const ad = "Van Driver\\nRequirements:\\n- Full UK licence\\n- 1 year multi-drop";'
    assert read_published(js).text.splitlines() == [
        "Van Driver",
        "Requirements:",
        "- Full UK licence",
        "- 1 year multi-drop",
    ]


@pytest.mark.parametrize(
    "plain",
    [
        "Cashier\nWe need:\n- cash handling\n- under 5 years? <5 is fine\nDon't worry: we train.",
        "Location: Leeds\nSalary: £24,000\n\nWe need a welder with 3 years' MIG experience.",
        'He said "use \\n for a new line" in the brief.\nRequirements:\n- Python',
        "Requirements\n* Excel\n* SAP\n\nBenefits\n* Pension",
    ],
)
def test_plain_text_is_left_as_written(plain):
    assert read_published(plain).text == plain
    assert read_published(plain).formats == ()


def test_markdown_with_inline_html_keeps_its_markdown_lists_and_headings():
    ad = (
        '## Key objectives\n\n<div class="spacer"><p><br></p></div>\n\n'
        "- Lead <em>discovery</em> with partner agencies\n- Write plain-language content\n\n"
        "### Qualifications\n\n* One year of specialised experience\n"
    )
    text = read_published(ad)
    assert text.fmt == "markdown"
    assert text.text.splitlines() == [
        "Key objectives",
        "",
        "- Lead discovery with partner agencies",
        "- Write plain-language content",
        "",
        "Qualifications",
        "",
        "- One year of specialised experience",
    ]


@pytest.mark.parametrize(
    "hostile",
    [
        "[" * 5000 + "]" * 5000,  # deeper than json or Python's stack can follow
        '{"a":' * 3000 + "1" + "}" * 3000,
        "a: &a ['x x', 'x x']\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e]\n",
        "<div>" * 3000 + "Welder wanted" + "</div>" * 3000,
    ],
)
def test_hostile_nesting_is_read_without_failing(hostile):
    text = read_published(hostile)
    assert len(text.text) <= 2 * len(hostile) + 300  # an alias bomb is not expanded without bound
