"""The page's controller on CPython: the real engine host behind a fake worker, the markup rendered for a fake page."""

import asyncio
import hashlib
import json
import threading
from types import SimpleNamespace

from helpers import quick_review

from pyapp.host.catalog import catalog
from pyapp.host.game import Host
from pyapp.page.client import EngineClient, ThinkerClient
from pyapp.page.parts import answers as answers_module
from pyapp.page.parts.controller import Controller
from pyapp.page.session import Session
from pyapp.page.storage import PENDING_KEY, VIEW_KEY, MemoryStore, Storage
from pyapp.page.views import form_view, hand_end_view, hand_view, sheet_view, table_view, view
from pyapp.page.words.i18n import set_language
from pyapp.shared import protocol, storage_keys

SETTINGS = {"speed": "instant", "collect": "click", "name": "Ann"}


class Worker:
    """The engine worker, in-process; ``gate`` holds its start until set."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.gate = asyncio.Event()

    async def handle(self, text: str) -> str:
        return self.host.handle(text)

    async def started(self) -> "Worker":
        await self.gate.wait()
        return self


class Actuator:
    """Renders the markup as the page would, and keeps what it was asked to show."""

    def __init__(self) -> None:
        location = SimpleNamespace(origin="http://127.0.0.1:8000", pathname="/")
        self.window = SimpleNamespace(navigator=SimpleNamespace(languages=["en"]), location=location)
        self.notices: list[str] = []
        self.spoken: list[str] = []  # what the live region read out
        self.logged: list[str] = []  # what went to the console (a fault's traceback)
        self.buzzes = 0  # how often the phone buzzed (its person's turn came at a table of several devices)
        self.html = ""

    def label_page(self, code):
        pass

    def today(self):
        return "2026-12-02"

    def render(self, session, catalog, focus=True):
        self.html = (
            table_view.render_table(session) + hand_view.render_hand(session) + view.render_dialog(session, catalog)
        )

    def place_focus(self):
        pass

    def notify(self, text, seconds=4):
        self.notices.append(text)

    def keep(self, task):
        pass

    def announce(self, text):
        self.spoken.append(text)

    def reveal_hint(self):
        pass

    def sound(self, effect, settings):
        pass

    def warm_sound(self, settings):
        pass

    def buzz(self, settings):
        self.buzzes += settings.get("vibrate") != "off"

    async def slide_trick(self, settings):
        pass

    def started(self):
        pass

    def show_menu(self, shown):
        pass

    def menu_shown(self):
        return False

    def log(self, text):
        self.logged.append(text)

    def build(self):
        return "engine test"


async def fetch_language(code: str) -> None:
    """Every catalogue is importable on CPython."""


class Thinker:
    """The thinker worker, in-process: runs each job as the page's second worker does."""

    def __init__(self) -> None:
        self.jobs: list[str] = []
        self.gate = asyncio.Event()  # holds each job until set

    async def handle(self, text: str) -> str:
        self.jobs.append(text)
        await self.gate.wait()
        return quick_review(text)


def page(store: MemoryStore, thinker: Thinker | None = None) -> tuple:
    storage = Storage(store)
    actuator = Actuator()
    reviews = ThinkerClient(thinker) if thinker else None
    controller = Controller(EngineClient(), actuator, storage, Session(SETTINGS, 3), catalog(), fetch_language, reviews)
    return controller, actuator, Worker(Host())


def dealt(seed: int | str) -> dict:
    """A first visit's deal as the page makes it: a seed and the game's name."""
    return {"seed": seed, "name": hashlib.sha256(str(seed).encode()).hexdigest()[:16]}


async def booted(store: MemoryStore, seed: int) -> tuple:
    """A page booted on ``store`` with its engine up at once: (controller, actuator)."""
    controller, actuator, worker = page(store)
    worker.gate.set()
    await controller.startup.boot(worker.started(), "", dealt(seed))
    return controller, actuator


def run_async(coroutine) -> object:
    """Run a coroutine on its own event loop, in a thread of its own (Playwright may hold this thread's loop)."""
    results: list = []

    def target():
        try:
            results.append(("ok", asyncio.run(coroutine)))
        except BaseException as error:
            results.append(("error", error))

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    kind, value = results[0]
    if kind == "error":
        raise value
    return value


async def until(condition, limit: int = 200) -> None:
    for _ in range(limit):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError("never")


async def play_to(controller, wanted: str = protocol.STEP_SUMMARY, stop=lambda: False) -> None:
    """Play until the page asks for step ``wanted`` (the hand's summary; the game's end reads every summary
    on), or ``stop()``: each person passes their first three cards and plays their first legal card (handing
    the device on at a party), the computer players at once."""
    session = controller.session
    for _ in range(3000):
        if session.step == wanted or stop():
            return
        if session.step == protocol.STEP_SUMMARY:
            await controller.perform("next", {})
        elif session.step == "handoff":
            await controller.perform("handoff", {})
        elif session.step == protocol.STEP_PASS:
            for card in session.view.hand[:3]:
                await controller.perform("card", {"card": card})
            await controller.perform("pass", {})
        elif session.step == protocol.STEP_PLAY and session.view.after_ms is None:
            await controller.perform("card", {"card": session.view.legal[0]})
        elif session.step == protocol.STEP_COLLECT:
            await controller.perform("collect", {})
        else:
            await asyncio.sleep(0.01)
    raise AssertionError(f"never reached {wanted}")


async def first_visit_held(store: MemoryStore) -> tuple:
    """A first visit's page on ``store``, its first deal drawn while the engine is held back (until
    ``worker.gate`` is set): (controller, actuator, worker, the boot's task)."""
    controller, actuator, worker = page(store)
    boot = asyncio.create_task(controller.startup.boot(worker.started(), "", dealt(4242)))
    await until(lambda: controller.session.view is not None)
    return controller, actuator, worker, boot


def test_a_first_visit_deals_and_takes_the_pass_before_the_engine_then_the_engine_takes_it():
    async def run():
        store = MemoryStore()
        controller, actuator, worker, boot = await first_visit_held(store)
        session = controller.session
        assert not session.ready and session.step == protocol.STEP_PASS and len(session.view.hand) == 13
        assert "computers are getting ready" in actuator.html
        cards = session.view.hand[:3]
        for card in cards:
            await controller.perform("card", {"card": card})
        await controller.perform("pass", {})
        assert json.loads(store.getItem(PENDING_KEY))["ahead"] == {"pass": cards}
        assert session.step == protocol.LOADING and "kept until the computer players are ready" in actuator.html
        worker.gate.set()
        await boot
        assert session.ready and store.getItem(PENDING_KEY) is None
        actions = json.loads(store.getItem(storage_keys.SAVE_CURRENT))["actions"]
        assert [a for a in actions if a["seat"] == 0] == [{"seat": 0, "pass": cards}]
        assert json.loads(store.getItem(storage_keys.SAVE_GAME))["seed"] == 4242
        return store

    store = run_async(run())

    async def again():
        controller, _, worker = page(store)
        worker.gate.set()
        boot = asyncio.create_task(controller.startup.boot(worker.started(), "", dealt(1)))
        await boot
        assert controller.session.ready and controller.session.view.hand_index == 0
        assert json.loads(store.getItem(VIEW_KEY))["turn"] == controller.session.view.turn

    run_async(again())


def test_an_engine_that_cannot_start_is_reported_and_the_first_deal_stays_on_screen():
    async def failed():
        raise RuntimeError("no WebAssembly")

    async def run():
        store = MemoryStore()
        controller, actuator, _ = page(store)
        await controller.startup.boot(failed(), "", dealt(4242))
        assert controller.session.step == protocol.STEP_PASS and len(controller.session.view.hand) == 13
        assert actuator.notices == [
            "The game engine could not start (no WebAssembly). Your game is kept: reload the page to try again."
        ]
        assert json.loads(store.getItem(PENDING_KEY))["start"]["seed"] == 4242  # the next visit deals it again

    run_async(run())


def test_a_returning_visit_draws_the_saved_view_and_a_broken_save_is_set_aside():
    async def run():
        store = MemoryStore()
        await booted(store, 7)
        store.setItem(storage_keys.SAVE_CURRENT, "[1, 2]")  # damaged
        _, actuator = await booted(store, 8)
        assert any("could not be loaded" in notice for notice in actuator.notices)
        assert json.loads(store.getItem(storage_keys.SAVE_GAME))["seed"] != 7  # a new game
        assert "hearts.game" in json.loads(store.getItem("hearts.save.broken"))

    run_async(run())


def test_a_stored_game_that_is_not_an_object_is_set_aside_and_a_game_starts():
    for junk in ("[1, 2]", '"text"', "5", "true"):

        async def run(junk=junk):
            store = MemoryStore()
            store.setItem(storage_keys.LEGACY_SAVE, junk)
            store.setItem(VIEW_KEY, junk)
            controller, actuator = await booted(store, 3)
            assert any("could not be loaded" in notice for notice in actuator.notices), junk
            assert json.loads(store.getItem("hearts.save.broken"))[storage_keys.LEGACY_SAVE] == junk
            assert controller.session.ready and len(controller.session.view.hand) == 13

        run_async(run())


def test_a_refused_new_game_form_is_not_played_again_by_the_next_deal():
    async def run():
        store = MemoryStore()
        controller, actuator = await booted(store, 5)
        preset = catalog()["presets"][0]
        good = {"rules": dict(preset["rules"], target=50), "levels": ["hard"] * 3, "names": ["", "", ""]}
        await controller.perform("start", dict(good, preset=preset["name"], name="Ann"))
        assert controller.session.view.rules["target"] == 50 and controller.session.panel == ""
        bad = dict(good, rules=dict(good["rules"], target=0))
        await controller.perform("start", dict(bad, preset=preset["name"], name="Ann"))
        assert controller.session.panel == "new" and "at least 25" in actuator.html  # refused, with the reason
        await controller.perform("close", {})
        assert "at least 25" not in json.dumps(controller.session.settings["form"])
        await controller.perform("again", {})  # the next deal: the last accepted options
        assert controller.session.panel == "" and controller.session.view.rules["target"] == 50

    run_async(run())


def test_an_unnamed_player_is_called_you_in_the_language_of_the_moment():
    async def run():
        store = MemoryStore()
        controller, actuator = await booted(store, 4)
        controller.session.settings["name"] = ""
        await controller.games.new_game()
        assert controller.session.view.seats[0].name == ""  # stored without a language
        controller.page.render()
        assert ">You<" in actuator.html
        controller.session.settings["language"] = "cs"
        await controller.page.use_language()
        controller.page.render()
        assert ">Ty<" in actuator.html and ">You<" not in actuator.html

    try:
        run_async(run())
    finally:
        set_language("en")


def test_a_finished_hand_is_reviewed_in_the_background_and_opens_from_the_summary_and_the_sheet():
    async def run():
        thinker = Thinker()
        controller, actuator, worker = page(MemoryStore(), thinker)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", dealt(21))
        session = controller.session
        await play_to(controller)
        assert session.step == protocol.STEP_SUMMARY and "Reviewing the hand…" in actuator.html
        thinker.gate.set()
        await until(lambda: 0 in session.reviews, limit=100_000)
        assert len(thinker.jobs) == 1 and 'data-action="review" data-hand="0"' in actuator.html
        assert "Points lost to mistakes:" in actuator.html
        await controller.perform("review", {"hand": 0})
        assert session.panel == "review" and "Review of hand 1" in actuator.html and "The pass" in actuator.html
        assert "You passed" in actuator.html and "best" in actuator.html
        await controller.perform("review-page", {"page": 1})
        assert "Trick 1 of 13" in actuator.html and 'data-page="0"' in actuator.html  # the way back
        await controller.perform("close", {})
        assert session.review is None and "Next hand" in actuator.html  # back to the summary
        await controller.perform("next", {})
        assert 'class="review-link"' in sheet_view.render_sheet(session)  # the sheet's row opens it too

    run_async(run())


def test_a_friends_message_goes_to_the_engine_and_each_friends_view_to_their_device_only():
    class Connections:
        def __init__(self) -> None:
            self.sent: list[tuple[int, str]] = []

        def send(self, seat: int, text: str) -> None:
            self.sent.append((seat, text))

        def close_all(self) -> None:
            self.sent.append((-1, "closed"))

    async def run():
        controller, _ = await booted(MemoryStore(), seed=4)
        controller.page.links = connections = Connections()
        seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
        seats += [{"name": "", "bot": "basic"}] * 2
        answer = await controller.answers.send(
            protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9}
        )
        secret = controller.client.worker.host.friends.secret
        assert connections.sent == [(-1, "closed")]  # another game: the last one's connections went
        connections.sent = []
        await controller.friends.from_friend(1, protocol.friend_message(protocol.HELLO, 1, secret=secret))
        ((seat, text),) = connections.sent
        greeted = protocol.read_answer(text)
        assert seat == 1 and greeted.view.seat == 1 and set(greeted.view.hand).isdisjoint(answer.view.hand)
        assert controller.session.view.seat == 0  # this device still shows its own person's cards
        await controller.friends.friend_gone(1)
        await controller.friends.from_friend(1, protocol.friend_message(protocol.READ_ON, 5))
        assert protocol.read_answer(connections.sent[-1][1]).refusal.code == "friend_secret"

    run_async(run())


def test_a_friend_whose_device_goes_quiet_is_away_without_a_new_invitation_until_it_greets_again_or_closes():
    class Connections:
        def __init__(self) -> None:
            self.invited: list[int] = []

        def send(self, seat: int, text: str) -> None:
            pass

        def close_all(self) -> None:
            pass

        async def can_scan(self) -> bool:
            return False

        async def invite(self, seat: int, stun: str) -> str:
            self.invited.append(seat)
            return "offer~" + str(seat)

        async def qr(self, text: str) -> str:
            return "<svg></svg>"

    async def run():
        controller, actuator = await booted(MemoryStore(), seed=4)
        controller.page.links = connections = Connections()
        seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
        seats += [{"name": "", "bot": "basic"}] * 2
        await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9})
        secret = controller.client.worker.host.friends.secret
        await eventually(lambda: connections.invited == [1])
        await controller.friends.from_friend(1, protocol.friend_message(protocol.HELLO, 1, secret=secret))
        assert controller.session.view.friends["here"] == [1]
        await controller.friends.friend_quiet(1)  # (its connection is still open: it may wake)
        assert controller.session.view.friends["here"] == [] and controller.session.view.friends["away"][0][0] == 1
        assert actuator.notices[-1] == "Bo's device is not answering: waiting for it to come back."
        await asyncio.sleep(0.01)
        assert connections.invited == [1]  # no new invitation: that would close the connection it may wake on
        await controller.friends.from_friend(1, protocol.friend_message(protocol.HELLO, 1, secret=secret))  # awake
        assert controller.session.view.friends["here"] == [1] and actuator.notices[-1] == "Bo is back at the table."
        await controller.friends.friend_quiet(1)
        await controller.friends.friend_gone(1)  # the connection did close after all: a new invitation
        await eventually(lambda: connections.invited == [1, 1])

    run_async(run())


def test_the_host_scans_a_friends_reply_with_the_camera_or_is_told_to_paste_it():
    class Camera:
        def __init__(self) -> None:
            self.seen: list = []  # what each scan finds: a text, "" (cancelled) or an error
            self.accepted: list[tuple[int, str]] = []

        async def scan(self, prefix: str, title: str, cancel: str) -> str:
            found = self.seen.pop(0)
            if isinstance(found, Exception):
                raise found
            assert prefix == "1." and "Bo" in title and cancel == "Cancel"
            return found

        async def accept(self, seat: int, code: str) -> None:
            self.accepted.append((seat, code))

        def send(self, seat: int, text: str) -> None:
            pass

        def close_all(self) -> None:
            pass

    async def run():
        controller, actuator = await booted(MemoryStore(), seed=4)
        controller.page.links = camera = Camera()
        seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
        seats += [{"name": "", "bot": "basic"}] * 2
        await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9})
        camera.seen = ["1.the~answer", "", PermissionError("denied")]
        await controller.perform("scan", {"seat": 1})
        assert camera.accepted == [(1, "the~answer")]  # connected with what the camera saw
        await controller.perform("scan", {"seat": 1})  # cancelled: nothing happens
        assert camera.accepted == [(1, "the~answer")] and not actuator.notices
        await controller.perform("scan", {"seat": 1})
        assert actuator.notices == ["The camera cannot be used: paste the reply code instead."]

    run_async(run())


async def eventually(condition) -> None:
    """Wait until ``condition()``, in real time (a time limit has to pass), for at most a minute."""
    for _ in range(6000):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never")


class Stalling(Worker):
    """The engine worker, in-process, that stops answering (until ``resumed``, as a hung engine never is)."""

    def __init__(self, host: Host) -> None:
        super().__init__(host)
        self.stalled = False
        self.resumed = asyncio.Event()
        self.intents: list[str] = []

    async def handle(self, text: str) -> str:
        self.intents.append(json.loads(text)["intent"])
        if self.stalled:
            await self.resumed.wait()
        return self.host.handle(text)


def test_an_engine_that_stops_answering_is_reported_lets_the_next_intent_go_and_its_late_answer_is_taken(
    monkeypatch,
):
    monkeypatch.setattr("pyapp.page.client.LIMIT", 0.05)

    async def run():
        store = MemoryStore()
        controller, actuator, _ = page(store)
        worker = Stalling(Host())
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", dealt(21))
        session = controller.session
        cards = session.view.hand[:3]
        for card in cards:
            await controller.perform("card", {"card": card})
        saved = store.getItem(storage_keys.SAVE_CURRENT)
        worker.stalled = True
        passing = asyncio.create_task(controller.perform("pass", {}))
        await eventually(lambda: actuator.notices)
        assert actuator.notices == ["The game engine is not answering. Your game is kept: reload the page to go on."]
        assert not controller.client.lock.locked() and session.step == protocol.STEP_PASS
        assert store.getItem(storage_keys.SAVE_CURRENT) == saved  # the game as the last answer left it
        configuring = asyncio.create_task(controller.perform("save-settings", {"settings": {"speed": "fast"}}))
        await until(lambda: worker.intents[-1] == protocol.CONFIGURE)  # the next intent was not held up
        worker.resumed.set()  # (an engine that was only slow): its answers are taken, in order
        await passing
        await configuring
        assert session.step != protocol.STEP_PASS
        actions = json.loads(store.getItem(storage_keys.SAVE_CURRENT))["actions"]
        assert [a for a in actions if a["seat"] == 0] == [{"seat": 0, "pass": cards}]

    run_async(run())


def test_at_one_device_a_review_asked_for_early_opens_for_whoever_asked_once_theirs_is_ready():
    async def run():
        thinker = Thinker()
        controller, actuator, worker = page(MemoryStore(), thinker)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", dealt(21))
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9})
        session = controller.session
        await play_to(controller)
        other = 1 - session.view.seat  # the viewer's review is computed first; the other person asks meanwhile
        await controller.perform("review", {"hand": 0, "seat": other})
        assert session.review_wanted == [0, other]
        thinker.gate.set()
        await until(lambda: session.panel == "review", limit=100_000)
        assert len(thinker.jobs) == 2 and session.review_seat == other
        assert {decision.seat for decision in session.review.decisions} == {other}
        assert f"{seats[other]['name']} passed" in actuator.html

    run_async(run())


def test_a_review_the_thinker_never_answers_is_given_up_and_the_next_one_goes(monkeypatch):
    monkeypatch.setattr("pyapp.page.client.REVIEW_LIMIT", 0.05)

    class Silent:
        def __init__(self) -> None:
            self.jobs: list[str] = []

        async def handle(self, text: str) -> str:
            self.jobs.append(text)
            await asyncio.Event().wait()  # never answers
            return ""

    async def run():
        thinker = Silent()
        controller, _, worker = page(MemoryStore(), thinker)
        worker.gate.set()
        await controller.startup.boot(worker.started(), "", dealt(21))
        await controller.reviews.review('{"job": 1}')
        assert controller.session.reviews_failed and not controller.page.thinker.lock.locked()
        await controller.reviews.review('{"job": 2}')
        assert thinker.jobs == ['{"job": 1}', '{"job": 2}']

    run_async(run())


def test_one_of_two_equal_cards_is_picked_and_passed_alone():
    async def run():
        store = MemoryStore()
        controller, actuator = await booted(store, 3)
        session = controller.session
        seats = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 5
        for seed in range(1, 100):  # the first deal whose hand has two equal cards (most of them have)
            options = {"rules": {"players": 6, "variant": "cancellation"}, "seats": seats, "seed": seed}
            await controller.answers.send(protocol.START, fresh=True, options=options)
            hand = session.view.hand
            twins = [index for index, card in enumerate(hand) if hand.count(card) == 2]
            if twins:
                break
        twin = twins[1]  # the second of a pair
        others = [index for index in range(len(hand)) if hand[index] != hand[twin]][:2]
        for index in [twin, *others]:
            await controller.perform("card", {"card": hand[index], "index": index})
        assert (
            actuator.html.count('aria-pressed="true"') == 3
            and f'data-index="{twin}" aria-pressed="true"' in actuator.html
        )
        picked = [hand[index] for index in [twin, *others]]
        assert session.picked == picked
        await controller.perform("pass", {})
        actions = json.loads(store.getItem(storage_keys.SAVE_CURRENT))["actions"]
        passes = [action["pass"] for action in actions if action["seat"] == 0]
        assert len(passes) == 1 and sorted(passes[0]) == sorted(picked)  # the twin once, as picked

    run_async(run())


def test_start_pressed_before_the_engine_is_up_says_so_and_starts_the_forms_game_when_it_is():
    async def run():
        store = MemoryStore()
        controller, actuator, worker, boot = await first_visit_held(store)
        await controller.perform("open", {"panel": "new"})
        preset = catalog()["presets"][0]
        form = {"rules": dict(preset["rules"], target=50), "levels": ["hard"] * 3, "names": ["", "", ""]}
        await controller.perform("start", dict(form, preset=preset["name"], name="Ann"))
        assert 'data-action="start" disabled>Starting…' in actuator.html and "starts by itself" in actuator.html
        worker.gate.set()
        await boot
        session = controller.session
        assert session.ready and session.panel == "" and session.view.rules["target"] == 50
        assert "Starting…" not in actuator.html and store.getItem(PENDING_KEY) is None

    run_async(run())


def test_play_again_pressed_before_the_engine_is_up_says_so_and_deals_another_game_when_it_is():
    async def run():
        store = MemoryStore()
        controller, _actuator, worker, boot = await first_visit_held(store)
        first = controller.session.view.hand
        await controller.perform("again", {})  # (a returning visit's game over, drawn before the engine is up)
        session = controller.session
        assert session.starting == "again"
        assert 'data-action="again" disabled>Starting…' in hand_end_view.again_button(session)
        worker.gate.set()
        await boot
        assert session.ready and session.starting == "" and session.view.hand != first  # another deal
        assert 'data-action="again">Play again' in hand_end_view.again_button(session)

    run_async(run())


class QuietConnections:
    """The host's connections to its friends' devices, which carry nothing anywhere."""

    def send(self, seat: int, text: str) -> None:
        pass

    def close_all(self) -> None:
        pass


async def bo_leaves_before_passing(controller) -> None:
    """A friends' game on the host's page: Bo (seat 1, a friend) greets, the host passes, and Bo's connection
    closes while he is still to pass."""
    controller.page.links = QuietConnections()
    seats = [{"name": "", "bot": None}, {"name": "Bo", "bot": None, "friend": True}]
    seats += [{"name": "", "bot": "basic"}] * 2
    answer = await controller.answers.send(protocol.START, fresh=True, options={"rules": {}, "seats": seats, "seed": 9})
    secret = controller.client.worker.host.friends.secret
    await controller.friends.from_friend(1, protocol.friend_message(protocol.HELLO, 1, secret=secret))
    await controller.answers.act(protocol.PASS, seat=0, cards=answer.view.hand[:3])
    await controller.friends.friend_gone(1)


def test_the_countdown_to_the_computer_playing_for_a_friend_who_left_ticks(monkeypatch):
    monkeypatch.setattr(answers_module, "AWAY_TICK_SECONDS", 0.001)  # a second of the page's, quicker

    async def run():
        controller, actuator = await booted(MemoryStore(), seed=4)
        await bo_leaves_before_passing(controller)
        seconds = (controller.session.view.friends["away"][0][1] + 999) // 1000
        assert f"Bo is away: the computer plays for them in {seconds} s" in actuator.html
        await eventually(lambda: "plays for them in 1 s" in actuator.html)  # down to the last second

    run_async(run())


def test_a_host_who_chose_to_wait_shows_the_friend_away_without_a_countdown_until_they_choose_otherwise():
    async def run():
        controller, actuator = await booted(MemoryStore(), seed=4)
        await controller.perform("save-settings", {"settings": {"away": "wait"}})
        assert '<option value="wait" selected>' in form_view.render_settings(controller.session)
        await bo_leaves_before_passing(controller)
        assert "Waiting for Bo's device to come back" in actuator.html
        assert 'class="chip away"' in actuator.html and controller.session.view.after_ms is None
        await controller.perform("save-settings", {"settings": {"away": "computer"}})
        assert "Bo is away: the computer plays for them in" in actuator.html

    run_async(run())


def test_the_hint_while_passing_and_playing_is_drawn_above_the_hand_and_read_out_never_in_a_notice():
    async def run():
        controller, actuator = await booted(MemoryStore(), 31)
        session = controller.session
        assert session.step == protocol.STEP_PASS
        await controller.perform("hint", {})
        assert len(session.pass_hint.cards) == 3 and session.hint is None
        assert actuator.html.count('data-badge="Hint"') == 3 and 'class="hint-box"' in actuator.html
        assert actuator.spoken[-1].startswith("Hint: pass ") and actuator.notices == []
        for card in session.pass_hint.cards:  # picking them keeps the hint (and the engine's views meanwhile)
            await controller.perform("card", {"card": card})
        assert session.pass_hint is not None and session.ready_to_pass
        await controller.perform("pass", {})
        for _ in range(400):
            if session.step == protocol.STEP_PLAY and session.view.after_ms is None:
                break
            if session.step == protocol.STEP_COLLECT:
                await controller.perform("collect", {})
            await asyncio.sleep(0.01)
        assert session.pass_hint is None and "hint-box" not in actuator.html
        await controller.perform("hint", {})
        best = session.hint.best
        assert best in session.view.legal and actuator.html.count('data-badge="Hint"') == 1
        assert "data-hint=" not in actuator.html and actuator.spoken[-1].startswith("Hint: play ")
        await controller.perform("figures", {})
        assert actuator.html.count("data-hint=") == len(session.view.legal) and "lower is better" in actuator.html
        assert "lower is better" in actuator.spoken[-1]
        await controller.perform("figures", {})
        assert "data-hint=" not in actuator.html
        assert actuator.notices == []  # nothing over the buttons
        await controller.perform("card", {"card": best})
        assert session.hint is None and "hint-box" not in actuator.html

    run_async(run())
