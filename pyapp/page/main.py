"""The page's main thread (MicroPython): the bootstrap that wires the page's parts together.

Input (:mod:`pyapp.page.parts.input`) turns events into intents, the controller
(:mod:`pyapp.page.parts.controller`) hands each to its part, which sends it through the engine client
(:mod:`pyapp.page.client`, the only code that talks to the Pyodide worker, which
``assets/boot.js`` starts and offers as ``window.heartsEngine``), keeps
the game in storage (:mod:`pyapp.page.storage`) and has the actuator
(:mod:`pyapp.page.views.actuator`) draw it.
"""

import asyncio
import json

# MicroPython's own modules: PyScript's Python package is left out of the page (tools/build.py).
from js import Uint8Array, document, fetch, window
from jsffi import create_proxy

# The page's modules (in place: assets/boot.js's unpackPage), a group at a time, the browser getting a turn
# before each (the click it may be holding is taken at once): MicroPython imports them in one task, and all
# of them at once were one of 100-120 ms.  The names are taken from them below.
IMPORTED_IN_TURN = (
    ("pyapp.page.client", "pyapp.page.words.i18n"),  # the engine's client, the shared contract, the words
    ("pyapp.page.views.table_view", "pyapp.page.views.hand_view", "pyapp.page.views.view"),  # the drawing
    ("pyapp.page.parts.controller", "pyapp.page.parts.guest", "pyapp.page.views.actuator"),  # the parts
)
for group in IMPORTED_IN_TURN:
    await asyncio.sleep(0.001)  # noqa: F704 - PyScript runs this with top-level await
    for module in group:
        __import__(module)

from pyapp.page.client import EngineClient, ThinkerClient  # noqa: E402
from pyapp.page.friends import JOIN, read_invitation  # noqa: E402
from pyapp.page.parts.controller import Controller  # noqa: E402
from pyapp.page.parts.guest import GuestClient, GuestController, GuestStore  # noqa: E402
from pyapp.page.parts.input import InputManager  # noqa: E402
from pyapp.page.session import Session  # noqa: E402
from pyapp.page.storage import Storage  # noqa: E402
from pyapp.page.stored_settings import load_settings  # noqa: E402
from pyapp.page.views.actuator import Actuator  # noqa: E402


def browser_storage() -> Storage:
    """localStorage when the browser allows it (through boot.js's ``heartsStorage``, whose calls never throw:
    MicroPython cannot catch what JavaScript throws), memory otherwise."""
    if window.heartsStorage is None:
        storage = Storage()
        storage.problem = "storage.unavailable"
        return storage
    return Storage(window.heartsStorage)


def random_hex(size: int) -> str:
    """``size`` bytes from the browser's cryptographic generator, as lowercase hex."""
    values = window.crypto.getRandomValues(window.Uint8Array.new(size))
    return "".join("{:02x}".format(values[index]) for index in range(size))


def take_link_query() -> str:
    """The page address's query (a shared deal), removed from the address so a reload does not repeat it."""
    query = str(window.location.search or "")
    if query:
        window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash)
    return query


async def fetch_language(code: str) -> None:
    """Put language ``code``'s catalogue among MicroPython's files, from the site (offline: the service worker's copy).

    Only English comes with the page (tools/build.py); the others are fetched when first used.
    """
    path = "pyapp/page/words/text_" + code + ".mpy"
    try:
        open(path, "rb").close()
        return
    except OSError:
        pass
    response = await fetch("./app/page/words/text_" + code + ".mpy")
    if not response.ok:
        raise OSError("HTTP " + str(response.status))
    data = bytes(Uint8Array.new(await response.arrayBuffer()))
    with open(path, "wb") as file:
        file.write(data)


class FriendsLink:
    """The host's connections to its friends' devices (``assets/friends.mjs``), for the controller's friends
    part (:class:`pyapp.page.parts.friends_host.FriendsHost`): what comes on a friend's connection goes to
    the engine (the next from that friend once it has answered), and a closed one, or one gone quiet, is said."""

    def __init__(self, friends, guard):
        def opened(seat):
            pass  # the friend's page greets first

        async def take(seat, text, answered):
            try:
                await friends.from_friend(seat, text)
            finally:
                answered()  # that friend's next message may go to the engine

        def received(seat, text, answered):
            guard.spawn(take(int(seat), str(text), answered))

        def closed(seat):
            guard.spawn(friends.friend_gone(int(seat)))

        def quiet(seat):
            guard.spawn(friends.friend_quiet(int(seat)))

        self.proxies = [create_proxy(handler) for handler in (opened, received, closed, quiet)]
        self.host = window.heartsFriends.createHost(*self.proxies)

    async def invite(self, seat: int, stun: str):
        """A new connection's offer (its code) for ``seat``'s friend."""
        return await self.host.invite(seat, stun)

    async def accept(self, seat: int, code: str) -> None:
        """``seat``'s friend's reply to it."""
        await self.host.accept(seat, code)

    def close_all(self) -> None:
        """Close every connection (another game begins)."""
        self.host.closeAll()

    def send(self, seat: int, text: str) -> None:
        """A message to ``seat``'s friend's device."""
        self.host.send(seat, text)

    async def qr(self, text: str):
        """A QR code of ``text``, as SVG markup."""
        return await window.heartsFriends.qrSvg(text)

    async def can_scan(self) -> bool:
        """Whether this device has a camera to scan a reply's QR code with."""
        return bool(await window.heartsFriends.canScan())

    async def scan(self, prefix: str, title: str, cancel: str):
        """The text of a QR code starting with ``prefix`` that the camera saw, or None (cancelled)."""
        return str(await window.heartsFriends.scan(prefix, title, cancel)) or None


async def connect_to_host(offer: str, stun: str, opened, received, closed, quiet, awake):
    """A friend's page: answer the host's offer (the connection, with its reply code)."""
    handlers = [create_proxy(handler) for handler in (opened, received, closed, quiet, awake)]
    return await window.heartsFriends.join(offer, stun, *handlers)


async def qr_code(text: str):
    """A QR code of ``text``, as SVG markup."""
    return await window.heartsFriends.qrSvg(text)


with open("pyapp/page/catalog.json") as catalog_file:
    catalog = json.load(catalog_file)
fragment = str(window.location.hash or "")
invitation = read_invitation(fragment)
if fragment.startswith(JOIN):  # a friend's page: it plays on the host's engine (boot.js started none here)
    storage = browser_storage()
    storage.store = GuestStore(storage.store)
    document.documentElement.setAttribute("data-guest", "true")
    settings = Session(load_settings(storage), catalog["cards_passed"])
    controller = GuestController(
        GuestClient(), Actuator(document, window), storage, settings, catalog, fetch_language, qr_code
    )
    InputManager(document, create_proxy, controller)
    if invitation is None:  # a damaged invitation link: it says so (and asks for a new one)
        await controller.page.use_language()  # noqa: F704 - PyScript runs this with top-level await
        controller.joining.show_joining({"state": "failed"})
    else:
        await controller.joining.join(invitation, connect_to_host)  # noqa: F704 - PyScript runs this with top-level await
else:
    storage = browser_storage()
    controller = Controller(
        EngineClient(window.heartsRestartEngine),
        Actuator(document, window),
        storage,
        Session(load_settings(storage), catalog["cards_passed"]),
        catalog,
        fetch_language,
        ThinkerClient(window.heartsThinker),
    )
    controller.page.links = FriendsLink(controller.friends, controller.guard)
    lost = create_proxy(lambda event: controller.guard.call(controller.faults.engine_stopped))
    window.addEventListener("hearts:engine-lost", lost)
    InputManager(document, create_proxy, controller)
    # Give the browser a turn between PyScript's own start and the first draw: one long task otherwise.
    await asyncio.sleep(0.001)  # noqa: F704 - PyScript runs this with top-level await
    deal = {"seed": random_hex(16), "name": random_hex(8)}  # a new game's secret deal, should this visit need one
    await controller.startup.boot(window.heartsEngine, take_link_query(), deal)  # noqa: F704 - PyScript runs this with top-level await
