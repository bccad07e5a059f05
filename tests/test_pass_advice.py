"""The pass hint: the Expert player's three cards, and reasons a beginner understands for them."""

import random
from dataclasses import replace

import pytest
from helpers import Engine
from test_fairness import redeal_hidden
from test_friends import Table as FriendsTable

from pyapp.bots import pass_advice as advice
from pyapp.bots.pass_advice import KEEP_REASONS, PASS_REASONS, advise_pass, explain_pass
from pyapp.engine.cards import card_text, parse_cards
from pyapp.engine.match import Match
from pyapp.engine.observation import Observation, observe
from pyapp.engine.rules import CARDS_PASSED, PRESETS, Rules
from pyapp.shared import protocol

SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "expert"}] * 5


def passing(hand: str, rules: Rules | None = None) -> Observation:
    """Seat 0's view of a pass with exactly ``hand`` (the rest of the deal does not matter to the reasons)."""
    return replace(observe(Match(rules or Rules(), seed=1), 0), hand=tuple(sorted(parse_cards(hand))))


def why(hand: str, passed: str, rules: Rules | None = None) -> list[tuple[str, str]]:
    """The reasons for passing ``passed`` from ``hand``, each as (code, its cards written out)."""
    reasons = explain_pass(passing(hand, rules), parse_cards(passed))
    return [(code, " ".join(card_text(card) for card in cards)) for code, cards in reasons]


def test_an_unprotected_queen_and_high_hearts_are_passed_and_low_spades_kept():
    assert why("QS 3S 7S 2C 5C 9C JC 4D 8D KD AH KH 6H", "QS AH KH") == [
        (advice.PASS_QUEEN, "QS"),
        (advice.PASS_HIGH_HEARTS, "AH KH"),
        (advice.KEEP_LOW_SPADES, "7S 3S"),
    ]


def test_a_guarded_queen_is_worth_keeping():
    reasons = why("QS 2S 3S 4S 2C 5C 9C JC 4D 8D KD 6H 7H", "JC KD 9C")
    assert reasons == [(advice.PASS_HIGH_CARDS, "KD JC"), (advice.PASS_SHORTEN, "9C"), (advice.KEEP_QUEEN, "QS")]


def test_passing_a_whole_suit_is_explained_as_a_void_to_throw_points_on():
    assert why("AS 2S 3S 4S 5C 9C JC 8D 3D 4H 6H 7H 9H", "8D 3D AS") == [
        (advice.PASS_HIGH_SPADES, "AS"),
        (advice.PASS_VOID_DIAMONDS, "8D 3D"),
        (advice.KEEP_LOW_SPADES, "4S 3S 2S"),
    ]


def test_the_omnibus_card_kept_is_worth_minus_ten_and_hearts_low_or_high_are_points():
    rules = PRESETS["omnibus"]
    reasons = why("JD 2D 3S 4S 5C 9C TC 8C 3C 4H 6H TH 9H", "TH 9H 4H", rules)
    assert reasons == [
        (advice.PASS_HIGH_HEARTS, "TH"),
        (advice.PASS_HEARTS, "9H 4H"),
        (advice.KEEP_OMNIBUS, "JD"),
        (advice.KEEP_LOW_SPADES, "4S 3S"),
    ]
    assert advice.KEEP_OMNIBUS not in dict(why("JD 2D 3S 4S 5C 9C TC 8C 3C 4H 6H TH 9H", "TH 9H 4H"))


def test_two_identical_cards_in_cancellation_hearts_are_two_cards():
    rules = PRESETS["cancellation"]
    hand = "QS QS 2S AH AH 5C 9C JC 4D 8D KD 6H 7H"
    assert why(hand, "QS QS AH", rules) == [
        (advice.PASS_QUEEN, "QS QS"),
        (advice.PASS_HIGH_HEARTS, "AH"),
        (advice.KEEP_LOW_SPADES, "2S"),
    ]
    # One Q♠ kept (with too few spades to hold her back): no word about keeping her, nor about low spades.
    assert why(hand, "QS AH AH", rules) == [(advice.PASS_QUEEN, "QS"), (advice.PASS_HIGH_HEARTS, "AH AH")]


@pytest.mark.parametrize("name", ["classic", "omnibus", "3-players", "cancellation"])
def test_the_advice_passes_three_cards_of_the_hand_each_with_one_reason(name):
    rules = PRESETS[name]
    for seed in range(4):
        view = observe(Match(rules, seed=seed), 0)
        given = advise_pass(view, seed, playouts=60)
        assert len(given.cards) == CARDS_PASSED
        left = list(view.hand)
        for card in given.cards:
            left.remove(card)  # each a card of the hand (an identical one only as often as it is held)
        passing_reasons = [(code, cards) for code, cards in given.reasons if code in PASS_REASONS]
        assert sorted(card for _, cards in passing_reasons for card in cards) == list(given.cards)
        assert all(cards for _, cards in given.reasons)


@pytest.mark.parametrize("name", ["classic", "omnibus", "cancellation"])
def test_the_pass_advice_sees_only_what_the_seat_may_see(name):
    """Re-dealing the other seats' cards (as test_fairness does for the bots) changes no word of the advice."""
    rules = PRESETS[name]
    for seed in range(3):
        match = Match(rules, seed)
        view = observe(match, 0)
        redealt = [redeal_hidden(match, 0, random.Random(100 + attempt)) for attempt in range(2)]
        assert any(other.hands != match.hands for other in redealt), "the test must change hidden cards"
        for other in redealt:
            assert advise_pass(observe(other, 0), 7, playouts=60) == advise_pass(view, 7, playouts=60)


def test_the_page_and_a_friend_get_the_pass_hint_while_they_pass_and_the_play_hint_after():
    engine = Engine(speed="instant", think_ms=20)
    answer = engine.start(SEATS, 3, variant="cancellation", players=6)
    assert answer.view.step == protocol.STEP_PASS
    hinted = engine.send(protocol.HINT)
    assert hinted.hint is None and hinted.pass_hint is not None and hinted.view is not None
    left = list(answer.view.hand)
    for card in hinted.pass_hint.cards:
        left.remove(card)
    assert {code for code, _ in hinted.pass_hint.reasons} <= set(PASS_REASONS + KEEP_REASONS)
    engine.send(protocol.PASS, seat=0, cards=hinted.pass_hint.cards)
    answer = engine.play_until(engine.send(protocol.HINT), lambda a: a.view.step == protocol.STEP_PLAY)
    hinted = engine.send(protocol.HINT)
    assert hinted.pass_hint is None and hinted.hint.best in answer.view.legal
    # A friend passing asks their host's engine.
    table = FriendsTable(seed=9)
    table.join()
    seat = next(seat for seat, device in table.devices.items() if device.view.step == protocol.STEP_PASS)
    table.engine.send(protocol.CONFIGURE, settings={"think_ms": 20})
    advice_given = table.say(seat, protocol.HINT).pass_hint
    assert advice_given is not None and len(advice_given.cards) == CARDS_PASSED
