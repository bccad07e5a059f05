"""Faults on the page (CPython, the real engine host behind a fake worker): told, never retried, survived.

A computer player that raises shows the fault dialog and the page sends the
engine nothing more; the save holds every move, and the page reloaded plays
on with that seat at a simpler level.  An engine worker that fails or stops
is started again and takes the game up from its save; one that keeps
failing is a fault.  The page's own bug is a fault too.
"""

import asyncio
import json
import random
from types import SimpleNamespace

import pytest
from helpers import QUICK_REVIEW, play_randomly
from test_controller import Thinker, Worker, page, play_to, run_async, until

from pyapp.engine.match import Match
from pyapp.engine.rules import Rules
from pyapp.host import reviews
from pyapp.host.game import Host
from pyapp.host.reviews import review_job
from pyapp.page.faults import MOST_RESTARTS
from pyapp.page.parts.input import InputManager
from pyapp.page.storage import MemoryStore
from pyapp.shared import protocol, storage_keys

DEAL = {"seed": 21, "name": "f" * 16}


def broken(view):
    """A computer player's decision with a bug: ``max()`` of an empty sequence."""
    return max([])


class Counting(Worker):
    """The engine worker, counting the intents it is sent."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.sent = 0
        self.gate.set()

    async def handle(self, text: str) -> str:
        self.sent += 1
        return await super().handle(text)


class Dying(Counting):
    """An engine worker that stops once it has answered ``lives`` intents: every later call fails at once."""

    def __init__(self, host: Host, lives: int) -> None:
        super().__init__(host)
        self.lives = lives

    async def handle(self, text: str) -> str:
        if self.lives <= 0:
            raise RuntimeError("the engine worker stopped")
        self.lives -= 1
        return await super().handle(text)


def faulted(controller):
    """Whether a fault is on the controller's screen (for :func:`play_to`'s stop)."""
    return lambda: controller.session.fault is not None


def test_a_computer_player_that_raises_is_told_once_and_the_reloaded_page_plays_on():
    async def run():
        store = MemoryStore()
        controller, actuator, worker = page(store)
        counting = Counting(worker.host)
        await controller.startup.boot(counting.started(), "", DEAL)
        table = counting.host.table
        for bot in table.bots[1:]:
            bot.decide = broken
        await play_to(controller, stop=faulted(controller))
        fault = controller.session.fault
        assert fault is not None and fault["engine"] and fault["seat"] in (1, 2, 3) and fault["level"] == "basic"
        assert "Something went wrong" in actuator.html and 'data-action="reload"' in actuator.html
        assert "plays at the Easy level" in actuator.html and "max()" in actuator.html  # (the details)
        assert any("max()" in line and "engine test" in line for line in actuator.logged)
        sent = counting.sent
        await asyncio.sleep(1.0)  # a computer's timer (650 ms at the normal speed) would have asked again
        await controller.perform("card", {"card": controller.session.view.hand[0]})
        await controller.perform("hint", {})
        assert counting.sent == sent  # nothing retried, nothing more sent
        history = len(table.match.history)
        stored = json.loads(store.getItem(storage_keys.SAVE_CURRENT))["actions"]
        assert len(stored) == history - table.match.hand_starts[-1]  # every move the table took is kept
        return store, fault["seat"]

    store, seat = run_async(run())

    async def reloaded():
        controller, _, worker = page(store)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", DEAL)
        assert controller.session.fault is None and controller.session.view.seats[seat].bot == "basic"
        await play_to(controller)  # the hand is played to its end
        assert controller.session.fault is None

    run_async(reloaded())


async def booted_on(first: Counting) -> tuple:
    """A page booted on the engine worker ``first``, whose engines started again are counting ones:
    (controller, actuator, every engine it had, ``first`` first)."""
    controller, actuator, _ = page(MemoryStore())
    engines = [first]

    async def another():
        engines.append(Counting(Host()))
        return engines[-1]

    controller.client.starter = another
    await controller.startup.boot(first.started(), "", DEAL)
    return controller, actuator, engines


def test_an_engine_that_stops_is_started_again_and_the_game_goes_on_from_its_save():
    async def run():
        first = Dying(Host(), lives=12)
        controller, actuator, engines = await booted_on(first)
        await play_to(controller)
        assert len(engines) == 2 and controller.session.fault is None
        assert any("started again" in notice for notice in actuator.notices)
        # The new engine took the game up from the save: the same deal, its hand played to the end.
        assert engines[1].host.table.match.seed == first.host.table.match.seed
        assert controller.faults.restarts == 1

    run_async(run())


class DyingOn(Counting):
    """An engine worker that stops when it is sent ``intent`` (that intent is never answered)."""

    def __init__(self, host: Host, intent: str) -> None:
        super().__init__(host)
        self.intent = intent
        self.stopped = False

    async def handle(self, text: str) -> str:
        if self.stopped or json.loads(text)["intent"] == self.intent:
            self.stopped = True
            raise RuntimeError("the engine worker stopped")
        return await super().handle(text)


@pytest.mark.parametrize("intent", [protocol.PASS, protocol.PLAY])
def test_the_persons_decision_in_flight_when_the_engine_stops_goes_to_the_next_engine(intent):
    async def run():
        controller, actuator, engines = await booted_on(DyingOn(Host(), intent))
        session = controller.session
        await play_to(controller, intent)  # (the pass is the step of that name; a play is the step "play")
        cards = list(session.view.hand)
        if intent == protocol.PASS:
            for card in cards[:3]:
                await controller.perform("card", {"card": card})
            await controller.perform("pass", {})
            assert all(card not in session.view.hand for card in cards[:3])  # passed, by the new engine
        else:
            card = session.view.legal[0]
            await controller.perform("card", {"card": card})
            assert card not in session.view.hand and len(session.view.hand) == len(cards) - 1
        assert len(engines) == 2 and session.fault is None
        assert (
            actuator.notices[-1] == "The game's engine stopped and was started again: your game goes on where it was."
        )
        await play_to(controller)  # and the hand goes on to its end
        assert session.fault is None

    run_async(run())


def test_an_engine_that_keeps_stopping_is_a_fault_after_two_restarts():
    async def run():
        store = MemoryStore()
        controller, actuator, _ = page(store)
        engines = []

        async def another():
            engines.append(Dying(Host(), lives=3))
            return engines[-1]

        controller.client.starter = another
        await controller.startup.boot(Dying(Host(), lives=4).started(), "", DEAL)
        await play_to(controller, stop=faulted(controller))
        assert len(engines) == MOST_RESTARTS
        assert controller.session.fault is not None and "stopped" in controller.session.fault["trace"]
        assert "Something went wrong" in actuator.html

    run_async(run())


def test_a_bug_on_the_page_itself_is_told_as_a_fault():
    async def run():
        store = MemoryStore()
        controller, actuator, worker = page(store)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", DEAL)

        def broken_redraw(session):
            raise KeyError("a field the page misread")

        controller.actions["figures"] = lambda action, data: broken_redraw(None)
        await controller.perform("figures", {})
        fault = controller.session.fault
        assert fault is not None and not fault["engine"] and "a field the page misread" in fault["trace"]
        assert "Something went wrong" in actuator.html

    run_async(run())


def finished_hand_job() -> str:
    """A review job for the first hand of a game played at random."""
    match = Match(Rules(), 5)
    play_randomly(match, random.Random(5))
    return review_job(match, 0, [0], set(), playouts=QUICK_REVIEW)


def test_a_review_job_that_cannot_be_read_is_an_error_and_a_review_that_raises_a_fault(monkeypatch):
    assert "error" in json.loads(reviews.run_job(json.dumps({"job": "review", "version": 0})))
    assert "error" in json.loads(reviews.run_job("not json"))
    job = finished_hand_job()
    assert "decisions" in json.loads(reviews.run_job(job))

    def broken_review(*arguments):
        raise TypeError("a bug in the review")

    monkeypatch.setattr(reviews, "review_hand", broken_review)
    answer = json.loads(reviews.run_job(job))
    assert "error" not in answer and "a bug in the review" in answer["fault"]


def test_a_bug_in_a_hands_review_is_told_as_a_fault_not_as_a_review_unavailable(monkeypatch):
    def broken_review(*arguments):
        raise KeyError("a decision the review misread")

    monkeypatch.setattr(reviews, "review_hand", broken_review)

    async def run():
        thinker = Thinker()
        thinker.gate.set()
        controller, actuator, worker = page(MemoryStore(), thinker)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", DEAL)
        await play_to(controller, stop=faulted(controller))  # the hand's end: its review fails
        await until(faulted(controller))
        fault = controller.session.fault
        assert fault["engine"] and "a decision the review misread" in fault["trace"]
        assert "Something went wrong" in actuator.html and not controller.session.reviews_failed

    run_async(run())


def test_a_bug_in_the_input_managers_own_code_is_told_as_a_fault():
    class Document:
        def __init__(self) -> None:
            self.listeners: dict = {}

        def addEventListener(self, kind, listener) -> None:
            self.listeners[kind] = listener

    class Target:
        def closest(self, selector):
            raise AttributeError("a click the input manager misread")

    async def run():
        controller, actuator, worker = page(MemoryStore())
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", DEAL)
        document = Document()
        InputManager(document, lambda listener: listener, controller)
        document.listeners["click"](SimpleNamespace(target=Target()))
        fault = controller.session.fault
        assert fault is not None and "a click the input manager misread" in fault["trace"]
        assert "Something went wrong" in actuator.html

    run_async(run())
