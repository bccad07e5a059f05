import random

from helpers import arranged, hand_mask, play, play_randomly

from pyapp.engine.cards import HEARTS_MASK, QUEEN_OF_SPADES, ids_of_face
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules, Variant

SIX = Rules(players=6, variant=Variant.CANCELLATION)


class TestCancelledPairs:
    def test_identical_cards_cancel_and_the_highest_uncancelled_wins(self):
        match = arranged(["2C 9D", "5C 9H", "5C 8D", "3C 7D", "4C 6D", "AD 5D"], SIX)
        play(match, "2C", "5C", "5C", "3C", "4C", "AD")
        assert match.tricks[-1].winner == 4
        assert match.current_seat == 4

    def test_all_cancelled_trick_goes_to_the_next_winner_and_the_leader_leads_again(self):
        match = arranged(["2C 3D", "2C 8D", "4D 9H", "5D 6H", "6D 7H", "7D 8H"], SIX)
        assert match.current_seat == 1  # both hold 2C: the one nearest the dealer's left leads
        play(match, "2C", "4D", "5D", "6D", "7D", "2C")
        assert match.tricks[-1].winner is None
        assert match.current_seat == 1
        play(match, "8D", "9H", "6H", "7H", "8H", "3D")
        assert match.results[-1].taken == (0, 4, 0, 0, 0, 0)

    def test_lowest_club_tie_goes_to_the_seat_nearest_the_dealers_left(self):
        match = arranged(["2C 3D", "2C 8D", "4D 9H", "5D 6H", "6D 7H", "7D 8H"], SIX)
        match.dealer = 1
        match._start_play()
        assert match.current_seat == 0

    def test_cancelled_last_trick_goes_to_its_leader(self):
        match = arranged(["2C", "2C", "3D", "4D", "5H", "6D"], SIX)
        play(match, "2C", "3D", "4D", "5H", "6D", "2C")
        assert match.results[-1].taken == (0, 1, 0, 0, 0, 0)


class TestLeftoverCards:
    def test_leftover_goes_face_down_to_the_first_tricks_winner(self):
        rng = random.Random(4)
        for seed in range(30):
            match = Match(SIX, seed)
            assert match.kitty.bit_count() == 2
            for seat in match.to_act:
                match.apply(next(iter(match.legal_actions(seat))))
            while not match.tricks or match.trick:
                match.apply(rng.choice(list(match.legal_actions())))
            first = match.tricks[0]
            if first.winner is not None:
                assert match.taken[first.winner] & match.kitty == match.kitty
                view = observe(match, first.winner)
                assert view.face_down == 2
                assert view.points_taken[first.winner] == match.rules.points(match.taken[first.winner] & ~match.kitty)
                return

    def test_every_hand_carries_52_points(self):
        rng = random.Random(5)
        for players in range(6, 11):
            match = Match(Rules(players=players, variant=Variant.CANCELLATION), players)
            play_randomly(match, rng, until_hands=3)
            for result in match.results:
                assert sum(result.taken) == 52


class TestCancellationMoon:
    def test_moon_is_all_52_points_and_worth_52(self):
        match = arranged(["2C", "3C", "4C", "5C", "6C", "7C"], SIX)
        all_points = HEARTS_MASK | ids_of_face(QUEEN_OF_SPADES)
        match.taken[1] = all_points
        play(match, "2C", "3C", "4C", "5C", "6C", "7C")
        assert match.results[-1].shooter == 1
        assert match.results[-1].added == (52, 0, 52, 52, 52, 52)
        assert match.phase is Phase.PASS

    def test_one_queen_short_is_no_moon(self):
        match = arranged(["2C", "3C", "4C", "5C", "6C", "7C"], SIX)
        used: set[int] = set()
        match.taken[1] = hand_mask("QS", used) | HEARTS_MASK
        play(match, "2C", "3C", "4C", "5C", "6C", "7C")
        assert match.results[-1].shooter is None
        assert match.results[-1].added[1] == 39
