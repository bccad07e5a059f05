"""The deal of the day in a real browser: two profiles play the same day's deal against the same computer
players, exchange result links, and each sees the other's result verified (with its replay; a fresh profile
online, the other offline); a tampered link is shown as not verified."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from conftest import FAST_SETTINGS
from table import hand, open_game, play_until, wait_for_person, wait_until_offline_ready
from test_expert_workers import cores

from pyapp.host.verify import Verified, verify

VERIFY_TIMEOUT = 180_000  # a whole game replayed in the page's engine (a busy machine's Pyodide)


def play_the_daily(page, url: str) -> list[str]:
    """Open the page, play today's deal from the menu's board to its end, and return (its first hand,
    its result link)."""
    open_game(page, url)
    page.click("#nav [data-action=open][data-panel=daily]")
    page.locator("#dialog [data-action=daily]").click()
    page.locator("#dialog [data-action=daily][data-confirmed]").click()  # (the game in progress ends)
    page.wait_for_selector(".info:has-text('4')")
    first = hand(page)
    play_until(page, "over", limit=1200)
    page.locator("#dialog [data-action=share]").click()
    page.wait_for_selector("#share-result")
    return first, page.input_value("#share-result")


def payload_of(link: str) -> str:
    """A result link's payload (without who played it)."""
    return urlsplit(link).query.split("=", 1)[1].split("&")[0]


@pytest.mark.long
def test_two_profiles_play_the_same_deal_and_verify_each_others_result(browser, context, server_url):
    """One profile's Expert players think on two workers, the other's on one: playing alike, they get the
    same computer cards (the same result link), which CPython's replay verifies too."""
    context.add_init_script(cores(2))
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    first, link = play_the_daily(page, server_url)
    assert link.startswith(server_url + "?result=") and len(urlsplit(link).query) <= 200
    assert isinstance(verify(payload_of(link)), Verified)  # Pyodide's game, replayed on CPython
    friend = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    friend.add_init_script(cores(1))
    settings = json.dumps(json.dumps(FAST_SETTINGS))  # (a fresh profile, with the tests' fast play)
    stored = "localStorage.getItem('hearts.settings')"
    friend.add_init_script(f"{stored} || localStorage.setItem('hearts.settings', {settings})")
    try:
        other = friend.new_page()
        errors: list[str] = []
        other.on("pageerror", lambda error: errors.append(str(error)))
        # A fresh profile opens a tampered link: it is not verified, and says why.
        payload = payload_of(link)
        tampered = payload[:-2] + ("AA" if payload[-2:] != "AA" else "BB")
        other.goto(f"{server_url}?result={tampered}")
        other.wait_for_selector("#dialog .not-verified", timeout=VERIFY_TIMEOUT)
        # Then the link itself: the game is replayed, the result verified and shown.
        other.goto(link)
        other.wait_for_selector("#dialog .verified", timeout=VERIFY_TIMEOUT)
        assert other.locator("#dialog .tricks li").count() == 52  # every trick of the replay
        # From there the friend plays the same deal (the same cards) and sends their own result back.
        other.locator("#dialog [data-action=daily]").click()
        other.locator("#dialog [data-action=daily][data-confirmed]").click()  # (the game in progress ends)
        other.wait_for_selector(".info:has-text('4')")
        wait_for_person(other)
        assert hand(other) == first
        play_until(other, "over", limit=1200)
        other.locator("#dialog [data-action=share]").click()
        other.wait_for_selector("#share-result")
        back = other.input_value("#share-result")
        assert payload_of(back) == payload  # the same decisions of the person: the same computer cards
        assert errors == []
    finally:
        friend.close()
    # The first profile opens the friend's link offline: the game it has kept checks it all the same.
    wait_until_offline_ready(page)
    page.context.set_offline(True)
    try:
        page.goto(back)
        page.wait_for_selector("#dialog .verified", timeout=VERIFY_TIMEOUT)
    finally:
        page.context.set_offline(False)
    assert page.locator("#dialog .placing tr.me").count() == 1  # their result beside the person's own
    assert page.errors == []
