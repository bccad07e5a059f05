"""A first visit on a phone and a desktop: the welcome says the goal and offers both ways to learn without
covering a seat, the info and status lines, the cards or a button; How to play opens from it at its
beginning, and the welcome, once closed, stays closed."""

from __future__ import annotations

import pytest
from table import open_game

BOXES = """(selector) => Array.from(document.querySelectorAll(selector)).map((element) => {
    const box = element.getBoundingClientRect();
    return [box.left, box.top, box.right, box.bottom];
})"""


def overlaps(one: list, other: list) -> bool:
    """Whether two boxes [left, top, right, bottom] overlap."""
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


# What the first pass needs in sight: the seats, the info and status lines' text, the cards and the buttons.
NEEDED = """() => {
    const boxes = [];
    const add = (box) => { if (box.width && box.height) boxes.push([box.left, box.top, box.right, box.bottom]); };
    document.querySelectorAll('#table .seat, #hand .card, #hand button, .topbar button:not([hidden])')
        .forEach((element) => { if (!element.closest('.welcome')) add(element.getBoundingClientRect()); });
    for (const line of document.querySelectorAll('#table .info, #table .status')) {
        const text = document.createRange();
        text.selectNodeContents(line);
        add(text.getBoundingClientRect());
    }
    return boxes;
}"""


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_a_first_visit_is_welcomed_clear_of_the_table_and_its_cards(browser, guard, server_url, size):
    touch = size[0] < 800
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=touch, is_mobile=touch)
    context.route("**/*", guard.route)  # nothing stored: a first visit
    try:
        page = context.new_page()
        open_game(page, server_url)
        # One welcome, with both ways to learn: How to play and Learn by playing (no offer of its own beside it).
        page.wait_for_selector(".welcome .welcome-actions [data-panel=howto] + [data-action=lesson]")
        assert page.locator(".lesson-offer").count() == 0
        page.wait_for_function("() => document.getAnimations().length === 0")
        [welcome] = page.evaluate(BOXES, ".welcome")
        needed = page.evaluate(NEEDED)
        seats = page.locator("#table .seat").count()
        assert len(needed) >= 14 + seats + 2 and not any(overlaps(welcome, box) for box in needed)
        on_screen = [0, 0, size[0] + 0.5, size[1] + 0.5]
        assert all(
            box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= on_screen[2] and box[3] <= on_screen[3]
            for box in [welcome, *needed]
        ), "off screen"
    finally:
        context.close()
    assert guard.foreign == []


def test_a_first_visit_is_welcomed_and_learns_how_to_play(browser, guard, server_url):
    context = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    context.route("**/*", guard.route)  # nothing stored: a first visit
    try:
        page = context.new_page()
        open_game(page, server_url)
        page.wait_for_selector(".welcome .welcome-actions [data-panel=howto]")

        page.tap(".welcome [data-panel=howto]")
        page.wait_for_selector("#dialog .howto")
        assert page.evaluate("document.querySelector('#dialog .dialog').scrollTop") == 0  # read from its start
        assert page.locator("#dialog .howto .card").count() >= 6
        page.tap("#dialog .howto-close")
        page.wait_for_selector("#dialog", state="hidden")
        page.tap(".welcome [data-action=welcome-close]")
        page.wait_for_selector(".welcome", state="detached")
        page.wait_for_selector(".lesson-offer")  # the offer of a lesson stays until the pass
        page.reload()
        open_game(page, server_url)
        assert page.locator(".welcome").count() == 0
    finally:
        context.close()
    assert guard.foreign == []
