"""The panels: opened and closed, the menu, the statistics reset, the settings kept.

Plain Python for MicroPython and CPython.
"""

import json

from ...shared import protocol
from .. import player_stats
from ..player_stats import STATS_KEY


class Panels:
    """Opens and closes the panels, and keeps the settings."""

    def __init__(self, page, answers):
        self.page = page
        self.answers = answers

    async def on_menu(self, action: str, data: dict) -> None:
        """The menu (the top bar folded, on a phone) opened or folded."""
        actuator = self.page.actuator
        actuator.show_menu(not actuator.menu_shown())

    async def on_open(self, action: str, data: dict) -> None:
        """A panel opened (``data-panel``)."""
        session = self.page.session
        session.panel = data["panel"]
        if session.panel == "daily":  # (its links start with this copy's address)
            session.address = self.page.address()
        self.page.render()

    async def on_close(self, action: str, data: dict) -> None:
        """The open panel (or the game's result) closed, with whatever it had asked."""
        session = self.page.session
        form = session.settings.get("form")
        if session.panel == "new" and form and form.get("error"):
            # A refused form, closed: it shows the options played next time, without the error.
            session.settings["form"] = dict(session.settings.get("played") or form, error="")
            self.page.store_settings()
        if not session.panel and session.step == protocol.STEP_OVER:
            session.result_closed = True  # the game-over dialog, closed: the final table stays
        session.panel = ""
        session.review = None
        session.confirm_reset = False
        session.starting = ""  # closed before the engine was up: its Start or Play again no longer stands
        self.page.render()

    async def on_result(self, action: str, data: dict) -> None:
        """The game's result shown again (it was closed)."""
        self.page.session.result_closed = False
        self.page.render()

    async def on_ask_reset_stats(self, action: str, data: dict) -> None:
        """Asked whether the statistics are to be reset."""
        self.page.session.confirm_reset = True
        self.page.render()

    async def on_reset_stats(self, action: str, data: dict) -> None:
        """The statistics reset."""
        session = self.page.session
        session.stats = player_stats.empty()
        session.confirm_reset = False
        self.page.storage.set(STATS_KEY, json.dumps(session.stats))
        self.page.render()

    async def on_welcome_close(self, action: str, data: dict) -> None:
        """The first visit's welcome closed: stored settings say the page has been visited."""
        self.page.session.welcome = False
        self.page.store_settings()
        self.page.render()

    async def on_save_settings(self, action: str, data: dict) -> None:
        """The settings form's values: kept, the language switched, the engine told."""
        page, session = self.page, self.page.session
        values = data["settings"]
        if "stun" in values:
            values["stun"] = "".join(str(values["stun"]).split())[:200]  # an address: no spaces
            failed = [seat for seat, invite in session.invites.items() if invite.get("failed")]
            for seat in failed:
                del session.invites[seat]
        session.settings.update(values)
        session.panel = ""
        await page.use_language()
        page.render()  # in the new language at once, not only when the engine has answered
        page.store_settings()
        if page.client.ready:
            await self.answers.send(protocol.CONFIGURE, settings=session.engine_settings())
        page.render()
