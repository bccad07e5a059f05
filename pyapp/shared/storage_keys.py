"""Where a game is kept in the browser's storage: the keys the engine writes (only through its answers'
``writes``) and the page reads back before the engine is up, and clears for a new game.

The game's header once, each finished hand once, the hand in progress after every action, and each
finished hand's review.  (The page keeps its own copy of the last view beside them:
:data:`pyapp.page.storage.VIEW_KEY`.)  Plain Python for MicroPython and CPython.
"""

SAVE_GAME = "hearts.game"
SAVE_HAND = "hearts.hand."  # + the hand's number
SAVE_CURRENT = "hearts.current"
LEGACY_SAVE = "hearts.save"  # one record with the whole game, written before protocol 1
SAVE_REVIEW = "hearts.review."  # + the hand's number: the thinker's review of that finished hand
GAME_FORMAT = "hearts-game"  # the header's "format"


def hand_key(number) -> str:
    """The storage key of finished hand ``number`` (0 is the first)."""
    return SAVE_HAND + str(number)


def review_key(number) -> str:
    """The storage key of finished hand ``number``'s review."""
    return SAVE_REVIEW + str(number)
