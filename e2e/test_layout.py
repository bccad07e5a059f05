"""The table on a phone, a tablet and a desktop: everything a turn needs on one screen, nothing overlapping.

For each size and phase the test measures the seats, the cards on the
table, the hand's cards, the buttons under the hand, the info and status
lines' text (and the note while the computer players get ready: measured
in e2e/test_ahead.py, where the engine is held back) and a notice, and checks that each is inside the window (no
scrolling needed) and that no two of them overlap (but a hand's cards,
which overlap like a fan, and a notice, which may lie over the felt but
never over a card or button of the hand); that no card on the table covers
another's index or its badge; and that cards and type grow with the window.
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
  document.querySelectorAll('#table .backs .card').forEach((e) => add('back', e));  // as drawn: fanned
  document.querySelectorAll('#table .trick .card').forEach((e) => add('trick', e));
  document.querySelectorAll('#hand .card').forEach((e) => add('hand', e));
  document.querySelectorAll('#hand button:not(.card)').forEach((e) => add('button', e));
  for (const kind of ['status', 'info', 'note']) {  // (the note: while the computer players get ready)
    const line = document.querySelector('#table .' + kind);
    if (!line) continue;
    const text = document.createRange();
    text.selectNodeContents(line);
    add(kind, line, text.getBoundingClientRect());
  }
  const notice = document.getElementById('notice');
  if (!notice.hidden) add('notice', notice);
  // Each card on the table shows its index (top left) and its badge (above it): what lies at those points.
  const covered = [];
  document.querySelectorAll('#table .trick .card').forEach((card) => {
    const corner = card.querySelector('.corner').getBoundingClientRect();
    const r = card.getBoundingClientRect();
    const points = [[corner.left + corner.width / 2, corner.top + corner.height / 2, 'index']];
    if (card.dataset.badge) {  // the badge's middle (drawn as the card's ::after)
      const badge = getComputedStyle(card, '::after');
      const shift = new DOMMatrix(badge.transform);
      points.push([r.left + parseFloat(badge.left) + shift.e + parseFloat(badge.width) / 2,
                   r.top + parseFloat(badge.top) + shift.f + parseFloat(badge.height) / 2, 'badge']);
    }
    for (const [x, y, what] of points) {
      const top = document.elementFromPoint(x, y);
      const by = top && top.closest('.card');
      if (by !== card) covered.push(`${card.dataset.card}'s ${what} by ${by ? by.dataset.card : top && top.className}`);
    }
  });
  // Every text on screen that is drawn under the least size (14 px), with where it is.
  const small = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const element = walk.currentNode.parentElement, text = walk.currentNode.textContent.trim();
    if (!text || !element.checkVisibility() || element.closest('.visually-hidden')) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < 13.95 && element.getBoundingClientRect().width) {
      small.push(`"${text.slice(0, 12)}" in ${element.className || element.tagName} ${size} px`);
    }
  }
  return { boxes, covered, small, width: innerWidth, height: innerHeight };
}"""
# What grows with the window: the hand's card width and the size of a seat's name.
SIZES_DRAWN = """() => ({
  card: document.querySelector('#hand .card').getBoundingClientRect().width,
  name: parseFloat(getComputedStyle(document.querySelector('#table .seat .name')).fontSize),
})"""
# The trick's cards that lie over an open dialog (what is drawn at each card's middle is not the overlay's).
ABOVE_THE_TRICK = """() => [...document.querySelectorAll('#table .trick .card')].filter((card) => {
  const r = card.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !(top && top.closest('.overlay'));
}).map((card) => card.dataset.card)"""
# Each card of the trick with the seat whose plate (its middle) lies nearest it: [card's seat, nearest seat].
NEAREST_PLATES = """() => {
  const middle = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const plates = [...document.querySelectorAll('#table .seat')].map(
    (seat) => [seat.dataset.seat, middle(seat.querySelector('.plate').getBoundingClientRect())]);
  return [...document.querySelectorAll('#table .trick .card')].map((card) => {
    const [x, y] = middle(card.getBoundingClientRect());
    const distance = ([, [px, py]]) => Math.hypot(px - x, py - y);
    return [card.dataset.seat, plates.reduce((a, b) => (distance(b) < distance(a) ? b : a))[0]];
  });
}"""
SIZES = {
    "phone": {"width": 360, "height": 640},
    "landscape": {"width": 640, "height": 360},  # a phone held sideways
    "tablet": {"width": 768, "height": 1024},
    "tablet_landscape": {"width": 1024, "height": 768},
    "desktop": {"width": 1280, "height": 800},
    "wide": {"width": 1920, "height": 1080},
}
TOUCH = ("phone", "landscape", "tablet", "tablet_landscape")
INSTANT = "localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'}))"
CROWDS = (3, 5, 6, 8, 10)  # the crowded tables' seats
# The least the hand's card width and a seat's name may measure (px): both grow with the window.
GROWN = {
    "phone": (70, 14),
    "landscape": (62, 14),
    "tablet": (84, 14),
    "tablet_landscape": (64, 14),
    "desktop": (76, 14),
    "wide": (100, 18),
}


def problems(page) -> list[str]:
    """What is off screen or overlaps, as it is drawn now (once every animation has ended), and any text drawn
    under 14 px."""
    page.wait_for_function("() => document.getAnimations().length === 0")
    drawn = page.evaluate(BOXES)
    boxes, width, height = drawn["boxes"], drawn["width"], drawn["height"]
    found = [f"{what} covered" for what in drawn["covered"]]
    found += [f"{what}: under 14 px" for what in drawn["small"]]
    for kind, name, left, top, right, bottom in boxes:
        if left < -0.5 or top < -0.5 or right > width + 0.5 or bottom > height + 0.5:
            found.append(f"{kind} {name} off screen: {round(left)},{round(top)}–{round(right)},{round(bottom)}")
    for index, (kind, name, *box) in enumerate(boxes):
        if kind == "back":
            continue  # (an opponent's cards lie by their plate: they must only stay on screen)
        for other_kind, other_name, *other in boxes[index + 1 :]:
            if other_kind == "back":
                continue
            if kind == other_kind and kind in ("hand", "trick"):
                continue  # a hand's cards overlap like a fan, a crowded trick's like a pile
            if "notice" in (kind, other_kind) and not {kind, other_kind} & {"hand", "button"}:
                continue  # a notice may lie over the felt for a moment, never over what the person presses
            overlap_x = min(box[2], other[2]) - max(box[0], other[0])
            overlap_y = min(box[3], other[3]) - max(box[1], other[1])
            if overlap_x > 1 and overlap_y > 1:
                where = ",".join(str(round(v)) for v in box) + " and " + ",".join(str(round(v)) for v in other)
                found.append(f"{kind} {name} overlaps {other_kind} {other_name} ({where})")
    return found


def open_panel(page, panel: str) -> None:
    """Open a panel of the menu (folded on a narrow screen) and wait for its dialog."""
    if page.is_visible(".menu-button"):
        page.click(".menu-button")
    page.click(f"nav [data-action=open][data-panel={panel}]")
    page.wait_for_selector("#dialog:not([hidden]) .dialog")


def check(page, moment: str) -> None:
    """Fail with every problem found at ``moment`` (text under 14 px too)."""
    found = problems(page)
    if found:
        raise AssertionError(f"{moment}: " + "; ".join(found))


def open_sized(browser, guard, server_url, size: str, seats: int | None = None):
    """A page of ``size``; with ``seats``, a stored game of that many players (:func:`crowd`)."""
    phone = size in TOUCH
    context = browser.new_context(viewport=SIZES[size], has_touch=phone, is_mobile=phone)
    context.route("**/*", guard.route)
    context.add_init_script(INSTANT)
    if seats:
        context.add_init_script(crowd(seats))
    page = context.new_page()
    open_game(page, server_url)
    return context, page


def crowd(seats: int) -> str:
    """A script that stores a game of ``seats`` players (Cancellation from 8), unless one is stored."""
    rules = {"players": seats, "variant": "cancellation"} if seats >= 8 else {"players": seats}
    players = [{"name": "You", "bot": None}] + [{"name": "", "bot": "basic"}] * (seats - 1)
    return store_game(Table.new({"seats": players, "seed": 11, "rules": rules}))


def reopen_crowded(page, server_url, seats: int) -> None:
    """The page opened again in the same profile (the engine restored from its snapshot) on a stored game of
    ``seats`` players in place of everything stored (the page writes only when it answers, and it waits
    for the person; the profile's own script stores the settings again as the page opens)."""
    page.evaluate(f"() => {{ localStorage.clear(); {crowd(seats)} }}")
    open_game(page, server_url)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_phase_of_a_hand_fits_the_screen_without_overlaps(browser, guard, server_url, size):
    context, page = open_sized(browser, guard, server_url, size)
    try:
        check(page, "pass")
        # Nothing in the hand looks chosen that was not: no focus ring from the page's own focus, and on a touch
        # screen no card left lifted by a tap taken back.
        assert page.evaluate("() => !document.querySelector('#hand :focus-visible')")
        first = page.locator("#hand .card").first
        for pressed in ("true", "false"):
            first.click()
            page.wait_for_selector(f'#hand .card[data-index="0"][aria-pressed="{pressed}"]')
            # The card lifts (or settles) before the next tap: Playwright would scroll a moving card into view.
            page.wait_for_function("() => document.getAnimations().length === 0")
        if size in TOUCH:
            assert page.evaluate("getComputedStyle(document.querySelector('#hand .card')).transform") == "none"
        card, name = page.evaluate(SIZES_DRAWN).values()
        print(f"{size}: hand card {card:.0f} px = {card / SIZES[size]['width']:.1%} of the width, name {name:.1f} px")
        assert card >= GROWN[size][0] and name >= GROWN[size][1]
        take_turn(page)
        play_until(page, "play")
        check(page, "play")
        dim = page.locator("#hand .card.dim")
        if dim.count():  # refused with a notice, which leaves the buttons and the cards in sight
            dim.first.click(force=True)  # (it says it is disabled: the page answers why)
            page.wait_for_selector("#notice:not([hidden])")
            check(page, "a card refused")
        page.click("[data-action=hint]")
        page.wait_for_selector("#hand .card.hinted")  # (the card marked; the figures come on demand)
        check(page, "a hint given")
        play_until(page, "collect")
        check(page, "collect")
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        open_panel(page, "last")  # (the trick's cards are on the felt under it)
        assert page.evaluate(ABOVE_THE_TRICK) == [], "a card of the trick lies over the dialog"
    finally:
        context.close()


def check_at(page, sizes: tuple, moment: str, nearest: bool = False) -> None:
    """:func:`check` at each of ``sizes`` in turn (the window resized, then back to the first); ``nearest``:
    each trick card nearer its own player's plate than any other too (but on a phone held sideways, whose low
    felt keeps them on a ring in the middle)."""
    for size in sizes:
        page.set_viewport_size(SIZES[size])
        check(page, f"{moment}, {size}")
        if nearest and size != "landscape":
            astray = [f"{card} nearer {seat}" for card, seat in page.evaluate(NEAREST_PLATES) if card != seat]
            assert not astray, f"{moment}, {size}: " + ", ".join(astray)
    page.set_viewport_size(SIZES[sizes[0]])


@pytest.mark.parametrize("sizes", [("phone", "landscape", "tablet_landscape"), ("desktop",)], ids=["touch", "desktop"])
def test_crowded_tables_fit_without_overlaps(browser, guard, server_url, sizes):
    """From 3 to 10 seats, one table after another in one profile, each measured at every size of its kind (a
    touch screen's or a desktop's): the window resized, quicker than a new profile each."""
    context, page = open_sized(browser, guard, server_url, sizes[0], CROWDS[0])
    try:
        for seats in CROWDS:
            if seats != CROWDS[0]:
                reopen_crowded(page, server_url, seats)
            assert page.locator("#table .seat").count() == seats
            check_at(page, sizes, f"{seats} seats, the first decision")
            take_turn(page)
            play_until(page, "collect")
            # Round seven to ten seats each card lies nearer its own player's plate than any other.
            check_at(page, sizes, f"{seats} seats, a whole trick on the table", nearest=seats >= 7)
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
