"""The Expert player: what forced plays prove, its own points as the goal, and the played-out pass."""

import random
from dataclasses import replace

from helpers import QUEEN_BEHIND, arranged, play

from pyapp.bots import ExpertBot, HardBot, MediumBot
from pyapp.bots.expert import ShooterPolicy, moon_in_reach
from pyapp.bots.reading import NOT_POINTS, forced_voids
from pyapp.engine.cards import QUEEN_OF_SPADES, card_text, parse_cards
from pyapp.engine.match import Match
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules

# Seat 1 holds AC and twelve hearts: it takes the first trick and must lead a heart before hearts are broken.
HEART_LEADER = [
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "AC 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "9C TC JC QC KC 8D 9D TD JD QD KD AD AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]


class TestForcedPlays:
    def test_a_heart_led_before_hearts_are_broken_proves_a_hand_of_points(self):
        match = arranged(HEART_LEADER)
        play(match, "2C", "AC", "9C", "2S", "2H")  # seat 1 takes the trick and leads a heart: it has no other
        shown = forced_voids(observe(match, 0))
        assert shown[1] == NOT_POINTS and QUEEN_OF_SPADES not in shown[1]
        assert shown[0] == set() and shown[2] == set() and shown[3] == set()

    def test_a_point_card_thrown_on_the_first_trick_proves_a_hand_of_points(self):
        hands = [
            "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "9C TC JC QC KC AC 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
        match = arranged(hands)
        play(match, "2C", "2H")  # no club and nothing without points: the heart is forced
        assert forced_voids(observe(match, 2))[1] == NOT_POINTS

    def test_what_they_prove_is_never_wrong(self):
        match = Match(Rules(), seed=3)
        while match.phase.value == "pass":
            seat = match.to_act[0]
            match.apply(MediumBot(seat).decide(observe(match, seat)))
        for _ in range(12):
            seat = match.current_seat
            match.apply(MediumBot(seat).decide(observe(match, seat)))
        observation = observe(match, 0)
        for seat, faces in enumerate(forced_voids(observation)):
            assert not faces & set(match.hand_faces(seat))

    def test_the_sampled_deals_keep_to_them(self):
        match = arranged(HEART_LEADER)
        play(match, "2C", "AC", "9C", "2S", "2H")
        expert = ExpertBot(1, budget_ms=None, playouts=1)
        sampler = expert.sampler(observe(match, 0))
        for seed in range(20):
            hidden, _ = sampler.sample(random.Random(seed))
            assert not set(hidden[1]) & NOT_POINTS


class TestGoal:
    def test_an_opponents_moon_costs_the_expert_what_it_costs(self):
        moon = [26, 0, 26, 26]  # seat 1 shot the moon
        assert ExpertBot.value(moon, 0) == 26
        assert round(HardBot.value(moon, 0), 2) == 8.67  # Hard's relative goal prices it far lower


class TestPass:
    def test_an_unprotected_queen_goes_and_a_seed_gives_the_same_pass(self):
        match = Match(Rules(), seed=1)
        observation = observe(match, 0)
        hand = "2C 3C 4C 5C 7D 8D 9D QS 3H 4H 5H 6H 7H"
        observation = _with_hand(observation, hand)
        expert = ExpertBot(2, budget_ms=None, playouts=1200)
        estimates = expert.evaluate_pass(observation)
        assert len(estimates) == 20 and all(len(candidate) == 3 for candidate in estimates)
        best = min(estimates, key=estimates.get)
        assert QUEEN_OF_SPADES in best  # Q♠ with no spade to cover her: passed
        again = ExpertBot(2, budget_ms=None, playouts=1200).decide(observation)
        assert again.cards == tuple(sorted(best))  # the same seed: the same deals, the same pass

    def test_every_variant_passes_legally(self):
        for rules in (
            Rules(players=3),
            Rules(players=5),
            Rules(variant="omnibus"),
            Rules(players=8, variant="cancellation"),
        ):
            match = Match(rules, seed=4)
            for seat in match.to_act:
                action = ExpertBot(seat, budget_ms=None, playouts=200).decide(observe(match, seat))
                assert match.check(action) is None, (rules, [card_text(face) for face in action.cards])


def _with_hand(observation, text: str):
    """The observation with its seat's hand replaced (what is unseen follows from it)."""
    return replace(observation, hand=tuple(sorted(parse_cards(text))))


# Seat 0 commands nearly every suit: once it has the lead, taking every trick is its best hand.
MOON_HANDS = [
    "AC KC QC JC AD KD QD JD AS KS QS AH KH",
    "2C 3C 4C 5C 2D 3D 4D 5D 2S 3S 4S 2H 3H",
    "6C 7C 8C 9C 6D 7D 8D 9D 5S 6S 7S 4H 5H",
    "TC TD 8S 9S TS JS 6H 7H 8H 9H TH JH QH",
]


class TestMoonPlan:
    def test_a_hand_that_commands_the_suits_goes_for_the_moon(self):
        match = arranged(MOON_HANDS)
        play(match, "2C", "6C", "TC", "AC")  # seat 0 takes the first trick and leads
        observation = observe(match, 0)
        assert moon_in_reach(observation)
        expert = ExpertBot(5, budget_ms=None, playouts=1600)
        estimates = expert.evaluate(observation)
        card = expert.best(estimates, observation)
        assert estimates[card][0] < 3  # it expects to take (nearly) nothing: the moon, others take 26

    def test_no_moon_once_another_seat_has_a_point(self):
        match = arranged(MOON_HANDS, Rules(no_points_first_trick=False))
        play(match, "2C", "6C", "TC", "AC", "KC", "3C", "7C")  # now seat 3 throws a heart on seat 0's KC...
        play(match, "6H")
        assert not moon_in_reach(observe(match, 1))  # seat 0 has a point: the moon is seat 0's alone to try

    def test_the_shooter_takes_high_and_throws_low_while_the_others_play_as_ever(self):
        mine = [[0, 5], [18], [27, 36], [39, 51]]
        policy = ShooterPolicy(mine)
        assert policy.follow(mine[0], 3, 0, False, True, False, random.random) == 5
        mine[0].clear()
        assert policy.discard(mine, False, True, False, random.random) == 27  # lowest without points: 3♠
        theirs = [[1, 2], [], [], []]
        assert policy.follow(theirs[0], 12, 0, False, True, False, random.random) == 2  # ducks under the 12


class TestTimeWhereItMatters:
    def test_a_clear_decision_takes_less_than_the_budget_and_the_same_card(self):
        match = arranged(QUEEN_BEHIND)
        play(match, "2C", "3C", "4C", "AC", "9S")  # KS over 9S may catch QS: 4S is clearly the card
        view = observe(match, 0)
        quick, whole = (
            ExpertBot(1, budget_ms=None, playouts=2000),
            ExpertBot(1, budget_ms=None, playouts=2000, clear_z=None),
        )
        assert quick.choose_play(view) == whole.choose_play(view) == parse_cards("4S")[0]
        assert quick.last_playouts < whole.last_playouts // 2 and whole.last_playouts >= 2000

    def test_cards_that_part_only_by_chance_get_the_whole_budget(self):
        match = arranged(QUEEN_BEHIND)
        play(match, "2C", "3C", "4C", "AC")  # seat 3 leads: among its many clean cards, no clear best one
        view = observe(match, 3)
        expert = ExpertBot(1, budget_ms=None, playouts=600)
        estimates = expert.evaluate(view)
        assert expert.last_playouts >= 600 and len(estimates) == len(view.legal)
