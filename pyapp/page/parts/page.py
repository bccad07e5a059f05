"""What every part of the page's controller is given: the engine client, the screen, storage and the session.

Plain Python for MicroPython and CPython (the browser's objects come in
through the actuator).
"""

import json

from ..storage import SETTINGS_KEY
from ..words.i18n import DEFAULT as DEFAULT_LANGUAGE
from ..words.i18n import pick_language, set_language, t

ASIDE_NOTICE_SECONDS = 15  # what was set aside: a sentence or two to read (it covers part of a phone's hand)


class Page:
    """The page's shared services: draw, tell, store the settings, speak the chosen language."""

    def __init__(self, client, actuator, storage, session, catalog, fetch_language, thinker=None):
        """``fetch_language(code)`` (awaitable) makes a language's catalogue importable (see main.py);
        ``thinker`` (a :class:`pyapp.page.client.ThinkerClient`, or None: no reviews) computes hand reviews."""
        self.client = client
        self.thinker = thinker
        self.actuator = actuator
        self.storage = storage
        self.session = session
        self.catalog = catalog
        self.fetch_language = fetch_language
        # The connections to friends' devices (main.py's FriendsLink; tests bring their own): invite(seat,
        # stun) gives an offer's code, accept(seat, code) takes a reply's, send(seat, text), qr(text) an SVG.
        self.links = None

    async def use_language(self) -> None:
        """Speak the chosen language (or the browser's) and label the page's fixed parts in it.

        Only English comes with the page; another language's catalogue is fetched when it is first
        used (English if it cannot be, say offline before the service worker has it).
        """
        chosen = self.session.settings.get("language")
        code = set_language(chosen or pick_language(list(self.actuator.window.navigator.languages)))
        if code != DEFAULT_LANGUAGE:
            try:
                await self.fetch_language(code)
            except Exception as error:  # (offline before the service worker has it, say: English meanwhile)
                self.actuator.log("The " + code + " catalogue could not be fetched: " + str(error))
                code = set_language(DEFAULT_LANGUAGE)
        self.actuator.label_page(code)

    def render(self, focus: bool = True) -> None:
        """Draw the page from the session (as of today: the page may stay open past midnight); ``focus``:
        put the focus where the drawing wants it now (else the actuator's ``place_focus`` does, later)."""
        self.session.today = self.actuator.today()
        self.actuator.render(self.session, self.catalog, focus)

    def notify(self, text: str, seconds: float = None) -> None:
        """A short message for the person."""
        if seconds is None:
            self.actuator.notify(text)
        else:
            self.actuator.notify(text, seconds)

    def report_storage(self) -> None:
        """Tell the person what was set aside on this visit (all of it again when there is more: a notice
        replaces the last one), and once when the browser's storage failed."""
        storage = self.storage
        texts = []
        aside = len(storage.aside) > storage.told
        if aside:
            storage.told = len(storage.aside)
            for key, values in storage.aside:
                words = {
                    name: ", ".join(t(item) for item in value) if isinstance(value, list) else value
                    for name, value in values.items()
                }
                texts.append(t(key, **words))
        if storage.problem:
            texts.append(t(storage.problem))
            storage.problem = ""
        if texts:
            self.notify(" ".join(texts), ASIDE_NOTICE_SECONDS if aside else None)

    def store_settings(self) -> None:
        """Store the settings (they change only when the person changes them)."""
        self.storage.set(SETTINGS_KEY, json.dumps(self.session.settings))
        self.report_storage()

    def address(self) -> str:
        """This copy of the game's address (what links to it start with)."""
        location = self.actuator.window.location
        return str(location.origin) + str(location.pathname)
