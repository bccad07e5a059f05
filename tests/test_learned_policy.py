"""The learned playout policy: legal, scored like the engine, and made reproducibly by its training script."""

import json
import random

import pytest
from helpers import random_state
from test_playout import check_playout_from

from pyapp.bots.learned import (
    DISCARD,
    FOLLOW,
    KINDS,
    LEAD,
    LearnedPolicy,
    discard_choices,
    follow_choices,
    lead_choices,
    load_weights,
    nearest_candidate,
)
from pyapp.engine.cards import parse_card
from pyapp.engine.match import Phase
from pyapp.engine.playout import Position, split_by_suit
from pyapp.engine.rules import PRESETS
from tools.train_playout import fit, play, play_hand, read_lines


def faces(text: str) -> list[int]:
    return sorted(parse_card(card) for card in text.split())


class TestLearnedPolicyPlaysByTheRules:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_recorded_plays_are_legal_and_score_the_same(self, name):
        weights = load_weights()
        for seed in range(25):
            match = random_state(PRESETS[name], seed, seed % 17)
            if match.phase is Phase.PLAY and not match.results:
                check_playout_from(match, seed, policy_of=lambda position: LearnedPolicy(position, weights))


class TestFeatures:
    def test_shipped_weights_fit_every_kind_of_features(self):
        weights = load_weights()
        hand = split_by_suit(faces("2C 9C QS KS 4H"))
        others = [split_by_suit(faces("3C 5S AS 2H")), split_by_suit(faces("TC 6S 3H")), split_by_suit(faces("AC"))]
        hands = [hand, *others]
        rows = {
            LEAD: lead_choices(hands, hand, True, True, False)[1],
            FOLLOW: follow_choices(hands, hand[2], parse_card("JS"), 0, False, True, False)[1],
            DISCARD: discard_choices(hands, hand, False, True, False)[1],
        }
        for kind in KINDS:
            assert rows[kind] and all(len(row) == len(weights[kind]) for row in rows[kind])

    def test_the_candidates_are_the_cards_worth_weighing(self):
        hand = split_by_suit(faces("2C 9C JC QS KS 4H"))
        hands = [hand, split_by_suit(faces("3C 5S"))]
        assert lead_choices(hands, hand, False, True, False)[0] == faces("2C JC QS KS")
        assert follow_choices(hands, hand[0], parse_card("TC"), 0, False, True, False)[0] == faces("2C 9C JC")
        assert discard_choices(hands, hand, True, True, False)[0] == faces("2C JC KS")

    def test_a_card_is_marked_as_the_candidate_that_plays_like_it(self):
        candidates = faces("2C 9C KC")
        others = faces("3C TC JC")
        assert nearest_candidate(candidates, others, parse_card("4C")) == 1  # none of theirs between 4C and 9C
        assert nearest_candidate(candidates, others, parse_card("QC")) == 2
        assert nearest_candidate(candidates, others, parse_card("2C")) == 0


class TestTraining:
    def test_a_hand_is_marked_alike_from_its_seed(self):
        first, again = play_hand(3, 12), play_hand(3, 12)
        assert first == again
        assert first["records"]
        for record in first["records"]:
            assert record["kind"] in KINDS and 0 <= record["label"] < len(record["rows"]) > 1

    def test_playing_resumes_where_it_stopped(self, tmp_path):
        data = tmp_path / "hands.jsonl"
        play(data, hands=2, seed=1, playouts=6, workers=1, engine="local")
        first = list(read_lines(data))
        play(data, hands=3, seed=1, playouts=6, workers=1, engine="local")
        lines = list(read_lines(data))
        assert lines[:2] == first and len(lines) == 3
        assert len({line["deal_seed"] for line in lines}) == 3

    def test_the_fit_is_reproducible_and_learns(self, tmp_path):
        data = tmp_path / "hands.jsonl"
        data.write_text("".join(json.dumps(play_hand(seed, 10)) + "\n" for seed in range(8)))
        first = fit(data, tmp_path / "a.json", 1e-4, 1)
        again = fit(data, tmp_path / "b.json", 1e-4, 1)
        assert first["weights"] == again["weights"] == json.loads((tmp_path / "a.json").read_text())["weights"]
        for kind in KINDS:
            chance = sum(1 / len(rows) for _, rows in _by_kind(data, kind)) / max(1, len(_by_kind(data, kind)))
            assert first["report"][kind]["agree_train"] > chance


def _by_kind(data, kind):
    return [
        (record["label"], record["rows"])
        for line in data.read_text().splitlines()
        for record in json.loads(line)["records"]
        if record["kind"] == kind
    ]


def test_the_best_scoring_card_is_played_whatever_the_draw():
    weights = load_weights()
    picks = set()
    for seed in range(5):
        hands = [split_by_suit(faces("2C 9C JC QS KS 4H")), split_by_suit(faces("3C 5S AS"))]
        position = Position(hands, 0, [], False, 0, True, [0, 0], [0, 0])
        picks.add(LearnedPolicy(position, weights).lead(hands[0], True, True, False, random.Random(seed).random))
    assert len(picks) == 1
