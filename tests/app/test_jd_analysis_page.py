"""AppTest: page 2 (JD analysis) — the role profile of the analysed job."""

from __future__ import annotations

import pytest

from tests.app.conftest import texts

PAGES = [
    "app_pages/jd_analysis.py",
    "app_pages/evidence_map.py",
    "app_pages/draft_review.py",
    "app_pages/audit.py",
]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_guides_a_user_who_has_not_started(app, page):
    at = app(page=page)
    assert not at.exception
    assert "Start on the Upload page" in texts(at)


def test_role_profile_shows_level_must_haves_and_keywords(app, mapped_session):
    at = app(mapped_session, "app_pages/jd_analysis.py")
    jd = mapped_session.board.jd
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Level"] == jd.role_profile.inferred_level
    assert int(metrics["Must-haves"]) == len(jd.role_profile.must_haves) > 0
    assert int(metrics["Nice-to-haves"]) == len(jd.role_profile.nice_to_haves)
    shown = texts(at)
    for requirement in jd.role_profile.must_haves + jd.role_profile.nice_to_haves:
        assert requirement in shown
    for storyline in jd.role_profile.recommended_storylines:
        assert storyline in shown
    assert all(keyword in shown for keyword in jd.keywords)
    profile = jd.role_profile
    assert profile.seniority_signals and profile.keyword_clusters  # the sample has both
    lines = shown.splitlines()
    signals = lines[lines.index("#### Seniority signals") + 1 :]
    assert all(any(signal in line for line in signals[:5]) for signal in profile.seniority_signals)
    for cluster, terms in profile.keyword_clusters.items():
        assert f"**{cluster}**: " + " · ".join(terms) in lines


def test_page_shows_the_ats_keywords_and_the_other_terms_apart(app, mapped_session):
    jd = mapped_session.board.jd
    jd.keywords, jd.other_terms = ["Apache Spark", "Airflow"], ["data pipelines", "great team"]
    at = app(mapped_session, "app_pages/jd_analysis.py")
    assert not at.exception
    lines = texts(at).splitlines()
    assert {m.label: m.value for m in at.metric}["ATS keywords"] == "2"
    ats, other = lines.index("#### ATS keywords"), lines.index("#### Other terms in the ad")
    assert "Apache Spark · Airflow" in lines[ats:other]
    assert "data pipelines · great team" in lines[other:]
    assert any("not counted in keyword coverage" in line for line in lines)  # its caption


def test_page_warns_about_a_thin_reading_and_shows_where_lines_went(app, mapped_session):
    jd = mapped_session.board.jd
    jd.requirements = jd.requirements[:2]
    at = app(mapped_session, "app_pages/jd_analysis.py")
    assert not at.exception
    assert any("We could read only 2 requirements" in w.value for w in at.warning)
    shown = texts(at)
    assert "Read as requirements" in shown and "Read as boilerplate" in shown
    assert jd.requirements[0].text in shown


def test_page_shows_the_text_it_read_when_an_ad_reads_thin(app, mapped_session):
    from core.jd import analyze_jd

    thin = analyze_jd(
        "&lt;h2&gt;Retail Supervisor&lt;/h2&gt;&lt;p&gt;Busy garden centre, seven days a "
        "week.&lt;/p&gt;&lt;p&gt;Plant lover a plus!&lt;/p&gt;"
    )
    mapped_session.board.jd = thin
    at = app(mapped_session, "app_pages/jd_analysis.py")
    assert not at.exception
    assert any("We could read" in w.value for w in at.warning)
    [read] = [c.value for c in at.code]
    assert read.splitlines()[:2] == ["Retail Supervisor", "Busy garden centre, seven days a week."]
    assert "&lt;" not in read and "<h2>" not in read


def test_page_warns_when_most_of_the_ad_is_boilerplate(app, mapped_session):
    from core.contracts import JDSection

    jd = mapped_session.board.jd
    notices = "\n".join(f"Notice {n} to applicants" for n in range(200))
    jd.sections = [*jd.sections, JDSection(kind="eeo", heading="", text=notices)]
    at = app(mapped_session, "app_pages/jd_analysis.py")
    assert not at.exception
    assert any("Most of this job ad" in w.value for w in at.warning)
    [read] = [c.value for c in at.code]
    first = jd.sections[0].heading or jd.sections[0].text.splitlines()[0]
    assert read.splitlines()[0] == first
