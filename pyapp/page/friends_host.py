"""The host's side of friends at their own devices: invitations, replies, messages to the engine.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

from ..shared import protocol
from .friends import invitation_link, read_reply
from .friends_view import friend_seats
from .i18n import shown_name, t


class FriendsHost:
    """The host's side of friends at their own devices."""

    async def from_friend(self, seat: int, text: str) -> None:
        """A message that came on the connection of the friend in ``seat``: the engine reads it (strictly)."""
        await self.guarded(self.send(protocol.FRIEND, seat=seat, text=text))

    async def friend_gone(self, seat: int) -> None:
        """The connection of the friend in ``seat`` closed (a new invitation is made for them)."""
        self.session.quiet.discard(seat)
        await self.guarded(self.send(protocol.FRIEND_GONE, seat=seat))

    async def friend_quiet(self, seat: int) -> None:
        """The friend in ``seat``'s device has not been heard for a while, its connection still open (a locked
        screen, a frozen page, lost Wi-Fi): away for the engine (the computer plays for them after a while),
        and no new invitation while the connection may come back (their page greets again when it wakes)."""
        view = self.session.view
        if view is not None and view.friends and seat in view.friends["here"]:
            self.session.quiet.add(seat)
            self.notify(t("friends.quiet", name=shown_name(view.seats[seat].name)))
            await self.guarded(self.send(protocol.FRIEND_GONE, seat=seat))

    def keep_invitations(self, before, view, fresh: bool) -> None:
        """An invitation ready for every friend who is not here (each made once), and a word when one comes
        or goes; a friends' game started or reloaded opens the invitations."""
        here = view.friends["here"]
        was = before.friends["here"] if before is not None and before.friends else here
        seats = friend_seats(view)
        quiet = self.session.quiet
        for seat in seats:
            if seat in here:
                self.session.invites.pop(seat, None)
            elif seat not in self.session.invites and seat not in self.inviting and seat not in quiet:
                self.spawn(self.invite(seat, view.friends["secret"]))
            if seat in here and seat in quiet:
                quiet.discard(seat)
                self.notify(t("friends.back", name=shown_name(view.seats[seat].name)))
            elif seat in here and seat not in was:
                self.notify(t("friends.arrived", name=shown_name(view.seats[seat].name)))
            elif seat in was and seat not in here and seat not in quiet:
                self.notify(t("friends.left", name=shown_name(view.seats[seat].name)))
        missing = [seat for seat in seats if seat not in here]
        if fresh and missing:
            self.session.panel = "friends"
        elif self.session.panel == "friends" and not missing and set(here) != set(was):
            self.session.panel = ""  # the last friend has come: to the table

    async def invite(self, seat: int, secret: str) -> None:
        """Prepare the invitation of ``seat``'s friend: a new connection's offer in a link, and its QR code."""
        self.inviting.add(seat)
        try:
            if self.session.camera is None:
                self.session.camera = await self.friends.can_scan()
            offer = await self.friends.invite(seat, self.session.settings.get("stun") or "")
            link = invitation_link(self.page_address(), seat, secret, str(offer))
            self.session.invites[seat] = {"link": link, "qr": str(await self.friends.qr(link))}
        except Exception as error:  # the browser could not make the connection (the panel says so)
            self.actuator.log("The invitation for seat " + str(seat) + " could not be made: " + str(error))
            self.session.invites[seat] = {"failed": True}  # made again when the settings change
        finally:
            self.inviting.discard(seat)
        self.render()

    async def accept_reply(self, seat: int, text: str) -> None:
        """The reply code the host pasted for ``seat``'s friend: their connection is made with it."""
        reply = read_reply(text)
        name = shown_name(self.session.view.seats[seat].name)  # (a notice is text, not markup)
        if reply is None or reply[0] != seat:
            self.notify(t("friends.bad_reply", name=name))
            return
        try:
            await self.friends.accept(seat, reply[1])
        except Exception as error:
            self.actuator.log("The reply for seat " + str(seat) + " could not be taken: " + str(error))
            self.notify(t("friends.bad_reply", name=name))

    async def scan_reply(self, seat: int) -> None:
        """Scan ``seat``'s friend's reply (its QR code) with the camera, and connect with it."""
        name = shown_name(self.session.view.seats[seat].name)
        try:
            text = await self.friends.scan(f"{seat}.", t("friends.scanning", name=name), t("friends.stop_scan"))
        except Exception as error:  # no camera, the person did not allow it, or the reader failed
            self.actuator.log("The camera could not scan: " + str(error))
            self.notify(t("friends.no_camera"))
            return
        if text:
            await self.accept_reply(seat, text)

    async def on_accept_reply(self, action: str, data: dict) -> None:
        """A friend's reply code pasted."""
        if self.friends is not None and self.session.view is not None:
            await self.accept_reply(data["seat"], data["code"])

    async def on_scan(self, action: str, data: dict) -> None:
        """A friend's reply scanned with the camera."""
        if self.friends is not None and self.session.view is not None:
            await self.scan_reply(data["seat"])

    async def on_stand_in(self, action: str, data: dict) -> None:
        """The host lets the computer play for a friend, or gives the seat back."""
        if self.friends is not None and self.session.ready:
            await self.act(protocol.STAND_IN, seat=data["seat"], on=bool(data.get("on")))

    async def on_back(self, action: str, data: dict) -> None:
        """A friend is back at their seat."""
        if self.session.may(protocol.BACK) and self.session.ready:
            await self.act(protocol.BACK)

    async def on_leave(self, action: str, data: dict) -> None:
        """A friend's page leaves the host's table for a game of its own."""
        if not self.session.may(protocol.START):  # a friend's page: to a game of its own
            self.actuator.window.location.assign(self.page_address())
