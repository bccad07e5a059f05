"""Faults: an exception where the engine answers that is no refusal, a bug, told and never retried.

A refusal (:class:`pyapp.engine.reasons.Refusal`) is a reason the engine
chose to give.  Anything else raised while the engine answers an intent is a
fault: the host logs its traceback (the worker's console), answers with a
:class:`pyapp.shared.protocol.Fault` instead of a view (the page says so and
offers Reload; it sends nothing more), tells each friend's device that the
host hit a fault (without the traceback: it may name a card of another
seat's), and keeps the save up to the last action the table took.

A computer player that raises (:class:`BotFault`) is the most likely fault
and the one a reload would meet again: its seat falls back to a simpler
level (:data:`FALLBACK`), stored in the game's header, so that the game
reloaded plays on, and the page says so.  The deal of the day's players
never change (its result would no longer be that day's).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Protocol

from ..shared import traces

# A computer level that failed → the one its seat plays at from then on (the simplest has none: its fault
# stays, and each reload tells it again).
FALLBACK = {"expert": "hard", "hard": "medium", "medium": "basic", "basic": "random"}
MAX_TRACE = 20_000  # characters of a traceback kept for the page's "Copy details" (the innermost calls)


class Levels(Protocol):
    """What a fault's fallback needs of a table (:class:`pyapp.host.table.Table`): its seats (each with its
    computer level, ``bot``), whether it is the deal of the day's (steady players), and a seat's level changed."""

    seats: Sequence[Any]
    steady: bool

    def change_level(self, seat: int, level: str) -> None:
        """Seat ``seat`` played by a computer player of ``level`` from now on."""


class BotFault(Exception):
    """A computer player's decision raised (or was not a legal one): the seat's, with the cause chained."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"The computer player in seat {seat} failed")
        self.seat = seat


def trace_of(error: BaseException) -> str:
    """The whole traceback of ``error`` (its causes too), its last :data:`MAX_TRACE` characters."""
    return traces.trace_of(error)[-MAX_TRACE:]


def fault_of(error: BaseException, table: Levels | None) -> dict[str, Any]:
    """The fault as protocol data (:class:`pyapp.shared.protocol.Fault`), logged whole; a computer player's
    seat falls back to a simpler level when there is one (``level``: the new one, else None)."""
    trace = trace_of(error)
    print("The engine hit a fault:\n" + trace, file=sys.stderr)  # (the worker's console)
    seat = error.seat if isinstance(error, BotFault) else None
    level = fall_back(table, seat) if table is not None and seat is not None else None
    return {"trace": trace, "seat": seat, "level": level}


def fall_back(table: Levels, seat: int) -> str | None:
    """Seat ``seat``'s computer player replaced by one of a simpler level; that level, or None (none simpler,
    a person's seat, or the deal of the day)."""
    level = FALLBACK.get(table.seats[seat].bot or "")
    if level is None or table.steady:
        return None
    table.change_level(seat, level)
    return level


def for_friend(fault: dict[str, Any]) -> dict[str, Any]:
    """What a friend's device is told of a fault: which seat failed, never the traceback (it may show a card
    that device may not see)."""
    return {"trace": "", "seat": fault["seat"], "level": fault["level"]}
