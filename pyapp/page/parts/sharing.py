"""Share: links to this copy of the game, the deal in progress or a result, copied or shared.

Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from ..words.i18n import t


class Sharing:
    """The share panel, and copying its links (or a fault's details)."""

    def __init__(self, page):
        self.page = page

    async def on_share(self, action: str, data: dict) -> None:
        """Open the share panel: a link to this copy of the game, and one to the deal in progress."""
        page = self.page
        window = page.actuator.window
        address = page.address()
        deal = result = ""
        if page.client.ready and page.session.view is not None:
            answer = await page.client.send(protocol.SHARE)
            if answer.ok and answer.verdict is not None:
                result = address + "?" + answer.query  # a finished deal of the day's result
            elif answer.ok:
                deal = address + "?" + answer.query
        native = bool(window.Reflect.has(window.navigator, "share"))
        page.session.share = {"game": address, "deal": deal, "result": result, "native": native}
        page.session.panel = "share"
        page.render()

    async def on_copy(self, action: str, data: dict) -> None:
        """Copy the field ``data-target`` (a link of the share panel, a fault's details) or share it with the
        system's share sheet (``data-native``); ``data-said``: the catalogue key of what the person is told
        once it is copied."""
        page = self.page
        window = page.actuator.window
        field = data["target"]
        text = page.actuator.form.field_text(field)
        try:
            if data.get("native"):
                entries = [["title", page.actuator.document.title], ["url", text]]
                await window.navigator.share(window.Object.fromEntries(entries))
                return
            await window.navigator.clipboard.writeText(text)
            page.notify(t(data.get("said") or "share.copied"))
        except Exception as error:  # (no clipboard here, or the share sheet cancelled): copied by hand
            page.actuator.log("Could not copy or share: " + str(error))
            page.actuator.form.select_field(field)
            page.notify(t("share.copy_by_hand"))
