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

from .storage import Storage, parse_json, set_aside

DAILY_KEY = "hearts.daily"
VERSION = 1
MAX_FRIENDS = 20  # friends' results kept a day (the first ones)
MAX_DAYS = 400  # days kept (the latest)


def empty() -> dict:
    """No daily results yet."""
    return {"version": VERSION, "days": {}}


def _is_date(text) -> bool:
    return (
        isinstance(text, str)
        and len(text) == 10
        and text[4] == text[7] == "-"
        and (text[:4] + text[5:7] + text[8:]).isdigit()
    )


def _is_entry(entry) -> bool:
    if (
        not isinstance(entry, dict)
        or not isinstance(entry.get("link"), str)
        or not isinstance(entry.get("name", ""), str)
    ):
        return False
    scores, hands = entry.get("scores"), entry.get("hands")
    if not isinstance(scores, list) or not all(type(score) is int for score in scores) or not isinstance(hands, list):
        return False
    for hand in hands:
        if (
            not isinstance(hand, dict)
            or not isinstance(hand.get("passed"), list)
            or not isinstance(hand.get("taken"), list)
        ):
            return False
        if not all(type(points) is int for points in hand["taken"]):
            return False
    return True


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
        if not _is_date(day) or not isinstance(record, dict) or not isinstance(record.get("friends"), list):
            continue
        mine = record.get("mine")
        if (mine is None or _is_entry(mine)) and all(_is_entry(entry) for entry in record["friends"]):
            board["days"][day] = {"mine": mine, "friends": record["friends"]}
    return board, "ok" if len(board["days"]) == len(data["days"]) else "damaged"


def load(storage: Storage) -> dict:
    """The stored board; what cannot be read as it is is set aside (the readable part stored again)."""
    text = storage.get(DAILY_KEY)
    if text is None:
        return empty()
    board, state = read(text)
    if state != "ok":
        set_aside(storage, [DAILY_KEY], "aside.daily_" + state)
        if board["days"]:
            save(storage, board)
    return board


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


def add_mine(board: dict, day: str, entry: dict) -> bool:
    """Keep the person's own result of ``day`` unless one is kept already (only the first counts)."""
    record = day_of(board, day)
    if record["mine"] is not None:
        return False
    record["mine"] = entry
    board["days"][day] = record
    return True


def add_friend(board: dict, day: str, entry: dict) -> bool:
    """Keep a friend's verified result of ``day``, once (by its link's result), the first
    :data:`MAX_FRIENDS` of a day."""
    record = day_of(board, day)
    payload = entry["link"].split("&")[0]
    if any(kept["link"].split("&")[0] == payload for kept in record["friends"]):
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
