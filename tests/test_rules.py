import pytest

from pyapp.engine.cards import parse_cards
from pyapp.engine.match import is_game_over
from pyapp.engine.rules import (
    PRESETS,
    GameEnd,
    HeartsBreak,
    MoonScoring,
    PassCycle,
    Rules,
    RulesError,
    Ties,
    Variant,
    option_schema,
    preset,
)


class TestDefaults:
    def test_defaults_are_the_classic_game(self):
        rules = Rules()
        assert rules.players == 4
        assert rules.variant is Variant.CLASSIC
        assert rules.no_points_first_trick is True
        assert rules.hearts_break is HeartsBreak.HEART
        assert rules.moon is MoonScoring.OTHERS_PLUS
        assert rules.target == 100
        assert rules.game_end is GameEnd.REACH
        assert rules.ties is Ties.SHARED
        assert rules.pass_cycle is PassCycle.LEFT_RIGHT
        assert rules.passing is True
        assert rules.moon_points == 26

    def test_dict_round_trip_for_every_preset(self):
        for rules in PRESETS.values():
            assert Rules.from_dict(rules.to_dict()) == rules


class TestCardRemoval:
    @pytest.mark.parametrize(
        ("players", "removed", "size", "first"),
        [
            (3, "2D", 17, "2C"),
            (4, "", 13, "2C"),
            (5, "2D 2C", 10, "3C"),
            (6, "2D 3D 3C 4C", 8, "2C"),
            (7, "2D 3D 3C", 7, "2C"),
        ],
    )
    def test_removal_table(self, players, removed, size, first):
        rules = Rules(players=players)
        assert sorted(rules.removed) == sorted(parse_cards(removed))
        assert rules.hand_size == size
        assert rules.hand_size * players == rules.deck_size
        assert rules.first_lead_text == first
        assert rules.moon_points == 26  # no point card is ever removed

    @pytest.mark.parametrize(
        ("players", "size", "leftover"), [(6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5), (10, 10, 4)]
    )
    def test_cancellation_deals_two_packs_as_far_as_they_go(self, players, size, leftover):
        rules = Rules(players=players, variant=Variant.CANCELLATION)
        assert rules.deck_size == 104
        assert (rules.hand_size, rules.leftover) == (size, leftover)
        assert rules.moon_points == 52


class TestPassCycle:
    def test_four_players_left_right_across_hold(self):
        rules = Rules()
        assert [rules.pass_direction(i) for i in range(5)] == ["left", "right", "across", "hold", "left"]
        assert [rules.pass_offset(i) for i in range(4)] == [1, 3, 2, 0]

    def test_other_counts_left_right(self):
        rules = Rules(players=5)
        assert [rules.pass_direction(i) for i in range(3)] == ["left", "right", "left"]
        assert [rules.pass_offset(i) for i in range(2)] == [1, 4]

    def test_other_counts_with_hold_option(self):
        rules = Rules(players=3, pass_cycle=PassCycle.LEFT_RIGHT_HOLD)
        assert [rules.pass_direction(i) for i in range(4)] == ["left", "right", "hold", "left"]

    def test_no_passing_option(self):
        rules = Rules(passing=False)
        assert {rules.pass_direction(i) for i in range(8)} == {"hold"}


class TestRefusals:
    @pytest.mark.parametrize(
        ("changes", "reason"),
        [
            ({"players": 8}, "3 to 7 players"),
            ({"players": 2}, "3 to 7 players"),
            ({"players": 5, "variant": "cancellation"}, "6 to 10 players"),
            ({"players": 11, "variant": "cancellation"}, "6 to 10 players"),
            ({"target": 20}, "at least 25"),
            ({"omnibus_card": "QS"}, "jack .JD. or ten .TD."),
            ({"moon": "sideways"}, "moon must be one of"),
            ({"players": "4"}, "players must be a int"),
            ({"passing": 1}, "passing must be a bool"),
            ({"hands": -1}, "number of hands must be 0"),
        ],
    )
    def test_impossible_combinations_are_refused_with_a_reason(self, changes, reason):
        with pytest.raises(RulesError, match=reason):
            Rules(**changes)

    def test_unknown_option_is_refused(self):
        with pytest.raises(RulesError, match="Unknown rule option: jokers"):
            Rules.from_dict({"jokers": True})

    def test_unknown_preset_is_refused(self):
        with pytest.raises(RulesError, match="Unknown preset"):
            preset("bridge")

    def test_preset_with_changes(self):
        assert preset("omnibus", players=5) == Rules(players=5, variant=Variant.OMNIBUS)
        assert preset("cancellation").players == 8


class TestAFixedNumberOfHands:
    def test_the_match_ends_after_exactly_that_many_hands_whatever_the_totals(self):
        rules = Rules(hands=4, target=25)
        assert not is_game_over(rules, [30, 0, 0, 0], 3)
        assert is_game_over(rules, [0, 0, 0, 0], 4)
        assert is_game_over(Rules(), [100, 0, 0, 0], 1) and not is_game_over(Rules(), [99, 0, 0, 0], 9)

    def test_four_hands_pass_in_each_direction_once(self):
        rules = Rules(hands=4)
        assert [rules.pass_direction(hand) for hand in range(rules.hands)] == ["left", "right", "across", "hold"]

    def test_it_is_written_only_when_set(self):
        assert "hands" not in Rules().to_dict()
        assert Rules.from_dict(Rules(hands=4).to_dict()) == Rules(hands=4)
        assert "hands" not in {option["name"] for option in option_schema()}
