import pytest
from helpers import arranged, hand_mask, play

from pyapp.bots import moon_choice
from pyapp.engine.actions import Action
from pyapp.engine.cards import parse_cards
from pyapp.engine.match import IllegalAction, Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import GameEnd, MoonChoice, MoonScoring, Rules, Ties, Variant
from pyapp.engine.scoring import hand_score, moon_shooter, preferred_moon_choice

ALL_POINTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"


def scored(taken: dict[int, str], rules: Rules | None = None, scores: list[int] | None = None) -> Match:
    """A match whose hand ends with these cards taken (seat 3 takes the last, pointless trick)."""
    match = arranged(["2C", "3C", "4C", "5C"], rules or Rules(), scores)
    used: set[int] = set()
    for seat, text in taken.items():
        match.taken[seat] = hand_mask(text, used)
    play(match, "2C", "3C", "4C", "5C")
    return match


class TestHandScoring:
    def test_hearts_one_each_queen_thirteen(self):
        match = scored({0: "2H 3H", 1: "QS 4H", 2: "AH"})
        assert match.results[-1].added == (2, 14, 1, 0)
        assert match.scores == [2, 14, 1, 0]

    def test_a_full_hand_carries_26_points(self):
        match = scored({0: "2H 3H 4H 5H 6H", 1: "7H 8H 9H TH JH QH", 2: "KH AH QS"})
        assert sum(match.results[-1].added) == 26

    def test_new_hand_is_dealt_after_scoring(self):
        match = scored({0: "2H"})
        assert match.hand_index == 1
        assert match.phase is Phase.PASS
        assert all(hand.bit_count() == 13 for hand in match.hands)


class TestMoon:
    def test_others_get_26_by_default(self):
        match = scored({1: ALL_POINTS})
        result = match.results[-1]
        assert result.shooter == 1
        assert result.added == (26, 0, 26, 26)

    def test_self_minus_option(self):
        match = scored({1: ALL_POINTS}, Rules(moon=MoonScoring.SELF_MINUS), scores=[5, 10, 5, 5])
        assert match.results[-1].added == (0, -26, 0, 0)
        assert match.results[-1].choice is MoonChoice.SUBTRACT_FROM_SELF
        assert match.scores == [5, -16, 5, 5]  # a total may go below zero

    def test_the_rules_choice_is_recorded(self):
        assert scored({1: ALL_POINTS}).results[-1].choice is MoonChoice.ADD_TO_OTHERS
        assert scored({1: "QS"}).results[-1].choice is None

    def test_shooter_chooses_is_a_decision_of_the_shooter(self):
        match = scored({2: ALL_POINTS}, Rules(moon=MoonScoring.SHOOTER_CHOOSES))
        assert match.phase is Phase.MOON
        assert match.to_act == (2,)
        assert match.moon_outcomes() == {
            MoonChoice.ADD_TO_OTHERS: [26, 26, 0, 26],
            MoonChoice.SUBTRACT_FROM_SELF: [0, 0, -26, 0],
        }
        with pytest.raises(IllegalAction, match="It is not your turn"):
            match.apply(Action.moon(1, MoonChoice.ADD_TO_OTHERS))
        with pytest.raises(IllegalAction, match="The shooter is choosing"):
            match.apply(Action.play(2, 0))
        match.apply(Action.moon(2, MoonChoice.SUBTRACT_FROM_SELF))
        assert match.scores == [0, 0, -26, 0]
        assert match.results[-1].choice is MoonChoice.SUBTRACT_FROM_SELF

    def test_moon_shot_by_play(self):
        match = arranged(
            [
                "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
                "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
                "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            ]
        )
        while match.hand_index == 0:
            match.apply(Action.play(match.current_seat, match.legal_cards()[0]))
        assert match.results[-1].shooter == 0
        assert match.results[-1].added == (0, 26, 26, 26)


class TestOmnibus:
    def test_jack_of_diamonds_scores_minus_ten(self):
        match = scored({0: "JD 2H", 1: "QS"}, Rules(variant=Variant.OMNIBUS))
        assert match.results[-1].added == (-9, 13, 0, 0)

    def test_ten_of_diamonds_option(self):
        match = scored({0: "JD", 1: "TD"}, Rules(variant=Variant.OMNIBUS, omnibus_card="TD"))
        assert match.results[-1].added == (0, -10, 0, 0)

    def test_shooter_keeps_the_minus_ten(self):
        match = scored({1: ALL_POINTS + " JD"}, Rules(variant=Variant.OMNIBUS))
        assert match.results[-1].added == (26, -10, 26, 26)

    def test_moon_does_not_need_the_jack(self):
        match = scored({1: ALL_POINTS, 0: "JD"}, Rules(variant=Variant.OMNIBUS, moon=MoonScoring.SELF_MINUS))
        assert match.results[-1].added == (-10, -26, 0, 0)

    def test_jack_is_not_a_penalty_on_the_first_trick(self):
        match = arranged(["2C 5S", "JD 3H 3D", "4C 6D", "5C 7S"], Rules(variant=Variant.OMNIBUS))
        play(match, "2C")
        assert match.legal_cards() == sorted(parse_cards("JD 3D"))


class TestGameOver:
    def test_reaching_the_target_ends_the_match_lowest_wins(self):
        match = scored({0: "QS"}, scores=[87, 50, 60, 70])
        assert match.phase is Phase.OVER
        assert match.scores == [100, 50, 60, 70]
        assert match.winners == (1,)
        assert match.to_act == ()
        with pytest.raises(IllegalAction, match="The match is over"):
            match.apply(Action.play(0, 0))

    def test_passing_option_needs_more_than_the_target(self):
        match = scored({0: "QS"}, Rules(game_end=GameEnd.PASS), scores=[87, 50, 60, 70])
        assert match.phase is not Phase.OVER
        match = scored({0: "QS 2H"}, Rules(game_end=GameEnd.PASS), scores=[87, 50, 60, 70])
        assert match.phase is Phase.OVER

    def test_tie_for_lowest_is_a_shared_win(self):
        match = scored({0: "QS"}, scores=[90, 50, 50, 70])
        assert match.winners == (1, 2)

    def test_tie_can_play_on(self):
        match = scored({0: "QS"}, Rules(ties=Ties.PLAY_ON), scores=[90, 50, 50, 70])
        assert match.phase is Phase.PASS and match.hand_index == 1
        match = scored({0: "QS", 1: "2H"}, Rules(ties=Ties.PLAY_ON), scores=[90, 50, 50, 70])
        assert match.phase is Phase.OVER and match.winners == (2,)

    def test_custom_target(self):
        match = scored({0: "QS"}, Rules(target=50), scores=[37, 0, 0, 0])
        assert match.phase is Phase.OVER


class TestMoonChoiceForBots:
    def choose(self, scores, shooter=1):
        match = scored({shooter: ALL_POINTS}, Rules(moon=MoonScoring.SHOOTER_CHOOSES), scores=scores)
        return moon_choice(observe(match, shooter))

    def test_adds_when_that_ends_the_match_with_the_shooter_winning(self):
        assert self.choose([80, 40, 75, 90]) is MoonChoice.ADD_TO_OTHERS

    def test_subtracts_when_adding_would_end_the_match_with_the_shooter_losing(self):
        assert self.choose([80, 60, 30, 40]) is MoonChoice.SUBTRACT_FROM_SELF

    def test_adds_when_leading_and_the_match_goes_on(self):
        assert self.choose([30, 10, 20, 40]) is MoonChoice.ADD_TO_OTHERS

    def test_subtracts_when_behind_and_the_match_goes_on(self):
        assert self.choose([10, 50, 20, 5]) is MoonChoice.SUBTRACT_FROM_SELF


class TestHandScore:
    """The one scoring function, which the match and the fast path both call."""

    def test_no_moon_scores_what_each_seat_took(self):
        assert moon_shooter(Rules(), [13, 13, 0, 0]) is None
        assert hand_score(Rules(variant=Variant.OMNIBUS), [13, 13, 0, 0], [0, -10, 0, 0]) == [13, 3, 0, 0]

    @pytest.mark.parametrize(
        ("moon", "choice", "expected"),
        [
            (MoonScoring.OTHERS_PLUS, None, [26, -10, 26, 26]),
            (MoonScoring.OTHERS_PLUS, MoonChoice.SUBTRACT_FROM_SELF, [26, -10, 26, 26]),  # the rules decide
            (MoonScoring.SELF_MINUS, None, [0, -36, 0, 0]),
            (MoonScoring.SELF_MINUS, MoonChoice.ADD_TO_OTHERS, [0, -36, 0, 0]),
            (MoonScoring.SHOOTER_CHOOSES, MoonChoice.ADD_TO_OTHERS, [26, -10, 26, 26]),
            (MoonScoring.SHOOTER_CHOOSES, MoonChoice.SUBTRACT_FROM_SELF, [0, -36, 0, 0]),
            (MoonScoring.SHOOTER_CHOOSES, None, [26, -10, 26, 26]),  # the bots add when that leaves them lowest
        ],
    )
    def test_moon_with_the_omnibus_card_kept_by_the_shooter(self, moon, choice, expected):
        rules = Rules(variant=Variant.OMNIBUS, moon=moon)
        assert hand_score(rules, [0, 26, 0, 0], [0, -10, 0, 0], choice) == expected

    def test_the_bots_choice_depends_on_the_totals(self):
        rules = Rules(moon=MoonScoring.SHOOTER_CHOOSES)
        assert hand_score(rules, [0, 26, 0, 0], [0] * 4, totals=[10, 50, 20, 5]) == [0, -26, 0, 0]
        assert hand_score(rules, [0, 26, 0, 0], [0] * 4, totals=[30, 10, 20, 40]) == [26, 0, 26, 26]
        assert preferred_moon_choice([56, 50, 46, 31], 1) is MoonChoice.SUBTRACT_FROM_SELF

    def test_cancellation_moon_is_52(self):
        rules = Rules(players=6, variant=Variant.CANCELLATION, moon=MoonScoring.SELF_MINUS)
        assert moon_shooter(rules, [0, 0, 26, 26, 0, 0]) is None
        assert hand_score(rules, [0, 0, 52, 0, 0, 0], [0] * 6) == [0, 0, -52, 0, 0, 0]
        assert hand_score(rules.replace(moon=MoonScoring.OTHERS_PLUS), [0, 52, 0, 0, 0, 0], [0] * 6) == [
            52, 0, 52, 52, 52, 52,
        ]  # fmt: skip
