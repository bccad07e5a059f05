import pytest
from helpers import arranged, play

from pyapp.engine.actions import Action
from pyapp.engine.cards import parse_card
from pyapp.engine.match import IllegalAction
from pyapp.engine.rules import HeartsBreak, Rules


def refused(match, text, reason):
    with pytest.raises(IllegalAction, match=reason):
        match.apply(Action.play(match.current_seat, parse_card(text)))


def legal(match):
    return sorted(match.legal_cards())


def faces(text):
    return sorted(parse_card(t) for t in text.split())


class TestFirstTrick:
    def test_two_of_clubs_leads(self):
        match = arranged(["3D 2C", "3C 4D", "4C 6D", "5C 7D"])
        assert match.current_seat == 0
        refused(match, "3D", "The first trick is led with the Two of clubs")
        assert legal(match) == faces("2C")

    def test_holder_of_two_of_clubs_leads_wherever_seated(self):
        match = arranged(["3C 4D", "4C 6D", "2C 3D", "5C 7D"])
        assert match.current_seat == 2

    def test_no_points_on_the_first_trick(self):
        match = arranged(["2C 5D", "3H QS 3D", "4C 6D 7D", "5C 7S 8S"])
        play(match, "2C")
        refused(match, "3H", "No points on the first trick")
        refused(match, "QS", "No points on the first trick")
        assert legal(match) == faces("3D")

    def test_points_allowed_on_first_trick_when_the_option_is_off(self):
        match = arranged(["2C 5D", "3H QS 3D", "4C 6D 7D", "5C 7S 8S"], Rules(no_points_first_trick=False))
        play(match, "2C", "3H")
        assert match.hearts_broken

    def test_hand_of_only_point_cards_may_play_them_on_the_first_trick(self):
        match = arranged(["2C 5D", "3H QS", "4C 6D", "5C 7S"])
        play(match, "2C")
        assert legal(match) == faces("3H QS")


class TestFollowingSuit:
    def test_must_follow_suit(self):
        match = arranged(["2C 5D", "3C 4D", "4C 6D", "5C 7D"])
        play(match, "2C")
        refused(match, "4D", "You must follow suit: clubs")

    def test_card_not_held(self):
        match = arranged(["2C 5D", "3C 4D", "4C 6D", "5C 7D"])
        refused(match, "AS", "You do not hold the Ace of spades")

    def test_not_your_turn(self):
        match = arranged(["2C 5D", "3C 4D", "4C 6D", "5C 7D"])
        with pytest.raises(IllegalAction, match="It is not your turn"):
            match.apply(Action.play(1, parse_card("3C")))

    def test_highest_of_the_led_suit_wins_and_leads_next(self):
        match = arranged(["2C 2D", "3C AH", "4C 3D", "5C 4D"], Rules(no_points_first_trick=False))
        play(match, "2C", "3C", "4C", "5C")
        assert match.current_seat == 3
        play(match, "4D", "2D", "AH", "3D")
        assert match.results[-1].taken == (0, 0, 0, 1)  # seat 3 took AH: the off-suit ace never wins


class TestHeartsBreaking:
    def test_hearts_cannot_be_led_unbroken(self):
        match = arranged(["2C 2D", "3C 3D", "4C 4D", "AC 5H 5D"])
        play(match, "2C", "3C", "4C", "AC")
        refused(match, "5H", "Hearts are not broken yet")
        assert legal(match) == faces("5D")

    def test_hand_of_only_hearts_may_lead_one(self):
        match = arranged(["2C 2D 3D", "3C 3S 4S", "4C 4D 5D", "AC 5H 6H"])
        play(match, "2C", "3C", "4C", "AC")
        assert legal(match) == faces("5H 6H")

    def test_only_hearts_and_queen_may_lead_either(self):
        match = arranged(["2C 2S", "3C 3S", "4C 4S", "AC QS 5H"])
        play(match, "2C", "3C", "4C", "AC")
        assert legal(match) == faces("QS 5H")

    def test_queen_of_spades_may_be_led_any_time(self):
        match = arranged(["2C 2S", "3C 3S", "4C 4S", "AC QS 5D"])
        play(match, "2C", "3C", "4C", "AC")
        assert legal(match) == faces("QS 5D")

    def test_a_heart_discard_breaks_hearts(self):
        match = arranged(["2C 6H 7H 8H", "3C 3D 9D TD", "4C 4D JD QD", "AC 5D 5H KD"])
        play(match, "2C", "3C", "4C", "AC")
        assert legal(match) == faces("5D KD")
        play(match, "5D", "6H")
        assert match.hearts_broken
        play(match, "3D", "4D")
        assert match.current_seat == 3
        assert legal(match) == faces("5H KD")

    QUEEN_DISCARD = ("2C 2D 9H TH", "3C QS 7S 8S", "4C 4D 8D 9D", "AC 5D 5H 6C")

    def test_queen_does_not_break_hearts_by_default(self):
        match = arranged(list(self.QUEEN_DISCARD))
        play(match, "2C", "3C", "4C", "AC", "5D", "2D", "QS", "4D")
        assert not match.hearts_broken
        assert legal(match) == faces("6C")

    def test_queen_breaks_hearts_with_the_option(self):
        match = arranged(list(self.QUEEN_DISCARD), Rules(hearts_break=HeartsBreak.HEART_OR_QUEEN))
        play(match, "2C", "3C", "4C", "AC", "5D", "2D", "QS", "4D")
        assert match.hearts_broken
        assert legal(match) == faces("5H 6C")
