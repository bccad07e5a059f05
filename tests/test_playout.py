import random

import pytest
from helpers import random_state

from pyapp.actions import Action
from pyapp.match import Phase
from pyapp.playout import (
    GREEDY,
    RANDOM,
    PointTable,
    RandomPolicy,
    hand_score,
    play_out,
    position_from_match,
    random_deal,
    random_hands,
)
from pyapp.rules import PRESETS, HeartsBreak, Rules


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
