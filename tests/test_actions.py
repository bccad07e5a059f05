"""One way from a click to its handler, checked on the markup the page renders.

A tour of the page on CPython (the real engine behind a fake worker) opens
every screen and dialog: a first visit, every panel of the menu, a game
played to its end with hints and a review, the ends of a game, a shared deal
and a friend's result, a party, the lesson, a friends' game on the host's
page and on a friend's, and a fault.  Every ``data-action`` in what it drew
(and in ``index.html``) has a handler in the controller's table, and every
handler is reached by a control, or by a key or event the input manager
turns into an intent.
"""

import copy
import re
from pathlib import Path
from types import SimpleNamespace

from test_coach import follow_the_coach
from test_controller import Actuator, Thinker, booted, page, play_to, run_async, until
from test_hostile_host import friends_page

from pyapp.host.catalog import catalog
from pyapp.page.parts.input import InputManager
from pyapp.page.storage import MemoryStore
from pyapp.page.views import view as page_view
from pyapp.shared import protocol

ROOT = Path(__file__).resolve().parents[1]
ACTION = re.compile(r'data-action="([a-z][a-z-]*)"')
KEYS_AND_EVENTS = {"card", "close", "undo", "preset", "form-change"}  # a card of the hand, keys, the form's fields
PANELS = ("new", "daily", "last", "stats", "howto", "settings")  # the menu's


class Recording(Actuator):
    """The test page's actuator, keeping every data-action it drew."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn: set[str] = set()
        self.window.Reflect = SimpleNamespace(has=lambda target, name: False)  # (no share sheet)

    def render(self, session, catalog, focus: bool = True) -> None:
        super().render(session, catalog, focus)
        self.drawn |= set(ACTION.findall(self.html))

    def redraw(self, session) -> None:
        """Draw ``session`` as it is now (a state set up by the test)."""
        self.render(session, catalog())


class Connections:
    """The host's connections to its friends' devices, with a camera."""

    def send(self, seat: int, text: str) -> None:
        pass

    def close_all(self) -> None:
        pass

    async def can_scan(self) -> bool:
        return True

    async def invite(self, seat: int, stun: str) -> str:
        return f"offer~{seat}"

    async def qr(self, text: str) -> str:
        return "<svg></svg>"


async def a_game_to_its_end(store: MemoryStore) -> set[str]:
    """A first visit's page: every panel of the menu, a game played with hints, undo, a review and its pages,
    to the game's end and its result closed and shown again; then a hand of the next game played again while
    it waits, and back to it, a shared deal offered, a friend's result checked, and a fault."""
    controller, _, worker = page(store, thinker := Thinker())
    thinker.gate.set()
    recording = controller.actuator = controller.page.actuator = Recording()
    worker.gate.set()
    await controller.startup.boot(worker.started(), "", {"seed": 7, "name": "a" * 16})
    for panel in PANELS:
        await controller.perform("open", {"panel": panel})
    await controller.perform("share", {})
    await controller.perform("close", {})
    session = controller.session
    await controller.perform("hint", {})
    await play_to(controller, protocol.STEP_PLAY)
    await controller.perform("hint", {})
    claim, session.view.can_claim = session.view.can_claim, True  # (claiming depends on the deal: its button
    recording.redraw(session)  # drawn as it is when the rest of the tricks are the person's)
    session.view.can_claim = claim
    await controller.perform("card", {"card": session.view.legal[0]})
    await play_to(controller, protocol.STEP_SUMMARY)
    hand = session.view.summary_hand
    await until(lambda: session.reviewed(hand, session.view.seat))
    await controller.perform("review", {"hand": hand})
    await controller.perform("review-page", {"page": 1})
    await controller.perform("close", {})
    await play_to(controller, protocol.STEP_OVER)
    await controller.perform("close", {})
    await controller.perform("open", {"panel": "stats"})  # (a game counted: it may be reset)
    await controller.perform("ask-reset-stats", {})
    await controller.perform("close", {})
    await controller.perform("again", {})
    shown = session.view
    session.view = copy.copy(shown)
    session.view.step = protocol.STEP_MOON  # (a moon shot is a deal's luck: its choice drawn as it would be)
    session.view.moon_outcomes = {choice: shown.scores for choice in protocol.MOON_CHOICES}
    recording.redraw(session)
    session.view = shown
    await play_to(controller, protocol.STEP_SUMMARY)
    await controller.perform("replay", {"hand": 0})  # a game in progress waits while the hand is played again
    assert session.game_waiting
    await play_to(controller, protocol.STEP_OVER)
    await controller.perform("resume", {})  # back to it
    assert not session.game_waiting and session.view.step == protocol.STEP_SUMMARY
    answer = await controller.client.send(protocol.SHARE)
    session.link = await controller.games.read_link(answer.query)
    await controller.perform("open", {"panel": "link"})
    await controller.games.check_result("result=not-a-result")
    controller.faults.show_fault(RuntimeError("a fault, drawn"))
    return recording.drawn


async def a_party_and_the_lesson(store: MemoryStore) -> set[str]:
    """Two people at one device (the hand-over), and the lesson from its start to its last word."""
    controller, _ = await booted(store, 8)
    recording = controller.actuator = controller.page.actuator = Recording()
    seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None}, {"name": "", "bot": "basic"}]
    seats.append({"name": "", "bot": "basic"})
    await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 3})
    await play_to(controller, protocol.STEP_HANDOFF)
    await controller.perform("lesson", {})
    await controller.perform("lesson-skip", {})
    await controller.perform("lesson", {})
    await follow_the_coach(controller, recording)
    return recording.drawn


async def a_friends_game() -> set[str]:
    """The host's page with its invitations (a camera to scan replies with), and a friend's page: joining,
    playing, benched by the host, and its new-game panel (leave the host's table)."""
    controller, _ = await booted(MemoryStore(), 9)
    recording = controller.actuator = controller.page.actuator = Recording()
    controller.page.links = Connections()
    seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
    seats += [{"name": "", "bot": "basic"}] * 2
    await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9})
    for _ in range(200):
        if 1 in controller.session.invites:
            break
        await controller.perform("open", {"panel": "friends"})  # (until the invitation is made)
    await controller.perform("open", {"panel": "friends"})

    friend, _, _, link, secret = friends_page()
    drawn = recording.drawn
    recording = friend.actuator = friend.page.actuator = Recording()

    async def qr(text: str) -> str:
        return "<svg></svg>"

    class Answering:
        reply = "answer~code"

    async def connect(offer, stun, opened, received, closed, quiet, awake):
        return Answering()

    friend.joining.qr = qr
    await friend.joining.join((1, secret, "offer~1"), connect)
    friend.client.connection = link
    await friend.joining.greet(secret)
    view = friend.session.view = copy.copy(friend.session.view)
    view.friends = dict(view.friends or {}, benched=[view.seat])  # the host lets the computer play for Bo
    recording.redraw(friend.session)
    await friend.perform("open", {"panel": "new"})
    return drawn | recording.drawn


def rendered_actions() -> set[str]:
    """Every data-action the tour drew, with those of index.html and the menu (drawn once, as the page starts)."""
    drawn = set(ACTION.findall((ROOT / "index.html").read_text(encoding="utf-8")))
    drawn |= set(ACTION.findall(page_view.render_nav()))
    drawn |= run_async(a_game_to_its_end(MemoryStore()))
    drawn |= run_async(a_party_and_the_lesson(MemoryStore()))
    return drawn | run_async(a_friends_game())


def a_controller():
    """A page's controller, its engine not started."""
    controller, _, _ = page(MemoryStore())
    return controller


def test_every_action_the_page_draws_has_a_handler_and_every_handler_a_control_a_key_or_an_event():
    drawn = rendered_actions()
    actions = a_controller().actions
    assert drawn - set(actions) == set(), "data-actions drawn with no handler in Controller.actions"
    assert set(actions) - drawn - KEYS_AND_EVENTS == set(), "handlers that no control, key or event reaches"


def test_every_handler_is_a_coroutine_function_of_a_part_and_every_reader_a_method_of_the_input_manager():
    controller = a_controller()
    parts = {controller.play, controller.games, controller.panels, controller.reviews, controller.friends}
    parts |= {controller.faults, controller.startup}
    for action, handler in controller.actions.items():
        assert callable(handler) and handler.__name__.startswith("on_"), action
        assert handler.__self__ in parts or type(handler.__self__).__name__ == "Sharing", action

    class Document:
        def addEventListener(self, kind, listener) -> None:
            pass

    manager = InputManager(Document(), lambda function: function, controller)
    for action, reader in manager.readers.items():
        assert action in controller.actions and reader.__self__ is manager, action


def test_a_key_the_input_manager_turns_into_an_intent_is_one_the_controller_has():
    source = (ROOT / "pyapp" / "page" / "parts" / "input.py").read_text(encoding="utf-8")
    emitted = set(re.findall(r'self\.emit\("([a-z][a-z-]*)"', source))
    assert emitted <= set(a_controller().actions) and emitted | {"card"} == KEYS_AND_EVENTS
