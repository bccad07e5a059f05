"""A first visit on a phone: the welcome says the goal without covering the cards or a button, How to play
opens from it at its beginning, and the welcome, once closed, stays closed."""

from __future__ import annotations

from table import open_game

BOXES = """(selector) => Array.from(document.querySelectorAll(selector)).map((element) => {
    const box = element.getBoundingClientRect();
    return [box.left, box.top, box.right, box.bottom];
})"""


def overlaps(one: list, other: list) -> bool:
    """Whether two boxes [left, top, right, bottom] overlap."""
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def test_a_first_visit_is_welcomed_clear_of_the_cards_and_learns_how_to_play(browser, guard, server_url):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.route("**/*", guard.route)  # nothing stored: a first visit
    try:
        page = context.new_page()
        open_game(page, server_url)
        page.wait_for_selector("#welcome:not([hidden]) .welcome-actions [data-panel=howto]")
        welcome = page.evaluate(BOXES, "#welcome")[0]
        controls = page.evaluate(BOXES, "#hand .card, #hand button, .topbar button:not([hidden])")
        visible = [box for box in controls if box[2] > box[0] and box[3] > box[1]]
        assert len(visible) >= 14 and not any(overlaps(welcome, box) for box in visible)

        page.tap("#welcome [data-panel=howto]")
        page.wait_for_selector("#dialog .howto")
        assert page.evaluate("document.querySelector('#dialog .dialog').scrollTop") == 0  # read from its start
        assert page.locator("#dialog .howto .card").count() >= 6
        page.tap("#dialog .howto-close")
        page.wait_for_selector("#dialog", state="hidden")
        page.tap("#welcome [data-action=welcome-close]")
        page.wait_for_selector("#welcome", state="hidden")
        page.reload()
        open_game(page, server_url)
        assert page.locator("#welcome").is_hidden()
    finally:
        context.close()
    assert guard.foreign == []
