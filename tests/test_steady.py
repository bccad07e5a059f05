"""Steady play: every computer decision depends only on the deal and what its seat has seen, whatever the
device's workers, the order the seats pass in, or a save and reload in the middle of a hand."""

import json

import pytest
from helpers import arranged

from pyapp.bots import steady
from pyapp.bots.medium import MediumBot
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules
from pyapp.host import saves
from pyapp.host.review_book import ReviewBook
from pyapp.host.table import Seat, Table
from pyapp.host.thinking import ThinkFirst, WorkerPool
from pyapp.shared import storage_keys
from pyapp.workers import thinker

# Every level that draws random numbers or thinks: Expert in parts, Hard alone, Medium by rule.
SEATS = [Seat("you"), Seat("", "expert"), Seat("", "hard"), Seat("", "expert")]
RULES = Rules(hands=2)
ALL_BUT_CLUBS = [
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(steady, "PLAYOUTS", 60)


def steady_table(seed: int = 5, pool: WorkerPool | None = None) -> Table:
    table = Table(Match(RULES, seed), list(SEATS), steady=True)
    table.pool = pool
    return table


def play(table: Table, until: int | None = None) -> int:
    """Play on (the person as Medium) to game over or a history ``until`` long; how often the workers thought."""
    person, asked = MediumBot(0), 0
    while table.match.phase is not Phase.OVER and (until is None or len(table.match.history) < until):
        if table.people_to_act:
            table.act(person.decide(observe(table.match, 0)).to_dict())
            continue
        try:
            table.bot_step()
        except ThinkFirst as thinking:  # as the engine's worker does: the parts on its helpers, then again
            asked += 1
            assert table.pool is not None and len(thinking.jobs) == steady.PARTS
            table.pool.take(thinking.jobs, [thinker.handle(job) for job in thinking.jobs])
            table.bot_step()
    return asked


def test_the_same_game_gives_the_same_decisions_whatever_the_think_time():
    first, second = steady_table(), steady_table()
    second.set_think_ms(10)
    play(first)
    play(second)
    assert first.match.phase is Phase.OVER and len(first.match.results) == RULES.hands
    assert first.match.history == second.match.history
    assert [(bot.budget_ms, bot.playouts) for bot in second.bots[1:3]] == [(None, 60)] * 2  # not the think time


def test_one_worker_two_or_four_think_alike():
    alone = steady_table()
    assert play(alone) == 0
    for parts in (1, 2, 4):
        table = steady_table(pool=WorkerPool(parts))
        asked = play(table)
        assert table.match.history == alone.match.history, parts
        assert (asked > 0) == (parts >= steady.PARTS), parts  # two workers or more: the parts thought on them


def test_the_passes_do_not_depend_on_who_chooses_first():
    person_first, computers_first = steady_table(8), steady_table(8)
    person = MediumBot(0).decide(observe(person_first.match, 0)).to_dict()
    person_first.act(person)
    while computers_first.passes_waiting:
        computers_first.bot_step()
    computers_first.act(person)
    assert person_first.match.phase is computers_first.match.phase is Phase.PLAY
    assert person_first.match.hands == computers_first.match.hands
    assert sorted(person_first.match.history, key=str) == sorted(computers_first.match.history, key=str)


def test_a_save_and_a_reload_in_the_middle_of_a_hand_change_nothing():
    whole = steady_table(3)
    play(whole)
    hand = whole.match.hand_span(1)
    broken = steady_table(3)
    play(broken, until=hand[0] + 9)  # the second hand: passed, and two tricks and a card played
    assert broken.match.phase is Phase.PLAY and broken.match.trick
    document = json.loads(json.dumps(broken.to_document()))
    restored = Table.from_document(document)
    assert restored.steady and restored.match.history == broken.match.history
    play(restored)
    assert restored.match.history == whole.match.history


def test_the_save_in_pieces_keeps_it_steady():
    table = steady_table(3)
    play(table, until=70)
    writes = dict(saves.Pieces().writes(table, {}, ReviewBook(RULES.players)))
    hands = [json.loads(writes[storage_keys.hand_key(number)]) for number in range(len(table.match.results))]
    saved = {"game": json.loads(saves.header(table, None)), "current": json.loads(writes[storage_keys.SAVE_CURRENT])}
    document, _, _ = saves.read_pieces({**saved, "hands": hands})
    assert Table.from_document(document).steady
    assert not Table.from_document({**document, "steady": None}).steady  # a save from before: as it was


def test_a_steady_table_refuses_claims():
    """A claim plays the others' cards by its own rule: a steady game's computer players play their own."""
    clubs = ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", *ALL_BUT_CLUBS]
    assert Table(arranged(clubs, RULES), list(SEATS)).may_claim(0)
    assert not Table(arranged(clubs, RULES), list(SEATS), steady=True).may_claim(0)
