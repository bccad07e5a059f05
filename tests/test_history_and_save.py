import json
import random

import pytest
from helpers import play_randomly, random_action

from pyapp.engine import save
from pyapp.engine.match import Match
from pyapp.engine.rules import Rules, Variant
from pyapp.engine.save import SaveError


def played_match(rules=None, seed=11, hands=2):
    match = Match(rules or Rules(), seed)
    play_randomly(match, random.Random(seed), until_hands=hands)
    match.apply(random_action(match, random.Random(1)))
    return match


class TestUndo:
    def test_pop_restores_the_previous_state(self):
        match = Match(Rules(), 3)
        rng = random.Random(3)
        states = [match.snapshot()]
        for _ in range(60):
            match.apply(random_action(match, rng))
            states.append(match.snapshot())
        for expected in reversed(states[:-1]):
            match.pop()
            assert match.snapshot() == expected

    def test_undo_to_any_earlier_point_and_replay(self):
        match = played_match(hands=3)
        full = match.snapshot()
        history = list(match.history)
        match.undo_to(17)
        assert len(match.history) == 17
        assert match.snapshot() == Match.replay(match.rules, match.seed, history[:17]).snapshot()
        for action in history[17:]:
            match.apply(action)
        assert match.snapshot() == full

    def test_undo_errors(self):
        match = Match(Rules(), 1)
        with pytest.raises(IndexError, match="Nothing to undo"):
            match.pop()
        with pytest.raises(IndexError):
            match.undo_to(5)


class TestSave:
    @pytest.mark.parametrize(
        "rules", [Rules(), Rules(variant=Variant.OMNIBUS), Rules(players=7, variant=Variant.CANCELLATION)]
    )
    def test_round_trip(self, rules):
        match = played_match(rules)
        text = save.dumps(match)
        assert save.loads(text).snapshot() == match.snapshot()
        document = json.loads(text)
        assert document["format"] == "hearts-match" and document["version"] == 1

    @pytest.mark.parametrize(
        ("text", "reason"),
        [
            ("", "not readable JSON"),
            ('{"format": "hearts-match", "vers', "not readable JSON"),
            ("[1, 2]", "not a saved Hearts match"),
            ('{"format": "chess"}', "not a saved Hearts match"),
            ('{"format": "hearts-match", "version": 99}', "newer version"),
            ('{"format": "hearts-match", "version": "1"}', "no valid version"),
            ('{"format": "hearts-match", "version": 1, "rules": {}}', "has no seed"),
        ],
    )
    def test_malformed_documents_are_refused(self, text, reason):
        with pytest.raises(SaveError, match=reason):
            save.loads(text)

    def test_truncated_save_is_refused(self):
        text = save.dumps(played_match())
        for cut in (1, len(text) // 2, len(text) - 1):
            with pytest.raises(SaveError):
                save.loads(text[:cut])

    def test_bad_rules_history_and_moves(self):
        document = save.to_document(played_match())
        bad_rules = dict(document, rules={"players": 9})
        with pytest.raises(SaveError, match="unusable rules: Classic Hearts is played by 3 to 7"):
            save.from_document(bad_rules)
        bad_seed = dict(document, seed="x")
        with pytest.raises(SaveError, match="wrong form"):
            save.from_document(bad_seed)
        history = list(document["history"])
        history[5] = {"seat": 0, "play": "ZZ"}
        with pytest.raises(SaveError, match="damaged at decision 6: Not an action"):
            save.from_document(dict(document, history=history))
        history = list(document["history"])
        history.insert(4, dict(history[4]))  # the same card played twice: the copy is refused
        with pytest.raises(SaveError, match="damaged at decision 6: It is not your turn"):
            save.from_document(dict(document, history=history))
