"""Boilerplate by meaning, sentence by sentence (core/jd/sentence_roles.py), with the real
embedding model the retrieval stage loads; ads written here."""

from __future__ import annotations

import numpy as np
import pytest

from core.jd import analyze_jd
from core.jd.sentence_roles import MIN_MARGIN, boilerplate_by_meaning, prototypes

AD = (
    "Warehouse Lead\nNorthwind Supply\n\nRequirements\n"
    "- Forklift certification\n"
    "- 2+ years leading a warehouse shift\n"
    "- Comfortable with handheld scanners and a warehouse management system\n"
    "- The company started out in 1998 and today ships to forty countries\n"
    "- Team members enjoy catered lunches on Fridays and a yearly team retreat\n"
)


def texts(analysis) -> list[str]:
    return [r.text for r in analysis.requirements]


@pytest.fixture
def rules_only(monkeypatch):
    """The reader without its learned unit roles (core.jd.unit_roles): what the embedding model
    adds is shown against the rules alone."""
    import core.jd.analyze as analyze

    monkeypatch.setattr(analyze, "learned_asks", lambda sections, *_: frozenset())
    monkeypatch.setattr(analyze, "drop_wrapper_units", lambda candidates, scores=None: candidates)


def test_about_us_and_perk_lines_in_a_requirements_list_are_dropped_by_meaning(
    embedder, rules_only
):
    plain = texts(analyze_jd(AD))
    assert any("started out in 1998" in t for t in plain)  # no heading or phrase rule catches them
    assert any("catered lunches" in t for t in plain)
    read = texts(analyze_jd(AD, embedder=embedder))
    assert not any("started out in 1998" in t or "catered lunches" in t for t in read)
    assert read == [t for t in plain if "started out" not in t and "catered" not in t]


def test_a_sentence_whose_wording_asks_is_never_dropped(embedder):
    asks = [
        "Experience with accessibility research for users with disabilities",  # EEO-ish words
        "Benefits administration experience required",
        "Knowledge of our retirement plan products is a plus",
    ]
    assert boilerplate_by_meaning(asks, embedder=embedder) == [False, False, False]


def test_plain_asks_without_cue_words_stay_and_wrapper_text_goes(embedder):
    lines = [
        "Valid driver's licence and a clean driving record",
        "Excellent organisational skills",
        "Send your CV and a short cover letter to the hiring team by Friday",
        "Medical, dental and vision cover from your first day, plus a matched pension",
    ]
    assert boilerplate_by_meaning(lines, embedder=embedder) == [False, False, True, True]


def test_without_a_model_nothing_is_dropped():
    lines = ["Send your CV to the hiring team", "Forklift certification"]
    assert boilerplate_by_meaning(lines, embedder=None) == [False, False]


def test_prototypes_are_data_with_both_sides():
    asks, wrapper = prototypes()
    assert len(asks) >= 5 and len(wrapper) >= 5
    assert not set(asks) & set(wrapper)
    assert 0 < MIN_MARGIN < 0.5


QUALIFICATIONS = [
    "Food handler card",
    "Knife skills and speed on a busy line",
    "Calm under pressure and a good team player",
    "Comfortable around a flat-top grill and fryers",
]
UNKNOWN_HEADING = (
    "Line Cook\nHarbor Grill\n\nWhat you will do\n- Prep vegetables and sauces before service\n"
    "- Run the grill station\n\nThe Ingredients\n- Food handler card\n"
    "- Knife skills and speed on a busy line\n- Calm under pressure and a good team player\n"
    "- Comfortable around a flat-top grill and fryers\n\n"
    "The Kitchen\nWe serve 300 covers a night from an open kitchen.\n"
)


def test_a_list_under_an_unknown_heading_that_reads_as_qualifications_is_the_requirements(
    embedder,
):
    plain = analyze_jd(UNKNOWN_HEADING)
    # no heading or cue word says these are asked: only what the unit-role model reads alone
    assert set(texts(plain)) < set(QUALIFICATIONS)
    read = analyze_jd(UNKNOWN_HEADING, embedder=embedder)
    kinds = {s.heading: s.kind for s in read.sections}
    assert kinds["The Ingredients"] == "requirements"
    assert kinds["What you will do"] == "responsibilities"  # a duty list stays duties
    assert texts(read) == QUALIFICATIONS


def test_a_qualification_item_left_under_about_is_read_by_meaning_prose_there_is_not(
    embedder, rules_only
):
    ad = (
        "Warehouse Associate\nNorthwind Supply\n\nAbout the role\n"
        "Our site ships 5,000 orders a day from a new building.\n"
        "- Forklift certification\n- Basic computer skills for handheld scanners\n\n"
        "Requirements\n- 1+ years of warehouse experience\n"
    )
    plain = texts(analyze_jd(ad))
    read = texts(analyze_jd(ad, embedder=embedder))
    assert "Basic computer skills for handheld scanners" not in plain
    assert "Basic computer skills for handheld scanners" in read
    assert not any("orders a day" in t for t in read)
    assert set(plain) <= set(read)


def test_duty_items_and_cued_items_are_not_encoded(embedder):
    from core.jd.sections import split_sections
    from core.jd.sentence_roles import qualification_items

    seen: list[str] = []

    class Counting:
        name = "counting:" + embedder.name
        dim = embedder.dim

        def encode(self, texts):
            seen.extend(texts)
            return embedder.encode(texts)

    sections = split_sections(
        "Site Lead\n\nAbout the role\n- Prepare monthly safety reports\n"
        "- 3+ years of site experience\n- Basic computer skills for handheld scanners\n"
    )
    found = qualification_items(sections, embedder=Counting())
    assert "Basic computer skills for handheld scanners" in found
    assert "Basic computer skills for handheld scanners" in seen
    assert "Prepare monthly safety reports" not in seen  # a duty by its opening verb
    assert "3+ years of site experience" not in seen  # cued: taken without the model


def _recording(embedder, *, name: str, fail: bool = False):
    """The real model behind a new name (so its prototype vectors are not computed yet),
    recording which thread asks for what, and failing on the warm-up thread when `fail`."""
    import threading

    calls: list[tuple[str, int]] = []

    class Recording:
        dim = embedder.dim

        def encode(self, texts):
            thread = threading.current_thread().name
            calls.append((thread, len(texts)))
            if fail and thread == "jd-warm-up":
                raise RuntimeError("the model broke")
            return embedder.encode(texts)

    Recording.name = name
    return Recording(), calls


def test_prototype_vectors_warmed_up_in_the_background_are_the_ones_the_stage_uses(embedder):
    from core.jd.sentence_roles import prototype_matrices
    from core.jd.warm_up import warm_up

    warmed, calls = _recording(embedder, name="warm-up-test:" + embedder.name)
    warm_up(warmed).join()  # (a stage that starts meanwhile waits for it: one lock)
    read = texts(analyze_jd(AD, embedder=warmed))
    plain, _ = _recording(embedder, name="plain-test:" + embedder.name)
    assert read == texts(analyze_jd(AD, embedder=plain))
    assert np.array_equal(prototype_matrices(warmed)[0], prototype_matrices(plain)[0])
    prototype_rows = sum(n for thread_name, n in calls if thread_name == "jd-warm-up")
    assert prototype_rows == len(prototypes()[0]) + len(prototypes()[1])  # computed once, there
    assert warm_up(None) is None


def test_a_failed_warm_up_leaves_the_stage_to_compute_the_vectors_itself(embedder):
    from core.jd.warm_up import warm_up

    flaky, calls = _recording(embedder, name="flaky-test:" + embedder.name, fail=True)
    warm_up(flaky).join()
    plain, _ = _recording(embedder, name="plain-test-2:" + embedder.name)
    assert texts(analyze_jd(AD, embedder=flaky)) == texts(analyze_jd(AD, embedder=plain))
    assert any(name != "jd-warm-up" and n for name, n in calls)  # computed on this thread
