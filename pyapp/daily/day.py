"""The deal of the day: a pure function from a calendar date to the game everyone plays that day.

The seed is public by design (everyone is dealt the same cards): a hash of
the date, a deal number as a deal link carries it.  The rules are the
classic ones in a short game of four hands, one of each pass direction
(:attr:`pyapp.engine.rules.Rules.hands`); the person sits at seat 0 against
three steady computer players (:mod:`pyapp.bots.steady`), so a result is
checked by replaying it (:mod:`pyapp.host.verify`).

>>> game = daily_game("2026-12-02")
>>> game.rules.hands, [game.rules.pass_direction(hand) for hand in range(4)]
(4, ['left', 'right', 'across', 'hold'])
>>> game.seed == daily_game("2026-12-02").seed != daily_game("2026-12-03").seed
True
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ..engine.reasons import Reason, Refusal
from ..engine.rules import Rules

# Bump when a daily game played before would replay differently: its deal, its rules, its players or
# anything a steady computer player decides with (the bots, the playouts, the budget, the sampling, the
# engine's rules).  A result link carries it; one of another version is not verified.  The test
# tests/test_daily.py::test_the_engine_version_names_how_the_computer_plays fails when the play changes.
ENGINE_VERSION = 2
RULES = Rules(hands=4)
LEVEL = "expert"
PERSON = 0  # the person's seat: the others are the computer's
FIRST_DAY = date(2026, 1, 1)  # day 0 of a result link's day number
DAYS = 1 << 16  # how many days a result link can name (to the year 2205)
SEED_BITS = 52  # a deal number JavaScript carries exactly (pyapp.host.links.MAX_SEED)


class DayError(Refusal):
    """A date that is not a day of the deal of the day; ``str()`` says why (a :class:`Reason`)."""


@dataclass(frozen=True)
class DailyGame:
    """The game of one day: its date (``YYYY-MM-DD``), deal number and rules."""

    date: str
    seed: int
    rules: Rules

    def options(self, name: str = "") -> dict[str, Any]:
        """The new game's options (:meth:`pyapp.host.table.Table.new`), the person called ``name``."""
        seats = [{"name": name, "bot": None}] + [{"name": "", "bot": LEVEL}] * (self.rules.players - 1)
        return {"rules": self.rules.to_dict(), "seats": seats, "seed": self.seed, "steady": True, "daily": self.date}


def daily_game(day: str) -> DailyGame:
    """The deal of the day ``day`` (ISO ``YYYY-MM-DD``, the player's local date); :class:`DayError` when it
    is not such a date, or outside the days a result link can name."""
    day_number(day)  # (refuses what is not such a day)
    digest = hashlib.sha256(f"hearts-daily:{day}".encode()).digest()
    return DailyGame(day, int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS), RULES)


def day_number(day: str) -> int:
    """The day's number from :data:`FIRST_DAY` (0 to :data:`DAYS` − 1); :class:`DayError` otherwise."""
    shown = str(day)[:24]
    refused = DayError(Reason(f"Not a day of the deal of the day: {shown!r}", "daily_date", day=shown))
    if not isinstance(day, str) or len(day) != 10 or day[4] + day[7] != "--":
        raise refused
    digits = day[:4] + day[5:7] + day[8:]
    if not (digits.isascii() and digits.isdigit()):
        raise refused
    try:
        number = (date.fromisoformat(day) - FIRST_DAY).days
    except ValueError:
        raise refused from None
    if not 0 <= number < DAYS:
        raise refused
    return number


def day_of(number: int) -> str:
    """The date (``YYYY-MM-DD``) of day ``number`` (0 to :data:`DAYS` − 1)."""
    return (FIRST_DAY + timedelta(days=number)).isoformat()
