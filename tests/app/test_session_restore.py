"""AppTest: a new browser session with the URL's token gets its saved work back, whole; a
foreign, guessed or expired token gets nothing; "Start over" clears it all."""

from __future__ import annotations

import secrets

from streamlit.testing.v1 import AppTest

from core.contracts import BulletStatus, GapAnswer
from core.service import TailoringSession
from core.ui import state
from core.ui.binding import unmasked_xsrf_secret
from core.ui.samples import SAMPLE_JD, SAMPLE_RESUME, SAMPLE_TITLE, sample_text
from core.workspace import new_token, open_for_token
from tests.app.conftest import APP, TIMEOUT, texts


def worked_session(settings, *, binding: str) -> tuple[str, TailoringSession]:
    """A session over a token's workspace with a gap answer, a rejected and an edited line."""
    token = new_token()
    workspace = open_for_token(settings.workspaces_dir, token, binding=binding)
    session = TailoringSession.create(workspace=workspace, settings=settings)
    session.load_resume_text(sample_text(SAMPLE_RESUME), source_name=SAMPLE_RESUME)
    session.analyze_job(sample_text(SAMPLE_JD), target_title=SAMPLE_TITLE)
    session.map_evidence()
    gap = session.next_questions(limit=1)[0]
    session.answer_gaps([GapAnswer(gap_id=gap.gap_id, answer="", declined=True)])
    session.write_draft()
    lines = session.board.resume_draft.all_bullets()
    session.set_bullet_status(lines[1].id, BulletStatus.REJECTED)
    session.edit_bullet(lines[2].id, lines[2].text.rstrip(".") + " every week.")
    return token, session


def visit(settings, token: str, page: str | None = None) -> AppTest:
    """A new browser session (AppTest sends no cookies: its binding is "") with ?s=token."""
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.session_state[state.SETTINGS_KEY] = settings
    at.query_params[state.TOKEN_PARAM] = token
    at.run()
    assert not at.exception, at.exception
    if page:
        at.switch_page(page).run()
    return at


def url_token(at: AppTest) -> str:
    value = at.query_params.get(state.TOKEN_PARAM, "")
    return value[0] if isinstance(value, list) else value


def test_a_new_browser_session_with_the_token_restores_every_bit_of_work(app_settings, embedder):
    token, session = worked_session(app_settings, binding="")
    at = visit(app_settings, token, "app_pages/draft_review.py")
    restored = at.session_state[state.SESSION_KEY]
    assert restored is not session and restored.board is not None
    assert restored.board.model_dump() == session.board.model_dump()  # 100% of the board
    assert url_token(at) == token
    assert "every week" in texts(at)
    assert at.session_state[state.JD_TEXT] == session.board.inputs.job_description
    # the restored session keeps working: its index is read back from the workspace
    assert restored.map_evidence().evidence_map


def test_another_browser_or_a_guessed_token_gets_nothing(app_settings, embedder):
    token, session = worked_session(app_settings, binding="the-owners-browser")
    for tried in (token, secrets.token_urlsafe(32), "../" + token):
        at = visit(app_settings, tried)
        assert at.session_state[state.SESSION_KEY].board is None
        assert "not yours" in texts(at)
        assert url_token(at) not in ("", tried)
    assert session.workspace.root.exists()  # the owner's work is untouched


def test_start_over_deletes_the_work_and_issues_a_new_token(app_settings, embedder):
    token, session = worked_session(app_settings, binding="")
    at = visit(app_settings, token)
    at.sidebar.button(key="sidebar_start_over_confirm").click().run()
    assert not at.exception, at.exception
    assert not session.workspace.root.exists()
    assert at.session_state[state.SESSION_KEY].board is None
    assert "Started over" in texts(at)
    assert visit(app_settings, token).session_state[state.SESSION_KEY].board is None


def test_the_binding_is_the_secret_under_the_re_masked_xsrf_cookie():
    first = "2|d19fbff1|8254c8704bec5ef574df45b8833a0dc0|1795487771"
    reloaded = "2|d4c70782|870c70034eb4e6867187fdcb8662b5b3|1795487771"  # same browser
    other = "2|d19fbff1|0054c8704bec5ef574df45b8833a0dc0|1795487771"
    assert unmasked_xsrf_secret(first) == unmasked_xsrf_secret(reloaded)
    assert unmasked_xsrf_secret(first) != unmasked_xsrf_secret(other)
    assert unmasked_xsrf_secret("plain") == "plain"
