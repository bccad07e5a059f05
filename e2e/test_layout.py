"""The table on a phone and on a desktop: everything a turn needs on one screen, nothing overlapping.

For each size and phase the test measures the seats, the cards on the
table, the hand's cards, the buttons under the hand and the status line's
text, and checks that each is inside the window (no scrolling needed) and
that no two of them overlap (but a hand's cards, which overlap like a fan).
"""

from __future__ import annotations

import json

import pytest
from table import open_game, play_until, store_game, take_turn

from pyapp.host.table import Table

# Every box a player needs: [kind, name, left, top, right, bottom], with the window's size.
BOXES = """() => {
  const boxes = [];
  const add = (kind, element, rect) => {
    const r = rect || element.getBoundingClientRect();
    if (r.width && r.height) boxes.push([kind, element.dataset.card || element.dataset.seat || element.dataset.action
                                        || element.className, r.left, r.top, r.right, r.bottom]);
  };
  document.querySelectorAll('#table .seat').forEach((e) => add('seat', e));
  document.querySelectorAll('#table .trick .card').forEach((e) => add('trick', e));
  document.querySelectorAll('#hand .card').forEach((e) => add('hand', e));
  document.querySelectorAll('#hand button:not(.card)').forEach((e) => add('button', e));
  const status = document.querySelector('#table .status');
  const text = document.createRange();
  text.selectNodeContents(status);
  add('status', status, text.getBoundingClientRect());
  return { boxes, width: innerWidth, height: innerHeight };
}"""
SIZES = {
    "phone": {"width": 360, "height": 640},
    "landscape": {"width": 640, "height": 360},  # a phone held sideways
    "desktop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
}
TOUCH = ("phone", "landscape")


def problems(page) -> list[str]:
    """What is off screen or overlaps, as it is drawn now (once every animation has ended)."""
    page.wait_for_function("() => document.getAnimations().length === 0")
    drawn = page.evaluate(BOXES)
    boxes, width, height = drawn["boxes"], drawn["width"], drawn["height"]
    found = []
    for kind, name, left, top, right, bottom in boxes:
        if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
            found.append(f"{kind} {name} off screen: {round(left)},{round(top)}–{round(right)},{round(bottom)}")
    for index, (kind, name, *box) in enumerate(boxes):
        for other_kind, other_name, *other in boxes[index + 1 :]:
            if kind == other_kind and kind in ("hand", "trick"):
                continue  # a hand's cards overlap like a fan, a crowded trick's like a pile
            overlap_x = min(box[2], other[2]) - max(box[0], other[0])
            overlap_y = min(box[3], other[3]) - max(box[1], other[1])
            if overlap_x > 1 and overlap_y > 1:
                found.append(f"{kind} {name} overlaps {other_kind} {other_name}")
    return found


def check(page, moment: str) -> None:
    """Fail with every problem found at ``moment``."""
    found = problems(page)
    if found:
        raise AssertionError(f"{moment}: " + "; ".join(found))


def open_sized(browser, guard, server_url, size: str, seats: int | None = None):
    """A page of ``size``; with ``seats``, a stored game of that many players (Cancellation from 8)."""
    phone = size in TOUCH
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.route("**/*", guard.route)
    context.add_init_script("localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'}))")
    if seats:
        rules = {"players": seats, "variant": "cancellation"} if seats >= 8 else {"players": seats}
        players = [{"name": "You", "bot": None}] + [{"name": "", "bot": "basic"}] * (seats - 1)
        context.add_init_script(store_game(Table.new({"seats": players, "seed": 11, "rules": rules})))
    page = context.new_page()
    open_game(page, server_url)
    return context, page


@pytest.mark.parametrize("size", list(SIZES))
def test_every_phase_of_a_hand_fits_the_screen_without_overlaps(browser, guard, server_url, size):
    context, page = open_sized(browser, guard, server_url, size)
    try:
        check(page, "pass")
        take_turn(page)
        play_until(page, "play")
        check(page, "play")
        play_until(page, "collect")
        check(page, "collect")
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    finally:
        context.close()


@pytest.mark.parametrize("seats", [3, 5, 6, 8, 10])
@pytest.mark.parametrize("size", ["phone", "landscape", "desktop"])
def test_crowded_tables_fit_without_overlaps(browser, guard, server_url, size, seats):
    context, page = open_sized(browser, guard, server_url, size, seats)
    try:
        check(page, "first decision")
        take_turn(page)
        play_until(page, "collect")
        check(page, "a whole trick on the table")
    finally:
        context.close()


def test_the_phone_menu_folds_the_game_buttons_and_opens_on_demand(browser, guard, server_url):
    context, page = open_sized(browser, guard, server_url, "phone")
    try:
        assert not page.is_visible("#nav [data-panel=settings]")
        assert page.locator(".topbar").bounding_box()["height"] <= 56
        page.click("#menu")
        page.click("#nav [data-panel=settings]")
        page.wait_for_selector("#dialog .dialog")
        assert not page.is_visible("#nav [data-panel=settings]")  # the menu folds when a panel opens
        assert json.loads(page.get_attribute("#menu", "aria-expanded")) is False
    finally:
        context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_new_game_form_fits_its_dialog(browser, guard, server_url, size):
    context, page = open_sized(browser, guard, server_url, size)
    try:
        if size in TOUCH:
            page.click("#menu")
        page.click("#nav [data-panel=new]")
        page.wait_for_selector("#dialog .form")
        fits = page.evaluate(
            """() => {
              const dialog = document.querySelector('#dialog .dialog');
              const right = dialog.getBoundingClientRect().right;
              const fields = [...dialog.querySelectorAll('select, input')].filter((e) => e.offsetParent);
              return [dialog.scrollWidth <= dialog.clientWidth,
                      fields.every((e) => e.getBoundingClientRect().right <= right)];
            }"""
        )
        assert fits == [True, True]
        # Start stays in reach (on screen and in the dialog) however long the form is.
        start = page.locator("#dialog [data-action=start]").bounding_box()
        box = page.locator("#dialog .dialog").bounding_box()
        viewport = page.viewport_size
        assert start["y"] + start["height"] <= min(box["y"] + box["height"], viewport["height"])
    finally:
        context.close()
