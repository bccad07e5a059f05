"""The end-game search: perfect play of a hand's last tricks, checked against a search over the engine itself."""

import copy

import pytest
from helpers import random_state
from test_playout import RULE_OPTIONS, rules_id

from pyapp.engine.actions import Action
from pyapp.engine.endgame import EndgameSolver
from pyapp.engine.match import Match, Phase
from pyapp.engine.playout import PointTable, position_from_match
from pyapp.engine.rules import PRESETS, Rules, Variant
from pyapp.engine.scoring import hand_score, split_points

Outcome = tuple[tuple[int, ...], list[int], list[int]]


def perfect_play(match: Match, totals: list[int]) -> Outcome:
    """Every line of play through the engine (which knows the rules): each seat picks the card whose best
    continuation adds least to its own score, the lowest such card on a tie.  The hand ends unscored."""
    if match.phase is Phase.PLAYED:
        split = [split_points(match.rules, cards) for cards in match.taken]
        penalty, bonus = [p for p, _ in split], [b for _, b in split]
        return tuple(hand_score(match.rules, penalty, bonus, totals=totals)), penalty, bonus
    seat = match.current_seat
    best = None
    for face in match.legal_cards(seat):
        after = copy.deepcopy(match)
        after.apply(Action.play(seat, face))
        outcome = perfect_play(after, totals)
        if best is None or outcome[0][seat] < best[0][seat]:
            best = outcome
    return best


def near_the_end(rules: Rules, seed: int, tricks: int) -> Match | None:
    """A random match in play with ``tricks`` tricks to go (some of the first of them perhaps played)."""
    plays = (rules.hand_size - tricks) * rules.players + seed % rules.players
    match = random_state(rules, seed, plays)
    return match if match.phase is Phase.PLAY and not match.results and match.tricks else None


def solved(match: Match, record: list | None = None) -> tuple[list[int], list[int]]:
    solver = EndgameSolver(PointTable(match.rules), match.scores)
    return solver.solve(position_from_match(match), record)


SEARCHED = [Rules(), Rules(players=3), Rules(players=5), Rules(variant=Variant.OMNIBUS), PRESETS["cancellation"]]


class TestPerfectPlay:
    @pytest.mark.parametrize("rules", SEARCHED + RULE_OPTIONS[::5], ids=rules_id)
    def test_the_search_finds_what_a_search_over_the_engine_finds(self, rules):
        checked = 0
        for seed in range(12):
            match = near_the_end(rules, seed, 1 + seed % 2)
            if match is None:
                continue
            totals = [seed * 7 % 90, 0, 40, 95][: rules.players] + [0] * max(0, rules.players - 4)
            match.scores = totals
            expected = perfect_play(_unscored(match), totals)
            assert solved(match) == (expected[1], expected[2])
            checked += 1
        assert checked >= 6

    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_its_line_is_legal_and_scores_as_solved(self, name):
        for seed in range(10):
            match = near_the_end(PRESETS[name], seed, 2 + seed % 2)
            if match is None:
                continue
            record: list[tuple[int, int]] = []
            penalty, bonus = solved(match, record=record)
            assert solved(copy.deepcopy(match)) == (penalty, bonus)  # the line is the search's own
            ended = _unscored(match)
            for seat, face in record:
                ended.apply(Action.play(seat, face))
            assert ended.phase is Phase.PLAYED
            split = [split_points(ended.rules, cards) for cards in ended.taken]
            assert ([p for p, _ in split], [b for _, b in split]) == (penalty, bonus)

    def test_the_first_trick_is_not_searched(self):
        match = Match(Rules(players=4), seed=1)
        while match.phase is Phase.PASS:
            seat = match.to_act[0]
            match.apply(Action.pass_cards(seat, match.hand_faces(seat)[:3]))
        with pytest.raises(AssertionError):
            solved(match)


def _unscored(match: Match) -> Match:
    ended = copy.deepcopy(match)
    ended.stop_at_hand_end = True
    return ended
