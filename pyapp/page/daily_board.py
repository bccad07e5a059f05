"""The board of the deal of the day, kept in this browser: each day's own result and the friends' results
received by link, the streak and the history.

Plain data (``{"version": 1, "days": {date: {"mine": entry or None,
"friends": [entry, ...]}}}``), an entry being a verified result in brief:
``{"link": the result link's query, "name": who played, "scores": final
scores, "hands": [{"passed": cards, "taken": points by seat, "queen":
seat or None, "shooter": seat or None}, ...]}``.  Only the first own result
of a day counts; a friend's link counts once.  What cannot be read as it is
(damaged, foreign, of a newer version) is set aside, never written over,
and the person is told.  Plain Python for MicroPython and CPython.
"""

import json

from ..shared.schema import is_card, is_date
from .storage import Storage, load_record, parse_json

DAILY_KEY = "hearts.daily"
VERSION = 1
MAX_FRIENDS = 20  # friends' results kept a day (the first ones)
MAX_DAYS = 400  # days kept (the latest)
PLAYERS = 4  # a daily game's


def empty() -> dict:
    """No daily results yet."""
    return {"version": VERSION, "days": {}}


def _is_points(value) -> bool:
    """Whether ``value`` is a daily game's figures by seat (its four players')."""
    return isinstance(value, list) and len(value) == PLAYERS and all(type(points) is int for points in value)


def _is_seat(value) -> bool:
    return value is None or (type(value) is int and 0 <= value < PLAYERS)


def _is_hand(hand) -> bool:
    if not isinstance(hand, dict) or not _is_points(hand.get("taken")) or not isinstance(hand.get("passed"), list):
        return False
    return (
        all(is_card(card) for card in hand["passed"]) and _is_seat(hand.get("queen")) and _is_seat(hand.get("shooter"))
    )


def _is_entry(entry) -> bool:
    """Whether ``entry`` is a result as :func:`entry_of` writes it (all that the board draws from it)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("link"), str) or not isinstance(entry.get("name"), str):
        return False
    hands = entry.get("hands")
    return _is_points(entry.get("scores")) and isinstance(hands, list) and all(_is_hand(hand) for hand in hands)


def read(text) -> tuple:
    """The board in stored ``text`` and what it was: ``ok``, ``damaged`` (the days still readable kept) or
    ``newer`` (of a newer version: none kept)."""
    data = parse_json(text)
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version > VERSION:
        return empty(), "newer"
    if version != VERSION or not isinstance(data.get("days"), dict):
        return empty(), "damaged"
    board = empty()
    for day, record in data["days"].items():
        if not is_date(day) or not isinstance(record, dict) or not isinstance(record.get("friends"), list):
            continue
        mine = record.get("mine")
        if (mine is None or _is_entry(mine)) and all(_is_entry(entry) for entry in record["friends"]):
            board["days"][day] = {"mine": mine, "friends": record["friends"]}
    return board, "ok" if len(board["days"]) == len(data["days"]) else "damaged"


def load(storage: Storage) -> dict:
    """The stored board; what cannot be read as it is is set aside (the readable part stored again)."""
    return load_record(storage, DAILY_KEY, read, empty, "aside.daily_", lambda board: bool(board["days"]))


def save(storage: Storage, board: dict) -> None:
    """Store the board (its latest :data:`MAX_DAYS` days)."""
    days = sorted(board["days"])
    for day in days[:-MAX_DAYS]:
        del board["days"][day]
    storage.set(DAILY_KEY, json.dumps(board))


def entry_of(verdict, query: str) -> dict:
    """A verified result (:class:`pyapp.shared.protocol.Verdict`) in brief, with its link's ``query``."""
    hands = [
        {"passed": list(hand.passed), "taken": list(hand.taken), "queen": hand.queen, "shooter": hand.shooter}
        for hand in verdict.hands
    ]
    return {"link": query, "name": verdict.name, "scores": list(verdict.scores), "hands": hands}


def day_of(board: dict, day: str) -> dict:
    """The record of ``day`` (an empty one when there is none)."""
    return board["days"].get(day) or {"mine": None, "friends": []}


def mine_on(board, day: str):
    """The person's own result of ``day`` on ``board`` (None: not played, or no board yet)."""
    return day_of(board or empty(), day)["mine"]


def add_mine(board: dict, day: str, entry: dict) -> bool:
    """Keep the person's own result of ``day`` unless one is kept already (only the first counts)."""
    record = day_of(board, day)
    if record["mine"] is not None:
        return False
    record["mine"] = entry
    board["days"][day] = record
    return True


def add_friend(board: dict, day: str, entry: dict) -> bool:
    """Keep a friend's verified result of ``day``, once (by its link's result, as the engine writes it), the
    first :data:`MAX_FRIENDS` of a day; never the person's own result."""
    record = day_of(board, day)
    payload = entry["link"].split("&")[0]
    kept = record["friends"] + ([record["mine"]] if record["mine"] is not None else [])
    if any(other["link"].split("&")[0] == payload for other in kept):
        return False
    if len(record["friends"]) >= MAX_FRIENDS:
        return False
    record["friends"].append(entry)
    board["days"][day] = record
    return True


def played(board: dict) -> list:
    """The days the person has a result of, latest first."""
    return sorted((day for day, record in board["days"].items() if record["mine"] is not None), reverse=True)


def streak(board: dict, today: str, yesterday: str) -> int:
    """How many days in a row the person has played the deal of the day, up to today (or yesterday, while
    today's is still to play)."""
    days = set(played(board))
    if today not in days and yesterday not in days:
        return 0
    count, day = 0, today if today in days else yesterday
    while day in days:
        count += 1
        day = previous_day(day)
    return count


def previous_day(day: str) -> str:
    """The date before ``day`` (``YYYY-MM-DD``; the Gregorian calendar, no library needed)."""
    year, month, date = int(day[:4]), int(day[5:7]), int(day[8:])
    if date > 1:
        return f"{year:04d}-{month:02d}-{date - 1:02d}"
    if month == 1:
        return f"{year - 1:04d}-12-31"
    month -= 1
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    length = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return f"{year:04d}-{month:02d}-{length:02d}"
