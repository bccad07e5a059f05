"""Card reading and the beliefs the Monte-Carlo sampler honours."""

import random

from helpers import arranged, play

from pyapp.bots import make_bot
from pyapp.bots.reading import read_hands
from pyapp.bots.sampling import DealSampler
from pyapp.engine.cards import parse_cards
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules

OPEN_FIRST_TRICK = Rules(no_points_first_trick=False)


def faces(text: str) -> set[int]:
    return set(parse_cards(text))


def beliefs_after(hands: list[str], *cards: str, seat: int = 0, rules: Rules = OPEN_FIRST_TRICK) -> list[set[int]]:
    match = arranged(hands, rules)
    play(match, *cards)
    return read_hands(observe(match, seat))


class TestReading:
    def test_ducking_under_the_winning_card_shows_nothing_between(self):
        beliefs = beliefs_after(["2C 3D", "8C 4D", "TC 5D", "5C 6D"], "2C", "8C", "TC", "5C")
        assert beliefs[3] == faces("6C 7C 8C 9C")  # ducked under TC with 5C
        assert beliefs[1] == set()  # went over 2C: there is nothing below it
        assert beliefs[2] == faces("2C 3C 4C 5C 6C 7C")  # went over 8C: nothing under it

    def test_playing_over_the_winning_card_shows_nothing_below_it(self):
        beliefs = beliefs_after(["2C 3D 4D", "8C 4C 5D", "TC 6D 7D", "5C 3C 8D"], "2C", "8C", "TC", "5C")
        assert faces("3C 4C 5C 6C 7C") <= beliefs[2]  # went over 8C, so it holds nothing under it

    def test_the_last_player_may_take_a_trick_without_points(self):
        beliefs = beliefs_after(["2C 2D", "5C 4D", "3C 5D", "7C 6D"], "2C", "5C", "3C", "7C")
        assert beliefs[2] == faces("4C")  # ducked under 5C with 3C: nothing between
        assert beliefs[3] == set()  # 7C over 5C as the last player to a pointless trick: maybe on purpose

    def test_throwing_another_card_away_shows_no_queen_no_hearts_and_nothing_higher(self):
        beliefs = beliefs_after(["2C 3D", "3C 4D", "4C 5D", "TD 6D"], "2C", "3C", "4C", "TD")
        thrower = beliefs[3]
        assert faces("QS KS AS 2H AH") <= thrower
        assert faces("JD QD KD AD JC AC") <= thrower
        assert not thrower & faces("9D 9C 9S 2S")

    def test_throwing_a_heart_shows_no_higher_heart(self):
        beliefs = beliefs_after(["2C 3D", "3C 4D", "4C 5D", "9H 6D"], "2C", "3C", "4C", "9H")
        assert faces("TH JH QH KH AH QS") <= beliefs[3]
        assert not beliefs[3] & faces("8H 2H")

    def test_throwing_the_queen_shows_nothing(self):
        assert beliefs_after(["2C 3D", "3C 4D", "4C 5D", "QS 6D"], "2C", "3C", "4C", "QS")[3] == set()

    def test_a_first_trick_without_points_says_nothing_of_points(self):
        beliefs = beliefs_after(["2C 3D", "3C 4D", "4C 5D", "TD 6D"], "2C", "3C", "4C", "TD", rules=Rules())
        assert not beliefs[3] & faces("QS 2H AH")
        assert faces("JD AC") <= beliefs[3]

    def test_plays_while_one_seat_holds_every_point_teach_nothing(self):
        match = arranged(["2C 3D 2S", "3C 4D 3S", "4C 5D 4S", "TD 2H 5S"], OPEN_FIRST_TRICK)
        play(match, "2C", "3C", "4C", "2H")  # seat 2 takes a heart: it alone holds points
        play(match, "5D", "TD", "3D", "4D")  # seats 0 and 1 duck under TD while a moon may be on
        beliefs = read_hands(observe(match, 3))
        assert beliefs[0] == set() and beliefs[1] == set()

    def test_own_seat_has_no_beliefs(self):
        beliefs = beliefs_after(["2C 3D", "3C 4D", "4C 5D", "5C 6D"], "2C", "3C", "4C", "5C", seat=3)
        assert beliefs[3] == set()

    def test_medium_players_almost_never_break_them(self):
        """Read against real Medium play: beliefs about a hand are true in at least 99% of views."""
        views = broken = 0
        for deal in range(20):
            match = Match(Rules(target=10**6), deal)
            bots = [make_bot("medium", deal * 10 + seat) for seat in range(4)]
            while not match.results:
                for seat in match.to_act:
                    view = observe(match, seat)
                    if match.phase is Phase.PLAY:
                        for other, believed in enumerate(read_hands(view)):
                            views += 1
                            broken += bool(believed & set(match.hand_faces(other)))
                    match.apply(bots[seat].decide(view))
        assert broken <= views // 100


class TestSamplerBeliefs:
    def view_after_first_trick(self):
        match = Match(Rules(), 7)
        bots = [make_bot("medium", seat) for seat in range(4)]
        while match.phase is Phase.PASS or match.trick or not match.tricks:
            seat = match.to_act[0]
            match.apply(bots[seat].decide(observe(match, seat)))
        return observe(match, 0)

    def test_beliefs_are_honoured_when_they_can_be_met(self):
        view = self.view_after_first_trick()
        believed = set(view.unseen()[::3]) - set(view.passed)  # seat 1 holds what seat 0 passed it
        sampler = DealSampler(view, [set(), believed, set(), set()])
        rng = random.Random(3)
        for _ in range(40):
            hidden, _ = sampler.sample(rng)
            assert not set(hidden[1]) & believed

    def test_beliefs_that_cannot_be_met_give_way_to_the_facts(self):
        view = self.view_after_first_trick()
        impossible = [set(), set(view.unseen()), set(), set()]
        hidden, _ = DealSampler(view, impossible).sample(random.Random(1))
        assert len(hidden[1]) == view.hand_sizes[1]
        for seat, faces_held in hidden.items():  # the facts still hold
            assert not {face // 13 for face in faces_held} & view.voids()[seat]
