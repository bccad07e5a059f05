"""Claiming the rest of a hand, undo and "finish the hand" at the table."""

import random

import pytest
from helpers import arranged, play, play_randomly, random_state

from pyapp.engine.cards import card_text
from pyapp.engine.claims import can_claim, play_claim
from pyapp.engine.match import IllegalAction, Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules
from pyapp.host.table import Seat, Table

# Seat 0 (who holds 2C and leads) keeps the top of every suit once the first trick is played.
TOP_HANDS = ["2C AC KC AD KD AS KS QS AH KH QH JH TH", "3C 4C 5C 2D 3D 4D 2S 3S 4S 2H 3H 4H 5H"]
TOP_HANDS += ["6C 7C 8C 5D 6D 7D 5S 6S 7S 6H 7H 8H 9H", "9C TC JC QC 8D 9D TD JD QD 8S 9S TS JS"]


class TestClaims:
    def test_the_top_of_every_suit_may_be_claimed_and_takes_every_trick(self):
        match = arranged(TOP_HANDS)
        assert not can_claim(match, 0)  # the first lead is forced: 2C can lose
        play(match, "2C", "3C", "6C", "9C")
        assert match.leader == 3  # 9C won the first trick
        assert not can_claim(match, 0)  # not on lead
        play(match, "8D", "AD", "2D", "5D")  # seat 0 wins with AD and leads again
        assert can_claim(match, 0)
        play_claim(match, 0)
        assert match.phase is not Phase.PLAY or match.hand_index == 1
        assert match.results[0].taken[0] == 26 and match.results[0].shooter == 0

    def test_nothing_left_to_score_may_be_claimed(self):
        match = arranged(["2C 3C", "4C 5C", "6C 7C", "8C 9C"], Rules(players=4, target=500))
        play(match, "2C", "4C", "6C", "8C")
        assert match.current_seat == 3 and can_claim(match, 3) and not can_claim(match, 0)

    def test_a_claim_that_could_go_wrong_is_refused(self):
        match = arranged(["2C 9H", "4C 5H", "6C 7H", "8C 3H"])
        play(match, "2C", "4C", "6C", "8C")
        assert match.current_seat == 3 and not can_claim(match, 3)  # 3H would be beaten and points remain
        with pytest.raises(ValueError):
            play_claim(match, 3)

    def test_random_positions_claim_only_what_the_rules_allow(self):
        claimed = 0
        for seed in range(200):
            match = random_state(Rules(), seed, plays=36 + 4 * (seed % 4))  # late in the hand, at a trick's start
            seat = match.current_seat
            if match.phase is Phase.PLAY and not match.results and can_claim(match, seat):
                play_claim(match, seat)  # every card it plays is checked by the engine
                assert match.results and sum(match.results[0].taken) == 26
                claimed += 1
        assert claimed > 5


def table_with(seed: int = 5) -> Table:
    seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
    return Table.new({"seats": seats, "seed": seed})


def to_my_turn(table: Table) -> None:
    while not (table.match.phase is Phase.PLAY and table.match.current_seat == 0):
        if table.match.phase is Phase.PASS and 0 in table.people_to_act:
            table.act({"seat": 0, "pass": [card_text(face) for face in observe(table.match, 0).hand[:3]]})
        elif not table.bot_step():
            table.act({"seat": 0, "play": card_text(observe(table.match, 0).legal[0])})


class TestUndoAndFinish:
    def test_undo_takes_back_my_last_card_and_what_the_computers_did_after_it(self):
        table = table_with()
        assert (table.last_decision_of(0) is not None) is False
        with pytest.raises(IllegalAction):
            table.undo(0)
        to_my_turn(table)
        before = observe(table.match, 0)
        card = card_text(before.legal[0])
        table.act({"seat": 0, "play": card})
        while table.bot_step() and table.match.current_seat != 0:
            pass
        assert table.last_decision_of(0) is not None
        table.undo(0)
        assert observe(table.match, 0) == before

    def test_a_computer_seat_cannot_be_undone_claimed_or_finished(self):
        table = table_with()
        for change in (table.undo, table.claim, table.finish):
            with pytest.raises(IllegalAction):
                change(1)

    def test_finish_plays_the_hand_out_and_scores_it(self):
        table = table_with(8)
        with pytest.raises(IllegalAction):
            table.finish(0)  # still passing
        to_my_turn(table)
        table.finish(0)
        assert len(table.match.results) == 1
        assert table.seats[0] == Seat("Ann")

    def test_in_party_mode_finish_plays_only_the_asking_persons_cards_and_claims_wait_for_agreement(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        table = Table.new({"seats": seats, "seed": 5})
        while table.match.phase is Phase.PASS:
            for seat in table.people_to_act:
                table.act({"seat": seat, "pass": [card_text(face) for face in observe(table.match, seat).hand[:3]]})
        while table.match.current_seat != 0:
            if not table.bot_step():
                table.act({"seat": 1, "play": card_text(observe(table.match, 1).legal[0])})
        start = len(table.match.history)
        table.finish(0)
        while table.match.hand_index == 0:
            assert table.people_to_act in ([1], [])  # Ann never has a turn again this hand; Bo plays his own
            if not table.bot_step():
                bo = observe(table.match, 1)
                table.act({"seat": 1, "play": card_text(bo.legal[-1])})
        assert any(action.seat == 0 for action in table.match.history[start + 1 :])  # and later turns too
        assert not table.finishing  # the next hand is everyone's own again
        assert not table.may_claim(0) and not table.may_claim(1)  # a claim would play the other person's cards

    def test_claim_refused_with_a_reason_when_it_could_go_wrong(self):
        table = table_with()
        to_my_turn(table)
        if not can_claim(table.match, 0):
            with pytest.raises(IllegalAction, match="claim"):
                table.claim(0)

    def test_undo_replays_to_the_same_state_for_random_games(self):
        rng = random.Random(3)
        for seed in range(6):
            table = table_with(seed)
            for _ in range(rng.randrange(5, 40)):
                if table.match.phase is Phase.OVER:
                    break
                if 0 in table.people_to_act:
                    snapshot = observe(table.match, 0)
                    if table.match.phase is Phase.PASS:
                        table.act({"seat": 0, "pass": [card_text(face) for face in snapshot.hand[:3]]})
                    else:
                        table.act({"seat": 0, "play": card_text(rng.choice(snapshot.legal))})
                    table.undo(0)
                    assert observe(table.match, 0) == snapshot
                    if table.match.phase is Phase.PASS:
                        table.act({"seat": 0, "pass": [card_text(face) for face in snapshot.hand[:3]]})
                    else:
                        table.act({"seat": 0, "play": card_text(snapshot.legal[0])})
                else:
                    table.bot_step()


class TestHandEnd:
    @pytest.mark.parametrize("moon, seed", [("others_plus", 4), ("shooter_chooses", 91)])
    def test_a_copy_at_a_hands_end_has_every_trick_taken_and_neither_scores_nor_deals(self, moon, seed):
        match = Match(Rules(moon=moon), seed)
        play_randomly(match, random.Random(seed), until_hands=2)  # seed 91: the first hand's moon is chosen
        history = list(match.history)
        for hand in (0, 1):
            ended = match.at_hand_end(hand)
            assert ended.phase is Phase.PLAYED and ended.hand_index == hand and not any(ended.hands)
            assert len(ended.tricks) == 13 and ended.results == match.results[:hand]
            assert ended.scores == [sum(r.added[s] for r in match.results[:hand]) for s in range(4)]
            assert [ended.points_taken(s) for s in range(4)] == list(match.results[hand].taken)
            assert ended.check(next(iter(match.legal_actions()))) == "The hand is over"
        assert match.history == history and match.hand_index == 2  # the match itself is untouched
        with pytest.raises(IndexError):
            match.at_hand_end(2)
