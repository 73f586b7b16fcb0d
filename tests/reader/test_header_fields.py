"""The role-header field tagger: the shipped model is the one its manifest names and the
trainer rebuilds, and it splits header lines of any order into title, employer and place."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest

from core.reader.header_fields import MANIFEST_FILE, MODEL_FILE, split_header
from core.resources import package_dir
from tests.conftest import needs_shared

# written for this test: occupations and layouts of every kind, none from the training data
HEADERS = [
    (
        "Charge Nurse at St. Mary's Medical Center (2019 - Present)",
        "Charge Nurse",
        "St. Mary's Medical Center",
    ),
    (
        "RIVERSIDE ELEMENTARY SCHOOL | Third Grade Teacher | Aug 2018 - Present",
        "Third Grade Teacher",
        "RIVERSIDE ELEMENTARY SCHOOL",
    ),
    (
        "2016 - 2019   Staff Accountant, Ledger & Co",
        "Staff Accountant",
        "Ledger & Co",
    ),
    (
        "Northwind Traders, Inside Sales Representative      Jan 2020 – Mar 2022",
        "Inside Sales Representative",
        "Northwind Traders",
    ),
    (
        "Warehouse Associate, Amazon Fulfillment Center, Kent, WA",
        "Warehouse Associate",
        "Amazon Fulfillment Center",
    ),
    (
        "Paralegal — Baker & Lowe LLP — 05/2017 – 08/2021",
        "Paralegal",
        "Baker & Lowe LLP",
    ),
]


def test_the_shipped_model_is_the_one_its_manifest_names():
    manifest = json.loads((package_dir("data") / MANIFEST_FILE).read_text(encoding="utf-8"))
    model = (package_dir("data") / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model).hexdigest() == manifest["sha256"]
    assert len(model) < 20 * 1024 * 1024
    assert manifest["scores"]["people_left_out"]["title"] >= 0.8


def test_header_lines_of_any_order_are_split_into_their_fields():
    right = [
        (f.title, f.employer) == (title, employer)
        for f, title, employer in ((split_header(line), t, e) for line, t, e in HEADERS)
    ]
    assert sum(right) >= len(HEADERS) - 1, [split_header(line) for line, _, _ in HEADERS]
    assert split_header("Warehouse Associate, Amazon Fulfillment Center, Kent, WA").place == (
        "Kent, WA"
    )


@pytest.mark.slow
@needs_shared
def test_the_trainer_rebuilds_the_shipped_model_byte_for_byte(tmp_path):
    shipped = (package_dir("data") / MODEL_FILE).read_bytes()
    subprocess.run([sys.executable, "-m", "tools.train_header_fields"], check=True)
    assert (package_dir("data") / MODEL_FILE).read_bytes() == shipped
