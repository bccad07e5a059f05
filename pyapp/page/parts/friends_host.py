"""The host's side of friends at their own devices: invitations, replies, messages to the engine.

Plain Python for MicroPython and CPython.
"""

from ...shared import protocol
from ..friends import invitation_link, read_reply
from ..views.friends_view import friend_seats
from ..words.i18n import shown_name, t, t_about


class FriendsHost:
    """The host's side of friends at their own devices (their connections: ``page.links``)."""

    def __init__(self, page, guard, answers):
        self.page = page
        self.guard = guard
        self.answers = answers
        self.inviting = set()  # seats whose invitation is being prepared
        answers.listen(shown=self.shown)

    async def from_friend(self, seat: int, text: str) -> None:
        """A message that came on the connection of the friend in ``seat``: the engine reads it (strictly)."""
        await self.guard.guarded(self.answers.send(protocol.FRIEND, seat=seat, text=text))

    async def friend_gone(self, seat: int) -> None:
        """The connection of the friend in ``seat`` closed (a new invitation is made for them)."""
        self.page.session.quiet.discard(seat)
        await self.guard.guarded(self.answers.send(protocol.FRIEND_GONE, seat=seat))

    async def friend_quiet(self, seat: int) -> None:
        """The friend in ``seat``'s device has not been heard for a while, its connection still open (a locked
        screen, a frozen page, lost Wi-Fi): away for the engine (the computer plays for them after a while),
        and no new invitation while the connection may come back (their page greets again when it wakes)."""
        session = self.page.session
        view = session.view
        if view is not None and view.friends and seat in view.friends["here"]:
            session.quiet.add(seat)
            self.page.notify(t("friends.quiet", name=shown_name(view.seats[seat].name)))
            await self.guard.guarded(self.answers.send(protocol.FRIEND_GONE, seat=seat))

    def shown(self, before, view, fresh: bool) -> None:
        """A view shown: another game closes the last one's connections; a friends' game keeps its
        invitations."""
        if self.page.links is None:
            return
        if fresh:  # another game: the last one's connections and invitations go
            self.page.links.close_all()
            self.page.session.invites, self.page.session.quiet = {}, set()
        if view.friends and view.friends.get("secret"):
            self.keep_invitations(before, view, fresh)

    def keep_invitations(self, before, view, fresh: bool) -> None:
        """An invitation ready for every friend who is not here (each made once), and a word when one comes
        or goes; a friends' game started or reloaded opens the invitations."""
        page, session = self.page, self.page.session
        here = view.friends["here"]
        was = before.friends["here"] if before is not None and before.friends else here
        seats = friend_seats(view)
        quiet = session.quiet
        for seat in seats:
            name = shown_name(view.seats[seat].name)
            if seat in here:
                session.invites.pop(seat, None)
            elif seat not in session.invites and seat not in self.inviting and seat not in quiet:
                self.guard.spawn(self.invite(seat, view.friends["secret"]))
            if seat in here and seat in quiet:
                quiet.discard(seat)
                page.notify(t("friends.back", name=name))
            elif seat in here and seat not in was:
                page.notify(t_about("friends.arrived", name))
            elif seat in was and seat not in here and seat not in quiet:
                page.notify(t_about("friends.left", name))
        missing = [seat for seat in seats if seat not in here]
        if fresh and missing:
            session.panel = "friends"
        elif session.panel == "friends" and not missing and set(here) != set(was):
            session.panel = ""  # the last friend has come: to the table

    async def invite(self, seat: int, secret: str) -> None:
        """Prepare the invitation of ``seat``'s friend: a new connection's offer in a link, and its QR code."""
        page, session, links = self.page, self.page.session, self.page.links
        self.inviting.add(seat)
        try:
            if session.camera is None:
                session.camera = await links.can_scan()
            offer = await links.invite(seat, session.settings.get("stun") or "")
            link = invitation_link(page.address(), seat, secret, str(offer))
            session.invites[seat] = {"link": link, "qr": str(await links.qr(link))}
        except Exception as error:  # the browser could not make the connection (the panel says so)
            page.actuator.log("The invitation for seat " + str(seat) + " could not be made: " + str(error))
            session.invites[seat] = {"failed": True}  # made again when the settings change
        finally:
            self.inviting.discard(seat)
        page.render()

    async def accept_reply(self, seat: int, text: str) -> None:
        """The reply code the host pasted for ``seat``'s friend: their connection is made with it."""
        page = self.page
        reply = read_reply(text)
        name = shown_name(page.session.view.seats[seat].name)  # (a notice is text, not markup)
        if reply is None or reply[0] != seat:
            page.notify(t_about("friends.bad_reply", name))
            return
        try:
            await page.links.accept(seat, reply[1])
        except Exception as error:
            page.actuator.log("The reply for seat " + str(seat) + " could not be taken: " + str(error))
            page.notify(t_about("friends.bad_reply", name))

    async def on_accept_reply(self, action: str, data: dict) -> None:
        """A friend's reply code pasted."""
        if self.page.links is not None and self.page.session.view is not None:
            await self.accept_reply(data["seat"], data["code"])

    async def on_scan(self, action: str, data: dict) -> None:
        """A friend's reply scanned with the camera (its QR code), and connected with."""
        page = self.page
        if page.links is None or page.session.view is None:
            return
        seat = data["seat"]
        name = shown_name(page.session.view.seats[seat].name)
        try:
            text = await page.links.scan(f"{seat}.", t_about("friends.scanning", name), t("friends.stop_scan"))
        except Exception as error:  # no camera, the person did not allow it, or the reader failed
            page.actuator.log("The camera could not scan: " + str(error))
            page.notify(t("friends.no_camera"))
            return
        if text:
            await self.accept_reply(seat, text)

    async def on_stand_in(self, action: str, data: dict) -> None:
        """The host lets the computer play for a friend, or gives the seat back."""
        if self.page.links is not None and self.page.session.ready:
            await self.answers.act(protocol.STAND_IN, seat=data["seat"], on=bool(data.get("on")))

    async def on_become_table(self, action: str, data: dict) -> None:
        """The host's device becomes the table's own screen; their cards go to their own phone (an invitation
        for their seat appears in the panel, which stays open)."""
        if self.page.links is not None and self.page.session.ready:
            await self.answers.act(protocol.BECOME_TABLE)

    async def on_back(self, action: str, data: dict) -> None:
        """A friend is back at their seat."""
        session = self.page.session
        if session.may(protocol.BACK) and session.ready:
            await self.answers.act(protocol.BACK)

    async def on_leave(self, action: str, data: dict) -> None:
        """A friend's page leaves the host's table for a game of its own."""
        if not self.page.session.may(protocol.START):  # a friend's page: to a game of its own
            self.page.actuator.window.location.assign(self.page.address())
