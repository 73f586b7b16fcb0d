"""What a person sees, at a desktop (1440×900) and a phone (390×844) size: every page as a
screenshot under test-artifacts/screenshots/ (kept by CI), plus the checks a glance makes —
the result of "Try the sample" is in view, nothing is wider than the phone, the page list and
"Next" are reachable, the draft review stays compact."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from core.ui.evidence_widgets import STATUS_STYLE
from tests.e2e.conftest import SCREENSHOTS, screenshot
from tests.e2e.test_app_flow import ANALYSIS_S, click_until_it_runs, settle

pytestmark = pytest.mark.e2e

VIEWPORTS = {"desktop": (1440, 900), "phone": (390, 844)}
PAGES = [
    ("JD analysis", "What the job asks for"),
    ("Evidence map", "Your evidence for each requirement"),
    ("Draft review", "Review your tailored resume"),
    ("Audit", "Audit and downloads"),
]


def slug(title: str) -> str:
    return title.lower().replace(" ", "-")


def overflow(page) -> int:
    """How many pixels the page is wider than the window (0: nothing is cut off sideways)."""
    return page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")


def in_first_screen(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] + box["height"] <= page.viewport_size["height"]


def chart_bars(png: bytes, min_run: int = 16) -> int:
    """How many separate horizontal bars a chart picture shows: runs of pixel rows that hold
    a status colour at least `min_run` pixels wide (the legend's swatches are narrower). Two
    bars drawn on one band, their labels on top of each other, count as one."""
    colours = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for *_, c in STATUS_STYLE.values()]
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = image.load()

    def is_status(pixel: tuple[int, int, int]) -> bool:
        return any(max(abs(a - b) for a, b in zip(pixel, c, strict=True)) < 16 for c in colours)

    def holds_bar(y: int) -> bool:
        run = 0
        for x in range(width):
            run = run + 1 if is_status(pixels[x, y]) else 0
            if run >= min_run:
                return True
        return False

    rows = [holds_bar(y) for y in range(height)]
    return sum(1 for y in range(height) if rows[y] and (y == 0 or not rows[y - 1]))


def open_step(page, title: str, heading: str) -> None:
    """Open a page from the row of steps above every page (the phone has no sidebar open)."""
    page.locator('[class*="st-key-steps_row"] a', has_text=title).click()
    page.get_by_role("heading", name=heading).wait_for()
    settle(page)


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_every_page_reads_at_a_glance(new_page, size):
    width, height = VIEWPORTS[size]
    page = new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.get_by_role("button", name="Try the sample").wait_for(timeout=ANALYSIS_S)
    settle(page)  # a click during the first run of a busy server can be lost: click again
    click_until_it_runs(page, "Try the sample", done="Reading your inputs")
    status = page.locator('[data-testid="stExpander"]', has_text="Reading your inputs").first
    status.wait_for(timeout=ANALYSIS_S)
    assert in_first_screen(page, status), "the analysis progress must be in view"
    nxt = page.get_by_role("button", name="Next: see what the job asks for")
    nxt.wait_for(timeout=ANALYSIS_S)
    settle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    assert in_first_screen(page, nxt), "the result and the way on must be in view"
    screenshot(page, f"{size}-1-upload")
    nxt.click()
    page.get_by_role("heading", name="What the job asks for").wait_for()
    settle(page)
    for title, heading in PAGES:
        if title == "Draft review":
            write_draft_here(page, size)
        else:
            open_step(page, title, heading)
        assert overflow(page) <= 1, f"{title} is wider than the {size} window"
        if title == "Evidence map":  # the sample has must-haves and nice-to-haves: two bars
            chart = page.locator('[class*="st-key-evidence_headline"] .vega-embed').first
            chart.scroll_into_view_if_needed()
            assert chart_bars(chart.screenshot()) == 2, "one bar per priority, on its own band"
            # the sample's true gap quotes the closest line of the resume, not "nothing"
            gap = page.locator('[class*="st-key-evidence_card_"]', has_text="The closest line")
            gap.first.scroll_into_view_if_needed()
            page.wait_for_timeout(200)
            gap.first.screenshot(path=str(SCREENSHOTS / f"{size}-evidence-map-gap.png"))
        screenshot(page, f"{size}-{slug(title)}")
        first = page.locator('[class*="st-key-evidence_card_"], [class*="st-key-draft_line_"]')
        if first.count():
            first.first.scroll_into_view_if_needed()
            page.wait_for_timeout(200)
            box = first.first.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
            page.screenshot(path=str(SCREENSHOTS / f"{size}-{slug(title)}-cards.png"))


def write_draft_here(page, size: str) -> None:
    open_step(page, "Draft review", "Review your tailored resume")
    page.get_by_role("button", name="Write the draft").click()
    page.get_by_role("button", name="Regenerate draft").wait_for(timeout=ANALYSIS_S)
    settle(page)
    lines = page.locator('[class*="st-key-draft_line_"]')
    lines.first.wait_for()
    per_line = page.evaluate("() => document.documentElement.scrollHeight") / lines.count()
    limit = 200 if size == "desktop" else 330
    assert per_line <= limit, f"{per_line:.0f} px per draft line at {size} size"
