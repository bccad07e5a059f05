"""Accessibility and phones: an axe-core scan of the table, the settings and the score sheet, and a phone-sized
table with no horizontal scrolling and touch targets of at least 44 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from table import open_game, play_until, take_turn, wait_for_person

AXE = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    violations = page.evaluate("axe.run(document).then(result => result.violations)")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[node['target'] for node in v['nodes']][:3]}"
        for v in violations
        if v["impact"] in SERIOUS
    ]


def test_axe_finds_nothing_serious_on_the_table_the_settings_and_the_score_sheet(page, server_url):
    open_game(page, server_url)
    assert serious_violations(page) == []  # the table while passing
    take_turn(page)
    play_until(page, "play")
    assert serious_violations(page) == []  # the table while playing
    page.click("header [data-panel=settings]")
    page.wait_for_selector("#opt-language")
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    play_until(page, "summary")
    assert serious_violations(page) == []  # the end-of-hand summary
    take_turn(page)
    wait_for_person(page)
    assert page.locator("#sheet svg.chart").count() == 1
    assert serious_violations(page) == []  # the score sheet with its chart


@pytest.mark.parametrize("size", [(360, 640), (640, 360)], ids=["portrait", "landscape"])
def test_a_phone_plays_without_sideways_scrolling_and_with_big_enough_targets(browser, guard, server_url, size):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    context.route("**/*", guard.route)
    context.add_init_script("localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'}))")
    try:
        page = context.new_page()
        open_game(page, server_url)
        take_turn(page)
        play_until(page, "play")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        small = page.evaluate(
            """() => [...document.querySelectorAll('button, select, input, #hand .card')]
                .filter(e => e.offsetParent !== null)
                .map(e => { const r = e.getBoundingClientRect();
                            const visible = e.matches('#hand .card') ? visibleWidth(e) : r.width;
                            const name = e.dataset.card || e.textContent.trim();
                            return [name, Math.round(visible), Math.round(r.height)]; })
                .filter(([, w, h]) => w < 44 || h < 44);
            function visibleWidth(card) {
                const next = card.nextElementSibling, r = card.getBoundingClientRect();
                if (!next) return r.width;
                const n = next.getBoundingClientRect();
                return n.top >= r.bottom - 1 ? r.width : Math.min(r.width, n.left - r.left);
            }"""
        )
        assert small == []
    finally:
        context.close()
