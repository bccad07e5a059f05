"""This device is the table: a laptop or TV shows the table to the room, everyone plays on their own phone."""

from __future__ import annotations

import json
import re

import pytest
from friends_table import device, host_a_game, host_a_table, join, play_on
from playwright.sync_api import Page
from table import ENGINE_TIMEOUT, STEP_TIMEOUT, current_step, store_game
from test_with_friends import quiet_and_back

from pyapp.engine.cards import card_text
from pyapp.engine.match import Phase
from pyapp.engine.observation import observe
from pyapp.host.table import Table

# On the table's page: every answer its engine's worker gives it (the page's only source of the game).
ANSWERS = """
window.engineAnswers = [];
const Original = window.Worker;
window.Worker = class extends Original {
  constructor(url, options) {
    super(url, options);
    if (options && options.name === "engine") {
      this.addEventListener("message", ({ data }) => {
        if (typeof data.answer === "string") window.engineAnswers.push(data.answer);
      });
    }
  }
};
"""
# On every device: the Screen Wake Lock and the Vibration API recorded (a headless browser has no screen to keep
# on and nothing to buzz): each lock asked for, each one let go, each buzz.
AWAKE = """
window.locks = { asked: 0, held: [] }; window.buzzes = 0;
navigator.vibrate = () => { window.buzzes += 1; return true; };
Object.defineProperty(navigator, "wakeLock", { value: { request: async (kind) => {
  const sentinel = new EventTarget();
  sentinel.release = async () => sentinel.dispatchEvent(new Event("release"));
  window.locks.asked += 1; window.locks.held.push(sentinel);
  return sentinel;
} } });
"""
CARD = re.compile(r'"(?:[2-9TJQKA]|10)[CDHS]"')  # a card's text as the protocol writes it


def cards_shown_to_the_table(table: Page, start: int) -> list[str]:
    """Every card text in what the table's engine told its page from answer ``start`` on, but the cards on the
    table (the trick, the last trick) and the rules' (the Omnibus card's name is no secret)."""
    found = []
    for text in table.evaluate("window.engineAnswers")[start:]:
        answer = json.loads(text)
        for field in ("hint", "pass_hint", "review"):
            assert answer[field] is None, field
        view = dict(answer["view"] or {})
        for public in ("rules", "trick", "last_trick"):
            view.pop(public, None)
        found += CARD.findall(json.dumps(view))
    return found


@pytest.mark.long
def test_the_table_shows_the_room_a_whole_hand_that_three_phones_play_and_holds_no_hidden_card(
    browser, guard, server_url
):
    table = device(browser, guard, 1920, 1080)
    table.context.add_init_script(ANSWERS)
    phones = {seat: device(browser, guard, 360, 640, touch=True) for seat in (0, 1, 3)}
    for page in (table, *phones.values()):
        page.context.add_init_script(AWAKE)
    start = host_a_table(table, server_url)
    for seat, phone in phones.items():
        join(table, phone, seat)
    table.wait_for_selector("#dialog", state="hidden", timeout=STEP_TIMEOUT)  # everyone is here: to the table
    assert table.evaluate("document.body.classList.contains('table-screen')")
    assert table.locator("#hand .card").count() == 0  # this device holds no cards
    assert table.locator(".seat .backs").count() == 4  # every seat's cards face down, seat 0's too
    status = table.text_content("#table .status")
    assert "still choosing: Ann, Bo, Cy" in status, status
    names = [phone.text_content(".seat.me .name") for phone in phones.values()]
    assert names == ["Ann", "Bo", "Cy"], names
    for page in (table, *phones.values()):  # every screen of the game stays on ...
        page.wait_for_function("window.locks.asked === 1")
    phone = phones[1]  # ... and asks again when it comes back to the front (hidden, the browser let it go)
    phone.evaluate("window.locks.held[0].release()")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    phone.wait_for_function("window.locks.asked === 2")
    noticed, back = quiet_and_back(table, phones[3], "Cy", friends=3)  # Cy's phone locks for a while, and wakes
    print(f"the table noticed a quiet phone in {noticed:.1f} s; back at its seat {back:.1f} s after it woke")
    assert noticed < 10
    play_on(list(phones.values()), "hand", seconds=300)
    # The table shows the next hand by itself (its summary goes after a while, nobody taps the TV).
    second = "(document.querySelector('#table .info') || {textContent: ''}).textContent.includes('Hand 2')"
    table.wait_for_function(second, timeout=STEP_TIMEOUT + 15_000)
    assert current_step(table) == "wait"  # nothing to do on the table: it shows
    for seat, phone in phones.items():  # each phone buzzed as its person's turns came (the pass, the cards)
        assert phone.evaluate("window.buzzes") >= 2, seat
    assert table.evaluate("window.buzzes") == 0
    assert cards_shown_to_the_table(table, start) == []
    assert len(table.evaluate("window.engineAnswers")) > start + 13  # (a view a trick at least)
    for page in (table, *phones.values()):
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_hosts_device_becomes_the_table_from_the_friends_panel_and_its_cards_go_to_a_phone(
    browser, guard, server_url
):
    host = device(browser, guard)
    host.context.add_init_script(ANSWERS)
    host_a_game(host, server_url)  # Ann here, Bo and Cy invited (the panel open), a computer
    host.wait_for_selector("#invite-1", timeout=STEP_TIMEOUT)  # (the new game's: its hand is Ann's)
    cards = sorted(host.eval_on_selector_all("#hand .card", "cards => cards.map((card) => card.dataset.card)"))
    start = host.evaluate("window.engineAnswers.length")
    host.wait_for_selector("#dialog [data-action=become-table]", timeout=STEP_TIMEOUT)
    host.click("#dialog [data-action=become-table]")
    host.wait_for_function("document.body.classList.contains('table-screen')", timeout=STEP_TIMEOUT)
    assert host.locator("#hand .card").count() == 0 and host.is_visible("#dialog")  # (the invitations stay)
    assert host.locator("#dialog [data-action=become-table]").count() == 0
    phone = device(browser, guard, 360, 640, touch=True)
    join(host, phone, 0)  # Ann's own invitation, made for her seat
    mine = sorted(phone.eval_on_selector_all("#hand .card", "cards => cards.map((card) => card.dataset.card)"))
    assert mine == cards and phone.text_content(".seat.me .name") == "Ann"
    assert cards_shown_to_the_table(host, start) == []
    for page in (host, phone):
        assert page.errors == []  # type: ignore[attr-defined]


def a_trick_on_the_table() -> str:
    """A script that stores a game this device is the table of (three phones and a computer), two cards or
    more of its first trick down and a phone to play next (the table waits 30 s for it: nothing moves)."""
    seats = [{"name": name, "bot": None, "friend": True} for name in ("Ann", "Bo", "Cy")]
    table = Table.new({"seats": [*seats, {"name": "", "bot": "basic"}], "seed": 5, "rules": {}})
    while table.match.phase is Phase.PASS:
        for seat in table.people_to_act:
            table.act({"seat": seat, "pass": [card_text(face) for face in observe(table.match, seat).hand[:3]]})
        table.bot_step()
    while len(table.match.trick) < 2 or table.bots_to_act:
        seat = table.match.to_act[0]
        if not table.bot_step():
            table.act({"seat": seat, "play": card_text(table.match.legal_cards(seat)[0])})
    return store_game(table)


# The least type on the table's screen, and a trick card's index against the screen's height.
ROOM = """() => {
  const sizes = [...document.querySelectorAll('#table .seat *, #table .info, #table .status')]
    .filter((e) => e.checkVisibility() && [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
    .map((e) => parseFloat(getComputedStyle(e).fontSize));
  const corners = [...document.querySelectorAll('#table .trick .card .corner:not(.end)')]
    .map((e) => parseFloat(getComputedStyle(e).fontSize) / innerHeight);
  return { least: Math.min(...sizes), index: Math.min(...corners), cards: corners.length };
}"""


def test_the_table_reads_from_across_a_room_on_every_screen(browser, guard, server_url):
    table = device(browser, guard, 1280, 720)
    table.context.add_init_script(a_trick_on_the_table())
    try:
        table.goto(server_url)
        table.wait_for_selector("body.table-screen #table .trick .card:nth-child(2)", timeout=ENGINE_TIMEOUT)
        for width, height in ((1280, 720), (1920, 1080), (3840, 2160)):  # (one page, its window resized)
            table.set_viewport_size({"width": width, "height": height})
            table.wait_for_function(f"innerHeight === {height}")
            drawn = table.evaluate(ROOM)
            print(f"{width}×{height}: least type {drawn['least']:.0f} px, a trick card's index {drawn['index']:.1%}")
            assert drawn["cards"] >= 2 and drawn["index"] >= 0.04 and drawn["least"] >= 14 + height // 200
    finally:
        table.context.close()
