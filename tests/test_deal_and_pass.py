import hashlib
import random

import pytest

from pyapp.engine.actions import Action
from pyapp.engine.cards import cards_in, face_of, mask_of, parse_cards
from pyapp.engine.match import IllegalAction, Match, Phase
from pyapp.engine.rules import PassCycle, Rules, Variant
from pyapp.shared.deal import deal, deck_ids, hand_shuffle, sha512

# The first hand of seed 2026 in the classic game: a golden value that the
# page's end-to-end test also checks in Pyodide (same seed, same deal).
GOLDEN_SEED = 2026
GOLDEN_HAND = "8C QC 3D 4D QD AD 5S 7S TS QS 3H KH AH"


class TestDeal:
    def test_same_seed_same_deal(self):
        assert Match(Rules(), 42).hands == Match(Rules(), 42).hands
        assert Match(Rules(), 42).hands != Match(Rules(), 43).hands

    def test_golden_deal(self):
        assert Match(Rules(), GOLDEN_SEED).hand_faces(0) == parse_cards(GOLDEN_HAND)

    @pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
    def test_everyone_holds_the_same_number_and_removed_cards_are_out(self, players):
        rules = Rules(players=players)
        match = Match(rules, 5)
        held = 0
        for hand in match.hands:
            assert hand.bit_count() == rules.hand_size
            assert held & hand == 0
            held |= hand
        assert held == rules.deck
        assert not {face_of(card) for card in cards_in(held)} & set(rules.removed)

    @pytest.mark.parametrize("players", [3, 5, 6, 7])
    def test_first_lead_is_the_lowest_club_in_play(self, players):
        rules = Rules(players=players, passing=False)
        match = Match(rules, 9)
        (first,) = parse_cards(rules.first_lead_text)
        assert match.first_lead == first
        assert match.legal_cards() == [first]
        assert match.hands[match.current_seat] & (1 << first)

    def test_dealer_rotates(self):
        match = Match(Rules(), 1)
        assert match.dealer == 0
        match.hand_index = 5
        match._start_hand()
        assert match.dealer == 1


class TestPassing:
    def test_everyone_chooses_before_anyone_receives(self):
        match = Match(Rules(), 3)
        dealt = list(match.hands)
        chosen = {}
        for seat in range(3):
            chosen[seat] = match.hand_faces(seat)[:3]
            match.apply(Action.pass_cards(seat, chosen[seat]))
            assert match.hands == dealt and match.phase is Phase.PASS
            assert match.received == [()] * 4
        assert match.to_act == (3,)
        chosen[3] = match.hand_faces(3)[-3:]
        match.apply(Action.pass_cards(3, chosen[3]))
        assert match.phase is Phase.PLAY
        for seat in range(4):
            assert list(match.received[(seat + 1) % 4]) == sorted(chosen[seat])  # first hand passes left
            assert match.hands[seat].bit_count() == 13

    @pytest.mark.parametrize(("hand_index", "offset"), [(0, 1), (1, 3), (2, 2)])
    def test_direction_by_hand(self, hand_index, offset):
        match = Match(Rules(), 3)
        match.hand_index = hand_index
        match._start_hand()
        assert match.pass_offset == offset
        first_three = match.hand_faces(0)[:3]
        for seat in range(4):
            match.apply(Action.pass_cards(seat, match.hand_faces(seat)[:3]))
        assert match.received[offset] == tuple(first_three)

    def test_hold_hand_has_no_pass(self):
        match = Match(Rules(), 3)
        match.hand_index = 3
        match._start_hand()
        assert match.phase is Phase.PLAY

    def test_three_players_pass_left_right_and_optionally_hold(self):
        assert Match(Rules(players=3), 1).pass_offset == 1
        rules = Rules(players=3, pass_cycle=PassCycle.LEFT_RIGHT_HOLD)
        match = Match(rules, 1)
        match.hand_index = 2
        match._start_hand()
        assert match.phase is Phase.PLAY

    @pytest.mark.parametrize(
        ("cards", "reason"),
        [
            ("2C 3C", "Pass exactly 3 cards"),
            ("2C 3C 4C 5C", "Pass exactly 3 cards"),
        ],
    )
    def test_bad_pass_count(self, cards, reason):
        match = Match(Rules(), 3)
        with pytest.raises(IllegalAction, match=reason):
            match.apply(Action.pass_cards(0, parse_cards(cards)))

    def test_pass_of_a_card_not_held_or_twice(self):
        match = Match(Rules(), 3)
        hand = match.hand_faces(0)
        missing = next(face for face in range(52) if face not in hand)
        with pytest.raises(IllegalAction, match="You do not hold"):
            match.apply(Action.pass_cards(0, [*hand[:2], missing]))
        with pytest.raises(IllegalAction, match="twice"):
            match.apply(Action.pass_cards(0, [hand[0], hand[0], hand[1]]))

    def test_pass_only_once_and_play_waits(self):
        match = Match(Rules(), 3)
        match.apply(Action.pass_cards(0, match.hand_faces(0)[:3]))
        with pytest.raises(IllegalAction, match="already passed"):
            match.apply(Action.pass_cards(0, match.hand_faces(0)[3:6]))
        with pytest.raises(IllegalAction, match="Choose 3 cards to pass first"):
            match.apply(Action.play(1, match.hand_faces(1)[0]))

    def test_cancellation_may_pass_both_copies(self):
        rules = Rules(players=8, variant=Variant.CANCELLATION)
        for seed in range(200):
            match = Match(rules, seed)
            hand = match.hand_faces(0)
            pair = next((face for face in hand if hand.count(face) == 2), None)
            if pair is not None:
                other = next(face for face in hand if face != pair)
                match.apply(Action.pass_cards(0, [pair, pair, other]))
                assert match.passes[0] == tuple(sorted([pair, pair, other]))
                return
        pytest.fail("no hand with a pair")


class TestPortableDeal:
    """The deal module runs on the page's MicroPython too: it must give CPython's cards exactly."""

    def test_sha512_is_hashlibs(self):
        for data in (b"", b"abc", b"x" * 300, b"hearts:2026:0"):
            assert sha512(data) == hashlib.sha512(data).digest()

    @pytest.mark.parametrize("seed", [0, 1, 2026, 2**31 - 1, 2**53 - 1])
    def test_the_shuffle_is_random_random_of_the_hands_text(self, seed):
        for hand in range(4):
            rng = random.Random(f"hearts:{seed}:{hand}")
            items = list(range(104))
            for i in range(len(items) - 1, 0, -1):  # the engine's shuffle before it was written out
                j = int(rng.random() * (i + 1))
                items[i], items[j] = items[j], items[i]
            assert hand_shuffle(list(range(104)), seed, hand) == items

    def test_the_page_and_the_engine_deal_the_same_cards(self):
        for rules in (Rules(), Rules(players=5), Rules(players=8, variant="cancellation")):
            match = Match(rules, 77)
            hands, leftover = deal(deck_ids(rules.players, rules.packs), rules.players, 77, 0)
            assert [mask_of(cards) for cards in hands] == match.hands and mask_of(leftover) == match.kitty
