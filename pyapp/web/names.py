"""Words the page shows: card names, directions, option labels (English for now)."""

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
RANK_WORDS = {
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven", "8": "Eight",
    "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
}  # fmt: skip
DIRECTIONS = {"left": "to the left", "right": "to the right", "across": "across", "hold": "no pass"}
LEVELS = {"basic": "Easy", "medium": "Medium", "hard": "Hard", "random": "Random (beginner)"}
DEFAULT_LEVEL = "medium"
THINK_TIMES = {"150": "Quick (0.15 s)", "300": "Normal (0.3 s)", "600": "Long (0.6 s)", "1200": "Very long (1.2 s)"}
SPEEDS = {"instant": ("Instant", 0), "fast": ("Fast", 250), "normal": ("Normal", 650), "slow": ("Slow", 1200)}
COLLECT = {"click": "When I click", "timer": "After a moment"}
OPTION_LABELS = {
    "players": "Players",
    "variant": "Game",
    "omnibus_card": "Omnibus card (−10)",
    "no_points_first_trick": "No points on the first trick",
    "hearts_break": "Hearts are broken by",
    "moon": "Shooting the moon",
    "target": "Play to",
    "game_end": "The game ends when a score",
    "ties": "A tie for the lowest score",
    "pass_cycle": "Passing with other than 4 players",
    "passing": "Pass cards before each hand",
}
CHOICE_LABELS = {
    "classic": "Classic Hearts",
    "omnibus": "Omnibus Hearts",
    "cancellation": "Cancellation Hearts (two packs)",
    "JD": "Jack of diamonds",
    "TD": "Ten of diamonds",
    "heart": "a heart",
    "heart_or_queen": "a heart or the Queen of spades",
    "others_plus": "everyone else takes 26",
    "shooter_chooses": "the shooter chooses",
    "self_minus": "the shooter takes 26 off",
    "reach": "reaches the target",
    "pass": "passes the target",
    "shared": "is a shared win",
    "play_on": "plays on until one is lowest",
    "left_right": "left, right",
    "left_right_hold": "left, right, no pass",
}


def card_name(text):
    """``"QS"`` → ``"Queen of spades"``."""
    return RANK_WORDS[text[0]] + " of " + SUIT_WORDS[text[1]]


def card_face(text):
    """``"TH"`` → (``"10"``, ``"♥"``)."""
    rank = "10" if text[0] == "T" else text[0]
    return rank, SUIT_SYMBOLS[text[1]]
