import random

import pytest
from helpers import random_state

from pyapp.engine.actions import Action
from pyapp.engine.cards import parse_card, parse_cards
from pyapp.engine.match import Phase
from pyapp.engine.playout import (
    GREEDY,
    RANDOM,
    PointTable,
    RandomPolicy,
    hand_score,
    moon_threat,
    play_out,
    position_from_match,
    random_deal,
    random_hands,
    split_by_suit,
)
from pyapp.engine.rules import PRESETS, HeartsBreak, Rules


def check_playout_against_engine(rules: Rules, seed: int, plays_before: int, policy: RandomPolicy = RANDOM) -> None:
    match = random_state(rules, seed, plays_before)
    if match.phase is not Phase.PLAY or match.results:
        return
    table = PointTable(rules)
    record: list[tuple[int, int]] = []
    position = position_from_match(match, table).copy()
    penalty, bonus = play_out(position, table, random.Random(seed).random, record, policy)
    for seat, face in record:
        match.apply(Action.play(seat, face))  # raises if the fast path played an illegal card
    result = match.results[-1]
    assert [p + b for p, b in zip(penalty, bonus, strict=True)] == list(result.taken)


class TestFastPathAgreesWithTheEngine:
    @pytest.mark.parametrize("policy", [RANDOM, GREEDY], ids=["random", "greedy"])
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_recorded_plays_are_legal_and_score_the_same(self, name, policy):
        for seed in range(25):
            check_playout_against_engine(PRESETS[name], seed, plays_before=seed % 17, policy=policy)

    @pytest.mark.parametrize(
        "rules",
        [Rules(hearts_break=HeartsBreak.HEART_OR_QUEEN), Rules(no_points_first_trick=False), Rules(players=3)],
    )
    def test_rule_options(self, rules):
        for seed in range(25):
            check_playout_against_engine(rules, seed, plays_before=seed % 5)


class TestRandomHands:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_points_add_up(self, name):
        rules = PRESETS[name]
        for added in random_hands(rules, 200, seed=3):
            total = sum(added)
            omnibus = -10 if rules.omnibus_face is not None else 0
            moon_total = rules.moon_points * (rules.players - 1) + omnibus
            assert total in (rules.moon_points + omnibus, moon_total)

    def test_random_deal_holds_the_whole_pack(self):
        rules = PRESETS["cancellation"].replace(players=7)
        table = PointTable(rules)
        position = random_deal(table, random.Random(1).random)
        faces = sorted(f for hand in position.hands for suit in hand for f in suit)
        assert len(faces) == rules.hand_size * 7
        assert all(sum(len(suit) for suit in hand) == 14 for hand in position.hands)

    def test_moon_scoring(self):
        rules = Rules()
        assert hand_score(rules, [0, 26, 0, 0], [0, 0, 0, 0]) == [26, 0, 26, 26]
        assert hand_score(rules, [5, 21, 0, 0], [0, 0, 0, 0]) == [5, 21, 0, 0]


class TestGreedyPolicy:
    """The playout player's habits, on suits kept in ascending order."""

    @staticmethod
    def hand(text: str) -> list[list[int]]:
        return split_by_suit(sorted(parse_cards(text)))

    def test_ducks_as_high_as_it_can(self):
        clubs = self.hand("3C 5C 9C")[0]
        assert GREEDY.follow(clubs, parse_card("8C"), 0, False, True, False, random.random) == parse_card("5C")
        assert clubs == parse_cards("3C 9C")

    def test_sheds_its_highest_card_last_or_on_a_pointless_trick_and_its_lowest_otherwise(self):
        assert GREEDY.follow(
            self.hand("9C JC")[0], parse_card("3C"), 0, True, True, False, random.random
        ) == parse_card("JC")
        assert GREEDY.follow(
            self.hand("9C JC")[0], parse_card("3C"), 1, False, True, False, random.random
        ) == parse_card("9C")
        spades = self.hand("KS AS QS")[2]
        assert GREEDY.follow(spades, parse_card("JS"), 0, True, True, False, random.random) == parse_card("AS")

    def test_flushes_the_queen_with_spades_below_her(self):
        hand = self.hand("2C 4S 9S")
        assert GREEDY.lead(hand, False, True, False, random.random) == parse_card("9S")

    def test_throws_the_queen_then_high_spades_then_high_hearts(self):
        hand = self.hand("QS AS 4H KH 2C")
        throws = [GREEDY.discard(hand, False, True, False, random.random) for _ in range(3)]
        assert throws == parse_cards("QS AS KH")

    def test_keeps_points_off_a_first_trick_that_forbids_them(self):
        hand = self.hand("QS AH 4D JS")
        assert GREEDY.discard(hand, True, True, False, random.random) == parse_card("JS")

    def test_stops_a_moon(self):
        assert GREEDY.lead(self.hand("2C 4H 9H"), True, True, True, random.random) == parse_card("9H")
        hearts = self.hand("2H 9H KH")[3]
        assert GREEDY.follow(hearts, parse_card("5H"), 1, False, True, True, random.random) == parse_card("9H")
        assert GREEDY.discard(self.hand("QS AH 4D JC"), False, True, True, random.random) == parse_card("JC")

    def test_amoon_threat_is_one_seat_holding_every_point(self):
        assert moon_threat([0, 9, 0, 0]) == 1
        assert moon_threat([0, 7, 0, 0]) == -1
        assert moon_threat([1, 9, 0, 0]) == -1
