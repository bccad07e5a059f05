"""What the page's settings and cards are made of, in no language (the words are in :mod:`pyapp.page.i18n`)."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
LEVELS = ("basic", "medium", "hard", "expert", "random")
DEFAULT_LEVEL = "medium"
THINK_TIMES = ("150", "300", "600", "1200")
SPEEDS = ("instant", "fast", "normal", "slow")
COLLECT = ("click", "timer")
TOGGLE = ("on", "off")


def card_face(text):
    """``"TH"`` → (``"10"``, ``"♥"``)."""
    rank = "10" if text[0] == "T" else text[0]
    return rank, SUIT_SYMBOLS[text[1]]
