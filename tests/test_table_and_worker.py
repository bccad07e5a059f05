import json

import pytest
from helpers import arranged, play

from pyapp.engine.match import IllegalAction, Phase
from pyapp.engine.rules import MoonScoring, Rules
from pyapp.engine.save import SaveError
from pyapp.host.table import Seat, Table
from pyapp.web import worker

SEATS = [
    {"name": "Ann", "bot": None},
    {"name": "", "bot": "basic"},
    {"bot": "random"},
    {"name": "  Bo   b ", "bot": "basic"},
]


def new_table(**options):
    return Table.new({"seats": SEATS, "seed": 4, **options})


class TestTable:
    def test_computer_seats_pass_at_once_and_people_wait(self):
        table = new_table()
        assert table.match.phase is Phase.PASS
        assert table.people_to_act == [0] and table.bots_to_act == []
        view = table.view(0)
        assert view["observation"]["passes_chosen"] == [False, True, True, True]
        assert [seat["name"] for seat in view["seats"]] == ["Ann", "Eva", "Jan", "Bo b"]

    def test_a_person_cannot_act_for_a_computer_seat(self):
        table = new_table()
        with pytest.raises(IllegalAction, match="not yours"):
            table.act({"seat": 1, "pass": ["2C", "3C", "4C"]})

    def test_reasons_for_unplayable_cards(self):
        table = new_table()
        table.act({"seat": 0, "pass": table.view(0)["observation"]["hand"][:3]})
        while 0 not in table.people_to_act:
            assert table.bot_step()
        view = table.view(0)
        for card, reason in view["reasons"].items():
            assert card in view["observation"]["hand"] and card not in view["observation"]["legal"]
            assert reason

    def test_document_round_trip_and_refusals(self):
        table = new_table()
        table.act({"seat": 0, "pass": table.view(0)["observation"]["hand"][:3]})
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


class TestWorker:
    def test_calls_answer_json_views_or_errors(self):
        answer = json.loads(worker.new_game(json.dumps({"seats": SEATS, "seed": 9})))
        assert answer["ok"] and answer["view"]["observation"]["phase"] == "pass"
        hand = answer["view"]["observation"]["hand"]
        refused = json.loads(worker.act(json.dumps({"seat": 0, "pass": hand[:2]})))
        assert refused == {"ok": False, "error": "Pass exactly 3 cards"}
        played = json.loads(worker.act(json.dumps({"seat": 0, "pass": hand[:3]})))
        assert played["ok"] and played["view"]["observation"]["phase"] == "play"
        saved = json.dumps(played["view"]["save"])
        loaded = json.loads(worker.load_game(saved))
        assert loaded["view"]["observation"] == played["view"]["observation"]

    def test_broken_input_is_refused_with_a_message(self):
        assert json.loads(worker.load_game('{"format": "hearts-table", "ver'))["error"].startswith("The data is not")
        assert "newer version" in json.loads(worker.load_game('{"format": "hearts-table", "version": 7}'))["error"]
        assert json.loads(worker.new_game(json.dumps({"rules": {"players": 2}, "seats": []})))["ok"] is False

    def test_catalog_lists_presets_options_and_levels(self):
        catalog = json.loads(worker.catalog())
        assert {p["name"] for p in catalog["presets"]} >= {"classic", "omnibus", "cancellation"}
        names = [option["name"] for option in catalog["options"]]
        assert names[:2] == ["players", "variant"] and "moon" in names
        assert set(catalog["levels"]) == {"basic", "medium", "hard", "random"}

    def test_hint_and_thinking_time(self):
        answer = json.loads(worker.new_game(json.dumps({"seats": SEATS, "seed": 9})))
        hand = answer["view"]["observation"]["hand"]
        assert json.loads(worker.configure(json.dumps({"think_ms": 20})))["ok"]
        assert "between 10 ms" in json.loads(worker.configure(json.dumps({"think_ms": 1})))["error"]
        assert json.loads(worker.hint())["error"] == "A hint is for your turn to play"
        view = json.loads(worker.act(json.dumps({"seat": 0, "pass": hand[:3]})))["view"]
        while view["bots_to_act"]:
            view = json.loads(worker.bot_step())["view"]
        assert view["last_decision"]["ms"] >= 0
        advice = json.loads(worker.hint())["hint"]
        assert set(advice["points"]) == set(view["observation"]["legal"])
        assert advice["best"] in advice["points"] and advice["playouts"] > 0

    def test_share_query_and_read_link_give_the_same_game_back(self):
        json.loads(worker.new_game(json.dumps({"rules": {"players": 3, "target": 60}, "seats": SEATS[:3], "seed": 77})))
        query = json.loads(worker.share_query())["query"]
        assert query == "deal=77&players=3&target=60&levels=basic,random"
        link = json.loads(worker.read_link("?" + query))["link"]
        seats = [SEATS[0]] + [{"bot": level} for level in link["levels"]]
        again = json.loads(worker.new_game(json.dumps({"rules": link["rules"], "seats": seats, "seed": link["seed"]})))
        assert again["view"]["save"]["match"]["seed"] == 77
        assert json.loads(worker.read_link("?players=2")) == {
            "ok": False,
            "error": "The link's “players” must be a number from 3 to 10",
        }

    def test_undo_claim_and_finish_answer_views_or_reasons(self):
        answer = json.loads(worker.new_game(json.dumps({"seats": SEATS, "seed": 12})))
        assert json.loads(worker.undo())["error"] == "There is nothing of yours to undo"
        hand = answer["view"]["observation"]["hand"]
        passed = json.loads(worker.act(json.dumps({"seat": 0, "pass": hand[:3]})))["view"]
        assert passed["can_undo"]
        assert json.loads(worker.undo())["view"]["observation"]["hand"] == hand
        json.loads(worker.act(json.dumps({"seat": 0, "pass": hand[:3]})))
        finished = json.loads(worker.finish())["view"]
        assert len(finished["observation"]["results"]) == 1
        assert "claim" in json.loads(worker.claim())["error"]

    def test_party_mode_the_view_follows_the_person_to_act(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": "basic"}, {"name": "Cy", "bot": None}]
        seats.append({"name": "Di", "bot": "basic"})
        answer = json.loads(worker.new_game(json.dumps({"seats": seats, "seed": 3})))
        assert answer["view"]["observation"]["seat"] == 0 and answer["view"]["people_to_act"] == [0, 2]
        ann = answer["view"]["observation"]["hand"]
        cy = json.loads(worker.act(json.dumps({"seat": 0, "pass": ann[:3]})))["view"]
        assert cy["observation"]["seat"] == 2 and cy["observation"]["hand"] != ann
        query = json.loads(worker.share_query())["query"]
        assert query.endswith("levels=basic,person,basic")


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
