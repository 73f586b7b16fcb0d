"""Job-ad titles: stated ones read exactly (labels whose value runs into the next field, a
header title outside the role-noun list), others chosen by the learned candidate model.
Hand-written ads of wordings no rule names."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from core.jd import analyze_jd
from core.jd.title_candidates import hiring_cue, modifier_kind, singular
from core.jd.title_model import MANIFEST_FILE, MODEL_FILE
from core.resources import package_dir
from tests.conftest import needs_shared
from tests.model_rebuild import assert_rebuilds_shipped

DATA = package_dir("data")
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings"

REQUIREMENTS = "Requirements\n- Three years of relevant experience\n- A driving licence\n"


def test_a_label_run_into_the_next_field_gives_its_value() -> None:
    """Line breaks lost in a scrape: 'Position: …CoordinatorLocation: RemoteType: …'."""
    ad = (
        "Position: Community Outreach CoordinatorLocation: RemoteType: Full-time\n"
        "We run food banks across three counties.\n" + REQUIREMENTS
    )
    assert analyze_jd(ad).target_title == "Community Outreach Coordinator"


def test_a_role_label_value_stops_at_the_next_field() -> None:
    """A title label's value names no role noun (a technology) and the location follows."""
    ad = (
        "Role – Salesforce CPQ Location: Austin, TX (Hybrid)\n"
        "Job Description: Configure quoting rules and pricing for the sales team.\n" + REQUIREMENTS
    )
    assert analyze_jd(ad).target_title == "Salesforce CPQ"


def test_a_header_title_outside_the_role_nouns_is_taken() -> None:
    """'Sommelier' is in no role-noun list: the model reads the first header segment, named
    again in the ad, before a place."""
    ad = (
        "Sommelier - Lakeview, OR\n"
        "We are searching for a Senior Sommelier to run our wine programme. The Senior "
        "Sommelier builds the list and trains the floor staff.\n" + REQUIREMENTS
    )
    assert analyze_jd(ad).target_title == "Sommelier"


def test_a_plural_role_names_one_post() -> None:
    ad = (
        "We run four garden centres across the valley. Our Plant Care Assistants keep the "
        "greenhouses watered and help customers choose plants. Plant Care Assistants work "
        "weekend shifts.\n" + REQUIREMENTS
    )
    assert analyze_jd(ad).target_title == "Plant Care Assistant"


def test_singular_leaves_other_words_alone() -> None:
    assert singular("Retail Assistants") == "Retail Assistant"
    assert singular("Kitchen Porters", frozenset({"porter"})) == "Kitchen Porter"
    assert singular("Head of Sales") == "Head of Sales"
    assert singular("Business Analyst") == "Business Analyst"


def test_a_level_mark_after_the_role_stays_in_the_title() -> None:
    ad = "JOB POSTING: Logistics Coordinator III\nRequisition: LC-881\n" + REQUIREMENTS
    assert analyze_jd(ad).target_title == "Logistics Coordinator III"


def test_shipped_model_matches_its_manifest_and_holds_only_words() -> None:
    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    model_bytes = (DATA / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model_bytes).hexdigest() == manifest["model_sha256"]
    assert len(model_bytes) < 200_000
    model = json.loads(model_bytes)
    assert all(h.isalpha() and h.islower() for h in model["heads"])
    assert all(w.isalpha() and w.islower() for w in model["title_words"])


def test_words_before_the_head_are_title_words_or_not() -> None:
    words = frozenset({"business", "support"})
    assert modifier_kind(["Business", "Support", "Administrator"], frozenset(), words) == "known"
    assert modifier_kind(["experienced", "administrator"], frozenset(), words) == "other"
    assert modifier_kind(["Administrator"], frozenset(), words) == "none"


def test_a_colleague_role_is_not_the_one_the_ad_looks_for() -> None:
    text = "We are looking for a keen gardener to work beside our Estate Manager."
    assert hiring_cue(["gardeners"], text, frozenset({"gardener"})) == "same"
    assert hiring_cue(["Estate", "Manager"], text, frozenset({"gardener"})) == "other"
    assert hiring_cue(["Estate", "Manager"], "Our Estate Manager retires.", frozenset()) == "none"


@pytest.mark.slow  # trains the model again (about a minute)
@needs_shared
def test_make_train_rebuilds_the_shipped_model(tmp_path: Path) -> None:
    recipe = ["-m", "tools.train_jd_titles", "--corpus", str(CORPUS)]
    assert_rebuilds_shipped(recipe, tmp_path, MODEL_FILE, MANIFEST_FILE)
