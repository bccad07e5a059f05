"""A friend's page: it plays on the host's engine, over the connection its invitation opened.

The page is the same (the session, the actuator, the input manager and the
controller's parts); what differs is where the intents go.
:class:`GuestClient` numbers each intent a friend may send and sends it to
the host, and returns the host's answer to it; the host's other messages
(the table changed) are taken as they come (:class:`GuestAnswers`).
:class:`Joining` joins (the reply code to give back to the host), greets
the host with the game's secret from the invitation, and says when the
connection is lost.
The friends' game is kept apart from the person's own game in this
browser's storage (:class:`GuestStore`).  Plain Python for MicroPython and
CPython.
"""

import asyncio
import json

from ...shared import protocol
from ..faults import EngineFault, Halted
from ..friends import reply_code
from ..player_stats import STATS_KEY
from ..storage import SETTINGS_KEY
from ..words.refusals import refusal_text
from .answers import Answers
from .controller import Controller

REPLY_SECONDS = 20  # how long a friend's page waits for the host's answer before it says the host is silent
GUEST_PREFIX = "hearts.friend."  # the friends' game's copies in a friend's storage
HOST_MESSAGE = "host_message"  # the code of a host's message this page refused
FOR_THE_HOST = ("writes", "jobs", "outbox", "link", "query")  # an answer's fields a friend's device never has
JOINED_KEY = "hearts.joined"  # the host's offer this page last joined the table with (under GUEST_PREFIX)


class GuestStore:
    """A friend's page's store: the friends' game under keys of its own (the person's own game in this
    browser is left as it is); the settings and statistics are the person's own."""

    SHARED = (SETTINGS_KEY, STATS_KEY)

    def __init__(self, store):
        self.store = store

    def _key(self, key: str) -> str:
        return key if key in self.SHARED else GUEST_PREFIX + key

    def getItem(self, key: str):
        """The stored text, or None."""
        return self.store.getItem(self._key(key))

    def setItem(self, key: str, value: str):
        """Store the text (what the browser's store answers: False when it did not)."""
        return self.store.setItem(self._key(key), value)

    def removeItem(self, key: str) -> None:
        """Forget the key."""
        self.store.removeItem(self._key(key))


def local_refusal(code: str, text: str, reply_to: int = None):
    """An answer made on this page: ``code`` refused (nothing went to the host, or what came back was not
    taken), answering this page's message ``reply_to`` when it is known."""
    data = {name: None for name in protocol.Answer.FIELDS}
    data.update(ok=False, refusal={"code": code, "values": {}, "text": text}, results_count=0)
    data.update(new_results=[], writes=[], jobs=[], reviews=[], reviews_reset=False, outbox=[], reply_to=reply_to)
    return protocol.read_answer(json.dumps(data))


def from_host(answer) -> None:
    """Refuse what a host never sends a friend's device: storage writes, review jobs, messages for other
    devices, a deal link (:class:`protocol.Refused`)."""
    for name in FOR_THE_HOST:
        if getattr(answer, name) not in (None, []):
            raise protocol.Refused(name, "is sent to no friend's device")


def refused_message(text: str, error: Exception, waiting: dict):
    """A host's message this page does not take, as this page's refusal (``reason.host_message``, with the
    reason in English); it answers the message of ours it names, when that one is ``waiting``."""
    try:
        data = json.loads(text)
    except (ValueError, RuntimeError):  # (not JSON, or nested too deep for CPython)
        data = None
    reply_to = data.get("reply_to") if isinstance(data, dict) else None
    reason = ("The host's message is refused: " + str(error))[: protocol.MAX_TEXT]
    return local_refusal(HOST_MESSAGE, reason, reply_to if type(reply_to) is int and reply_to in waiting else None)


class GuestClient:
    """The engine client of a friend's page: its intents go to the host's engine over ``connection`` (anything
    with ``send(text)``), and each comes back with the host's answer; ``pushed`` takes the others."""

    def __init__(self):
        self.connection = None
        self.number = 0  # the last message's number on this connection
        self.replies = {}  # message number → [an event, the host's answer]
        self.pushed = None  # called with each answer that answers no intent of ours (the table changed)
        self.last_view = None  # the last view the host sent on this connection (the next may only patch it)
        self.stale = None  # called when the host's changes are to a view this page does not have
        self.halted = False  # the host's fault is on screen: nothing more is sent (pyapp.page.faults)

    @property
    def ready(self) -> bool:
        """Whether the connection to the host is open."""
        return self.connection is not None

    async def send(self, intent: str, **arguments):
        """The host's answer to ``intent`` (one a friend may not send is refused here, as the host would)."""
        if self.halted:
            raise Halted()
        if intent not in protocol.FRIEND_INTENTS:
            return local_refusal("friend_intent", "A friend's device cannot ask for that")
        if self.connection is None:
            return local_refusal("friend_silent", "The connection to the host is lost")
        self.number += 1
        number = self.number
        waiting = [asyncio.Event(), None]
        self.replies[number] = waiting
        self.connection.send(protocol.friend_message(intent, number, **arguments))
        try:
            await asyncio.wait_for(waiting[0].wait(), REPLY_SECONDS)
        except asyncio.TimeoutError:
            self.replies.pop(number, None)
            return local_refusal("friend_silent", "The host does not answer")
        return waiting[1]

    def receive(self, text: str) -> None:
        """A message from the host: the answer to one of ours, or news of the table (``pushed``); one this
        page does not take (a field of the wrong type, say) changes nothing but is answered as refused."""
        try:
            answer = protocol.read_answer(text, self.last_view)
            from_host(answer)
        except protocol.StaleView:  # a message was lost: greeting again, the host sends the whole view
            self.last_view = None
            if self.stale is not None:
                self.stale()
            return
        except (ValueError, RuntimeError) as error:  # (RuntimeError: JSON nested too deep for CPython)
            answer = refused_message(text, error, self.replies)
        if answer.raw_view is not None:
            self.last_view = answer.raw_view
        waiting = self.replies.pop(answer.reply_to, None) if answer.reply_to is not None else None
        if waiting is not None:
            waiting[1] = answer
            waiting[0].set()
        elif self.pushed is not None:
            self.pushed(answer)

    def reset(self) -> None:
        """The connection closed: a new one numbers from the start."""
        self.connection = None
        self.number = 0
        self.last_view = None


class GuestAnswers(Answers):
    """The host's answers, on a friend's page: one whose view is older than the one on screen (a reply
    overtaken by news of the table) keeps the view on screen."""

    def take(self, answer, fresh: bool = False, dealt: bool = False) -> None:
        """The host's answer, unless its view is older than the one on screen."""
        session = self.page.session
        shown = session.view
        if answer.view is not None and shown is not None and session.ready and not fresh:
            if answer.view.turn < shown.turn:
                answer.view = None
                session.take_results(answer.results_count, answer.new_results)  # (which it alone has)
        super().take(answer, fresh, dealt)


class Joining:
    """A friend's page joining the host's table: the reply code, the greeting, a connection lost or quiet."""

    def __init__(self, page, guard, answers, faults, qr):
        """``qr(text)`` (awaitable) draws a QR code as SVG markup."""
        self.page = page
        self.guard = guard
        self.answers = answers
        self.faults = faults
        self.qr = qr
        self.secret = ""  # the game's, from the invitation (said again should the views go astray)
        self.offer = ""  # the host's offer, from the invitation
        page.client.pushed = self.take_news
        page.client.stale = self.greet_again

    async def join(self, invitation, connect) -> None:
        """Join with ``invitation`` (seat, secret, offer): ``connect(offer, stun, opened, received, closed,
        quiet, awake)`` (awaitable) answers the host's offer and gives the connection (with its ``reply``
        code)."""
        page, session, client = self.page, self.page.session, self.page.client
        await page.use_language()
        seat, secret, offer = invitation
        self.secret, self.offer = secret, offer
        # This link joined the table before (the page was reloaded): the host has made a new invitation
        # since, and a reply to this one can never connect, so none is shown.
        rejoining = page.storage.get(JOINED_KEY) == offer
        self.show_joining({"state": "reconnecting" if rejoining else "connecting"})

        def opened():
            self.guard.spawn(self.greet(secret))

        def received(text):
            self.guard.call(client.receive, str(text))

        def lost():
            client.reset()
            self.show_joining({"state": "lost"})

        def closed():
            self.guard.call(lost)

        def quiet():  # the host not heard for a while (or this page was asleep): said until it is heard again
            if session.joining is None:
                self.guard.call(self.show_joining, {"state": "host_quiet"})

        def awake():  # heard again: greeting again takes the seat back (the host may have given it up meanwhile)
            self.guard.spawn(self.greet(secret))

        handlers = (opened, received, closed, quiet, awake)
        try:
            connection = await connect(offer, session.settings.get("stun") or "", *handlers)
        except Exception as error:
            page.actuator.log("The connection to the host could not be made: " + str(error))
            self.show_joining({"state": "failed"})
            return
        client.connection = connection
        if rejoining:
            return  # it says so until the connection opens or closes
        reply = reply_code(seat, str(connection.reply))
        self.show_joining({"state": "reply", "reply": reply, "qr": str(await self.qr(reply))})

    async def greet(self, secret: str) -> None:
        """The connection is open: say the game's secret; the host answers with this seat's view."""
        page, session = self.page, self.page.session
        answer = await self.answers.send(protocol.HELLO, fresh=True, secret=secret)
        if not answer.ok:
            versions = answer.refusal is not None and answer.refusal.code == "versions_differ"
            self.show_joining({"state": "versions" if versions else "failed"})
            return
        page.storage.set(JOINED_KEY, self.offer)
        session.joining = None
        if session.panel == "join":
            session.panel = ""
        page.render()

    def greet_again(self) -> None:
        """The host's views went astray (one was lost): greet again, and the host sends the whole view."""
        self.guard.spawn(self.greet(self.secret))

    def show_joining(self, joining: dict) -> None:
        """Show how the joining goes (or that the connection is lost)."""
        self.page.session.joining = joining
        self.page.session.panel = "join"
        self.page.render()

    def take_news(self, answer) -> None:
        """A message from the host that answers nothing of ours: the table changed (or the host refused a
        message it could not tell apart, which is said; or the host's engine hit a fault)."""
        if answer.fault is not None:
            self.faults.show_fault(EngineFault(answer), host=True)
            return
        if not answer.ok and answer.refusal is not None:
            self.page.notify(refusal_text(answer.refusal))
        self.answers.take(answer)


class GuestController(Controller):
    """A friend's page: joins the host's table (:class:`Joining`), then plays as any page does, on the host's
    engine."""

    ANSWERS = GuestAnswers

    def __init__(self, client, actuator, storage, session, catalog, fetch_language, qr):
        """``qr(text)`` (awaitable) draws a QR code as SVG markup."""
        super().__init__(client, actuator, storage, session, catalog, fetch_language)
        self.joining = Joining(self.page, self.guard, self.answers, self.faults, qr)
        session.intents = protocol.FRIEND_INTENTS  # (the host's timer collects the tricks, for instance)
