"""Work survives a reload (same browser, token in the URL); another browser, a guessed token and
"Delete my data" get nothing back: not the board, not the downloads."""

from __future__ import annotations

import re
import secrets
from urllib.parse import parse_qs, urljoin, urlparse

import pytest

from tests.e2e.conftest import screenshot, streamlit_app
from tests.e2e.test_app_flow import ANALYSIS_S, SPARK_ANSWER, go, settle, try_sample, write_draft

pytestmark = pytest.mark.e2e


def token_of(page) -> str:
    return parse_qs(urlparse(page.url).query).get("s", [""])[0]


def draft_state(page) -> list[str]:
    """What the draft page shows of each line: its text, verdict and status, once the page
    has stopped changing (Streamlit draws a long page in pieces: a read mid-way lacks buttons)."""
    lines = page.locator('[class*="st-key-draft_line_"]')
    lines.last.get_by_role("button", name="Edit").wait_for()  # the whole page is drawn
    notes = re.compile(r"Saved(, but the audit blocks this line[^.]*\.| and re-audited[^.]*\.)")

    def read() -> list[str]:
        # a line's one-off note on its last save is feedback, not state: it is not restored
        return [re.sub(r"\s+", " ", notes.sub("", t)).strip() for t in lines.all_inner_texts()]

    state, previous = read(), None
    for _ in range(40):  # up to ~20 s
        if state == previous:
            break
        page.wait_for_timeout(500)
        previous, state = state, read()
    return state


def build_some_work(page) -> None:
    """A gap answer, a rejected line and an edited line."""
    try_sample(page)
    go(page, "Evidence map", "Your evidence for each requirement")
    questions = page.locator('[data-testid="stForm"] strong').all_inner_texts()
    spark = next(n for n, q in enumerate(questions) if "Apache Spark" in q)
    page.get_by_label("Your answer").nth(spark).fill(SPARK_ANSWER)
    page.get_by_role("button", name="Save answers").click()
    page.get_by_text("the evidence map is updated").wait_for()
    settle(page)
    write_draft(page)
    lines = page.locator('[class*="st-key-draft_line_r"]')
    lines.nth(1).get_by_role("button", name="Reject").click()
    settle(page)
    first = lines.first
    first.get_by_role("button", name="Edit").click()
    box = first.get_by_label("Line text")
    box.fill(box.input_value().rstrip(".") + " every week.")
    first.get_by_role("button", name="Save and re-audit").click()
    settle(page)


def test_a_reload_restores_the_board_and_the_page(new_page):
    page = new_page()
    build_some_work(page)
    token = token_of(page)
    assert len(token) >= 32
    before = draft_state(page)
    assert any("every week" in line for line in before)
    path = urlparse(page.url).path
    page.reload()
    page.get_by_role("heading", name="Review your tailored resume").wait_for(timeout=ANALYSIS_S)
    page.locator('[class*="st-key-draft_line_"]').first.wait_for(timeout=ANALYSIS_S)
    settle(page)
    assert urlparse(page.url).path == path and token_of(page) == token
    assert draft_state(page) == before  # every line: text, verdict, accepted/rejected, edits
    page.get_by_text("your work is restored").wait_for()
    go(page, "Evidence map", "Your evidence for each requirement")
    assert token_of(page) == token  # page links keep the token
    card = page.locator('[class*="st-key-evidence_card_"]', has_text="Apache Spark")
    assert card.filter(has_text="From your answer").count() >= 1
    screenshot(page, "restore-evidence-after-reload")

    # Another browser with the same link gets nothing, and a new token of its own.
    stranger = new_page(page.url)
    stranger.get_by_text("not yours", exact=False).wait_for()
    settle(stranger)
    assert stranger.get_by_text("Apache Spark", exact=False).count() == 0
    assert token_of(stranger) not in ("", token)
    # The owner still has everything.
    page.reload()
    page.get_by_role("heading", name="Your evidence for each requirement").wait_for()
    settle(page)
    assert page.get_by_text("Apache Spark", exact=False).count() > 0


def test_a_guessed_token_restores_nothing(new_page, app_url):
    page = new_page(f"{app_url}/draft?s={secrets.token_urlsafe(32)}")
    page.get_by_text("not yours", exact=False).wait_for()
    settle(page)
    page.get_by_text("Start on the Upload page", exact=False).wait_for()
    assert page.locator('[class*="st-key-draft_line_"]').count() == 0


DOWNLOADS = ("Download DOCX", "Download PDF", "Download audit JSON")


def served_urls(page, app_url: str) -> list[str]:
    """The address of every file the audit page serves: each download and the preview image."""
    go(page, "Audit", "Audit and downloads")
    urls = []
    for label in DOWNLOADS:
        with page.expect_download() as info:
            page.get_by_role("button", name=label).click()
        urls.append(info.value.url)
    page.get_by_text("Preview of the first page").click()
    image = page.locator('[data-testid="stImage"] img').first
    image.wait_for()
    urls.append(urljoin(app_url, image.get_attribute("src") or ""))
    assert all("/media/" in url for url in urls), urls
    return urls


def statuses(client, urls: list[str]) -> list[int]:
    """What a plain HTTP client (no cookie, no session) gets for each address."""
    return [client.request.get(url).status for url in urls]


def end_session(page, how: str) -> None:
    if how == "Delete my data":
        page.get_by_role("button", name="Delete my data").click()
        page.get_by_role("button", name="Yes, delete everything").click()
        page.get_by_text("Your data was deleted").wait_for()
    else:
        page.get_by_role("button", name="Start over").click()
        page.get_by_role("button", name="Yes, start over").click()
        page.get_by_text("Started over").wait_for()
    settle(page)


@pytest.mark.parametrize("how", ["Delete my data", "Start over"])
def test_ending_a_session_revokes_every_url_it_served_before_reloads_and_in_closed_tabs(
    new_page, chromium, app_url, how
):
    page = new_page()
    try_sample(page)
    write_draft(page)
    urls = served_urls(page, app_url)
    page.reload()  # a new Streamlit session over the same saved work
    page.get_by_role("heading", name="Audit and downloads").first.wait_for(timeout=ANALYSIS_S)
    settle(page)
    urls += served_urls(page, app_url)
    tab = page.context.new_page()  # a second tab of the same browser, then the first closes
    tab.goto(page.url)
    tab.get_by_role("heading", name="Audit and downloads").first.wait_for(timeout=ANALYSIS_S)
    settle(tab)
    page.close()
    urls += served_urls(tab, app_url)
    assert len(set(urls)) == len(urls), "each session has its own addresses"
    client = chromium.new_context()
    try:
        assert statuses(client, urls) == [200] * len(urls)  # the test can see them
        end_session(tab, how)
        assert statuses(client, urls) == [404] * len(urls)
    finally:
        client.close()


def test_identical_files_of_two_visitors_have_their_own_addresses(new_page, chromium, app_url):
    first, second = new_page(), new_page()
    for page in (first, second):
        try_sample(page)
        write_draft(page)
    mine, theirs = served_urls(first, app_url), served_urls(second, app_url)
    assert not set(mine) & set(theirs)
    client = chromium.new_context()
    try:
        end_session(first, "Delete my data")
        assert statuses(client, mine) == [404] * len(mine)
        assert statuses(client, theirs) == [200] * len(theirs), "another visitor's files stay"
    finally:
        client.close()


TTL_HOURS = 0.005  # 18 s idle and a workspace expires


def test_an_expired_workspace_takes_every_url_it_served_with_it(
    new_page, chromium, tmp_path_factory
):
    home = tmp_path_factory.mktemp("rf-expiry-home")
    with streamlit_app(home, {"RESUMEFORGE_WORKSPACE_TTL_HOURS": str(TTL_HOURS)}) as app:
        page = new_page(app.url)
        try_sample(page)
        write_draft(page)
        urls = served_urls(page, app.url)
        client = chromium.new_context()
        try:
            assert statuses(client, urls) == [200] * len(urls)
            page.wait_for_timeout(TTL_HOURS * 3600 * 1000 + 2000)
            visitor = new_page(app.url)  # a new visitor's session expires the idle workspaces
            visitor.get_by_role("button", name="Try the sample").wait_for(timeout=ANALYSIS_S)
            settle(visitor)
            assert statuses(client, urls) == [404] * len(urls)
            page.locator('[data-testid="stSidebarNavLink"]').first.click()  # the owner is back
            page.get_by_text("had expired and its data was removed").wait_for(timeout=ANALYSIS_S)
        finally:
            client.close()
