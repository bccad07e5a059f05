"""The table: a match with its seats, people and computer players."""

import json

import pytest

from pyapp.engine.cards import card_text
from pyapp.engine.match import IllegalAction, Phase
from pyapp.engine.save import SaveError
from pyapp.host.table import Table

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
    def test_computer_seats_pass_at_once_and_people_wait(self):
        table = new_table()
        assert table.match.phase is Phase.PASS
        assert table.people_to_act == [0] and table.bots_to_act == []
        assert [chosen is not None for chosen in table.match.passes] == [False, True, True, True]
        assert [seat.name for seat in table.seats] == ["Ann", "Eva", "Jan", "Bo b"]

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
