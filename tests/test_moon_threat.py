"""Who may be shooting the moon: the penalty cards taken (hearts and Q♠) say, never the Omnibus card's −10,
for Medium and the fast path alike (one home: ``scoring.moon_threat``)."""

import random

import pytest
from helpers import arranged, play

from pyapp.bots import MediumBot
from pyapp.bots.medium import penalty_taken
from pyapp.engine.cards import parse_card
from pyapp.engine.match import Match
from pyapp.engine.observation import observe
from pyapp.engine.playout import GREEDY, PointTable, play_out, position_from_match
from pyapp.engine.rules import Rules, Variant
from pyapp.engine.scoring import moon_threat

# Seat 3 takes four club tricks, J♦ and the hearts the others throw on them, then leads Q♥; seat 0 holds K♥ and 5♥.
HANDS = ["2C 2H 3H 4H 5H KH", "JD 6H 7H 8H AH 4D", "5D 6D 7D 9H TH JH", "AC KC QC JC QH 8D"]
NINE_HEARTS = "5D 9H TH JH"  # seat 2's throws: seat 3 takes J♦ and nine hearts
SEVEN_HEARTS = "5D 6D 7D 9H"  # seat 3 takes J♦ and seven hearts: too few to be shooting
GAMES = {"classic": Rules(), "omnibus": Rules(variant=Variant.OMNIBUS)}  # in Omnibus J♦ scores −10


def moon_watch(rules: Rules, seat_2_throws: str) -> Match:
    """The match when seat 3 has led Q♥ and seat 0 is to follow."""
    match = arranged(HANDS, rules)
    first, second, third, fourth = seat_2_throws.split()
    play(match, "2C", "JD", first, "AC")
    play(match, "KC", "2H", "6H", second)
    play(match, "QC", "3H", "7H", third)
    play(match, "JC", "4H", "8H", fourth)
    play(match, "QH")
    return match


@pytest.mark.parametrize("game", sorted(GAMES))
class TestMoonThreat:
    def test_penalty_points_count_not_net_points(self, game):
        view = observe(moon_watch(GAMES[game], NINE_HEARTS), 0)
        assert penalty_taken(view) == [0, 0, 0, 9]
        assert view.points_taken == ((0, 0, 0, -1) if game == "omnibus" else (0, 0, 0, 9))

    def test_medium_stops_a_moon_by_taking_a_heart(self, game):
        view = observe(moon_watch(GAMES[game], NINE_HEARTS), 0)
        assert MediumBot(1).decide(view).card == parse_card("KH")

    def test_medium_ducks_when_no_moon_is_on(self, game):
        view = observe(moon_watch(GAMES[game], SEVEN_HEARTS), 0)
        assert MediumBot(1).decide(view).card == parse_card("5H")

    def test_the_fast_path_stops_it_too(self, game):
        rules = GAMES[game]
        position = position_from_match(moon_watch(rules, NINE_HEARTS))
        assert position.penalty == [0, 0, 0, 9] and moon_threat(position.penalty) == 3
        record: list[tuple[int, int]] = []
        play_out(position, PointTable(rules), random.Random(1).random, record, GREEDY)
        assert record[0] == (0, parse_card("KH"))
