"""The learned unit-role model of job ads (core/jd/unit_roles.py) and its use by `analyze_jd`.

The ads here are synthetic, written for these tests; the corpus the model was trained on is read
only to check that the shipped file carries none of its e-mail addresses.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from core.jd.analyze import analyze_jd
from core.jd.requirements import extract_candidates, in_employer_voice
from core.jd.sections import split_sections
from core.jd.unit_roles import (
    ASK_MIN,
    MANIFEST_FILE,
    MODEL_FILE,
    ROLES,
    AdUnitRoles,
    _vocabulary,
    drop_wrapper_units,
    learned_asks,
    unit_features,
    unit_roles_model,
)
from core.resources import package_dir
from core.text.meaning_vectors import DIM, SOURCE, meaning_vectors
from tests.conftest import needs_shared
from tests.model_rebuild import assert_holds_no_corpus_email, assert_rebuilds_shipped

DATA = package_dir("data")
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "postings" / "postings.jsonl"
PLACEHOLDERS = {"<num>", "<money>", "<word>"}


def _role(text: str) -> str:
    return ROLES[int(unit_roles_model().roles([text])[0].argmax())]


@pytest.mark.parametrize(
    ("text", "role"),
    [
        ("At least three years of experience in commercial bookkeeping", "requirement"),
        ("A valid forklift licence and knowledge of stock control systems", "requirement"),
        ("Prepare weekly reports and coordinate the delivery schedule", "duty"),
        ("Generous pension scheme, 25 days annual leave and a cycle to work scheme", "benefit"),
        ("Founded in 1998, we are a family-run business serving the whole county", "company"),
    ],
)
def test_units_read_by_their_own_words(text: str, role: str) -> None:
    assert _role(text) == role


@pytest.mark.parametrize(
    "text",
    [
        "We are an equal opportunity employer and welcome applications from all",
        "Our people enjoy a subsidised canteen and free parking on site",
    ],
)
def test_wrapper_text_is_not_taken_as_asked(text: str) -> None:
    """Notices and perks may be told apart poorly, but neither reads as a requirement."""
    assert unit_roles_model().roles([text])[0][ROLES.index("requirement")] < ASK_MIN


def test_nice_to_have_reads_higher_than_must() -> None:
    nice, must = unit_roles_model().nice(
        ["Experience with Tableau would be a plus", "Degree in accounting required"]
    )
    assert nice > must


def test_features_hold_only_common_words_terms_and_shapes() -> None:
    """The shipped weights name no word outside the fixed vocabulary: no names, no addresses."""
    features = json.loads((DATA / MODEL_FILE).read_text(encoding="utf-8"))["features"]
    vocabulary = _vocabulary() | PLACEHOLDERS
    for feature in features:
        kind, _, value = feature.partition("=")
        if kind in ("w", "f", "b", "f2"):
            words = value.split("_") if kind in ("b", "f2") else [value]
            assert all(w in vocabulary for w in words), feature


def test_feature_function_hides_rare_words() -> None:
    found = unit_features("Contact Zyxqwort at zyx@example.org about the £30,000 post")
    assert not any("zyx" in f for f in found)
    assert "w=<money>" in found and "w=<num>" in found


@pytest.mark.skipif(not CORPUS.is_file(), reason="the postings corpus is not beside the repo")
def test_model_file_carries_no_corpus_email() -> None:
    assert_holds_no_corpus_email(MODEL_FILE, CORPUS)


def test_shipped_model_matches_its_manifest() -> None:
    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    model = (DATA / MODEL_FILE).read_bytes()
    assert hashlib.sha256(model).hexdigest() == manifest["model_sha256"]
    assert len(model) <= 20 * 1024 * 1024


def test_shipped_model_was_trained_on_every_hand_label_file_as_it_stands() -> None:
    """The manifest names each hand-label file the tool reads (the fifth round too) with the
    digest of the file in the repository: labels changed since are not silently unshipped."""
    from tools.train_jd_unit_roles import HAND_LABELS

    manifest = json.loads((DATA / MANIFEST_FILE).read_text(encoding="utf-8"))
    files = manifest["data"]["hand_labels"]["files"]
    assert [Path(f).name for f in files] == [p.name for p in HAND_LABELS]
    assert "postings_units_round5.json" in {p.name for p in HAND_LABELS}
    for path in HAND_LABELS:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        assert files[f"tests/corpus_labels/{path.name}"] == digest


def test_requirement_in_unheaded_prose_is_read() -> None:
    """An ad of paragraphs with no headings and no requirement cue ("must", "experience
    with"): the sentence that asks becomes a requirement by the model, the duty, pay and
    equal-opportunity sentences do not."""
    ad = (
        "Harbour Logistics is recruiting a Warehouse Team Leader for our distribution centre.\n\n"
        "You will lead a team of twelve operatives across the early shift. "
        "Strong communication skills and the ability to work as part of a team.\n\n"
        "The salary is £28,000 per annum with overtime paid at time and a half. "
        "We are an equal opportunity employer.\n"
    )
    texts = [r.text for r in analyze_jd(ad).requirements]
    assert any("communication skills" in t for t in texts)
    assert not any(w in t.lower() for t in texts for w in ("salary", "equal", "twelve"))


def test_asks_in_the_employers_voice_are_read_when_the_model_reads_them_as_asked() -> None:
    """A prose ad whose asks are all 'We are looking for… / We need…' (no heading, no 'must' or
    'experience with'): the sentences of that paragraph are in the employer's voice, which
    marks text about the employer, but the model reads them as asked, so they are requirements;
    the practice's own sentence, the perks and the apply line are not."""
    ad = (
        "Dental Receptionist\n"
        "Harbour Dental is a family-run practice in the centre of town, serving patients since "
        "1985.\n\n"
        "We are looking for someone who is friendly, reliable and calm with nervous patients. "
        "We need a confident receptionist with good computer skills.\n\n"
        "We offer 25 days holiday and a pension. Please send your CV to the practice manager.\n"
    )
    asks = [
        "We are looking for someone who is friendly, reliable and calm with nervous patients.",
        "We need a confident receptionist with good computer skills.",
    ]
    assert all(in_employer_voice(a) for a in asks)  # what the rules alone would leave out
    assert [r.text for r in analyze_jd(ad).requirements] == asks


def test_an_ads_units_are_scored_once_and_as_the_model_scores_them() -> None:
    """`learned_asks` and `drop_wrapper_units` read one ad through one `AdUnitRoles`: a list item
    that is both a unit and a candidate goes to the model once, and each row is the model's own."""
    ad = (
        "Requirements\n- Two years of experience in a busy kitchen\n"
        "- A Level 2 food hygiene certificate\n- Able to work weekends and evenings\n"
        "We offer free meals on shift and 28 days of holiday a year.\n"
    )
    seen: list[str] = []
    model = unit_roles_model()

    class Counting:
        def roles(self, texts):
            seen.extend(texts)
            return model.roles(texts)

    scores = AdUnitRoles(Counting())  # type: ignore[arg-type]
    sections = split_sections(ad)
    asks = learned_asks(sections, scores)
    candidates = extract_candidates(sections, has_terms=lambda t: True, learned=asks)
    kept = drop_wrapper_units(candidates, scores)
    assert candidates and kept
    assert len(seen) == len(set(seen))
    assert {c.text for c in candidates} <= set(seen)
    texts = sorted(scores.rows)
    assert np.allclose(np.stack([scores.rows[t] for t in texts]), model.roles(texts), atol=1e-6)


def test_meaning_vectors_are_unit_length_and_place_related_words_near() -> None:
    vectors = meaning_vectors(["courier van driver", "delivery driver", "pension scheme", "", "!!"])
    assert vectors.shape == (5, DIM)
    assert np.allclose(np.linalg.norm(vectors[:3], axis=1), 1.0, atol=1e-5)
    assert not vectors[3].any()  # no word piece: no meaning
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


def test_shipped_model_names_the_vector_it_was_trained_on() -> None:
    model = json.loads((DATA / MODEL_FILE).read_text(encoding="utf-8"))
    assert model["vector"] == {"source": SOURCE, "dim": DIM, "scale": model["vector"]["scale"]}
    assert len(model["roles"]["vector_weights"]) == DIM == len(model["nice"]["vector_weights"])


@pytest.mark.slow  # trains the model again (about a minute and a half)
@needs_shared
def test_make_train_rebuilds_the_shipped_model_byte_for_byte(tmp_path: Path) -> None:
    """The Makefile's recipe (`make train`: the corpus folder, every other setting the tool's
    default) gives the shipped file; written to a scratch folder, the shipped one untouched."""
    recipe = ["-m", "tools.train_jd_unit_roles", "--corpus", str(CORPUS.parent)]
    assert_rebuilds_shipped(recipe, tmp_path, MODEL_FILE, MANIFEST_FILE)


def test_a_notice_heading_over_the_whole_ad_still_lets_what_it_surely_asks_through() -> None:
    """'INTERNAL APPLICANTS ONLY' heads everything under it as a notice; the units the model is
    sure are asked are read as requirements (`STRONG_ASK_MIN`), the notices under it are not."""
    from core.jd.sections import NEVER_REQUIREMENTS
    from core.jd.unit_roles import STRONG_ASK_MIN, learned_asks

    text = (
        "Payroll Administrator\n\nINTERNAL APPLICANTS ONLY\n"
        "We are recruiting a payroll administrator for a 6 month secondment in our finance team.\n"
        "We need somebody with a good knowledge of payroll systems and advanced Excel skills.\n"
        "You will need to be able to work to tight monthly deadlines and keep records "
        "confidential.\nThis post is open to internal candidates only.\n"
        "For further information please contact the finance office.\n"
    )
    sections = split_sections(text)
    assert any(s.kind in NEVER_REQUIREMENTS for s in sections)
    asked = [r.text for r in analyze_jd(text).requirements]
    assert asked == [
        "We need somebody with a good knowledge of payroll systems and advanced Excel skills.",
        "You will need to be able to work to tight monthly deadlines and keep records "
        "confidential.",
    ]
    assert STRONG_ASK_MIN > ASK_MIN and learned_asks(sections)  # the model's sure reading


def test_a_line_the_model_is_sure_is_a_condition_leaves_a_requirements_list() -> None:
    """Under 'Requirements', a fact about the job the model reads as a condition of work
    (`LISTED_CONDITION_MIN`) and hardly as an ask goes; an asked availability stays."""
    text = (
        "Field Engineer\n\nRequirements\n"
        "- HNC in electrical engineering\n"
        "- Some travel between our regional offices, up to a quarter of the year.\n"
        "- Willing to work night shifts and weekends\n"
        "- Three years of switchgear maintenance\n"
    )
    asked = [r.text for r in analyze_jd(text).requirements]
    assert asked == [
        "HNC in electrical engineering",
        "Willing to work night shifts and weekends",
        "Three years of switchgear maintenance",
    ]


def test_asks_about_the_candidate_are_read_and_the_pitch_around_them_is_not() -> None:
    """Prose with no headings: the employer's pitch ('We are seeking … to join our team', 'You'll
    join …') is not asked; what the successful candidate 'will have' is, though it names no
    requirement cue of the rules."""
    ad = (
        "Payroll Officer\n\n"
        "We are seeking a motivated Payroll Officer to join our finance team. "
        "You'll join a friendly team of twelve in our Leeds office.\n\n"
        "The successful candidate will have two years of experience running a monthly payroll. "
        "Candidates will have good written English and experience of working with the public.\n\n"
        "We offer a competitive salary and 25 days of holiday.\n"
    )
    assert [r.text for r in analyze_jd(ad).requirements] == [
        "The successful candidate will have two years of experience running a monthly payroll.",
        "Candidates will have good written English and experience of working with the public.",
    ]


def _seeded(rows: dict[str, list[float]]) -> AdUnitRoles:
    """The real per-ad score cache, filled with given role rows (the rule under test reads only
    these rows)."""
    scores = AdUnitRoles()
    scores.rows.update({t: np.asarray(r, dtype=np.float32) for t, r in rows.items()})
    return scores


def test_outside_a_requirements_list_a_cue_line_the_model_reads_as_a_condition_goes() -> None:
    """A line a cue word let in outside a list ('… is required to cover a 2 month contract') that
    the model reads as a condition of work and hardly as an ask (under `UNLISTED_KEEP_MIN`) is
    dropped; the same reading in a requirements list is kept (`KEEP_MIN` is lower there), and a
    line the model reads as asked at the floor or above stays everywhere."""
    from core.contracts import Priority
    from core.jd.requirements import Candidate
    from core.jd.unit_roles import KEEP_MIN, UNLISTED_KEEP_MIN

    fact = "A locum is required to cover a 2 month contract at the Leeds branch."
    asked = "Must be able to cover a 2 month contract at the Leeds branch."
    unsure = (KEEP_MIN + UNLISTED_KEEP_MIN) / 2  # between the two floors
    scores = _seeded(
        {
            fact: [unsure, 0.0, 0.0, 0.0, 0.0, 1.0 - unsure],
            asked: [UNLISTED_KEEP_MIN, 0.0, 0.0, 0.0, 0.0, 1.0 - UNLISTED_KEEP_MIN],
        }
    )

    def kept(text: str, kind: str) -> bool:
        candidate = Candidate(text, kind, Priority.MUST, None, 3)
        return bool(drop_wrapper_units([candidate], scores))

    assert not kept(fact, "other") and not kept(fact, "about")
    assert kept(fact, "requirements")
    assert kept(asked, "other") and kept(asked, "requirements")


def test_a_line_most_likely_a_benefit_goes_though_the_model_splits_its_reading() -> None:
    """`WRAPPER_MIN`: a line the model reads first as a benefit (0.42) and hardly as asked goes
    though no role has the majority; read first as a benefit at 0.34 it stays."""
    from core.contracts import Priority
    from core.jd.requirements import Candidate

    split = "Staff discount across every store in the group"
    doubtful = "Discount cards for staff in every store here"
    scores = _seeded(
        {
            split: [0.05, 0.2, 0.42, 0.13, 0.1, 0.1],
            doubtful: [0.05, 0.25, 0.34, 0.16, 0.1, 0.1],
        }
    )
    candidates = [Candidate(t, "other", Priority.MUST, None, 2) for t in (split, doubtful)]
    assert [c.text for c in drop_wrapper_units(candidates, scores)] == [doubtful]
