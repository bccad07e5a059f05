import pytest
from hypothesis import given
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
        ("query", "reason"),
        [
            ("deal=12x", "is not a deal number"),
            ("deal=²", "is not a deal number"),
            ("deal=" + "9" * 17, "is not a deal number"),
            ("players=11", "from 3 to 10"),
            ("players=-4", "from 3 to 10"),
            ("passing=maybe", "must be 1 or 0"),
            ("variant=poker", "cannot be “poker”"),
            ("variant=cancellation&players=4", "rules cannot be played"),
            ("levels=hard", "1 computer levels for 3 computer seats"),
            ("levels=hard,hard,cheater", "unknown computer level “cheater”"),
            ("color=red", "does not know: “color”"),
            ("a" * 40 + "=1", "“" + "a" * 23 + "…”"),
            ("deal", "not readable"),
            ("deal=1&" + "x" * 1000, "too long"),
        ],
    )
    def test_bad_links_are_refused_with_a_reason(self, query, reason):
        with pytest.raises(LinkError) as refused:
            parse_deal_query(query)
        assert reason in str(refused.value)
