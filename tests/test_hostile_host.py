"""A friend's page against a hostile host: every field of every message is read by its declared type.

The host's page is another person's, and can be changed.  A message with a
field of the wrong type, markup in place of a number or a card, a seat the
table does not have, or a list with one item a seat of the wrong length is
refused: the friend's page says so in its language and changes nothing.
Where a text may hold anything (a seat's name), it reaches the page's markup
escaped, and the page escapes every number it draws too.
"""

import asyncio
import copy
import dataclasses
import json

import pytest
from helpers import Engine
from test_controller import Actuator, fetch_language, run_async

from pyapp.engine.cards import FACES, card_text
from pyapp.engine.match import Phase
from pyapp.engine.rules import (
    CANCELLATION_PLAYERS,
    CLASSIC_PLAYERS,
    PASS_ACROSS,
    PASS_HOLD,
    PASS_LEFT,
    PASS_RIGHT,
    WRITTEN_WHEN_SET,
    MoonChoice,
    Rules,
    option_schema,
)
from pyapp.host.catalog import catalog
from pyapp.host.reviews import run_job
from pyapp.page.parts.guest import HOST_MESSAGE, GuestClient, GuestController, GuestStore
from pyapp.page.session import Session
from pyapp.page.storage import MemoryStore, Storage
from pyapp.page.views import hand_view, sheet_view, table_view, view
from pyapp.page.words import i18n
from pyapp.shared import protocol, schema

MARKUP = "<img src=x onerror=alert(1)>"
SHORT_MARKUP = "<b onclick=alert(1)>"  # (as long as a name may be)
LONG = "x" * 2_000  # longer than any text a friend's page takes
SEATS = [
    {"name": "Ann", "bot": None},
    {"name": "Bo", "bot": None, "friend": True},
    {"name": "", "bot": "basic"},
    {"name": "", "bot": "basic"},
]
FRIEND = 1
REVIEW_PLAYOUTS = 10
# The only texts from the host that may hold anything (markup included): a seat's name (drawn escaped), what
# names the game and its last trick (never drawn), and a refusal's English text and values (said as text).
FREE_TEXT = {"view.seats[].name", "view.game_key", "view.last_trick_key"}
FREE_TEXT |= {f"{refusal}.{name}" for refusal in ("refusal", "view.reasons[]") for name in ("text", "values[]")}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


class FriendsTable:
    """The host's engine, and the page of the friend in seat 1 reading every message the host sends it."""

    def __init__(self) -> None:
        self.engine = Engine(speed="instant", think_ms=20)
        self.page = GuestClient()
        self.page.pushed = lambda answer: None
        self.number = 0
        self.messages: list[dict] = []  # every message to the friend's page, its view made whole
        self.host = self.deliver(self.engine.start(SEATS, 7))
        self.secret = self.host.view.friends["secret"]

    def deliver(self, answer: protocol.Answer) -> protocol.Answer:
        """Give the friend's page what the host sends it; the host's answer for its own page."""
        for seat, text in answer.outbox:
            assert seat == FRIEND
            self.page.receive(text)
            data = json.loads(text)
            if data["view"] is not None:
                data["view"], data["patch"] = copy.deepcopy(self.page.last_view), None
            self.messages.append(data)
        for job in answer.jobs:  # a finished hand's review, as the thinker worker computes it (on a small budget)
            review = run_job(dict(json.loads(job), playouts=REVIEW_PLAYOUTS))
            self.deliver(self.engine.send(protocol.REVIEWED, review=review))
        return answer

    def say(self, intent: str, **arguments: object) -> None:
        """A message of the friend's page (its number the next)."""
        self.number += 1
        text = protocol.friend_message(intent, self.number, **arguments)
        answer = self.deliver(self.engine.send(protocol.FRIEND, seat=FRIEND, text=text))
        if answer.view is not None:  # (the host's page's own view)
            self.host = answer

    def play_a_hand(self) -> None:
        """Everyone plays the first hand to its summary; the friend also asks for a hint, tries a card they do
        not hold and opens the hand's review."""
        self.say(protocol.HELLO, secret=self.secret)
        asked = False
        while True:
            friend = self.page.last_view
            if friend["step"] == protocol.STEP_SUMMARY:
                self.say(protocol.REVIEW, hand=0)
                return
            if friend["step"] == protocol.STEP_PASS and FRIEND in friend["to_act"]:
                self.say(protocol.PASS, cards=friend["hand"][:3])
            elif friend["step"] == protocol.STEP_PLAY:
                if not asked:
                    self.say(protocol.HINT)
                    other = next(card for card in self.host.view.hand if card not in friend["hand"])
                    self.say(protocol.PLAY, card=other)  # refused: not held
                    asked = True
                self.say(protocol.PLAY, card=friend["legal"][0])
            else:
                answer = self.engine.step(self.host)
                assert answer.ok
                self.host = self.deliver(answer)


@pytest.fixture(scope="module")
def table() -> FriendsTable:
    played = FriendsTable()
    played.play_a_hand()
    return played


def with_every_part(messages: list[dict]) -> list[dict]:
    """The messages, and one more whose view has every part a friend's view may have filled in (some are
    empty in most games: another seat's absence, the moon's choice, reasons a card cannot be played)."""
    last = copy.deepcopy(next(data for data in reversed(messages) if data["view"] is not None))
    whole = last["view"]
    refusal = next(data["refusal"] for data in messages if data["refusal"] is not None)
    whole["reasons"] = {whole["hand"][0] if whole["hand"] else "QS": refusal}
    whole["friends"].update(away=[[2, 30_000]], benched=[3])
    whole["moon_outcomes"] = {"add_to_others": [26, 0, 26, 26], "subtract_from_self": [0, -26, 0, 0]}
    whole["last_decision"] = {"seat": 2, "ms": 12.5, "playouts": 300, "choices": 3}
    whole["after_ms"], whole["summary_hand"] = 1_200, 0
    return [*messages, last]


def paths(data: object, path: tuple = ()) -> list[tuple]:
    """Every place in ``data``: each entry of an object and item of a list, at any depth."""
    found = [path] if path else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths(value, (*path, index))
    return found


def field_name(path: tuple, data: dict) -> str:
    """A place named as its field: ``("view", "trick", 2, 0)`` → ``view.trick[][0]`` (the items of a list as
    one, but for a row of two or three kinds, and the entries of an object keyed by data (cards, codes) as one)."""
    text, holder = "", data
    for step in path:
        if isinstance(step, int):
            row = len(holder) in (2, 3) and len({type(item) for item in holder}) == len(holder)
            text += f"[{step}]" if row else "[]"
        elif text.endswith(("reasons", "points", "values", "moon_outcomes")):
            text += "[]"
        else:
            text += ("." if text else "") + step
        holder = holder[step]
    return text


def wrong_values(value: object) -> list:
    """Values of another type than ``value``'s, and markup (the last)."""
    if type(value) is bool:
        return [1, "true", MARKUP]
    if type(value) is int:
        return ["7", True, MARKUP]
    if type(value) is float:
        return ["7.5", True, MARKUP]
    if type(value) is str:
        return [7, True, LONG, MARKUP]
    if value is None:
        return [True, 7.5, MARKUP]
    return ["x", True, [] if isinstance(value, dict) else {}, MARKUP]


def with_value(data: dict, path: tuple, value: object) -> str:
    """``data`` as the host's text, with ``value`` at ``path``."""
    changed = copy.deepcopy(data)
    holder = changed
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return json.dumps(changed)


def read_by_a_page(text: str, before: str | None = None) -> tuple[GuestClient, protocol.Answer]:
    """A friend's page that has had only ``before`` (or nothing), and what it makes of ``text``."""
    page = GuestClient()
    seen: list[protocol.Answer] = []
    page.pushed = seen.append
    if before is not None:
        page.receive(before)
        assert seen.pop().ok
    page.receive(text)
    (answer,) = seen
    return page, answer


def refused(text: str, before: str | None = None) -> bool:
    """Whether a friend's page (that has had only ``before``) refuses the host's ``text``, taking nothing of it."""
    page, answer = read_by_a_page(text, before)
    if answer.ok or answer.refusal is None or answer.refusal.code != HOST_MESSAGE:
        return False
    assert answer.view is None and answer.new_results == [] and answer.review is None
    assert page.last_view == (json.loads(before)["view"] if before else None)
    return True


def drawn(answer: protocol.Answer) -> str:
    """Everything a page draws of ``answer``'s view, its results and hint, and the dialogs it may open."""
    session = Session()
    session.show(answer.view, answer.results_count, answer.new_results, fresh=True)
    session.hint = answer.hint
    html = table_view.render_table(session) + hand_view.render_hand(session) + sheet_view.render_sheet(session)
    for panel in ("last", "friends", "review"):
        session.panel = panel
        html += view.render_dialog(session, None)
    return html


class TestTheReader:
    def test_the_messages_a_friend_is_sent_hold_every_kind_of_record(self, table):
        kinds = {name for data in table.messages for name in ("hint", "review", "refusal") if data[name]}
        assert kinds == {"hint", "review", "refusal"}
        assert any(data["new_results"] for data in table.messages) and any(data["reviews"] for data in table.messages)
        assert any(data["view"] and data["view"]["last_trick"] for data in table.messages)
        for data in with_every_part(table.messages):
            assert not refused(json.dumps(data))  # the host's own messages are taken

    def test_each_field_of_the_wrong_type_or_with_markup_is_refused(self, table):
        tried: dict[str, tuple[dict, tuple]] = {}
        for data in with_every_part(table.messages):
            for path in paths(data):
                tried.setdefault(field_name(path, data), (data, path))
        assert {"view.scores[]", "view.seats[].name", "review.decisions[].choices[][1]", "hint.points[]"} <= set(tried)
        assert {"view.reasons[].values[]", "view.friends.away[][]", "view.trick[][1]", "reviews[][1][]"} <= set(tried)
        taken = []
        for name, (data, path) in sorted(tried.items()):
            value = copy.deepcopy(data)
            for step in path:
                value = value[step]
            for wrong in wrong_values(value):
                if name in FREE_TEXT and wrong == MARKUP:  # a text that may hold anything: taken, drawn escaped
                    taken.append(read_by_a_page(with_value(data, path, SHORT_MARKUP))[1])
                else:
                    assert refused(with_value(data, path, wrong)), (name, wrong)
        assert len(taken) == len(FREE_TEXT)
        assert all(answer.refusal is None or answer.refusal.code != HOST_MESSAGE for answer in taken)
        for answer in taken:
            if answer.view is not None:
                assert SHORT_MARKUP not in drawn(answer)
        named = read_by_a_page(with_value(data, ("view", "seats", 2, "name"), SHORT_MARKUP))[1]
        assert "&lt;b onclick=alert(1)&gt;" in drawn(named)

    def test_an_entry_no_field_has_is_refused(self, table):
        for data in with_every_part(table.messages)[-1:]:
            for path in [(), *(path for path in paths(data) if isinstance(path[-1], str))]:
                holder = copy.deepcopy(data)
                for step in path:
                    holder = holder[step]
                if isinstance(holder, dict) and holder:
                    key = next(iter(holder))
                    assert refused(with_value(data, (*path, MARKUP), holder[key])), path

    def test_a_seat_the_table_does_not_have_or_a_list_for_another_number_of_seats_is_refused(self, table):
        data = with_every_part(table.messages)[-1]
        assert not refused(json.dumps(data))
        for path, value in (
            (("view", "seat"), 4),
            (("view", "dealer"), 9),
            (("view", "to_act"), [5]),
            (("view", "friends", "here"), [1, 7]),
            (("view", "scores"), [0, 0, 0]),
            (("view", "hand_sizes"), [13] * 5),
            (("view", "passes_chosen"), [True] * 5),
            (("view", "rules", "players"), 5),
        ):
            assert refused(with_value(data, path, value)), path
        whole = json.dumps(data)
        result = next(data for data in table.messages if data["new_results"])
        assert refused(with_value(result, ("new_results", 0, "taken"), [0, 0, 26]), whole)
        review = dict(next(data for data in table.messages if data["review"]), view=None)  # (the last view's table)
        assert not refused(json.dumps(review), whole)
        assert refused(with_value(review, ("review", "pass_to"), 6), whole)
        assert refused(with_value(review, ("review", "decisions", 0, "seat"), 4), whole)

    def test_what_a_host_never_sends_a_friend_is_refused(self, table):
        data = with_every_part(table.messages)[-1]
        for name, value in (
            ("writes", [["hearts.settings", "{}"]]),
            ("jobs", ["{}"]),
            ("outbox", [[2, "{}"]]),
            ("link", {"rules": {}, "seed": 5, "levels": []}),
            ("query", "deal=5"),
        ):
            assert refused(with_value(data, (name,), value)), name

    def test_text_that_is_no_answer_is_refused_and_one_that_answers_a_message_of_ours_answers_it(self):
        for text in ("", "[1, 2", "[]", "null", "[" * 100_000, json.dumps({"ok": True})):
            assert refused(text)
        for number in (-1, 10**12, True, 3):  # (no message of ours is waiting: news, refused)
            assert refused(json.dumps({"ok": MARKUP, "reply_to": number}))
        page = GuestClient()
        page.pushed = lambda answer: pytest.fail("a refused answer to a message of ours is that message's answer")
        waiting = [asyncio.Event(), None]
        page.replies[3] = waiting
        page.receive(json.dumps({"ok": MARKUP, "reply_to": 3}))
        assert waiting[0].is_set() and waiting[1].refusal.code == HOST_MESSAGE and "ok" in waiting[1].refusal.text


class HostLink:
    """A friend's page's connection to the host's engine (seat 1); ``change`` rewrites what the host sends,
    as a changed host page would."""

    def __init__(self, engine: Engine, client: GuestClient) -> None:
        self.engine, self.client = engine, client
        self.change = lambda text: text

    def send(self, text: str) -> None:
        for seat, sent in self.engine.send(protocol.FRIEND, seat=FRIEND, text=text).outbox:
            assert seat == FRIEND
            self.client.receive(self.change(sent))


def friends_page() -> tuple[GuestController, Actuator, MemoryStore, HostLink, str]:
    """A friend's page connected to a new friends' game: (its controller, its screen, its store, its
    connection, the game's secret)."""
    engine = Engine(speed="instant", think_ms=20)
    secret = engine.start(SEATS, 3).view.friends["secret"]
    store, client, actuator = MemoryStore(), GuestClient(), Actuator()
    storage = Storage(GuestStore(store))
    controller = GuestController(client, actuator, storage, Session({}, 3), catalog(), fetch_language, None)
    client.connection = link = HostLink(engine, client)
    return controller, actuator, store, link, secret


class TestTheFriendsPage:
    def test_a_reload_of_a_link_that_joined_says_it_reconnects_and_shows_no_reply_that_cannot_connect(self):
        class Answering:
            reply = "answer~code"

        async def connect(offer, stun, opened, received, closed, quiet, awake):
            return Answering()

        async def qr(text):
            return "<svg></svg>"

        async def run():
            controller, actuator, store, link, secret = friends_page()
            controller.joining.qr = qr
            await controller.joining.join((FRIEND, secret, "offer~1"), connect)
            assert "answer~code" in actuator.html  # a first visit: the reply to send back
            controller.client.connection = link  # the host took the reply: the connection opens
            await controller.joining.greet(secret)
            assert controller.session.joining is None
            screen = Actuator()  # the same link, reloaded
            again = GuestController(
                GuestClient(), screen, Storage(GuestStore(store)), Session({}, 3), catalog(), fetch_language, qr
            )
            await again.joining.join((FRIEND, secret, "offer~1"), connect)
            assert "Reconnecting to the host" in screen.html and "answer~code" not in screen.html
            await again.joining.join((FRIEND, secret, "offer~2"), connect)  # the host's new invitation
            assert "answer~code" in screen.html

        run_async(run())

    def test_a_host_gone_quiet_is_said_and_heard_again_the_page_greets_again_with_the_games_secret(self):
        handlers = {}

        class Connection:
            reply = "answer~code"

            def __init__(self) -> None:
                self.sent: list[str] = []

            def send(self, text: str) -> None:
                self.sent.append(text)

        connection = Connection()

        async def connect(offer, stun, opened, received, closed, quiet, awake):
            handlers.update(quiet=quiet, awake=awake)
            return connection

        async def qr(text):
            return "<svg></svg>"

        async def run():
            actuator = Actuator()
            session = Session({}, 3)
            controller = GuestController(
                GuestClient(), actuator, Storage(MemoryStore()), session, catalog(), fetch_language, qr
            )
            await controller.joining.join((FRIEND, "5" * 32, "offer~1"), connect)
            session.joining, session.panel = None, ""  # (greeted: at the table)
            handlers["quiet"]()
            assert "The host's device is not answering" in actuator.html
            handlers["awake"]()
            for _ in range(100):  # the greeting goes out on a task of its own
                if connection.sent:
                    break
                await asyncio.sleep(0.01)
            greeting = json.loads(connection.sent[-1])
            assert greeting["intent"] == protocol.HELLO and greeting["secret"] == "5" * 32

        run_async(run())

    def test_the_hosts_fault_is_told_without_its_traceback_and_nothing_more_is_sent(self):
        async def run():
            controller, actuator, _, link, secret = friends_page()
            await controller.joining.greet(secret)
            told = {"fault": {"trace": "", "seat": 2, "level": "basic"}, "ok": False}
            data = {name: None for name in protocol.Answer.FIELDS}
            data.update(told, results_count=0, new_results=[], writes=[], jobs=[], reviews=[], outbox=[])
            controller.client.receive(json.dumps(dict(data, reviews_reset=False)))
            fault = controller.session.fault
            assert fault is not None and fault["host"] and fault["trace"] == ""
            assert i18n.t("fault.host") in actuator.html and "fault-details" not in actuator.html
            assert any("no traceback" in line for line in actuator.logged)  # (the console is told too)
            sent = link.engine.sent[:]
            await controller.perform("hint", {})
            assert link.engine.sent == sent  # nothing more goes to the host

        run_async(run())

    @pytest.mark.parametrize("vibrate", ["on", "off"])
    def test_the_phone_buzzes_when_its_persons_turn_comes_unless_buzzing_is_off(self, vibrate):
        async def run():
            controller, actuator, _store, _link, secret = friends_page()
            session = controller.session
            session.settings["vibrate"] = vibrate
            await controller.joining.greet(secret)
            assert session.step == protocol.STEP_PASS and session.shared_table
            assert actuator.buzzes == (vibrate == "on")  # the pass is theirs: the phone buzzed once
            await controller.answers.act(protocol.PASS, seat=FRIEND, cards=session.view.hand[:3])
            assert session.step == protocol.STEP_WAIT and actuator.buzzes == (vibrate == "on")  # the host's turn

        run_async(run())

    @pytest.mark.parametrize("language", sorted(i18n.NAMES))
    def test_a_refused_message_is_said_in_the_pages_language_and_changes_nothing(self, language):
        async def run():
            controller, actuator, store, link, secret = friends_page()
            i18n.set_language(language)
            await controller.joining.greet(secret)
            session = controller.session
            assert session.view.seat == FRIEND and session.step == protocol.STEP_PASS
            shown, html, stored = session.view, actuator.html, dict(store.items)
            said = i18n.t("reason." + HOST_MESSAGE)

            def hostile(text: str) -> str:
                data = json.loads(text)
                data["view"] = dict(data["view"] or {}, scores=[MARKUP] * 4)
                return json.dumps(data)

            link.change = hostile  # the host's answer to the pass, and its news of the table: refused
            answer = await controller.answers.act(protocol.PASS, seat=FRIEND, cards=shown.hand[:3])
            assert not answer.ok and actuator.notices == [said]
            assert session.view is shown and actuator.html == html and store.items == stored
            link.change = lambda text: text  # the host's messages as it sent them: taken again
            await controller.joining.greet(secret)
            assert session.step == protocol.STEP_WAIT and MARKUP not in actuator.html  # (passed: the host is to)

        run_async(run())

    def test_every_number_the_page_draws_is_escaped_past_the_reader_too(self, table):
        """Markup the reader would have refused, put in a view's numbers after it: the page draws it escaped, or
        (where it counts or computes with the number) draws nothing."""
        answer = read_by_a_page(json.dumps(with_every_part(table.messages)[-1]))[1]
        seen = answer.view
        for name in ("scores", "points_taken", "hand_sizes"):
            setattr(seen, name, [MARKUP] * len(getattr(seen, name)))
        seen.moon_points, seen.rules = MARKUP, dict(seen.rules, target=MARKUP)
        seen.moon_outcomes = {"add_to_others": [MARKUP] * 4, "subtract_from_self": [MARKUP] * 4}
        session = Session()
        session.show(seen, answer.results_count, answer.new_results, fresh=True)
        html = ""
        for step, render in (
            (protocol.STEP_PLAY, table_view.render_table),
            (protocol.STEP_PLAY, sheet_view.render_sheet),
            (protocol.STEP_MOON, lambda session: view.render_dialog(session, None)),
            (protocol.STEP_OVER, lambda session: view.render_dialog(session, None)),
        ):
            seen.step = step
            try:
                html += render(session)
            except ValueError:  # (a count or a computation that is no number)
                continue
        assert MARKUP not in html and html.count("&lt;img src=x onerror=alert(1)&gt;") >= 2 + 4 * 2 + 4


class TestTheContract:
    def test_its_choices_are_the_engines(self):
        """The contract names every rule option, phase, pass direction and moon choice as the engine has them
        (a view the engine writes is never refused for one)."""
        options = {option["name"]: option for option in option_schema()}
        assert set(protocol.RULES) == {field.name for field in dataclasses.fields(Rules)}
        # Set by the deal of the day and a hand played again, not by the form.
        assert set(protocol.RULES) - set(options) == set(WRITTEN_WHEN_SET) == set(protocol.RULES_WRITTEN_WHEN_SET)
        assert all(protocol.RULES[name] is protocol.COUNT for name in WRITTEN_WHEN_SET)
        for name, option in options.items():
            kind = protocol.RULES[name]
            if option["type"] == "choice":
                assert set(kind.choices) == set(option["choices"]), name
            elif option["type"] == "bool":
                assert kind is protocol.FLAG, name
            else:
                assert kind.low <= option["min"] and option["max"] <= kind.high, name
        assert (protocol.MIN_PLAYERS, protocol.MAX_PLAYERS) == (CLASSIC_PLAYERS.start, CANCELLATION_PLAYERS.stop - 1)
        assert set(protocol.PHASES) == {phase.value for phase in Phase}
        assert set(protocol.PASS_DIRECTIONS) == {PASS_LEFT, PASS_RIGHT, PASS_ACROSS, PASS_HOLD}
        assert set(protocol.MOON_CHOICES) == {choice.value for choice in MoonChoice}
        texts = {card_text(card) for card in range(2 * FACES)}
        assert len(texts) == FACES and all(schema.is_card(text) for text in texts)
        assert not any(schema.is_card(text) for text in ("", "Q", "QSS", "1S", "QX", "qs", ["Q", "S"], 12))
