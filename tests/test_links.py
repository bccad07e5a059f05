import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.engine.rules import PRESETS, Rules, RulesError, option_schema
from pyapp.host.links import LinkError, deal_query, parse_deal_query


def rules_from_link(query: str) -> Rules:
    return Rules.from_dict(parse_deal_query(query)["rules"])


class TestDealLinks:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_every_preset_survives_a_round_trip(self, name):
        rules = PRESETS[name]
        levels = ["hard"] * (rules.players - 1)
        query = deal_query(rules, 2**40, levels)
        link = parse_deal_query(query)
        assert Rules.from_dict(link["rules"]) == rules
        assert link["seed"] == 2**40 and link["levels"] == levels

    @settings(deadline=None)  # (no time limit on an example: CI shares its machine)
    @given(st.data())
    def test_any_playable_rules_survive_a_round_trip(self, data):
        values = {}
        for option in option_schema():
            if option["type"] == "bool":
                values[option["name"]] = data.draw(st.booleans())
            elif option["type"] == "int":
                values[option["name"]] = data.draw(st.integers(option["min"], option["max"]))
            else:
                values[option["name"]] = data.draw(st.sampled_from(option["choices"]))
        try:
            rules = Rules.from_dict(values)
        except RulesError:
            return
        assert rules_from_link(deal_query(rules, 5, [])) == rules

    def test_defaults_are_left_out_and_an_empty_link_is_the_default_game(self):
        assert deal_query(Rules(), 12, []) == "deal=12"
        assert parse_deal_query("") == {"rules": {}, "seed": None, "levels": []}
        assert parse_deal_query("?no_points_first_trick=0&passing=yes")["rules"] == {
            "no_points_first_trick": False,
            "passing": True,
        }

    @pytest.mark.parametrize(
        ("query", "reason", "code"),
        [
            ("deal=12x", "is not a deal number", "link_deal"),
            ("deal=²", "is not a deal number", "link_deal"),
            ("deal=" + "9" * 17, "is not a deal number", "link_deal"),
            ("players=11", "from 3 to 10", "link_number"),
            ("players=-4", "from 3 to 10", "link_number"),
            ("passing=maybe", "must be 1 or 0", "link_value"),
            ("variant=poker", "cannot be “poker”", "link_value"),
            ("variant=cancellation&players=4", "played by 6 to 10 players", "players_cancellation"),
            ("levels=hard", "1 computer levels for 3 computer seats", "link_levels"),
            ("levels=hard,hard,cheater", "unknown computer level “cheater”", "link_level"),
            ("color=red", "does not know: “color”", "link_unknown"),
            ("a" * 40 + "=1", "“" + "a" * 23 + "…”", "link_unknown"),
            ("deal", "not readable", "link_unreadable"),
            ("deal=1&" + "x" * 1000, "too long", "link_long"),
        ],
    )
    def test_bad_links_are_refused_with_a_reason(self, query, reason, code):
        with pytest.raises(LinkError) as refused:
            parse_deal_query(query)
        assert reason in str(refused.value) and refused.value.args[0].code == code


def test_a_link_to_a_game_dealt_from_a_secret_carries_the_secret_and_plays_the_same_cards():
    seed = "0123456789abcdef" * 2
    query = deal_query(Rules(), seed, [])
    assert query == "deal=" + seed and parse_deal_query(query)["seed"] == seed
    with pytest.raises(LinkError):
        parse_deal_query("deal=" + seed.upper())  # a secret is written in lowercase hex, and it is no number
    assert deal_query(Rules(players=5), None, []) == "players=5"  # no deal: a new one
