"""Learn by playing in a real browser: offered on a first visit, followed through, reloaded half-way, ended.

One page plays the whole coached hand as a newcomer would, tapping only what
the coach offers (the bright cards), and reports the taps and the time it took.
"""

from __future__ import annotations

import time

from table import ENGINE_TIMEOUT, STEP_TIMEOUT, wait_for_engine, wait_for_person

# What the person may do next in the lesson: its end, a trick to collect, the pass, a card the coach offers.
NEXT = (
    "#dialog [data-action=lesson-done]",
    ".trick[data-action=collect]",
    "[data-action=pass]",
    "#hand .card:not(.dim):not([aria-pressed])",
)


def wait_for_the_person(page) -> None:
    """Wait until the lesson waits for the person (:data:`NEXT`)."""
    page.wait_for_function("() => " + " || ".join(f"document.querySelector('{s}')" for s in NEXT), timeout=STEP_TIMEOUT)


def follow_the_coach(page) -> tuple[int, str]:
    """One decision as the coach suggests it (the bright cards); the taps it took and what it was."""
    wait_for_the_person(page)
    if page.query_selector(NEXT[0]):
        return 0, "end"
    if page.query_selector(NEXT[1]):
        page.click(NEXT[1])
        page.wait_for_selector(NEXT[1], state="detached", timeout=STEP_TIMEOUT)
        return 1, "collect"
    if page.query_selector(NEXT[2]):
        # The coach offers the hint's three cards once the engine has given them (a moment after the deal).
        page.wait_for_function("document.querySelectorAll('#hand .card:not(.dim)').length", timeout=STEP_TIMEOUT)
        offered = page.eval_on_selector_all("#hand .card:not(.dim)", "cards => cards.map(c => c.dataset.card)")
        assert len(offered) == 3, offered  # the coach's suggestion
        for card in offered:
            page.click(f'#hand .card[data-card="{card}"]')
            page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
        page.click("[data-action=pass]")
        page.wait_for_selector("[data-action=pass]", state="detached", timeout=STEP_TIMEOUT)
        return 4, "pass"
    card = page.get_attribute(NEXT[3], "data-card")
    page.click(f'#hand .card[data-card="{card}"]')
    page.wait_for_selector(f'#hand .card[data-card="{card}"]', state="detached", timeout=STEP_TIMEOUT)
    return 1, "play"


def test_a_newcomer_plays_the_coached_hand_through_a_reload_to_a_real_game(page, server_url):
    page.goto(server_url)
    wait_for_engine(page)
    wait_for_person(page, ENGINE_TIMEOUT)
    # (A first visit's offer is for a page with nothing stored: tests/test_coach.py; this page keeps fast
    # settings, so the lesson starts from the menu.)
    started = time.monotonic()
    page.click("#nav [data-action=lesson]")
    page.wait_for_selector(".coach")
    taps, plays, reloaded = 1, 0, False
    while True:
        if plays == 4 and not reloaded:  # half-way through the first tricks: the lesson survives a reload
            wait_for_the_person(page)
            words = page.inner_text(".coach")
            page.reload()
            wait_for_engine(page)
            page.wait_for_selector(".coach", timeout=ENGINE_TIMEOUT)
            assert page.inner_text(".coach") == words
            reloaded = True
        tapped, what = follow_the_coach(page)
        taps += tapped
        plays += what == "play"
        if what == "end":
            break
    assert plays == 13 and reloaded
    assert "You have played your first hand" in page.inner_text("#dialog")
    page.click("#dialog [data-action=lesson-done]")
    taps += 1
    page.wait_for_selector("[data-action=pass]", timeout=STEP_TIMEOUT)
    seconds = time.monotonic() - started
    assert page.query_selector(".coach") is None and page.evaluate("localStorage.getItem('hearts.lesson')") is None
    assert page.evaluate("localStorage.getItem('hearts.stats')") is None  # the lesson is never counted
    print(f"lesson: {taps} taps, {seconds:.1f} s with instant computer players (and one reload)")
    assert taps == 1 + 4 + 13 + 13 + 1 and page.errors == []
