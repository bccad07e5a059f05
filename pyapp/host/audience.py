"""Who a view is for, and what their device has read of the table (the same for every device).

The host's own page and each friend's device each have an :class:`Audience`:
the seat whose eyes they are, the finished hands whose summary they have
read, their count of views (the page times its steps by it), the last view
they were sent (a friend is sent only what changed) and how many hand results
they have.  A person of a party at one device is the host's page's audience
with the seat of whoever holds the device.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Audience:
    """One device's eyes on the table and what it has read so far."""

    seat: int = 0
    hands_read: int = 0  # the finished hands whose summary it has read
    turn: int = 0  # its count of views sent (a timed step names the turn it was timed for)
    shown: dict[str, Any] | None = None  # the last view sent, its turn left out (None: send it whole)
    sent_results: int = 0  # the hand results its device has

    def unsent(self, results: list[Any]) -> list[Any]:
        """The hand results (of all of them, ``results``) its device has not had, now counted as sent."""
        new = results[self.sent_results :]
        self.sent_results = len(results)
        return new

    def forget_sent(self) -> None:
        """Its device starts afresh (a new connection, a game loaded): everything is sent again."""
        self.shown = None
        self.sent_results = 0
