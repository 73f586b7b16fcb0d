"""AppTest: this browser remembers its last session. A bare address offers "Resume where you
left off" (and loads nothing unasked); another browser's or an expired session is not offered;
the inputs of an "Analyse" a reload cut short come back to the form. The browser's cookie is
the one thing stood in for (AppTest sends none): `cookie_token` answers as the browser would."""

from __future__ import annotations

import shutil
import time

import pytest
from streamlit.testing.v1 import AppTest

from core.ui import remembered, saved_inputs, session_setup, state
from core.ui.samples import SAMPLE_JD, SAMPLE_RESUME, SAMPLE_TITLE, sample_text
from core.ui.session_values import FormInputs, UploadedInput
from core.workspace import new_token, open_for_token, token_folder, workspace_alive
from tests.app.conftest import APP, TIMEOUT, texts
from tests.app.test_session_restore import url_token, visit

OFFER = "This browser has a saved session of yours"


def token_workspace(settings, seeded: dict, *, binding: str = "") -> str:
    """A drafted sample session under a new token, bound to `binding`."""
    token = new_token()
    workspace = open_for_token(settings.workspaces_dir, token, binding=binding)
    shutil.copytree(seeded["drafted"], workspace.root, dirs_exist_ok=True)
    return token


def bare_visit(settings, monkeypatch, cookie: str | None) -> AppTest:
    monkeypatch.setattr(session_setup, "cookie_token", lambda: cookie)
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state[state.SETTINGS_KEY] = settings
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_bare_address_offers_the_remembered_session_and_resumes_it_on_request(
    app_settings, embedder, seeded_workspaces, monkeypatch
):
    token = token_workspace(app_settings, seeded_workspaces)
    at = bare_visit(app_settings, monkeypatch, token)
    assert OFFER in texts(at)
    fresh = at.session_state[state.SESSION_KEY]
    assert fresh.board is None and url_token(at) != token  # nothing loaded unasked
    at.button(key="session_resume").click().run()
    assert not at.exception, at.exception
    resumed = at.session_state[state.SESSION_KEY]
    assert resumed.board is not None and resumed.board.resume_draft is not None
    assert url_token(at) == token and OFFER not in texts(at)
    assert "your work is restored" in texts(at)
    assert not fresh.workspace.root.exists()  # the empty fresh one is gone
    at.switch_page("app_pages/draft_review.py").run()
    first = resumed.board.resume_draft.all_bullets()[0].text
    assert first in texts(at)


def test_start_fresh_keeps_the_new_session_and_the_old_one(
    app_settings, embedder, seeded_workspaces, monkeypatch
):
    token = token_workspace(app_settings, seeded_workspaces)
    at = bare_visit(app_settings, monkeypatch, token)
    at.button(key="session_start_fresh").click().run()
    assert OFFER not in texts(at) and at.session_state[state.SESSION_KEY].board is None
    alive = workspace_alive(app_settings.workspaces_dir, token, binding="", max_idle_s=3600)
    assert alive


def test_the_offer_goes_once_work_starts_in_the_new_session(
    app_settings, embedder, seeded_workspaces, monkeypatch
):
    token = token_workspace(app_settings, seeded_workspaces)
    at = bare_visit(app_settings, monkeypatch, token)
    assert OFFER in texts(at)
    at.button(key="upload_try_sample").click().run()
    assert not at.exception, at.exception
    at.run()
    assert OFFER not in texts(at)
    assert at.session_state[state.SESSION_KEY].board is not None
    assert url_token(at) != token


@pytest.mark.parametrize("case", ["another browser", "expired", "malformed", "deleted"])
def test_no_offer_for_what_is_not_this_browsers_live_session(
    app_settings, embedder, seeded_workspaces, monkeypatch, case
):
    token = token_workspace(
        app_settings, seeded_workspaces, binding="someone-else" if case == "another browser" else ""
    )
    folder = token_folder(app_settings.workspaces_dir, token)
    if case == "expired":
        idle_s = app_settings.workspace_ttl_hours * 3600 + 60
        (folder / ".last_used").write_text(str(time.time() - idle_s))
    if case == "deleted":
        shutil.rmtree(folder)
    cookie = "../" + token if case == "malformed" else token
    at = bare_visit(app_settings, monkeypatch, cookie)
    assert OFFER not in texts(at)
    assert at.session_state[state.SESSION_KEY].board is None


def test_the_cookie_holds_the_token_and_nothing_else():
    token = new_token()
    script = remembered.cookie_script(token, max_age_s=3600)
    assert f"rf_session={token}; Path=/; Max-Age=3600; SameSite=Strict" in script
    assert "Max-Age=0" in remembered.cookie_script(None, max_age_s=3600)
    with pytest.raises(ValueError):
        remembered.cookie_script("x'; alert(1); '", max_age_s=1)


def test_inputs_of_an_interrupted_analysis_come_back_after_a_reload(app_settings, embedder):
    token = new_token()
    workspace = open_for_token(app_settings.workspaces_dir, token, binding="")
    pdf = UploadedInput("my resume.md", sample_text(SAMPLE_RESUME).encode())
    saved_inputs.save_form(
        workspace,
        FormInputs(
            resume_mode=state.MODE_UPLOAD,
            resume_text="",
            resume_file=pdf,
            jd_mode=state.MODE_PASTE,
            jd_text=sample_text(SAMPLE_JD),
            jd_file=None,
            title=SAMPLE_TITLE,
        ),
    )
    at = visit(app_settings, token)  # the reload: no run was saved yet
    assert at.session_state[state.JD_TEXT] == sample_text(SAMPLE_JD)
    assert at.session_state[state.TARGET_TITLE] == SAMPLE_TITLE
    assert at.session_state[state.RESUME_MODE] == state.MODE_UPLOAD
    assert "Using my resume.md" in texts(at)
    assert "press “Analyse” to run it again" in texts(at)
    at.button(key="FormSubmitter:upload_form-Analyse").click().run()
    assert not at.exception, at.exception
    session = at.session_state[state.SESSION_KEY]
    assert session.board is not None and session.board.evidence_map
    assert session.resume.source_name == "my resume.md"


def test_analyse_keeps_its_inputs_in_the_workspace_at_once(app, fresh_session):
    at = app(fresh_session)
    at.radio(key=state.RESUME_MODE).set_value(state.MODE_PASTE).run()
    at.text_area(key=state.RESUME_TEXT).input(sample_text(SAMPLE_RESUME))
    at.text_area(key=state.JD_TEXT).input(sample_text(SAMPLE_JD))
    at.button(key="FormSubmitter:upload_form-Analyse").click().run()
    assert not at.exception, at.exception
    kept = saved_inputs.load_form(fresh_session.workspace)
    assert kept is not None and kept.jd_text == sample_text(SAMPLE_JD)
    assert kept.resume_text == sample_text(SAMPLE_RESUME)
    assert fresh_session.restore_parse() is not None  # the parse is kept too
