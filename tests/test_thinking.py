"""Expert's thinking in parts: split over workers and merged, the same for a fixed seed however it runs."""

import json
import random
import re
from pathlib import Path

import pytest
from helpers import Engine, arranged, play, random_state

from pyapp.bots import ExpertBot
from pyapp.bots.expert import moon_in_reach
from pyapp.bots.pool import LocalPool
from pyapp.engine.cards import card_text
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import PRESETS, Rules
from pyapp.host.thinking import ThinkFirst, WorkerPool
from pyapp.shared import protocol
from pyapp.workers import engine_worker as worker
from pyapp.workers import thinker

# Seat 0 commands clubs and diamonds: the moon is in reach, so a card is played out safe and for the moon.
MOON_HAND = [
    "AC KC QC JC TC AD KD QD JD TD 2S 3S 4S",
    "2C 3C 4C 5C 2D 3D 4D 5D 5S 6S 7S 8S 9S",
    "6C 7C 8C 6D 7D 8D TS JS QS KS AS 2H 3H",
    "9C 9D 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]


def through_workers(bot: ExpertBot, think) -> object:
    """What ``think()`` gives when ``bot`` thinks with a pool of workers: the first try asks for the jobs,
    the thinker runs them (as the helper workers do), the second try has them."""
    pool = WorkerPool(2)
    bot.pool = pool
    with pytest.raises(ThinkFirst) as asked:
        think()
    pool.take(asked.value.jobs, [thinker.handle(job) for job in asked.value.jobs])
    return think()


class TestParts:
    @pytest.mark.parametrize("name", ["classic", "5-players", "cancellation"])
    def test_workers_give_what_the_parts_give_thought_in_turn(self, name):
        match = random_state(PRESETS[name], 3, plays=random.Random(3).randrange(1, 8))
        view = observe(match, match.current_seat)
        local = ExpertBot(9, budget_ms=None, playouts=240)
        local.pool = LocalPool(2)
        pooled = ExpertBot(9, budget_ms=None, playouts=240)
        assert through_workers(pooled, lambda: pooled.evaluate(view)) == local.evaluate(view)
        assert pooled.last_playouts == local.last_playouts
        assert pooled.rng.getstate() == local.rng.getstate()  # the first try drew nothing

    def test_the_pass_and_the_moon_plan_split_and_merge_too(self):
        pass_view = observe(Match(Rules(), 5), 2)
        match = arranged(MOON_HAND)
        play(match, "2C", "6C", "9C")
        moon_view = observe(match, 0)
        assert moon_in_reach(moon_view)
        for think in (lambda bot: bot.evaluate_pass(pass_view), lambda bot: bot.evaluate(moon_view)):
            local = ExpertBot(4, budget_ms=None, playouts=200)
            local.pool = LocalPool(2)
            pooled = ExpertBot(4, budget_ms=None, playouts=200)
            assert through_workers(pooled, lambda bot=pooled, think=think: think(bot)) == think(local)

    def test_a_playout_budget_is_shared_out_and_a_time_budget_is_each_parts(self):
        match = random_state(Rules(), 0, plays=1)
        view = observe(match, match.current_seat)
        assert len(view.legal) > 2
        whole = ExpertBot(1, budget_ms=None, playouts=300)
        whole.evaluate(view)
        halves = ExpertBot(1, budget_ms=None, playouts=300)
        halves.pool = LocalPool(2)
        halves.evaluate(view)
        assert abs(halves.last_playouts - whole.last_playouts) <= 2 * len(view.legal)
        timed = ExpertBot(1, budget_ms=40)
        timed.pool = LocalPool(2)
        parts = timed.pool.shares(timed, view, "play", 7)
        assert all(part["safe"].samples > 1 for part in parts)


class TestTheEngineWorker:
    def test_an_expert_turn_is_thought_on_the_helpers_and_the_intent_answered_once(self, monkeypatch):
        engine = Engine(speed="instant", think_ms=20)
        monkeypatch.setattr(worker, "host", engine.host)
        seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "expert"}] * 3
        answer = engine.start(seats, 8)
        assert engine.host.wants_helpers
        worker.set_parts(2)
        for _ in range(100):  # to a computer's turn with a choice (a single legal card needs no thinking)
            if answer.view.step != protocol.STEP_BOT:
                answer = engine.step(answer)
                continue
            turn = answer.view.turn
            text = worker.handle(protocol.message(protocol.CONTINUE, turn=turn))
            if text.startswith('{"think":'):
                break
            answer = protocol.read_answer(text)
        asked = json.loads(text)
        assert len(asked["think"]) == 2 and engine.host.page.turn == turn  # nothing happened yet
        answers = [worker.think(job) for job in asked["think"]]
        done = protocol.read_answer(worker.resume(json.dumps(answers)))
        assert done.ok and done.view.turn == turn + 1 and done.view.last_decision["playouts"] > 0

    def test_the_next_decision_is_foreseen_with_the_very_jobs_it_asks_for(self, monkeypatch):
        engine = Engine(speed="instant", think_ms=20)
        monkeypatch.setattr(worker, "host", engine.host)
        monkeypatch.setattr(worker, "foreseen", [])
        seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "expert"}] * 3
        answer = engine.start(seats, 8)
        table = engine.host.table
        checked = {True: 0, False: 0}  # foreseen decisions asked for: due at once, after a guessed card
        for _ in range(400):
            due = worker.decision_due()
            layout = (2, due)  # two cores: this worker and a helper, or (the decision after a guess) the helper
            before = (json.dumps(table.to_document()), [bot.rng.getstate() for bot in table.bots if bot])
            jobs = json.loads(worker.foresee(*layout))
            assert before == (json.dumps(table.to_document()), [bot.rng.getstate() for bot in table.bots if bot])
            assert all(json.loads(job)["parts"] == layout[0] for job in jobs)
            view = answer.view
            if view.step == protocol.STEP_PLAY and view.after_ms is None:  # the person plays as Medium would
                card = card_text(table.medium_choice(view.seat).card)
                text = worker.handle(protocol.message(protocol.PLAY, seat=view.seat, card=card))
                assert not due and not text.startswith('{"think":')  # the person's card is answered at once
                answer = protocol.read_answer(text)
                assert answer.ok
                if not jobs:  # the person leads next, or the computer has one card to play
                    continue
                assert json.loads(worker.foresee(*layout)) == jobs  # what was foreseen still comes next
                text = worker.handle(protocol.message(protocol.CONTINUE, turn=answer.view.turn))
            elif view.step == protocol.STEP_BOT:
                text = worker.handle(protocol.message(protocol.CONTINUE, turn=view.turn))
            else:
                answer = engine.step(answer)
                continue
            if text.startswith('{"think":'):
                assert jobs == json.loads(text)["think"], "a computer's decision that was not foreseen"
                checked[due] += 1
                text = worker.resume(json.dumps([worker.think(job) for job in jobs]))
            answer = protocol.read_answer(text)
            assert answer.ok
            if min(checked.values()) >= 3:
                break
        assert min(checked.values()) >= 3, checked

    def test_with_two_people_at_the_table_no_card_of_theirs_is_guessed(self, monkeypatch):
        engine = Engine(speed="instant", think_ms=20)
        monkeypatch.setattr(worker, "host", engine.host)
        monkeypatch.setattr(worker, "foreseen", [])
        people = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}]  # party mode: one device
        answer = engine.start(people + [{"name": "", "bot": "expert"}] * 2, 8)
        foreseen = {True: 0, False: 0}
        for _ in range(300):
            due = worker.decision_due()
            jobs = json.loads(worker.foresee(2, due))
            foreseen[due] += bool(jobs)
            worker.set_parts(1)
            answer = engine.step(answer)
        assert foreseen[True] and not foreseen[False], foreseen

    def test_nothing_is_foreseen_without_helpers_nor_for_other_levels(self, monkeypatch):
        for level, layout in (("expert", (1, True)), ("hard", (2, True)), ("hard", (2, False))):
            engine = Engine(speed="instant", think_ms=20)
            monkeypatch.setattr(worker, "host", engine.host)
            monkeypatch.setattr(worker, "foreseen", [])
            answer = engine.start([{"name": "", "bot": None}] + [{"name": "", "bot": level}] * 3, 8)
            for _ in range(60):
                assert json.loads(worker.foresee(*layout)) == []
                worker.set_parts(1)
                answer = engine.step(answer)

    def test_a_game_without_an_expert_starts_no_helpers(self):
        engine = Engine()
        engine.start([{"name": "", "bot": None}] + [{"name": "", "bot": "hard"}] * 3, 2)
        assert not engine.host.wants_helpers


def test_the_worker_script_calls_only_what_its_python_defines():
    script = (Path(__file__).parent.parent / "assets" / "engine-worker.mjs").read_text()
    called = set(re.findall(r"python\.(\w+)\(", script))
    assert {"handle", "think", "resume", "foresee"} <= called
    assert all(callable(getattr(worker, name, None)) for name in called), called
    assert callable(thinker.handle)  # (a thinker's script calls only handle)


def test_every_seat_still_plays_legally_with_parts():
    match = Match(PRESETS["omnibus"], 6)
    bots = [ExpertBot(seat, budget_ms=None, playouts=60) for seat in range(4)]
    for bot in bots:
        bot.pool = LocalPool(3)
    while not match.results:
        seat = match.to_act[0]
        match.apply(bots[seat].decide(observe(match, seat)))
    assert match.phase in (Phase.PASS, Phase.PLAY, Phase.OVER)
