"""The hand review in a real Chromium: computed by the thinker worker while the game goes on, offline too."""

from __future__ import annotations

from table import ENGINE_TIMEOUT, open_game, play_until, wait_for_engine, wait_until_offline_ready

from tools.serve import serve_in_background, url_of


def test_a_hand_is_reviewed_offline_and_opens_from_its_summary_and_from_the_score_sheet(page, site):
    server = serve_in_background(site)
    open_game(page, url_of(server))
    wait_until_offline_ready(page)
    server.shutdown()
    server.server_close()
    page.context.set_offline(True)
    try:
        page.reload()
        wait_for_engine(page)  # (the engine restarted offline; playing before it is up is e2e/test_ahead.py's)
        play_until(page, "summary")
        # Computed by the thinker worker after the hand; until then the summary says so.
        page.wait_for_selector("#dialog [data-action=review]", timeout=ENGINE_TIMEOUT)
        assert "Points lost to mistakes:" in page.inner_text("#dialog")
        page.click("#dialog [data-action=review]")
        page.wait_for_selector("#dialog .review")
        assert page.inner_text("#dialog h2") == "Review of hand 1"
        assert "The pass" in page.inner_text("#dialog") and "best" in page.inner_text("#dialog .choices").lower()
        page.keyboard.press("Enter")  # the focus is on Next, and stays there from page to page
        page.wait_for_selector("#dialog h3:text('Trick 1 of 13')")
        assert page.locator("#dialog .last-trick .card").count() == 4
        page.keyboard.press("Enter")
        page.wait_for_selector("#dialog h3:text('Trick 2 of 13')")
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog [data-action=next]")  # back to the summary
        page.click("#dialog [data-action=next]")
        page.click(".sheet-table .review-link[data-hand='0']")
        page.wait_for_selector("#dialog .review")
        assert page.inner_text("#dialog h2") == "Review of hand 1"
        assert page.errors == []
    finally:
        page.context.set_offline(False)
