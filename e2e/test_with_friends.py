"""Friends at their own devices: a host and two friends in three browser profiles, one computer seat."""

from __future__ import annotations

import json
import time

import pytest
from friends_table import (
    FAKE_CAMERA,
    act,
    device,
    dialog_title,
    flood,
    host_a_game,
    join,
    passed_at_the_table,
    play_on,
    play_until,
    refusals,
    send_raw,
    stand_in,
)
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from table import ENGINE_TIMEOUT, STEP_TIMEOUT, click_and_wait, current_step, hand, hands_scored, pass_three

from pyapp.engine.actions import Action
from pyapp.engine.cards import card_text, cards_in, face_of
from pyapp.engine.match import Match, Phase
from pyapp.engine.rules import Rules
from pyapp.shared import protocol, storage_keys


def hidden_cards(page: Page, seat: int, seed: int | str, rules: dict, hands: list[list]) -> list[str]:
    """Cards of other seats' hands that any message of the game to ``seat``'s page held (beyond the cards
    on the table), each hand's messages against that hand's cards (``hands``: each hand's actions)."""
    match = Match(Rules.from_dict(rules), seed)
    seats_cards: dict[int, set] = {}
    for number, actions in enumerate(hands):
        mine = {card_text(face_of(card)) for card in cards_in(match.hands[seat])}
        for data in actions:
            if match.phase is not Phase.PASS:  # and what was passed to it
                mine |= {card_text(face_of(card)) for card in cards_in(match.hands[seat])}
            match.apply(Action.from_dict(data))
        seats_cards[number] = mine
    everything = {card_text(face) for face in range(52)}
    found, last = set(), None
    for text in page.evaluate("window.received"):
        view = protocol.read_answer(text, last).raw_view or {}  # (a view may come as its changes only)
        last = view or last
        view = dict(view)
        for public in ("rules", "trick", "last_trick"):
            view.pop(public, None)
        shown = json.dumps(view)
        mine = seats_cards[view["hand_index"]] if view else everything  # (the next hand is dealt when the
        found |= {card for card in everything - mine if f'"{card}"' in shown}  # summary is read)
    return sorted(found)


# JavaScript: how many seats' hands the reviews stored on a device cover, and whether hand [1]'s covers seat [2]
REVIEWS_COVER = """([prefix, hand, seat]) => Object.keys(localStorage).filter(key => key.startsWith(prefix))
    .map(key => [key.slice(prefix.length), JSON.parse(localStorage.getItem(key)).seats])
    .reduce(([count, done], [number, seats]) =>
        [count + seats.length, done || (number === String(hand) && seats.includes(seat))], [0, false])"""


def reviewed(host: Page, hand: int, seat: int) -> None:
    """Wait until the host's device has stored its thinker's review of ``seat``'s decisions in finished hand
    ``hand``, for as long as its reviews keep coming (on a busy machine the thinker reviews every person's
    hands in turn for minutes); fail once none has come for a while."""
    arguments = [storage_keys.SAVE_REVIEW, hand, seat]
    count, done = host.evaluate(REVIEWS_COVER, arguments)
    while not done:
        more = f"arguments => {{ const [count, done] = ({REVIEWS_COVER})(arguments); return done || count > {count}; }}"
        try:
            host.wait_for_function(more, arg=arguments, timeout=3 * ENGINE_TIMEOUT)
        except PlaywrightTimeoutError:
            stalled = f"no review came for {3 * ENGINE_TIMEOUT} ms ({count} seats' hands reviewed)"
            raise AssertionError(stalled) from None
        count, done = host.evaluate(REVIEWS_COVER, arguments)


def told_to(friend: Page, hand: int) -> None:
    """Wait until the friend's score sheet links finished hand ``hand``'s review (the host's device sends it as
    its thinker stores it: behind the thinker's other reviews on a busy machine); fail saying whether any of
    the host's messages told the friend's device of it."""
    try:
        friend.wait_for_selector(f".sheet-table .review-link[data-hand='{hand}']", timeout=ENGINE_TIMEOUT)
    except PlaywrightTimeoutError:
        messages = [json.loads(text) for text in friend.evaluate("window.received")]
        hands = sorted({entry[0] for message in messages for entry in message.get("reviews") or []})
        fields = ("turn", "phase", "hands_read", "step")
        trail = [
            (
                m.get("reply_to"),
                m.get("reviews"),
                m.get("reviews_reset"),
                {k: (m.get("view") or {}).get(k) for k in fields},
            )
            for m in messages[-8:]
        ]
        sheet = friend.evaluate("document.querySelector('#sheet') && document.querySelector('#sheet').innerHTML")
        told = f"the host told of hands {hands}; its last messages {trail}; the sheet {sheet}"
        raise AssertionError(f"no link to hand {hand}'s review; {told}") from None


def tamper(friend: Page, seat: int, other_hand: list[str]) -> None:
    """The friend's device sends what no page of the game would: each is refused, and nothing changes (none
    uses its number up: the page's own messages are taken after them)."""
    greeting = friend.evaluate("window.sent[0]")
    message = {"version": protocol.FRIENDS_VERSION, "n": 1000}
    texts = [
        greeting,  # replayed
        json.dumps({**message, "intent": "pass", "seat": (seat + 2) % 4, "cards": other_hand[:3]}),  # another seat
        json.dumps({**message, "intent": "undo"}),  # what a friend may not ask for
        json.dumps({**message, "intent": "pass", "version": 99, "cards": other_hand[:3]}),  # another version
        '{"intent": "pass", "n": ',  # malformed
        "x" * 3000,  # oversized
    ]
    for count, text in enumerate(texts, 1):  # (one at a time: the host's page lets a friend's messages wait
        send_raw(friend, text)  # for the engine a few at a time, and drops the rest)
        friend.wait_for_function(f"window.received.filter(text => JSON.parse(text).refusal).length >= {count}")
    expected = ["friend_replayed", "seat_not_yours", "friend_intent", "versions_differ"]
    assert refusals(friend) == [*expected, "message_unreadable", "message_unreadable"]


@pytest.mark.long
def test_three_devices_join_with_codes_and_play_a_whole_game_each_seeing_only_their_own_cards(
    browser, guard, server_url
):
    host = device(browser, guard)
    bo = device(browser, guard, 360, 640, touch=True)
    cy = device(browser, guard)
    host_a_game(host, server_url, target=25)
    seconds = [join(host, bo, 1), join(host, cy, 3)]
    assert all(value < 30 for value in seconds)
    host.wait_for_selector("#dialog", state="hidden", timeout=STEP_TIMEOUT)  # everyone is here: to the table
    assert "2 of 2" in host.text_content(".friends-line")
    mine = set(hand(host))
    assert not mine & set(hand(bo)) and not mine & set(hand(cy)) and not set(hand(bo)) & set(hand(cy))
    tamper(cy, 3, hand(bo))
    assert hand(cy) and len(hand(host)) == len(hand(bo)) == 13 and current_step(host) == "pass"  # nothing changed
    play_on([host, bo, cy], "game", seconds=600)  # a whole game, to 25 points
    titles = [dialog_title(page) for page in (host, bo, cy)]
    assert titles[0] == titles[1] == titles[2] and titles[0], titles  # the game's result on every device
    sheets = [
        page.eval_on_selector_all("#sheet tbody tr td", "cells => cells.map(c => c.textContent)")
        for page in (host, bo, cy)
    ]
    assert sheets[0] == sheets[1] == sheets[2] and len(sheets[0]) >= 4  # every hand scored alike (one or more:
    # a moon in the first hand ends a game to 25)
    header = json.loads(host.evaluate("localStorage.getItem('hearts.game')"))
    count = hands_scored(host)
    assert len(sheets[0]) == 4 * count  # (a row a hand, a cell a seat)
    hands = [json.loads(host.evaluate(f"localStorage.getItem('hearts.hand.{n}')"))["actions"] for n in range(count)]
    for seat, page in ((1, bo), (3, cy)):
        assert len(page.evaluate("window.received")) > 13 * count  # at least a view for every trick
        assert hidden_cards(page, seat, header["seed"], header["rules"], hands) == []  # in every hand
    cy.keyboard.press("Escape")  # the result closes to the final table
    reviewed(host, hand=0, seat=3)  # by the host's thinker (every person's hands in turn)
    told_to(cy, hand=0)  # and told to Cy's device
    cy.click(".sheet-table .review-link[data-hand='0']", timeout=STEP_TIMEOUT)
    cy.wait_for_selector("#dialog .review", timeout=STEP_TIMEOUT)  # the review of Cy's own decisions
    assert cy.inner_text("#dialog h2") == "Review of hand 1"
    for page in (bo, cy):  # each friend's own statistics count the game (read before Bo leaves)
        stats = json.loads(page.evaluate("localStorage.getItem('hearts.stats')"))
        assert sum(entry["games"] for entry in stats["presets"].values()) == 1, stats
    bo.click("#dialog [data-action=leave]")  # Bo leaves the table for a game of his own
    bo.wait_for_url(lambda url: "#" not in url, timeout=STEP_TIMEOUT)
    bo.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)  # his page's own engine
    assert current_step(bo) == "pass"
    host.wait_for_selector(".friends-line:has-text('1 of 2')", timeout=STEP_TIMEOUT)
    for page in (host, bo, cy):
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_friend_who_reloads_in_the_middle_of_a_hand_comes_back_with_a_new_invitation_and_plays_on(
    browser, guard, server_url
):
    host = device(browser, guard)
    host.context.add_init_script(FAKE_CAMERA)  # the host's device has a camera
    bo = device(browser, guard)
    cy = device(browser, guard, 360, 640, touch=True)
    host_a_game(host, server_url)
    join(host, bo, 1)
    join(host, cy, 3, camera=True)  # the host scans Cy's reply
    host.wait_for_selector("#dialog", state="hidden", timeout=STEP_TIMEOUT)
    for page in (host, bo, cy):
        pass_three(page)
    play_until([host, bo, cy], lambda: bo.evaluate("document.querySelectorAll('.trick .card').length"))  # a lead
    before = len(hand(bo))
    old = bo.url
    bo.reload()  # in the middle of the first trick: the connection goes with the page
    bo.wait_for_selector("#dialog:has-text('Reconnecting to the host')", timeout=STEP_TIMEOUT)
    assert not bo.query_selector("#join-reply")  # no reply code: this link's can never connect again
    host.wait_for_selector(".friends-line:has-text('1 of 2')", timeout=STEP_TIMEOUT)
    host.click(".friends-line")
    host.wait_for_function(
        f"document.querySelector('#invite-1') && document.querySelector('#invite-1').value !== {json.dumps(old)}",
        timeout=STEP_TIMEOUT,
    )
    join(host, bo, 1, camera=True)  # the new invitation (its reply scanned)
    assert len(hand(bo)) in (before, before - 1)  # the same cards (less one, if the computer played it meanwhile)
    host.wait_for_selector(".friends-line:has-text('2 of 2')", timeout=STEP_TIMEOUT)
    if not host.is_hidden("#dialog"):
        host.keyboard.press("Escape")
    clicked = bo.evaluate("Object.keys(window.clicked).length")  # (the reloaded page's own count)
    cards = len(hand(bo))
    play_until([host, bo, cy], lambda: bo.evaluate("Object.keys(window.clicked).length") > clicked)
    bo.wait_for_function(f"document.querySelectorAll('#hand .card').length === {cards - 1}")  # and plays on
    for page in (host, bo, cy):
        assert page.errors == []  # type: ignore[attr-defined]


def quiet_and_back(host: Page, friend: Page, name: str, friends: int = 2) -> tuple[float, float]:
    """The friend's page is frozen (as a locked phone's is: none of its script runs, its connection stays
    open; here held in the debugger, as Chromium does not freeze a page in sight), then thawed; seconds until
    the host's page (of a game with ``friends`` friends) said it was quiet, its plate marked away, and from
    the thaw until it had its seat back with the same cards and the same connection (no new invitation was
    made for it meanwhile)."""
    cards = hand(friend)
    debugger = friend.context.new_cdp_session(friend)
    debugger.send("Debugger.enable")
    frozen = time.monotonic()
    debugger.send("Debugger.pause")
    host.wait_for_selector(f".friends-line:has-text('{friends - 1} of {friends}')", timeout=STEP_TIMEOUT)
    noticed = time.monotonic() - frozen
    assert host.evaluate("document.getElementById('notice').textContent") == (
        f"{name}'s device is not answering: waiting for it to come back."
    )
    assert host.locator(".seat .chip.away").count() == 1  # (its plate says so, for as long as it is away)
    host.click(".friends-line")  # the friends' panel: no new invitation while the connection may wake
    host.wait_for_selector("#dialog .friends")
    assert host.locator("#dialog input[id^=invite-]").count() == 0
    host.keyboard.press("Escape")
    thawed = time.monotonic()
    debugger.send("Debugger.resume")
    host.wait_for_selector(f".friends-line:has-text('{friends} of {friends}')", timeout=STEP_TIMEOUT)
    back = time.monotonic() - thawed
    assert host.locator(".seat .chip.away").count() == 0
    friend.wait_for_function(f"() => [...document.querySelectorAll('#hand .card')].length === {len(cards)}")
    assert hand(friend) == cards and friend.is_hidden("#dialog")  # at the table, not joining again
    return noticed, back


@pytest.mark.long
def test_a_friend_who_leaves_is_played_for_after_a_countdown_and_gets_the_seat_back(browser, guard, server_url):
    host, bo, cy = passed_at_the_table(browser, guard, server_url, phone=True)
    noticed, back = quiet_and_back(host, cy, "Cy")  # Cy's phone locks for a while, and wakes
    print(f"a quiet phone noticed in {noticed:.1f} s, back at its seat {back:.1f} s after it woke")
    assert noticed < 10
    bo.context.close()  # Bo's device is gone
    left = time.monotonic()
    host.wait_for_selector(".friends-line:has-text('1 of 2')", timeout=STEP_TIMEOUT)
    if not host.is_hidden("#dialog"):
        host.keyboard.press("Escape")  # (the invitations open for Bo's new one)
    away = "() => document.querySelector('.status').textContent.includes('Bo is away')"
    play_until([host, cy], lambda: host.evaluate(away))  # until it is Bo's turn: the countdown shows
    shown = host.text_content(".status")
    ticked = f"() => ({away})() && document.querySelector('.status').textContent !== {json.dumps(shown)}"
    host.wait_for_function(ticked)  # and counts down, second by second
    host.wait_for_function(f"() => ({away})() === false", timeout=60_000)  # then the computer plays for him
    assert time.monotonic() - left >= 25  # (the countdown's 30 s run from when the host saw him go)
    bo_played = "() => [...document.querySelectorAll('.trick .card')].some(c => c.ariaLabel.startsWith('Bo:'))"
    host.wait_for_function(bo_played)

    bo = device(browser, guard)  # Bo is back, with the new invitation
    host.click(".friends-line")
    join(host, bo, 1)
    host.wait_for_selector(".friends-line:has-text('2 of 2')", timeout=STEP_TIMEOUT)
    if not host.is_hidden("#dialog"):
        host.keyboard.press("Escape")
    cards = len(hand(bo))
    play_until([host, bo, cy], lambda: bo.evaluate("Object.keys(window.clicked).length") > 0)  # (a new page)
    bo.wait_for_function(f"document.querySelectorAll('#hand .card').length === {cards - 1}")  # his own card

    stand_in(host, cy, 3, "Cy")  # the host lets the computer play for Cy, whose phone went to sleep
    cards, clicks = len(hand(cy)), "Object.keys(window.clicked).length"
    clicked = cy.evaluate(clicks)
    play_until([host, bo], lambda: len(hand(cy)) < cards)  # the computer plays Cy's card
    assert cy.evaluate(clicks) == clicked
    click_and_wait(cy, "[data-action=back]")  # and Cy plays again
    host.click(".friends-line")
    host.wait_for_selector("text=Let the computer play for Cy", timeout=STEP_TIMEOUT)
    host.keyboard.press("Escape")
    play_until([host, bo, cy], lambda: cy.evaluate(clicks) > clicked)
    for page in (host, bo, cy):
        assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.long
def test_a_friend_who_floods_the_host_holds_up_neither_the_hosts_own_clicks_nor_the_game(browser, guard, server_url):
    host, bo, cy = passed_at_the_table(browser, guard, server_url)
    stand_in(host, cy, 3, "Cy")  # Cy's page is up to no good: the computer plays her seat
    play_until([bo], lambda: current_step(host) == "play")  # until the host's turn
    flood(cy, host)  # 3,000 messages of 3,000 characters, all on the host's page
    card = host.eval_on_selector("#hand .card:not(.dim)", "card => card.dataset.card")
    assert act(host, f'#hand .card[data-card="{card}"]')  # the host's own click is taken ...
    host.wait_for_function("card => card in window.seen", arg=card, timeout=STEP_TIMEOUT)  # ... and drawn
    clicks = "Object.keys(window.clicked)"
    before = set(bo.evaluate(clicks))
    play_until([bo, host], lambda: len(bo.evaluate(clicks)) > len(before))  # the game goes on: Bo's next card
    (played,) = set(bo.evaluate(clicks)) - before
    host.wait_for_function("card => card in window.seen", arg=played, timeout=STEP_TIMEOUT)  # (on the host's)
    assert len(refusals(cy)) < 300  # the flood is dropped on the host's page, not answered message by message
    assert "2 of 2" in host.text_content(".friends-line")  # and Cy's connection stays
    for page in (host, bo, cy):
        assert page.errors == []  # type: ignore[attr-defined]
