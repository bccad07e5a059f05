"""Saving to the browser's storage, with a safe fallback (the 2048 storage manager's idea).

``Storage`` wraps anything with ``getItem``/``setItem``/``removeItem``
(``window.localStorage`` on the page).  When that store is missing, refuses
to work or is full, values are kept in memory so the game goes on, and
``problem`` says what happened so the page can tell the player.  The game
itself is stored in the pieces :mod:`pyapp.shared.protocol` names (``SAVE_*``), as
the engine's answers say; the functions at the end read them back.
"""

import json

from ..shared import protocol

SETTINGS_KEY = "hearts.settings"
BROKEN_KEY = "hearts.save.broken"
BROKEN_PIECE_LIMIT = 100_000  # characters kept of each piece set aside (the browser's store holds about 5 M)


class MemoryStore:
    """A stand-in for localStorage that lives as long as the page."""

    def __init__(self):
        self.items = {}

    def getItem(self, key: str):
        """The stored text, or None."""
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        """Store the text."""
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        """Forget the key."""
        self.items.pop(key, None)


class Storage:
    """Get and set text values; never raises, falls back to memory."""

    def __init__(self, store=None):
        self.store = store if store is not None else MemoryStore()
        self.memory = MemoryStore()
        self.problem = ""

    def get(self, key: str):
        """The text stored under ``key``, or None."""
        value = self.memory.getItem(key)
        if value is not None:
            return value
        try:
            value = self.store.getItem(key)
        except Exception:
            self.problem = "storage.unavailable"
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and kept in memory) when the browser's store refuses."""
        try:
            self.store.setItem(key, value)
        except Exception:
            self.memory.setItem(key, value)
            self.problem = "storage.full"
            return False
        self.memory.removeItem(key)
        return True

    def remove(self, key: str) -> None:
        """Forget ``key`` everywhere."""
        self.memory.removeItem(key)
        try:
            self.store.removeItem(key)
        except Exception:
            pass


VIEW_KEY = "hearts.view"  # the page's copy of the engine's last view, drawn before the engine is up
# What the person did before the engine was up: {"start": a new game's options (with its seed)} and/or
# {"ahead": {"pass": cards} or {"play": card}}; sent to the engine when it is, then removed.
PENDING_KEY = "hearts.pending"
MOST_HANDS = 1000  # more finished hands than any game has: a count beyond it is damage


def parse_json(text):
    """Parsed JSON, or None when the text is missing or not JSON."""
    if not isinstance(text, str):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def read_pending(storage: Storage) -> dict:
    """What waits for the engine (PENDING_KEY), or nothing when it is missing or not ours."""
    pending = parse_json(storage.get(PENDING_KEY))
    return pending if isinstance(pending, dict) else {}


def read_saved_game(storage: Storage):
    """The stored game as the engine's LOAD intent takes it, or None when no game is stored.

    The pieces are read as they are (a damaged one as None); the engine
    checks them and refuses a game that does not hold together.
    """
    game = storage.get(protocol.SAVE_GAME)
    if game is None:
        legacy = storage.get(protocol.LEGACY_SAVE)
        return None if legacy is None else {protocol.LEGACY_SAVE: parse_json(legacy)}
    current = parse_json(storage.get(protocol.SAVE_CURRENT))
    number = current.get("hand") if isinstance(current, dict) else None
    count = number if isinstance(number, int) and 0 <= number <= MOST_HANDS else 0
    hands = [parse_json(storage.get(protocol.hand_key(index))) for index in range(count)]
    # A finished game's current hand is its last, scored one: its review is read too.
    reviews = [parse_json(storage.get(protocol.review_key(index))) for index in range(count + 1)]
    return {"game": parse_json(game), "hands": hands, "current": current, "reviews": reviews}


def saved_results(saved) -> list:
    """The hand results in a stored game (what the score sheet shows before the engine is up)."""
    results = []
    for hand in (saved or {}).get("hands") or []:
        try:
            results.append(protocol.Result(hand["result"]))
        except (KeyError, TypeError, ValueError):
            return []
    return results


def stored_hands(storage: Storage) -> int:
    """How many finished hands are stored (so a new game can remove them)."""
    count = 0
    while count < MOST_HANDS and storage.get(protocol.hand_key(count)) is not None:
        count += 1
    return count


def apply_writes(storage: Storage, writes: list) -> None:
    """Carry out the engine's storage writes: [key, text] stores, [key, None] removes."""
    for key, text in writes:
        if text is None:
            storage.remove(key)
        else:
            storage.set(key, text)


def set_aside(storage: Storage) -> None:
    """Move a stored game the engine refused out of the way (kept under BROKEN_KEY, for a bug report)."""
    keys = [protocol.SAVE_GAME, protocol.SAVE_CURRENT, protocol.LEGACY_SAVE, VIEW_KEY, PENDING_KEY]
    for index in range(stored_hands(storage)):
        keys += [protocol.hand_key(index), protocol.review_key(index)]
    pieces = {}
    for key in keys:
        text = storage.get(key)
        if text is not None:
            pieces[key] = text[:BROKEN_PIECE_LIMIT]  # a huge piece is not a game of ours: its start is enough
        storage.remove(key)
    storage.set(BROKEN_KEY, json.dumps(pieces))
