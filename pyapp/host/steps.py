"""What happens next at the table for one device, and when its page says CONTINUE (the step machine).

The engine decides the pace of the game, not the page: whose turn it is,
when a computer plays, when a finished trick is collected and when a hand's
summary has been read.  Each view names its device's next step
(``protocol.STEP_*``) and after how many milliseconds that page sends
CONTINUE (None: it waits for its person).  Only the host's page times the
table: a friend's page times nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.match import Phase
from ..engine.observation import last_trick_key
from ..shared import protocol
from .audience import Audience
from .friends import Friends
from .table import Table

SPEED_DELAYS_MS = {"instant": 0, "fast": 250, "normal": 650, "slow": 1200}  # a computer seat's delay
COLLECT_DELAY_MS = 1200  # "collect by timer": how long a finished trick stays on the table
SUMMARY_ON_TABLE_MS = 12_000  # how long the table's own screen shows a hand's summary to the room


@dataclass
class Pace:
    """What times the table besides its cards: the page's settings, the last finished trick taken off the
    table (by the host's page: a friend's follows it), party mode's holder of the device, and the friends."""

    settings: dict[str, Any]
    collected: str = ""  # the key of the last finished trick taken off the table
    shown_to: int | None = None  # party mode: who has taken the device
    friends: Friends | None = None

    def next_step(
        self, table: Table, audience: Audience, own_page: bool, party: bool, screen: bool = False
    ) -> tuple[str, int | None]:
        """What happens next for ``audience`` (the host's page, or a friend's), and after how many ms its
        page sends CONTINUE (None: it waits).  A friend's view is timed by nothing: the host's timer collects
        a trick and plays the computers.  ``screen``: the host's page is the table's own screen, which
        decides nothing and shows a summary for a while."""
        match = table.match
        seat, seen = audience.seat, audience.hands_read
        delay = SPEED_DELAYS_MS.get(self.settings["speed"], SPEED_DELAYS_MS["normal"])
        if own_page and party and seat != self.shown_to:
            return protocol.STEP_HANDOFF, None
        if match.last_trick and last_trick_key(match) != self.collected:
            # With friends at the table a trick is collected by the host's timer: nobody waits for a click.
            timer = self.settings["collect"] == "timer" or self.friends is not None
            return protocol.STEP_COLLECT, COLLECT_DELAY_MS if timer else None
        # While the person reads the summary or picks cards to pass, the computers choose their passes.
        waiting = 0 if table.passes_waiting and own_page else None
        if len(match.results) > seen:
            return protocol.STEP_SUMMARY, SUMMARY_ON_TABLE_MS if screen and waiting is None else waiting
        if match.phase is Phase.OVER:
            return protocol.STEP_OVER, None
        if seat in table.people_to_act and not screen:
            step = match.phase.value
            single = step == protocol.STEP_PLAY and len(match.legal_cards(seat)) == 1
            autoplay = single and self.settings["autoplay"] == "on" and own_page
            return step, delay if autoplay else waiting
        if table.people_to_act:  # a friend decides (the computers pass meanwhile), or after a while the
            return protocol.STEP_WAIT, self._stand_in_after(table, waiting) if own_page else None  # computer
        if table.bots_to_act:
            return protocol.STEP_BOT, delay if own_page else None
        return protocol.STEP_WAIT, None

    def _stand_in_after(self, table: Table, waiting: int | None) -> int | None:
        """When the host's page times the next step while friends decide: a computer's pass (``waiting``), or
        the computer's decision for a friend who left, once they have been waited for."""
        waits = [self.friends.wait_ms(seat) for seat in table.people_to_act] if self.friends else []
        due = [round(ms) for ms in waits if ms is not None]
        if waiting is not None:
            due.append(waiting)
        return min(due) if due else None
