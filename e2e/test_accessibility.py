"""Accessibility and phones: an axe-core scan of the table, the settings and the score sheet, and a phone-sized
table with no horizontal scrolling and touch targets of at least 44 px."""

from __future__ import annotations

from pathlib import Path

import pytest
from table import ENGINE_TIMEOUT, hand, open_game, play_until, take_turn, wait_for_person

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
    wait_for_person(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("#hand .hint-box li")
    assert serious_violations(page) == []  # the table while passing, with the hint's cards and reasons
    take_turn(page)
    play_until(page, "play")
    page.click("[data-action=hint]")
    page.click("#hand [data-action=figures]")
    page.wait_for_selector("#hand .card[data-hint]")
    assert serious_violations(page) == []  # the table while playing, with the hint and its figures
    page.click("header [data-panel=settings]")
    page.wait_for_selector("#opt-language")
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    play_until(page, "summary")
    assert serious_violations(page) == []  # the end-of-hand summary
    page.click("#dialog [data-action=review]", timeout=ENGINE_TIMEOUT)  # once the thinker has reviewed it
    page.wait_for_selector("#dialog .review .decision")
    assert serious_violations(page) == []  # the hand's review
    page.keyboard.press("Escape")
    take_turn(page)
    wait_for_person(page)
    assert page.locator("#sheet svg.chart").count() == 1
    assert serious_violations(page) == []  # the score sheet with its chart (and its review buttons)


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
        # The hint's words (the figures' explained too) are on screen, within its width, over no button.
        page.click("[data-action=hint]")
        page.click("#hand [data-action=figures]")
        page.wait_for_selector("#hand .card[data-hint]")
        covered = page.evaluate(
            """() => {
                const words = document.querySelector('.hint-box').getBoundingClientRect();
                const apart = (a, b) => a.right <= b.left || b.right <= a.left
                    || a.bottom <= b.top || b.bottom <= a.top;
                return [...document.querySelectorAll('button')]
                    .filter(e => e.offsetParent !== null && !e.closest('.hint-box'))
                    .filter(e => !apart(words, e.getBoundingClientRect()))
                    .map(e => e.dataset.action || e.dataset.card || e.textContent.trim());
            }"""
        )
        assert covered == []
        box = page.locator("#hand .hint-box").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width and 0 <= box["y"] < height
    finally:
        context.close()


FOCUSED = """() => {
  const e = document.activeElement;
  return e ? (e.dataset.action || (e.dataset.card ? 'card' : e.tagName)) : null;
}"""
DRAWN = "() => document.querySelector('#hand').innerHTML + document.querySelector('#dialog').innerHTML"


def press_until_focused(page, key: str, wanted: str, limit: int = 60) -> None:
    """Press ``key`` until the focused element is ``wanted`` (an action name, or 'card')."""
    for _ in range(limit):
        if page.evaluate(FOCUSED) == wanted:
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {wanted}; focus is on {page.evaluate(FOCUSED)}")


def keyboard_turn(page, step: str) -> None:
    """Take one turn with the keyboard alone, starting from wherever the page put the focus."""
    if step == "pass":
        for _ in range(3):
            press_until_focused(page, "Shift+Tab", "card")  # from wherever the focus is in the hand
            while page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true":
                page.keyboard.press("ArrowRight")
            card = page.evaluate("() => document.activeElement.dataset.card")
            page.keyboard.press("Enter")
            page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
        press_until_focused(page, "Tab", "pass")
    elif step == "play":
        page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand .card')")
        for _ in range(13):
            if page.evaluate("() => document.activeElement.getAttribute('aria-disabled')") != "true":
                break
            page.keyboard.press("ArrowRight")
    elif step == "collect":
        page.wait_for_function("() => document.activeElement.dataset.action === 'collect'")
    else:  # a dialog (the summary, the moon): its first button has the focus
        assert step in ("summary", "moon"), step
        page.wait_for_function("() => document.activeElement && document.activeElement.closest('#dialog')")
    before = page.evaluate(DRAWN)  # what the turn's last key must change (picking cards changed it already)
    page.keyboard.press("Enter")
    page.wait_for_function(f"(before) => ({DRAWN})() !== before", arg=before)


def test_a_whole_hand_by_keyboard_alone_collecting_every_trick(page, server_url):
    open_game(page, server_url)  # collect by click (the test's settings): the keyboard must collect too
    play_a_hand_by_keyboard(page)


def test_a_whole_hand_by_keyboard_alone_in_czech(browser, guard, server_url):
    context = browser.new_context(locale="cs-CZ")
    context.route("**/*", guard.route)
    context.add_init_script("localStorage.setItem('hearts.settings', JSON.stringify({speed: 'instant'}))")
    try:
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        open_game(page, server_url)
        assert page.evaluate("document.documentElement.lang") == "cs"
        play_a_hand_by_keyboard(page)
        assert "Kolo 2" in page.text_content("#table .info")
    finally:
        context.close()


def play_a_hand_by_keyboard(page) -> None:
    """Every decision of a hand (pass, cards, collecting, the summary) with the keyboard alone."""
    steps = []
    for _ in range(200):
        step = wait_for_person(page)
        if step == "summary" and "collect" in steps:
            break
        if step == "wait":  # drawn anew between the two looks: look again
            continue
        keyboard_turn(page, step)
        steps.append(step)
    assert steps.count("collect") == 13 and steps[0] == "pass"
    keyboard_turn(page, "summary")  # read on: the next hand's pass, the focus in the hand again
    assert wait_for_person(page) == "pass"
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand')")
    assert page.errors == []


def test_dialogs_hold_the_focus_and_escape_gives_it_back_to_the_hand(page, server_url):
    open_game(page, server_url)
    page.click("[data-action=open][data-panel=settings]")
    page.wait_for_function("() => document.activeElement.closest('#dialog')")
    for _ in range(30):
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('#dialog')")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => !!document.activeElement.closest('#dialog')")
    page.keyboard.press("Escape")
    page.wait_for_selector("#dialog", state="hidden")
    page.wait_for_function("() => document.activeElement && document.activeElement.closest('#hand')")


HAND = "() => [...document.querySelectorAll('#hand .card')].map((card) => card.dataset.card).join(',')"


def scan_dialog(page, moment: str) -> None:
    """The open dialog (and the page under it) has no serious axe finding."""
    page.wait_for_selector("#dialog .dialog")
    found = serious_violations(page)
    assert found == [], f"{moment}: {found}"


def test_axe_finds_nothing_serious_in_any_dialog(page, server_url):
    open_game(page, server_url)
    take_turn(page)
    play_until(page, "collect")  # a trick played: the last-trick panel has one to show
    for panel in ("new", "last", "settings", "stats"):
        page.click(f"header [data-panel={panel}]")
        scan_dialog(page, panel)
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog", state="hidden")
    page.click("header [data-action=share]")
    scan_dialog(page, "share")
    page.keyboard.press("Escape")
    page.goto(server_url + "?deal=77")  # a shared deal while a game is in progress: the offer
    page.wait_for_selector("#dialog [data-action=play-link]")
    scan_dialog(page, "a shared deal")
    page.click("#dialog [data-action=play-link]")
    # Party mode's hand-over, then a short game to its end.
    page.click("header [data-panel=new]")
    page.select_option("#opt-level-2", "person")
    page.fill("#opt-target", "25")
    page.click("#dialog [data-action=start]")
    page.wait_for_selector("#dialog [data-action=handoff]")
    scan_dialog(page, "hand-over")
    page.click("#dialog [data-action=handoff]")
    page.click("header [data-panel=new]")
    page.select_option("#opt-level-2", "basic")  # back to one person: the game played to its end
    before = hand(page)
    page.click("#dialog [data-action=start]")
    page.wait_for_function(f"(before) => ({HAND})() !== before", arg=",".join(before))  # the new deal is drawn
    play_until(page, "over", limit=3000)
    scan_dialog(page, "game over")
