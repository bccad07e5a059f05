"""One judge of a decision: the hint on a turn and the review of it are one verdict, with the same reasons."""

from dataclasses import replace

import pytest
from helpers import QUEEN_BEHIND, arranged, play

from pyapp.bots import MediumBot
from pyapp.bots.judge import NOISE_Z, judge_play, standard_error, verdict_of
from pyapp.bots.pass_advice import PASS_QUEEN
from pyapp.bots.play_reasons import (
    DUCK,
    FIRST_TRICK_HIGH,
    GUARDED_QUEEN,
    KEPT_QUEEN,
    LEAD_LOW,
    LEAD_OVER_QUEEN,
    LEAD_QUEEN,
    LEAD_SPADE,
    OVER_FOR_NOW,
    OVER_QUEEN,
    OVER_WINNER,
    TAKE_CLEAN,
    TAKE_HIGH,
    THROW_HEART,
    THROW_QUEEN,
    costly_reason,
    play_reason,
)
from pyapp.bots.pool import Share
from pyapp.bots.review import PASS, better_pass_reason, review_hand, texts
from pyapp.engine.cards import card_text, parse_cards
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules
from pyapp.host.table import Seat, Table


def face(text: str) -> int:
    (card,) = parse_cards(text)
    return card


class TestVerdict:
    def test_a_gap_within_the_parts_noise_is_about_as_good_and_one_beyond_it_is_not(self):
        a, b, c = (face("2C"),), (face("3C"),), (face("4C"),)
        parts = [Share(10, {a: (1.0,), b: (1.0 + gap,), c: (3.0,)}) for gap in (0.9, -0.5, 0.8, -0.2)]
        verdict = verdict_of(parts)
        assert verdict.best == a and verdict.as_good == (b,)
        judged = verdict.of(b)
        noise = standard_error([0.9, -0.5, 0.8, -0.2])
        assert judged.gap == pytest.approx(0.25) and judged.noise == pytest.approx(noise)
        assert judged.gap <= NOISE_Z * judged.noise and not verdict.of(c).as_good

    def test_cards_alike_in_every_deal_are_as_good_as_each_other(self):
        a, b = (face("9C"),), (face("TC"),)
        verdict = verdict_of([Share(5, {a: (2.0,), b: (2.0,)})] * 4)
        assert verdict.as_good == (b,) and verdict.of(b).noise == 0.0

    def test_the_same_decision_gets_the_same_verdict_and_only_its_own_seats_view_goes_in(self):
        match = arranged(QUEEN_BEHIND)
        play(match, "2C", "3C", "4C", "AC", "9S")
        assert judge_play(observe(match, 0), 5, 200) == judge_play(observe(match, 0), 5, 200)


def test_the_hint_on_each_turn_is_the_reviews_verdict_on_it():
    """What the hint said on each of a person's turns is what the review says of it after the hand: the same
    best choice and the same choices about as good, pass and cards (one voice, on any deal)."""
    match = Match(Rules(), 12)
    seats = [Seat("You"), *(Seat(name, "basic") for name in ("Eva", "Jan", "Marta"))]
    said = []
    while not match.results:
        seat = match.to_act[0]
        view = observe(match, seat)
        if seat == 0 and match.phase is Phase.PASS:
            said.append((Table(match, seats).pass_hint(0)["cards"], None))
        elif seat == 0 and len(view.legal) > 1:
            hint = Table(match, seats).hint(0)
            said.append(([hint["best"]], set(hint["close"])))
        match.apply(MediumBot(seat).decide(view))
    reviewed = []
    for decision in review_hand(match, 0, [0]):
        best = texts(decision.best)
        if decision.trick == PASS:
            reviewed.append((best, None))
        else:
            close = {card_text(cards[0]) for cards, _, _ in decision.choices[1:] if decision.as_good(cards)}
            reviewed.append((best, close))
    assert len(said) > 5 and reviewed == said


class TestReasons:
    def test_what_a_card_does_where_it_is_played(self):
        match = arranged(QUEEN_BEHIND)
        assert play_reason(observe(match, 0), face("2C")) == (LEAD_LOW, (face("2C"),))
        play(match, "2C", "3C")
        assert play_reason(observe(match, 2), face("KC")) == (FIRST_TRICK_HIGH, (face("KC"),))
        play(match, "4C", "AC", "9S")  # seat 3 took the first trick and leads 9S; Q♠ is out for seat 0
        view = observe(match, 0)
        assert play_reason(view, face("KS")) == (OVER_QUEEN, (face("KS"),))
        assert play_reason(view, face("4S")) == (DUCK, (face("4S"), face("9S")))
        assert costly_reason(view, face("KS"), face("4S")) == (OVER_QUEEN, (face("KS"),))
        last = replace(view, trick=((1, face("3D")), (2, face("4D")), (3, face("5D"))))  # nothing in it, last to play
        assert play_reason(last, face("JD")) == (TAKE_CLEAN, (face("JD"),))
        hearted = replace(view, trick=((1, face("3D")), (2, face("2H")), (3, face("5D"))))
        assert play_reason(hearted, face("JD")) == (OVER_WINNER, (face("JD"), face("5D")))
        early = replace(view, trick=((2, face("3D")), (3, face("5D"))))  # seat 1 plays after seat 0
        assert play_reason(early, face("JD")) == (OVER_FOR_NOW, (face("JD"), face("5D")))
        # Both take it: going over is no reason; keeping the lower card is.
        assert costly_reason(hearted, face("6D"), face("JD")) == (TAKE_HIGH, (face("JD"), face("6D")))

    def test_void_of_the_suit_led_the_queen_and_hearts_go_and_keeping_the_queen_costs_unless_guarded(self):
        hands = [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "QS 2S 3S 4S 5S 2H 3H 4H 5H 6H 7H 8H 9H",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "6S 7S 8S 9S TS JS KS AS TH JH QH KH AH",
        ]
        match = arranged(hands)
        play(match, "2C", "2S", "2D", "6S", "AC")  # seat 0 takes the first trick and leads A♣ again
        view = observe(match, 1)
        assert play_reason(view, face("QS")) == (THROW_QUEEN, (face("QS"),))
        assert play_reason(view, face("9H")) == (THROW_HEART, (face("9H"),))
        assert costly_reason(view, face("9H"), face("QS")) == (KEPT_QUEEN, (face("9H"),))
        assert costly_reason(view, face("QS"), face("9H")) == (GUARDED_QUEEN, (face("QS"), face("9H")))

    def test_leads_that_give_the_queen_away(self):
        hands = [
            "AC QS 3S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC KS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 4S 5S 6S 7S 8S 9S TS JS AS QD KD AD",
        ]
        match = arranged(hands)
        play(match, "2C", "2H", "2S", "AC")  # seat 0 takes the first trick and leads
        view = observe(match, 0)
        assert play_reason(view, face("QS")) == (LEAD_QUEEN, (face("QS"),))
        assert play_reason(view, face("3S")) == (LEAD_LOW, (face("3S"),))  # Q♠ is in the hand: not out
        play(match, "3D", "3C", "3H", "QD")  # seat 3 takes it; seat 1 is next to lead after the next trick
        view = observe(match, 3)
        assert play_reason(view, face("AS")) == (LEAD_OVER_QUEEN, (face("AS"),))
        assert play_reason(view, face("4S")) == (LEAD_SPADE, (face("4S"),))


def test_a_worse_pass_is_told_the_better_ones_reason_for_the_card_it_kept():
    view = observe(Match(Rules(), 1), 0)
    view = replace(view, hand=tuple(parse_cards("QS AH KH 2C 3C 4C 5D 6D 7D 8S 9S 2H 3H")))
    better, made = tuple(sorted(parse_cards("QS AH KH"))), tuple(sorted(parse_cards("2C AH KH")))
    assert better_pass_reason(view, better, made) == (PASS_QUEEN, (face("QS"),))
    assert better_pass_reason(view, better, better) == ("", ())
