"""A game that waits while one of its hands is played again: its stored pieces kept aside, then put back.

"Play this hand again" deals a game of its own; the game in progress does
not end.  Its pieces in storage (the engine's save, its hands' reviews, the
page's copy of its last view) are copied as they are into one record under
:data:`WAITING_KEY`; when the person comes back to it (the end of any game
offers it while it waits), they are put back in place and the engine loads
them as after a reload.  A record that is not one of ours is set aside and
said, never thrown away.  Plain Python for MicroPython and CPython.
"""

import json

from ..shared import storage_keys
from .storage import PENDING_KEY, VIEW_KEY, game_keys, parse_json, set_aside

WAITING_KEY = "hearts.waiting"
PIECES = (storage_keys.SAVE_GAME, storage_keys.SAVE_CURRENT, VIEW_KEY, PENDING_KEY)
NUMBERED = (storage_keys.SAVE_HAND, storage_keys.SAVE_REVIEW)


def is_piece(key) -> bool:
    """Whether ``key`` names a piece of a stored game (a numbered hand or review, or one of :data:`PIECES`)."""
    if not isinstance(key, str):
        return False
    if key in PIECES:
        return True
    return any(key.startswith(prefix) and key[len(prefix) :].isdigit() for prefix in NUMBERED)


def keep_waiting(storage) -> bool:
    """Copy the stored game into the waiting record (replacing any waiting before it); False when there is
    no game to keep."""
    pieces = {}
    for key in game_keys(storage):
        text = storage.get(key)
        if text is not None and is_piece(key):
            pieces[key] = text
    if storage_keys.SAVE_GAME not in pieces:
        return False
    storage.set(WAITING_KEY, json.dumps(pieces))  # (a full store keeps it in memory, and the person is told)
    return True


def forget_waiting(storage) -> None:
    """No game waits any more (the one just kept goes on where it is)."""
    storage.remove(WAITING_KEY)


def waiting(storage):
    """The waiting game's pieces ({key: text}), or None; a record that is not one of ours is set aside."""
    text = storage.get(WAITING_KEY)
    if text is None:
        return None
    record = parse_json(text)
    if (
        isinstance(record, dict)
        and storage_keys.SAVE_GAME in record
        and all(is_piece(key) and isinstance(value, str) for key, value in record.items())
    ):
        return record
    set_aside(storage, [WAITING_KEY], "aside.waiting")
    return None


def bring_back(storage) -> bool:
    """Put the waiting game's pieces back in place of the stored game's (whose pieces go); False when no
    game waits."""
    pieces = waiting(storage)
    if pieces is None:
        return False
    for key in game_keys(storage):
        storage.remove(key)
    for key, text in pieces.items():
        storage.set(key, text)
    forget_waiting(storage)
    return True
