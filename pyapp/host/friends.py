"""Friends at their own devices: what the host's engine takes from them, and what it keeps of each.

In a friends' game the host's page runs the engine; a friend's device holds
nothing but its own seat's views.  Each message from a friend reaches the
engine through the host's page (:data:`pyapp.shared.protocol.FRIEND`: the seat
whose connection it came on, and the text as it came), and is read here
strictly before the host acts on it: its size and JSON, the protocol's
version, a message number that only grows (a replayed message is refused),
the game's secret in the greeting (an old or guessed invitation cannot
join), an intent a friend may send, the seat it speaks for (only its own),
and the pace (a flood is refused, and the game goes on).  Plain Python: it
runs in the engine's worker and under CPython's tests.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.reasons import Reason, Refusal
from ..shared import protocol
from ..shared.protocol import STAND_IN_MS
from .audience import Audience

MAX_FRIEND_MESSAGE = 2_000  # characters: the longest thing a friend says is a pass of three cards
BURST = 20  # messages a friend may send at once ...
PER_SECOND = 4.0  # ... and the pace they may keep up (far above any person's)


def new_secret() -> str:
    """A game's secret: 128 random bits, as hex (what an invitation carries and a greeting repeats)."""
    return secrets.token_hex(16)


def refused(text: str, code: str) -> Refusal:
    """A friend's message the host does not take (the friend's page words the code)."""
    return Refusal(Reason(text, code))


@dataclass
class Friend(Audience):
    """One friend's seat at the host's table: what its device has read (an :class:`Audience`) and the
    connection's state."""

    greeted: bool = False  # the current connection has said the game's secret
    number: int = 0  # the last message number taken on this connection
    read: int | None = None  # the number of the message being read, once it is known to be a new one
    tokens: float = BURST
    stamp: float = field(default=0.0)
    left: float | None = None  # when the friend's connection closed (the computer plays for them later)
    benched: bool = False  # the host let the computer play for them (until they say they are back)
    hinted: int = -1  # where in the history the friend last had a hint (one a decision)
    reviews: set[int] = field(default_factory=set)  # the reviewed hands the friend's page has been told of

    def reset(self) -> None:
        """The connection closed: the next one starts from its greeting, and is sent everything again."""
        self.greeted = False
        self.number = 0
        self.forget_sent()
        self.reviews = set()

    def leave(self, now: float) -> None:
        """The connection closed at ``now``: waited for, then the computer plays for them."""
        self.reset()
        self.left = now


class Friends:
    """The friends' seats of one game, with its secret; ``clock`` gives seconds (for the pace)."""

    def __init__(self, secret: str, seats: list[int], clock: Callable[[], float] = time.monotonic) -> None:
        self.secret = secret
        self.seats = {seat: Friend(seat=seat) for seat in seats}
        self.clock = clock
        self.waits = False  # the host's choice: a friend who left is waited for as long as it takes

    @property
    def connected(self) -> list[Friend]:
        """The friends whose device is here now (greeted on an open connection)."""
        return [friend for friend in self.seats.values() if friend.greeted]

    def at(self, seat: Any) -> Friend | None:
        """The friend in ``seat`` (None: no friend sits there, or that is no seat)."""
        return self.seats.get(seat) if type(seat) is int else None

    def add(self, seat: int, hands_read: int) -> None:
        """A friend's seat more, for the person who played it at the host's device (who has read the summaries
        of ``hands_read`` hands): they come on their own device, with a new invitation."""
        self.seats[seat] = Friend(seat=seat, hands_read=hands_read)

    def gone(self, seat: Any) -> None:
        """The connection of ``seat``'s friend closed (the host's page says so)."""
        friend = self.at(seat)
        if friend is not None and friend.greeted:
            friend.leave(self.clock())

    def all_left(self) -> None:
        """Every friend's connection is gone at once (the host's page was reloaded)."""
        for friend in self.seats.values():
            friend.leave(self.clock())

    def bench(self, seat: Any, on: bool) -> None:
        """The host lets the computer play for ``seat``'s friend from now on (``on``), or no longer."""
        friend = self.at(seat)
        if friend is None:
            raise refused("No friend sits in that seat", "friend_unknown")
        friend.benched = on

    def wait_ms(self, seat: int) -> float | None:
        """How long the computer waits yet before it plays for ``seat``'s friend, who left or whom the host
        let it play for (0: it plays for them now; None: the friend is here, or has not come yet, or left and
        the host chose to wait for them: their seat waits for them)."""
        friend = self.seats.get(seat)
        if friend is not None and friend.benched:
            return 0.0
        if friend is None or friend.greeted or friend.left is None or self.waits:
            return None
        return max(0.0, STAND_IN_MS - (self.clock() - friend.left) * 1000)

    def waited(self) -> list[int]:
        """The friends who left and are waited for as long as it takes (the host chose to wait)."""
        if not self.waits:
            return []
        left = [friend for friend in self.seats.values() if friend.left is not None and not friend.greeted]
        return [friend.seat for friend in left if not friend.benched]

    def view(self, own_page: bool) -> dict[str, Any]:
        """Who of the friends is here (a device connected), who is away (how long until the computer plays
        for them, or waited for as long as it takes), whom the host let the computer play for, and for the
        host's own page the game's secret that its invitations carry (a friend's view has none: theirs came in
        their invitation)."""
        here = [friend.seat for friend in self.connected]
        away = [[seat, round(ms)] for seat in self.seats if (ms := self.wait_ms(seat)) is not None]
        benched = [friend.seat for friend in self.seats.values() if friend.benched]
        secret = self.secret if own_page else ""
        return {"secret": secret, "here": here, "away": away, "waited": self.waited(), "benched": benched}

    def read(self, seat: Any, text: Any) -> tuple[Friend, dict[str, Any]]:
        """The friend and their message, read strictly; anything not to be taken raises ``ValueError``
        with a reason (the message is then dropped: nothing of the game changes)."""
        friend = self.at(seat)
        if friend is None:
            raise refused("No friend sits in that seat", "friend_unknown")
        friend.read = None
        if not isinstance(text, str) or len(text) > MAX_FRIEND_MESSAGE:
            self._pace(friend)
            raise refused("The message is too long", "message_unreadable")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # (nested too deep is unreadable too)
            data = None
        number = data.get("n") if isinstance(data, dict) else None
        if type(number) is int and number > friend.number:
            friend.read = number  # a new message: a refusal from here on answers it (its page waits for that)
        self._pace(friend)
        if data is None:
            raise refused("The message is not readable JSON", "message_unreadable")
        if not isinstance(data, dict) or data.get("intent") not in protocol.FRIEND_INTENTS:
            raise refused("A friend's device cannot ask for that", "friend_intent")
        if data.get("version") != protocol.FRIENDS_VERSION:
            raise refused("The two devices run different versions of the game: reload both", "versions_differ")
        if friend.read is None:
            raise refused("The message came before, or out of order", "friend_replayed")
        try:
            protocol.read_friend_intent(data)
        except protocol.Refused as error:  # (a device of another build, or not ours)
            raise refused("The message's " + str(error), "message_unreadable") from None
        if "seat" in data and data["seat"] != seat:
            raise refused("That seat is not yours", "seat_not_yours")
        if data["intent"] == protocol.HELLO:
            said = data.get("secret")
            if not isinstance(said, str) or not said.isascii() or not secrets.compare_digest(said, self.secret):
                raise refused("The invitation is not of this game", "friend_secret")
            friend.reset()
            friend.greeted, friend.left, friend.benched = True, None, False  # (back: they play their seat)
        elif not friend.greeted:
            raise refused("Join with the invitation first", "friend_secret")
        friend.number = number  # taken (a refusal below, of what it asks for, still uses it up)
        return friend, data

    def _pace(self, friend: Friend) -> None:
        """Refuse a message beyond the pace (a token bucket: :data:`BURST` at once, :data:`PER_SECOND`)."""
        now = self.clock()
        friend.tokens = min(BURST, friend.tokens + (now - friend.stamp) * PER_SECOND)
        friend.stamp = now
        if friend.tokens < 1:
            raise refused("Too many messages: wait a moment", "friend_flood")
        friend.tokens -= 1
