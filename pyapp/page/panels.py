"""The panels: opened and closed, the new-game form remembered, the settings kept.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

import json

from ..shared import protocol
from . import player_stats
from .player_stats import STATS_KEY
from .storage import SETTINGS_KEY


class Panels:
    """The panels."""

    async def on_open(self, action: str, data: dict) -> None:
        """A panel opened (``data-panel``)."""
        self.session.panel = data["panel"]
        if self.session.panel == "daily":  # (its links start with this copy's address)
            self.session.address = self.page_address()
        self.render()

    async def on_close(self, action: str, data: dict) -> None:
        """The open panel (or the game's result) closed, with whatever it had asked."""
        session = self.session
        form = session.settings.get("form")
        if session.panel == "new" and form and form.get("error"):
            # A refused form, closed: it shows the options played next time, without the error.
            session.settings["form"] = dict(session.settings.get("played") or form, error="")
            self.save_settings_only()
        if not session.panel and session.step == protocol.STEP_OVER:
            session.result_closed = True  # the game-over dialog, closed: the final table stays
        session.panel = ""
        session.review = None
        session.confirm_reset = False
        session.starting = ""  # closed before the engine was up: its Start or Play again no longer stands
        self.render()

    async def on_result(self, action: str, data: dict) -> None:
        """The game's result shown again (it was closed)."""
        self.session.result_closed = False
        self.render()

    async def on_ask_reset_stats(self, action: str, data: dict) -> None:
        """Asked whether the statistics are to be reset."""
        self.session.confirm_reset = True
        self.render()

    async def on_reset_stats(self, action: str, data: dict) -> None:
        """The statistics reset."""
        session = self.session
        session.stats = player_stats.empty()
        session.confirm_reset = False
        self.storage.set(STATS_KEY, json.dumps(session.stats))
        self.render()

    async def on_preset(self, action: str, data: dict) -> None:
        """The new-game form follows its preset ("custom" keeps the rules as they are)."""
        self.remember_form(data)
        preset = next((p for p in self.catalog["presets"] if p["name"] == data["preset"]), None)
        if preset is not None:
            self.session.settings["form"]["rules"] = dict(preset["rules"])
        self.render()

    def remember_form(self, data: dict) -> None:
        """Keep what the new-game form says (the engine checks it when the game starts)."""
        form = self.session.settings.get("form") or {}
        form.update(rules=data["rules"], levels=data["levels"], names=data["names"], preset=data["preset"], error="")
        self.session.settings["form"] = form
        self.session.settings["name"] = data["name"]
        self.save_settings_only()

    async def save_settings(self, values: dict) -> None:
        """The settings form's values: kept, the language switched, the engine told."""
        if "stun" in values:
            values["stun"] = "".join(str(values["stun"]).split())[:200]  # an address: no spaces
            failed = [seat for seat, invite in self.session.invites.items() if invite.get("failed")]
            for seat in failed:
                del self.session.invites[seat]
        self.session.settings.update(values)
        self.session.panel = ""
        await self.use_language()
        self.render()  # in the new language at once, not only when the engine has answered
        self.save_settings_only()
        if self.client.ready:
            await self.send(protocol.CONFIGURE, settings=self.session.engine_settings())
        self.render()

    def save_settings_only(self) -> None:
        """Store the settings (they change only when the person changes them)."""
        self.storage.set(SETTINGS_KEY, json.dumps(self.session.settings))
        self.report_storage()

    async def on_welcome_close(self, action: str, data: dict) -> None:
        """The first visit's welcome closed: stored settings say the page has been visited."""
        self.session.welcome = False
        self.save_settings_only()
        self.render()

    async def on_save_settings(self, action: str, data: dict) -> None:
        """The settings saved."""
        await self.save_settings(data["settings"])
