"""Player comforts on the page: undo, finish the hand, claim the rest, auto-play, movement, sound, read-outs."""

from __future__ import annotations

import json

from table import (
    ENGINE_TIMEOUT,
    click_and_wait,
    current_step,
    hand,
    hands_scored,
    open_game,
    pass_three,
    store_game,
    take_turn,
    wait_for_person,
)

from pyapp.engine.cards import card_text
from pyapp.engine.claims import can_claim
from pyapp.engine.match import Phase
from pyapp.engine.observation import observe
from pyapp.host.table import Table


def test_undo_takes_back_my_card(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    wait_for_person(page)
    while current_step(page) != "play":
        take_turn(page)
    before = hand(page)
    click_and_wait(page, "#hand .card:not(.dim)")
    wait_for_person(page)
    assert len(hand(page)) == len(before) - 1
    page.click("[data-action=undo]")
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length === {len(before)}")
    assert hand(page) == before and current_step(page) == "play"


def test_ctrl_z_undoes_the_pass(page, server_url):
    open_game(page, server_url)
    before = hand(page)
    pass_three(page)
    wait_for_person(page)
    page.keyboard.press("Control+z")
    page.wait_for_selector("[data-action=pass]")
    assert hand(page) == before


def test_finish_the_hand_plays_it_out(page, server_url):
    open_game(page, server_url)
    pass_three(page)
    while wait_for_person(page) != "play":
        take_turn(page)
    results = hands_scored(page)
    click_and_wait(page, "[data-action=finish]")
    assert wait_for_person(page) in ("collect", "summary")  # the last trick on the table, then the summary
    assert hands_scored(page) == results + 1
    if current_step(page) == "collect":
        take_turn(page)
    assert current_step(page) == "summary"


def test_a_single_legal_card_plays_itself_when_asked(context, page, server_url):
    settings = json.dumps({"speed": "instant", "collect": "click", "autoplay": "on"})
    context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)})")
    open_game(page, server_url)
    pass_three(page)
    while len(hand(page)) > 1:
        cards = len(hand(page))
        step = wait_for_person(page)
        playable = page.locator("#hand .card:not(.dim)").count()
        if step == "play" and playable == 1:
            # A single legal card (the only one of the suit led) shows for a moment, then plays itself: wait.
            page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {cards}")
        elif step != "play" or playable:  # (none: it has just played itself, look again)
            take_turn(page)
    # One card left: never click it (it plays itself), only collect what is on the table: the hand still ends.
    stored = "localStorage.getItem('hearts.hand.0') !== null"
    for _ in range(4):  # at most the tricks with our last two cards
        page.wait_for_function(f"() => {stored} || !!document.querySelector('.trick[data-action=collect]')")
        if page.evaluate(stored):
            break
        take_turn(page)  # collect
    assert page.evaluate(stored)


# How the first hand's cards came onto the table (they may be dealt before the engine is up).
FIRST_DEAL = """
new MutationObserver((_, observer) => {
  const card = document.querySelector('#hand .card');
  if (card) { window.__dealt = getComputedStyle(card).animationName; observer.disconnect(); }
}).observe(document, { subtree: true, childList: true });
"""
RECORD_SOUNDS = """
window.__sounds = [];
Object.defineProperty(window, 'heartsSound', {
  configurable: true,
  get() { return kind => window.__sounds.push(kind); },
  set(value) {},
});
"""


def test_cards_fly_in_and_make_a_sound_unless_asked_not_to(browser, guard, server_url):
    for motion, sound in (("no-preference", "on"), ("reduce", "off")):
        context = browser.new_context(reduced_motion=motion)
        context.route("**/*", guard.route)
        settings = json.dumps({"speed": "fast", "collect": "click", "sound": sound})
        context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)})")
        context.add_init_script(RECORD_SOUNDS)
        try:
            context.add_init_script(FIRST_DEAL)
            page = context.new_page()
            open_game(page, server_url)
            dealt = page.evaluate("window.__dealt")
            pass_three(page)
            if wait_for_person(page) == "play" and not page.query_selector(".trick .card"):
                take_turn(page)  # (the person holds 2♣ and leads: their own card is the first to fly in)
            page.wait_for_selector(".trick .card.arrive", timeout=ENGINE_TIMEOUT)
            flying = page.eval_on_selector(".trick .card.arrive", "card => getComputedStyle(card).animationName")
            sounds = page.evaluate("window.__sounds")
            if motion == "reduce":
                assert (dealt, flying) == ("none", "none") and sounds == []
            else:
                assert (dealt, flying) == ("deal", "arrive") and "card" in sounds
        finally:
            context.close()


def claimable_game() -> Table:
    """A saved game (found with the CPython engine) where the person is on lead and may claim the rest."""
    seats = [{"name": "You", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
    for seed in range(1, 200):
        table = Table.new({"seats": seats, "seed": seed})
        while not table.match.results:
            if table.people_to_act:
                if table.match.phase is Phase.PLAY and can_claim(table.match, 0) and len(table.match.tricks) < 12:
                    return table
                observation = observe(table.match, 0)
                if table.match.phase is Phase.PASS:
                    table.act({"seat": 0, "pass": [card_text(face) for face in observation.hand[-3:]]})
                else:
                    table.act({"seat": 0, "play": card_text(observation.legal[-1])})
            else:
                table.bot_step()
    raise AssertionError("no claimable position found")


def test_claiming_the_rest_scores_the_hand_and_every_card_is_announced(context, page, server_url):
    context.add_init_script(store_game(claimable_game()))
    open_game(page, server_url)
    assert wait_for_person(page) == "play"
    click_and_wait(page, "[data-action=claim]")
    assert wait_for_person(page) in ("collect", "summary")
    assert hands_scored(page) == 1
    spoken = page.text_content("#announce")
    assert "You play the" in spoken or "take the trick" in spoken  # the claimed cards are read out
