"""The page's main thread (MicroPython): the bootstrap that wires the page's parts together.

Input (:mod:`web.input`) turns events into intents, the controller
(:mod:`web.controller`) sends them through the engine client
(:mod:`web.client`, the only code that talks to the Pyodide worker, which
``assets/boot.js`` starts and offers as ``window.heartsEngine``), keeps
the game in storage (:mod:`web.storage`) and has the actuator
(:mod:`web.actuator`) draw it.
"""

import asyncio
import json

from pyscript import document, fetch, window
from pyscript.ffi import create_proxy

from pyapp.web.actuator import Actuator
from pyapp.web.client import EngineClient, ThinkerClient
from pyapp.web.controller import Controller
from pyapp.web.input import InputManager
from pyapp.web.session import Session
from pyapp.web.storage import SETTINGS_KEY, Storage, parse_json


def browser_storage() -> Storage:
    """localStorage when the browser allows it, memory otherwise."""
    try:
        return Storage(window.localStorage)
    except Exception:
        storage = Storage()
        storage.problem = "storage.unavailable"
        return storage


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
    path = "pyapp/web/text_" + code + ".mpy"
    try:
        open(path, "rb").close()
        return
    except OSError:
        pass
    response = await fetch("./app/web/text_" + code + ".mpy")
    if not response.ok:
        raise OSError("HTTP " + str(response.status))
    data = await response.bytearray()
    with open(path, "wb") as file:
        file.write(data)


storage = browser_storage()
with open("pyapp/web/catalog.json") as catalog_file:
    catalog = json.load(catalog_file)
controller = Controller(
    EngineClient(),
    Actuator(document, window),
    storage,
    Session(parse_json(storage.get(SETTINGS_KEY)), catalog["cards_passed"]),
    catalog,
    fetch_language,
    ThinkerClient(window.heartsThinker),
)
InputManager(document, create_proxy, controller)
# Give the browser a turn between PyScript's own start and the first draw: one long task otherwise.
await asyncio.sleep(0.001)  # noqa: F704 - PyScript runs this with top-level await
seed = 1 + int(window.Math.random() * (2**31 - 2))  # a new game's deal number, should this visit need one
await controller.boot(window.heartsEngine, take_link_query(), seed)  # noqa: F704 - PyScript runs this with top-level await
