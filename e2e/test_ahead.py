"""Playing before the engine is up: the first pass of a first visit, a card from the saved view.

The engine's files are held back (a route that answers only when the test
says so), so every move here is made while the page is still waiting for
the engine; the service worker is kept out of the way, since its requests
would not be held.
"""

from __future__ import annotations

import json

import pytest
from conftest import FAST_SETTINGS
from table import ENGINE_TIMEOUT, hand, open_game, saved_game, take_turn, wait_for_engine, wait_for_person
from test_layout import SIZES, TOUCH, problems

from pyapp.engine.cards import card_text
from pyapp.engine.match import Match
from pyapp.engine.rules import Rules


class Held:
    """Holds back every request for the engine's code until released."""

    def __init__(self) -> None:
        self.routes: list = []
        self.released = False

    def route(self, route) -> None:
        """Hold the request (or let it through once released)."""
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        """Let every held request (and any later one) through."""
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes = []


@pytest.fixture
def held_context(browser, guard):
    """A fresh profile (no service worker) whose engine code is held back until ``held.release()``."""
    context = browser.new_context(viewport={"width": 1280, "height": 860}, service_workers="block")
    context.route("**/*", guard.route)
    held = Held()
    context.route("**/engine.zip", held.route)
    settings = json.dumps(json.dumps(FAST_SETTINGS))
    context.add_init_script(
        f"if (!localStorage.getItem('hearts.settings')) localStorage.setItem('hearts.settings', {settings});"
    )
    context.held = held
    yield context
    held.release()
    context.close()
    assert guard.foreign == []


def pending(page) -> dict:
    return json.loads(page.evaluate("() => localStorage.getItem('hearts.pending')") or "null")


def my_actions(page) -> list:
    return [action for action in saved_game(page)["current"]["actions"] if action["seat"] == 0]


def pass_ahead(page) -> list[str]:
    """Pick three cards and press Pass while the engine is held back; the page keeps the pass."""
    page.wait_for_selector("#hand .card")
    cards = hand(page)[-3:]
    for card in cards:
        page.click(f'#hand .card[data-card="{card}"]')
        page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
    page.click("[data-action=pass]")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('hearts.pending') || '{}').ahead")
    return cards


def test_the_first_pass_is_taken_before_the_engine_is_up_and_applied_once(held_context, server_url):
    page = held_context.new_page()
    page.goto(server_url)
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#table", "data-ready") == "false"
    assert "computers are getting ready" in page.text_content("#table")
    shown = hand(page)
    cards = pass_ahead(page)
    assert pending(page)["ahead"] == {"pass": cards}
    assert "kept until the computer players are ready" in page.text_content("#table")
    assert page.query_selector("[data-action=pass]") is None and len(hand(page)) == 13  # nothing pretends
    held_context.held.release()
    wait_for_engine(page)
    page.wait_for_function("() => localStorage.getItem('hearts.pending') === null")
    assert my_actions(page) == [{"seat": 0, "pass": cards}]
    game = saved_game(page)["game"]
    dealt = Match(Rules.from_dict(game["rules"]), game["seed"]).hand_faces(0)
    assert [card_text(face) for face in dealt] == shown  # the page dealt what the engine deals
    assert not set(cards) & set(hand(page)) and len(hand(page)) == 13  # passed, and three received


@pytest.mark.parametrize("first_visit", [True, False])  # (a first visit's welcome makes the felt its smallest)
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_note_that_the_computer_players_are_getting_ready_covers_nothing(
    browser, guard, server_url, size, first_visit
):
    touch = size in TOUCH
    context = browser.new_context(viewport=SIZES[size], has_touch=touch, is_mobile=touch, service_workers="block")
    context.route("**/*", guard.route)
    held = Held()
    context.route("**/engine.zip", held.route)
    if not first_visit:
        context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(json.dumps(FAST_SETTINGS))});")
    try:
        page = context.new_page()
        page.goto(server_url)
        page.wait_for_selector("#table .note")
        assert page.is_visible(".welcome") == first_visit
        assert problems(page) == []
    finally:
        held.release()
        context.close()


def test_cards_picked_on_a_returning_visit_before_the_engine_is_up_stay_picked_when_it_answers(
    held_context, server_url
):
    page = held_context.new_page()
    page.goto(server_url)
    held_context.held.release()
    wait_for_engine(page)
    held_context.held.released = False  # a returning visit: the saved game is drawn, its engine held back
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#table", "data-ready") == "false"
    picked = hand(page)[:2]
    for card in picked:
        page.click(f'#hand .card[data-card="{card}"]')
        page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
    held_context.held.release()
    wait_for_engine(page)
    assert (
        page.eval_on_selector_all("#hand .card[aria-pressed=true]", "cards => cards.map(c => c.dataset.card)") == picked
    )


def test_a_reload_before_the_engine_answers_loses_nothing(held_context, server_url):
    page = held_context.new_page()
    page.goto(server_url)
    cards = pass_ahead(page)
    shown = hand(page)
    page.reload()
    page.wait_for_selector("#hand .card[aria-pressed=true]", timeout=ENGINE_TIMEOUT)  # (the page's own start)
    assert hand(page) == shown
    pressed = page.eval_on_selector_all("#hand .card[aria-pressed=true]", "cs => cs.map(c => c.dataset.card)")
    assert sorted(pressed) == sorted(cards)
    held_context.held.release()
    wait_for_engine(page)
    page.wait_for_function("() => localStorage.getItem('hearts.pending') === null")
    assert my_actions(page) == [{"seat": 0, "pass": cards}]


def test_a_card_the_saved_view_marks_legal_is_played_before_the_engine_is_up(held_context, server_url):
    page = held_context.new_page()
    held_context.held.release()
    open_game(page, server_url)
    while wait_for_person(page) != "play":
        take_turn(page)
    before = my_actions(page)
    page.close()
    held_context.held.released = False
    page = held_context.new_page()
    page.goto(server_url)
    page.wait_for_selector("#hand .card:not(.dim)")
    assert page.get_attribute("#table", "data-ready") == "false"
    card = page.get_attribute("#hand .card:not(.dim)", "data-card")
    page.click(f'#hand .card[data-card="{card}"]')
    page.wait_for_selector(f'#hand .card.chosen[data-card="{card}"]')
    assert pending(page)["ahead"] == {"play": card}
    held_context.held.release()
    wait_for_engine(page)
    page.wait_for_function("() => localStorage.getItem('hearts.pending') === null")
    assert my_actions(page) == [*before, {"seat": 0, "play": card}]
    assert card not in hand(page)


def test_a_move_the_engine_refuses_is_rolled_back_with_the_reason(held_context, server_url):
    page = held_context.new_page()
    held_context.held.release()
    open_game(page, server_url)
    while wait_for_person(page) != "play" or not page.query_selector("#hand .card.dim"):
        take_turn(page)
    illegal = page.get_attribute("#hand .card.dim", "data-card")
    before = my_actions(page)
    page.evaluate(f"() => localStorage.setItem('hearts.pending', JSON.stringify({{ahead: {{play: '{illegal}'}}}}))")
    page.reload()
    wait_for_engine(page)
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be played" in page.text_content("#notice")
    assert illegal in hand(page) and my_actions(page) == before
    assert pending(page) is None and wait_for_person(page) == "play"
