"""Saving to the browser's storage, with a safe fallback (the 2048 storage manager's idea).

``Storage`` wraps anything with ``getItem``/``setItem``/``removeItem``
(``window.localStorage`` on the page).  When that store is missing, refuses
to work or is full, values are kept in memory so the game goes on, and
``problem`` says what happened so the page can tell the player.  The game
itself is stored in the pieces :mod:`pyapp.shared.protocol` names (``SAVE_*``), as
the engine's answers say; the functions at the end read them back.

A piece that cannot be read (damaged, foreign, of a newer version, too large)
is never thrown away: :func:`set_aside` moves it under ``BROKEN_KEY`` and
notes what the person is told (``Storage.aside``).
"""

import json

from ..shared import protocol, storage_keys

SETTINGS_KEY = "hearts.settings"
BROKEN_KEY = "hearts.save.broken"  # every piece set aside: {its key: its text}
BROKEN_PIECE_LIMIT = 100_000  # characters kept of each piece set aside (the browser's store holds about 5 M)
# What get() gives for a value too large for the page's memory to read (MicroPython's heap is smaller than the
# browser's store): not JSON, so its reader takes it for damage, and what the set-aside record keeps of it.
TOO_LARGE = "(too large for the page to read)"


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
    """Get and set text values; never raises, falls back to memory.

    The store's ``getItem`` may answer False (it refused: the browser's store cannot be read) and its
    ``setItem`` False (the value was not kept: full or blocked), as the page's store does
    (``assets/boot.js``), or raise.
    """

    def __init__(self, store=None):
        self.store = store if store is not None else MemoryStore()
        self.memory = MemoryStore()
        self.problem = ""
        # What was set aside on this visit, for the person: (catalogue key, its values; a list value is a
        # list of catalogue keys); and how many of them the person has been told of.
        self.aside = []
        self.told = 0

    def get(self, key: str):
        """The text stored under ``key``, or None."""
        value = self.memory.getItem(key)
        if value is not None:
            return value
        try:
            value = self.store.getItem(key)
        except MemoryError:
            return TOO_LARGE  # the store works: the value is not one of ours
        except Exception:
            value = False
        if value is False:
            self.problem = "storage.unavailable"
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> bool:
        """Store ``value``; False (and kept in memory) when the browser's store refuses."""
        try:
            kept = self.store.setItem(key, value) is not False
        except Exception:
            kept = False
        if not kept:
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
        except Exception:  # (a store that raises: what is not removed is read as it is, and the person told)
            self.problem = "storage.unavailable"


VIEW_KEY = "hearts.view"  # the page's copy of the engine's last view, drawn before the engine is up
# What the person did before the engine was up: {"start": a new game's options (with its seed)} and/or
# {"ahead": {"pass": cards} or {"play": card}}; sent to the engine when it is, then removed.
PENDING_KEY = "hearts.pending"
PENDING_PARTS = ("start", "ahead")
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
    """What waits for the engine (PENDING_KEY), or nothing when it is missing; a damaged one is set aside."""
    text = storage.get(PENDING_KEY)
    pending = parse_json(text)
    if text is not None and not (isinstance(pending, dict) and all(key in PENDING_PARTS for key in pending)):
        set_aside(storage, [PENDING_KEY], "aside.pending")
        return {}
    return pending or {}


def read_saved_game(storage: Storage):
    """The stored game as the engine's LOAD intent takes it, or None when no game is stored.

    The pieces are read as they are (a damaged one as None); the engine
    checks them and refuses a game that does not hold together.
    """
    game = storage.get(storage_keys.SAVE_GAME)
    if game is None:
        legacy = storage.get(storage_keys.LEGACY_SAVE)
        return None if legacy is None else {storage_keys.LEGACY_SAVE: parse_json(legacy)}
    current = parse_json(storage.get(storage_keys.SAVE_CURRENT))
    number = current.get("hand") if isinstance(current, dict) else None
    count = number if isinstance(number, int) and 0 <= number <= MOST_HANDS else 0
    hands = [parse_json(storage.get(storage_keys.hand_key(index))) for index in range(count)]
    header = parse_json(game)
    # A finished game's current hand is its last, scored one: its review is read too.
    seed = header.get("seed") if isinstance(header, dict) else None
    reviews = [read_review(storage, index, seed) for index in range(count + 1)]
    return {"game": header, "hands": hands, "current": current, "reviews": reviews}


def read_review(storage: Storage, index: int, seed):
    """The stored review of hand ``index`` of the game dealt from ``seed`` (the engine checks the rest), or
    None; one that is not of that hand is set aside (it is computed again)."""
    text = storage.get(storage_keys.review_key(index))
    review = parse_json(text)
    if (
        text is None
        or seed is None
        or (isinstance(review, dict) and (review.get("game"), review.get("hand")) == (seed, index))
    ):
        return review
    set_aside(storage, [storage_keys.review_key(index)], "aside.review", number=str(index + 1))
    return None


def saved_results(saved) -> list:
    """The hand results in a stored game (what the score sheet shows before the engine is up)."""
    results = []
    for hand in (saved or {}).get("hands") or []:
        try:
            results.append(protocol.Result(hand["result"]))
        except (KeyError, TypeError, ValueError):
            return []
        if results[-1].totals is None:
            return []  # stored by an earlier version, without its totals: the engine sends them
    return results


def stored_hands(storage: Storage) -> int:
    """How many finished hands are stored (so a new game can remove them)."""
    count = 0
    while count < MOST_HANDS and storage.get(storage_keys.hand_key(count)) is not None:
        count += 1
    return count


def apply_writes(storage: Storage, writes: list) -> None:
    """Carry out the engine's storage writes: [key, text] stores, [key, None] removes."""
    for key, text in writes:
        if text is None:
            storage.remove(key)
        else:
            storage.set(key, text)


def game_keys(storage: Storage) -> list:
    """The keys of every piece of the stored game (and the page's copies of it): its finished hands' and their
    reviews', and the review of the hand in progress once it is scored (:func:`read_saved_game` reads it)."""
    keys = [storage_keys.SAVE_GAME, storage_keys.SAVE_CURRENT, storage_keys.LEGACY_SAVE, VIEW_KEY, PENDING_KEY]
    count = stored_hands(storage)
    for index in range(count):
        keys += [storage_keys.hand_key(index), storage_keys.review_key(index)]
    keys.append(storage_keys.review_key(count))
    return keys


def load_record(storage: Storage, key: str, read, empty, notice: str, kept) -> dict:
    """The record stored under ``key`` (``empty()`` when there is none), read by ``read(text)`` as (the
    record, ``ok`` or how it was not); one that cannot be read as it is is set aside with the notice
    ``notice + how`` and, when ``kept(record)`` says something of it was readable, that part stored again."""
    text = storage.get(key)
    if text is None:
        return empty()
    record, state = read(text)
    if state != "ok":
        set_aside(storage, [key], notice + state)
        if kept(record):
            storage.set(key, json.dumps(record))
    return record


def set_aside(storage: Storage, keys: list, notice: str, **values) -> None:
    """Move the pieces under ``keys`` out of the way, into BROKEN_KEY's record (for a bug report, or a newer
    version of the game), and note ``notice`` (a catalogue key, with ``values``) for the person.

    The record keeps what earlier visits set aside (a piece of the same key beside it, numbered; a record
    that is not ours, as a piece of its own).  Each original goes before the record is written, and of a
    huge piece only its start is kept, so that setting aside never fills the browser's store.
    """
    earlier = storage.get(BROKEN_KEY)
    record = parse_json(earlier)
    if not isinstance(record, dict):
        record = {} if earlier is None else {BROKEN_KEY: earlier[:BROKEN_PIECE_LIMIT]}
    for key in keys:
        text = storage.get(key)
        if text is not None:
            text = text[:BROKEN_PIECE_LIMIT]  # a huge piece is not a game of ours: its start is enough
            name, number = key, 1
            while name in record and record[name] != text:
                number += 1
                name = key + "#" + str(number)
            record[name] = text
        storage.remove(key)
    storage.set(BROKEN_KEY, json.dumps(record))
    storage.aside.append((notice, values))
