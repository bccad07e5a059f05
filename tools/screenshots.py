"""Take the README's screenshots (desktop and phone) of the built site in headless Chromium.

``python -m tools.screenshots`` builds the site, plays the first hand and part
of the second, and writes ``docs/desktop.png``, ``docs/phone.png`` and
``docs/review.png`` (the first hand's review, at a mistake).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.browser import launch
from e2e.table import open_game, play_until, take_turn
from tools.build import build
from tools.serve import serve_in_background, url_of

DOCS = Path(__file__).resolve().parents[1] / "docs"
SIZES = {"desktop": (1280, 860), "phone": (360, 640)}
SETTINGS = "localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant', collect: 'click'}))"


def review(page) -> None:
    """Open the finished hand's review (once the thinker has it) and take ``docs/review.png`` of its first
    page with a mistake, then close it."""
    page.click("#dialog [data-action=review]", timeout=60_000)
    page.wait_for_selector("#dialog .review")
    for number in range(1, 14):
        if page.locator("#dialog .decision.mistake").count():
            break
        page.click(f"#dialog [data-action=review-page][data-page='{number}']")
        page.wait_for_selector(f"#dialog h3:text('Trick {number} of 13')")
    page.locator("#dialog .dialog").screenshot(path=str(DOCS / "review.png"))
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog [data-action=next]")


def main() -> None:
    """Write one screenshot per size: a hand in play, with the score sheet and chart of the first."""
    DOCS.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        server = serve_in_background(build(Path(scratch) / "dist"))
        with sync_playwright() as playwright:
            browser = launch(playwright)
            for name, (width, height) in SIZES.items():
                context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
                context.add_init_script(f"if (!localStorage.getItem('hearts.settings')) {SETTINGS}")
                page = context.new_page()
                open_game(page, url_of(server) + "?deal=2026")
                play_until(page, "summary", limit=400)
                if name == "desktop":  # the first hand's review, at its first trick with a mistake
                    review(page)
                take_turn(page)
                take_turn(page)  # pass the second hand's cards
                play_until(page, "play")
                page.wait_for_timeout(800)  # let the last card land
                page.screenshot(path=str(DOCS / f"{name}.png"), full_page=name == "phone")
                context.close()
            browser.close()
        server.shutdown()
    print("wrote", ", ".join(f"docs/{name}.png" for name in [*SIZES, "review"]))


if __name__ == "__main__":
    main()
