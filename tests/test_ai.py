import random

import pytest
from helpers import arranged, play, random_state

from pyapp.bots import HardBot, MediumBot, make_bot
from pyapp.bots.sampling import sample_hidden
from pyapp.cli.arena import run_arena
from pyapp.engine.actions import Action
from pyapp.engine.cards import SPADES, parse_card, suit_of
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import Observation, observe
from pyapp.engine.rules import PRESETS, Rules, Variant


def sampled_deal(view: Observation, seed: int) -> dict[int, list[int]]:
    """A sampled deal of the unseen cards (the other hands), checked: every unseen card dealt, each hand and the
    leftover their size."""
    hidden, kitty = sample_hidden(view, random.Random(seed))
    assert len(kitty) == view.face_down
    for other, faces in hidden.items():
        assert len(faces) == view.hand_sizes[other]
    everything = sorted([face for faces in hidden.values() for face in faces] + kitty)
    assert everything == sorted(view.unseen())
    return hidden


class TestSampling:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_sampled_deals_agree_with_the_observation(self, name):
        rules = PRESETS[name]
        for seed in range(8):
            match = random_state(rules, seed, plays=seed * 2)
            if match.phase is not Phase.PLAY:
                continue
            view = observe(match, match.current_seat)
            voids = view.voids()
            for other, faces in sampled_deal(view, seed).items():
                assert not {suit_of(face) for face in faces} & voids[other]

    @pytest.mark.parametrize("players", range(6, 11))
    def test_sampled_deals_agree_with_every_seat_late_in_a_cancellation_hand(self, players):
        """A passed card's receiver may have played it while the other copy is still out: it is then not made
        to hold that face (late in a hand its few cards could not, and the deal overflowed its hand)."""
        rules = Rules(players=players, variant=Variant.CANCELLATION)
        for seed in range(40):
            match = random_state(rules, seed, plays=players * (rules.hand_size - 2 - seed % 3))
            for seat in range(players):
                sampled_deal(observe(match, seat), seed)

    def test_passed_cards_stay_with_the_receiver(self):
        match = Match(Rules(), 5)
        passed = match.hand_faces(0)[:3]
        match.apply(Action.pass_cards(0, passed))
        for seat in range(1, 4):
            match.apply(next(iter(match.legal_actions(seat))))
        view = observe(match, 0)
        hidden, _ = sample_hidden(view, random.Random(1))
        assert set(passed) <= set(hidden[1])


class TestMedium:
    # Stopping a moon, and not when none is on: tests/test_moon_threat.py

    def test_dumps_the_queen_when_void(self):
        match = arranged(["2C 3D 4D", "3C 5D 6D", "AC 7D 8D", "QS AH 2H"], Rules(no_points_first_trick=False))
        play(match, "2C", "3C", "AC")
        assert MediumBot(1).decide(observe(match, 3)).card == parse_card("QS")

    def test_flushes_the_queen_with_spades_below_her(self):
        match = arranged(["2C 4S 5D", "3C QS 6D", "AC 7D 8D", "4C 9S 2S"])
        play(match, "2C", "3C", "AC", "4C")
        assert suit_of(MediumBot(1).decide(observe(match, 2)).card) != SPADES  # seat 2 has no spade
        match = arranged(["2C 4S 5D", "3C QS 6D", "4C 7D 8D", "AC 9S 2S"])
        play(match, "2C", "3C", "4C", "AC")
        assert MediumBot(1).decide(observe(match, 3)).card == parse_card("9S")

    def test_passes_an_unprotected_queen(self):
        match = Match(Rules(), 1)
        match.hands[0] = sum(1 << parse_card(c) for c in "QS 3S 2C 3C 4C 5C 6D 7D 8D 2H 3H 4H 5H".split())
        assert parse_card("QS") in MediumBot(1).decide(observe(match, 0)).cards


class TestHard:
    def test_deterministic_with_a_playout_budget(self):
        match = random_state(Rules(), 3, plays=6)
        view = observe(match, match.current_seat)
        first = HardBot(9, playouts=300).decide(view)
        assert first == HardBot(9, playouts=300).decide(view)
        assert first.card in view.legal

    def test_evaluate_gives_every_legal_card_an_estimate(self):
        match = random_state(Rules(), 4, plays=5)
        view = observe(match, match.current_seat)
        bot = HardBot(1, playouts=200)
        estimates = bot.evaluate(view)
        assert set(estimates) == set(view.legal)
        assert bot.last_playouts >= 200

    def test_time_budget_is_kept(self):
        import time

        match = random_state(Rules(), 6, plays=1)
        view = observe(match, match.current_seat)
        start = time.perf_counter()
        HardBot(1, budget_ms=50).decide(view)
        assert time.perf_counter() - start < 0.5

    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_plays_every_variant(self, name):
        rules = PRESETS[name]
        bots = [make_bot("hard", seat, playouts=30) for seat in range(rules.players)]
        match = Match(rules.replace(target=10**6), 2)
        while not match.results:
            for seat in match.to_act:
                match.apply(bots[seat].decide(observe(match, seat)))
        assert match.results


class TestArena:
    def test_duplicate_deals_rotate_every_level_through_every_seat(self):
        result = run_arena(Rules(), ["medium", "basic", "basic", "basic"], deals=3, seed=2)
        assert result["levels"]["medium"]["hands"] == 12
        assert result["levels"]["basic"]["hands"] == 36
        assert set(result["levels"]["medium"]) >= {"points_per_hand", "ci95", "moons", "ms_per_card_median"}

    def test_medium_beats_easy_in_a_small_arena(self):
        result = run_arena(Rules(), ["medium", "basic", "basic", "basic"], deals=150, seed=5)
        assert result["levels"]["medium"]["points_per_hand"] < result["levels"]["basic"]["points_per_hand"]
