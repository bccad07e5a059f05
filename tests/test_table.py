"""The table: a match with its seats, people and computer players."""

import json
import random

import pytest
from helpers import arranged, play, random_action

from pyapp.engine.cards import card_text
from pyapp.engine.match import IllegalAction, Phase
from pyapp.engine.rules import MoonScoring, Rules
from pyapp.engine.save import SaveError
from pyapp.host.table import Seat, Table, seats_from

SEATS = [
    {"name": "Ann", "bot": None},
    {"name": "", "bot": "basic"},
    {"bot": "random"},
    {"name": "  Bo   b ", "bot": "basic"},
]


def first_three(table: Table) -> list[str]:
    return [card_text(face) for face in table.match.hand_faces(0)[:3]]


def new_table(**options):
    return Table.new({"seats": SEATS, "seed": 4, **options})


class TestTable:
    def test_thinking_seats_pass_one_at_a_time_while_the_person_chooses_the_others_at_once(self):
        table = Table.new({"seats": [SEATS[0], {"bot": "hard"}, {"bot": "basic"}, {"bot": "expert"}], "seed": 4})
        assert table.match.phase is Phase.PASS and table.passes_waiting
        assert table.people_to_act == [0] and table.bots_to_act == [1, 3]  # Basic passed with the deal
        assert table.bot_step()  # what the host does while the person picks cards
        assert [chosen is not None for chosen in table.match.passes] == [False, True, True, False]
        table.act({"seat": 0, "pass": first_three(table)})
        assert table.match.phase is Phase.PLAY  # nobody waited for Expert, still to choose

    def test_without_a_thinking_seat_every_computer_passes_with_the_deal(self):
        table = new_table()
        assert [seat.name for seat in table.seats] == ["Ann", "Eva", "Jan", "Bo b"]
        assert table.people_to_act == [0] and table.bots_to_act == [] and not table.passes_waiting

    def test_what_the_computer_played_for_a_person_is_kept_with_the_game_and_undone_with_it(self):
        table = new_table()
        table.act({"seat": 0, "pass": first_three(table)})
        table.finish(0)
        played = {index for index, action in enumerate(table.match.history) if action.seat == 0 and index > 3}
        assert table.played_for == played and len(played) == 13
        again = Table.from_document(json.loads(json.dumps(table.to_document())))
        assert again.played_for == played
        with pytest.raises(IllegalAction, match="nothing of yours"):
            table.undo(0)  # the hand is scored: it is not taken back

    def test_a_card_the_computer_played_for_a_person_is_undone_with_the_rest(self):
        table = new_table()
        table.act({"seat": 0, "pass": first_three(table)})
        while len(table.played_for) < 3:  # the computer plays three cards for the person, in this hand
            if table.match.current_seat == 0:
                table.stand_in(0)
            else:
                assert table.bot_step()
        played = set(table.played_for)
        table.undo(0)  # the last card played for the person is taken back
        assert table.played_for == played - {max(played)}

    def test_a_person_cannot_act_for_a_computer_seat(self):
        table = new_table()
        with pytest.raises(IllegalAction, match="not yours"):
            table.act({"seat": 1, "pass": ["2C", "3C", "4C"]})

    def test_document_round_trip_and_refusals(self):
        table = new_table()
        table.act({"seat": 0, "pass": first_three(table)})
        document = table.to_document()
        again = Table.from_document(json.loads(json.dumps(document)))
        assert again.match.snapshot() == table.match.snapshot()
        with pytest.raises(SaveError, match="not a saved Hearts game"):
            Table.from_document({"format": "other"})
        with pytest.raises(SaveError, match="newer version"):
            Table.from_document(dict(document, version=9))
        with pytest.raises(SaveError, match="seats are damaged"):
            Table.from_document(dict(document, seats=document["seats"][:2]))

    def test_bad_options(self):
        with pytest.raises(ValueError, match="At least one seat must be a person"):
            Table.new({"seats": [{"bot": "basic"}] * 4})
        with pytest.raises(ValueError, match="Unknown computer level"):
            Table.new({"seats": [{"bot": None}, {"bot": "genius"}, {"bot": None}, {"bot": None}]})
        with pytest.raises(ValueError, match="Describe each of the 4 seats"):
            Table.new({"seats": SEATS[:3]})


class TestHintOnACertainMoon:
    """Seat 0 holds every club and leads: everyone else is void, so it takes every trick and shoots the moon."""

    @staticmethod
    def hint(moon: MoonScoring, scores: list[int] | None = None) -> dict:
        hands = [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
        ]
        match = arranged(hands, Rules(moon=moon), scores)
        play(match, "2C", "2H", "2S", "2D")
        seats = [Seat("You"), *(Seat(name, "basic") for name in ("Eva", "Jan", "Marta"))]
        return Table(match, seats, think_ms=20).hint(0)

    def test_subtracting_shooter_expects_minus_26(self):
        advice = self.hint(MoonScoring.SELF_MINUS)
        assert advice["points"] and set(advice["points"].values()) == {-26.0}

    def test_adding_shooter_expects_nothing(self):
        assert set(self.hint(MoonScoring.OTHERS_PLUS)["points"].values()) == {0.0}

    def test_choosing_shooter_expects_what_the_bots_would_choose(self):
        assert set(self.hint(MoonScoring.SHOOTER_CHOOSES, [50, 10, 20, 5])["points"].values()) == {-26.0}  # behind
        assert set(self.hint(MoonScoring.SHOOTER_CHOOSES, [10, 30, 40, 20])["points"].values()) == {0.0}  # lowest


class TestAHandPlayedAgain:
    """A finished hand dealt again as a game of its own: the same cards, dealer and pass, the same seats."""

    def played(self, hands: int) -> Table:
        table = Table.new({"seats": [{"name": "Ann", "bot": None}] + [{"bot": "basic"}] * 3, "seed": 4})
        rng = random.Random(5)
        while len(table.match.results) < hands:
            if table.people_to_act:
                table.act(random_action(table.match, rng).to_dict())
            else:
                table.bot_step()
        return table

    @pytest.mark.parametrize("hand", [0, 1, 2])
    def test_it_deals_that_hand_again_and_ends_after_it(self, hand):
        table = self.played(3)
        again = table.replay_of(hand)
        was = table.match.at_hand_start(hand)
        match = again.match
        assert [match.hand_faces(seat) for seat in range(4)] == [was.hand_faces(seat) for seat in range(4)]
        assert (match.dealer, match.pass_offset, match.rules.hands) == (was.dealer, was.pass_offset, 1)
        assert [seat.bot for seat in again.seats] == [seat.bot for seat in table.seats] and not again.steady
        rng = random.Random(6)
        while match.phase is not Phase.OVER:
            if again.people_to_act:
                again.act(random_action(match, rng).to_dict())
            else:
                again.bot_step()
        assert len(match.results) == 1
        twice = again.replay_of(0)  # (played again once more: still that hand)
        assert twice.match.hand_faces(0) == was.hand_faces(0) and twice.match.rules.first_hand == hand
        restored = Table.from_document(json.loads(json.dumps(again.to_document())))
        assert restored.match.rules == match.rules and restored.match.hand_faces(0) == match.hand_faces(0)

    def test_only_a_finished_hand_of_a_game_without_friends(self):
        table = self.played(1)
        for hand in (1, -1, "0", None):
            with pytest.raises(IllegalAction):
                table.replay_of(hand)
        friends = Table.new(
            {
                "seats": [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
                + [{"bot": "basic"}] * 2
            }
        )
        friends.match.results.append(table.match.results[0])  # (as if a hand were finished)
        with pytest.raises(IllegalAction) as refused:
            friends.replay_of(0)
        assert refused.value.args[0].code == "replay_friends"


def test_a_computer_never_takes_the_name_a_person_chose():
    def names(*given: str) -> list[str]:
        seats = [{"name": given[0], "bot": None}] + [{"name": name, "bot": "basic"} for name in given[1:]]
        return [seat.name for seat in seats_from(seats, len(seats))]

    assert names("", "", "", "") == ["", "Eva", "Jan", "Marta"]  # the unnamed person is "You" on the page
    assert names("Eva", "", "", "") == ["Eva", "Jan", "Marta", "Petr"]
    assert names("jan", "", "", "") == ["jan", "Eva", "Marta", "Petr"]  # (whatever the letters' case)
    assert names("Ann", "Marta", "", "") == ["Ann", "Marta", "Jan", "Petr"]
