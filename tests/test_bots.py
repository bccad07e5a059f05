import random

import pytest
from helpers import arranged, play

from pyapp.bots import BasicBot, RandomBot, make_bot
from pyapp.cli.simulate import simulate
from pyapp.engine.actions import ActionKind
from pyapp.engine.cards import parse_card, parse_cards
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import PRESETS, Rules


def decide(bot, match, seat=None):
    seat = match.current_seat if seat is None else seat
    return bot.decide(observe(match, seat))


class TestBasicBot:
    def test_passes_the_queen_high_spades_and_high_hearts(self):
        match = Match(Rules(), 1)
        match.hands[0] = 0
        for face in parse_cards("QS AS 2C 3C 4C 5C 6D 7D 8D 2H AH 9S 3S"):
            match.hands[0] |= 1 << face
        action = decide(BasicBot(1), match, 0)
        assert action.kind is ActionKind.PASS
        assert sorted(action.cards) == sorted(parse_cards("QS AS AH"))

    def test_ducks_under_the_winning_card(self):
        match = arranged(["2C KD 2S", "3C 9D AD", "AC 5D 3S", "4C 6D 4S"])
        play(match, "2C", "3C", "AC", "4C", "5D", "6D", "KD")
        assert decide(BasicBot(1), match).card == parse_card("9D")  # the highest card that still ducks

    def test_dumps_the_queen_when_void(self):
        match = arranged(["2C 3D 4D", "3C 5D 6D", "AC 7D 8D", "QS AH 2H"], Rules(no_points_first_trick=False))
        play(match, "2C", "3C", "AC")
        assert decide(BasicBot(1), match).card == parse_card("QS")

    def test_leads_low(self):
        match = arranged(["2C 3D 9D", "3C 5D 6D", "AC 7H KD", "4C QS 8D"])
        play(match, "2C", "3C", "AC", "4C")
        assert decide(BasicBot(1), match).card == parse_card("KD")  # only legal non-heart for seat 2


class TestBotsPlayEverything:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    @pytest.mark.parametrize("bot", ["random", "basic"])
    def test_a_whole_match_on_every_preset(self, name, bot):
        rules = PRESETS[name]
        bots = [make_bot(bot, seat) for seat in range(rules.players)]
        match = Match(rules.replace(target=60), 3)
        decisions = 0
        while match.phase is not Phase.OVER:
            for seat in match.to_act:
                match.apply(bots[seat].decide(observe(match, seat)))
                decisions += 1
        assert match.winners and decisions > 0

    def test_unknown_bot(self):
        with pytest.raises(ValueError, match="Unknown bot 'genius'"):
            make_bot("genius")

    def test_random_bot_is_seeded(self):
        match = Match(Rules(), 5)
        assert decide(RandomBot(9), match, 1) == decide(RandomBot(9), match, 1)


class TestStrength:
    def test_basic_beats_random_clearly(self):
        result = simulate(
            Rules(), ["basic", "random", "random", "random"], hands=400, seed=random.Random(1).randrange(100)
        )
        basic = result["seats"][0]
        randoms = result["seats"][1:]
        for other in randoms:
            assert basic["points_per_hand"] + basic["ci95"] < other["points_per_hand"] - other["ci95"]
        assert basic["points_per_hand"] < 4.5
