"""Share: links to this copy of the game, the deal in progress or a result, copied or shared.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

from ..shared import protocol
from .i18n import t


class Sharing:
    """Share."""

    async def share(self) -> None:
        """Open the share panel: a link to this copy of the game, and one to the deal in progress."""
        window = self.actuator.window
        address = self.page_address()
        deal = result = ""
        if self.client.ready and self.session.view is not None:
            answer = await self.client.send(protocol.SHARE)
            if answer.ok and answer.verdict is not None:
                result = address + "?" + answer.query  # a finished deal of the day's result
            elif answer.ok:
                deal = address + "?" + answer.query
        native = bool(window.Reflect.has(window.navigator, "share"))
        self.session.share = {"game": address, "deal": deal, "result": result, "native": native}
        self.session.panel = "share"
        self.render()

    async def copy(self, field, native: bool, said: str = "share.copied") -> None:
        """Copy a link from the share panel (or share it with the system's share sheet), or a fault's details;
        ``said``: the catalogue key of what the person is told once it is copied."""
        window = self.actuator.window
        text = field.value
        try:
            if native:
                entries = [["title", self.actuator.document.title], ["url", text]]
                await window.navigator.share(window.Object.fromEntries(entries))
                return
            await window.navigator.clipboard.writeText(text)
            self.notify(t(said))
        except Exception as error:  # (no clipboard here, or the share sheet cancelled): copied by hand
            self.actuator.log("Could not copy or share: " + str(error))
            field.focus()
            field.select()
            self.notify(t("share.copy_by_hand"))

    def page_address(self) -> str:
        """This copy of the game's address (what links to it start with)."""
        location = self.actuator.window.location
        return str(location.origin) + str(location.pathname)

    async def on_share(self, action: str, data: dict) -> None:
        """The share panel."""
        await self.share()

    async def on_copy(self, action: str, data: dict) -> None:
        """A link copied (or shared by the device)."""
        await self.copy(data["field"], bool(data.get("native")), data.get("said") or "share.copied")
