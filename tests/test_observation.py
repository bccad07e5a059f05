import json
import random

import pytest
from helpers import play_randomly, random_state

from pyapp.engine.cards import cards_in, face_of
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import Observation, observe
from pyapp.engine.rules import PRESETS, Rules


class TestObservation:
    def test_holds_own_hand_and_scores(self):
        match = Match(Rules(), 8)
        view = observe(match, 2)
        assert list(view.hand) == match.hand_faces(2)
        assert view.to_act == (0, 1, 2, 3) and view.my_turn
        assert view.pass_to == 3 and view.pass_direction == "left"
        assert view.hand_sizes == (13, 13, 13, 13)
        json.dumps(view.to_dict())

    def test_sees_its_own_pass_not_the_others(self):
        match = Match(Rules(), 8)
        match.apply(next(iter(match.legal_actions(0))))
        match.apply(next(iter(match.legal_actions(1))))
        view = observe(match, 1)
        assert len(view.passed) == 3
        assert view.passes_chosen == (True, True, False, False)
        assert "passed" in view.to_dict()
        other = observe(match, 2)
        assert other.passed == ()

    def test_received_cards_after_the_exchange(self):
        match = Match(Rules(), 8)
        for seat in range(4):
            match.apply(next(iter(match.legal_actions(seat))))
        view = observe(match, 1)
        assert view.received == match.received[1]
        assert set(view.received) <= set(view.hand)

    def test_played_cards_voids_and_unseen(self):
        match = Match(Rules(), 8)
        rng = random.Random(2)
        while match.phase is Phase.PASS:
            match.apply(next(iter(match.legal_actions())))
        for _ in range(20):
            match.apply(rng.choice(list(match.legal_actions())))
        view = observe(match, 0)
        played = view.played()
        assert len(played) == 20
        assert sorted(view.unseen() + played + list(view.hand)) == list(range(52))
        for seat, suits in enumerate(view.voids()):
            for suit in suits:
                hand_suits = {face_of(card) // 13 for card in cards_in(match.hands[seat])}
                assert suit not in hand_suits


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_an_observation_reads_back_from_its_data_exactly(name):
    rules = PRESETS[name]
    for seed in range(4):
        match = random_state(rules, seed, plays=random.Random(seed).randrange(0, 6 * rules.players))
        later = Match(rules, seed)  # with a scored hand, a last trick and a new pass
        play_randomly(later, random.Random(seed), until_hands=1)
        for seat in range(rules.players):
            for view in (observe(match, seat), observe(later, seat)):
                assert Observation.from_dict(json.loads(json.dumps(view.to_dict()))) == view
