"""The lesson of "Learn by playing": its game, its record, and what the view on the table shows of the rules.

The lesson's only memory is its record, kept in storage beside the saved
game: ``{"game": name, "on": bool, "seen": {topic: trick}, "taken": {trick:
point cards}}``: which game is the lesson (never counted in the statistics,
even when the lesson was skipped), whether the coach still speaks, in which
trick each rule was first explained (a rule is explained once, and after a
reload the same trick shows the same words), and the point cards of each
trick the person took (the lesson's last word looks back at them).  What the coach says is :mod:`.coach`'s.
Plain Python for MicroPython and CPython.
"""

from ..shared import protocol
from ..shared.schema import is_card
from .storage import parse_json, set_aside

LESSON_KEY = "hearts.lesson"
LESSON_SEED = 184  # the prepared deal (tests/test_coach.py checks that it shows every step)
LESSON_LEVEL = "medium"  # computer players that play the same cards for the same game
LESSON_PRESET = "classic"
NARROW_TRICKS = 4  # in the first tricks only the sensible cards are offered; later every legal one
QUEEN = "QS"
# The rules, in the order a hand first needs them (each is explained once, when it first matters).
TOPICS = ("pass", "lead", "follow", "discard", "lead_free", "broken", "queen", "free")


def suit_of(card: str) -> str:
    """A card's suit letter."""
    return card[1]


def lesson_options(catalog: dict, name: str) -> dict:
    """The lesson's game: the classic rules, the person (``name``) and three computer players, the prepared deal."""
    preset = next(p for p in catalog["presets"] if p["name"] == LESSON_PRESET)
    rules = dict(preset["rules"])
    seats = [{"name": name, "bot": None}]
    seats += [{"name": "", "bot": LESSON_LEVEL, "friend": False} for _ in range(1, int(rules["players"]))]
    return {"rules": rules, "seats": seats, "seed": LESSON_SEED}


def starting() -> dict:
    """The record of a lesson about to be dealt (its game's name comes with the engine's first view)."""
    return {"game": "", "on": True, "seen": {}}


def game_of(view) -> str:
    """The name of the game a view is of."""
    return view.game_key.split(":")[0]


def valid(record) -> bool:
    """Whether a stored record is a lesson's: its game's name, whether the coach speaks, rules seen by trick."""
    if not (isinstance(record, dict) and isinstance(record.get("game"), str) and isinstance(record.get("seen"), dict)):
        return False
    seen, taken = record["seen"], record.get("taken", {})
    return (
        isinstance(record.get("on", False), bool)
        and all(topic in TOPICS and isinstance(trick, str) for topic, trick in seen.items())
        and isinstance(taken, dict)
        and all(
            isinstance(number, str) and number.isdigit() and isinstance(cards, list) and all(map(is_card, cards))
            for number, cards in taken.items()
        )
    )


def load(storage):
    """The stored lesson's record (None: no lesson); one that cannot be read is set aside, and said."""
    text = storage.get(LESSON_KEY)
    record = parse_json(text)
    if text is not None and not valid(record):
        set_aside(storage, [LESSON_KEY], "aside.lesson")
        return None
    return record


def trick_key(view) -> str:
    """Which trick of which hand the view is in (the pass counts as one): where a rule was explained."""
    number = view.tricks_played - 1 if view.step == protocol.STEP_COLLECT else view.tricks_played
    return str(view.hand_index) + "." + view.phase + "." + str(number)


def my_turn(view) -> bool:
    """Whether the person is to play a card now."""
    return view.step == protocol.STEP_PLAY and view.seat in view.to_act


def table_plays(view) -> list:
    """The plays on the table now ([seat, card]): the trick in play, or the finished one waiting to be collected."""
    return view.last_trick.plays if view.step == protocol.STEP_COLLECT and view.last_trick else view.trick


def led_suit(view):
    """The suit of the trick on the table (None before its lead)."""
    plays = table_plays(view)
    return suit_of(plays[0][1]) if plays else None


def table_cards(view) -> list:
    """The cards on the table now."""
    return [card for _, card in table_plays(view)]


def topics(view) -> list:
    """The rules that matter in this view (the coach explains each the first time it does)."""
    found = []
    if view.phase == protocol.PHASE_PASS:
        return ["pass"]
    if view.phase != protocol.PHASE_PLAY:
        return found
    if view.tricks_played == 0 or (view.step == protocol.STEP_COLLECT and view.tricks_played == 1):
        found.append("lead")
    if my_turn(view) and view.trick:
        suit = led_suit(view)
        found.append("follow" if any(suit_of(card) == suit for card in view.hand) else "discard")
    elif my_turn(view) and view.tricks_played:
        found.append("lead_free")
    if view.hearts_broken:
        found.append("broken")
    if QUEEN in table_cards(view):
        found.append("queen")
    if my_turn(view) and view.tricks_played >= NARROW_TRICKS:
        found.append("free")
    return found


def follow(record, view) -> tuple:
    """The lesson's record for this view: None when the view is of another game; the rules that first matter
    now are noted as explained in this trick.  Returns (record, whether it changed)."""
    if not valid(record):
        return None, record is not None
    name = game_of(view)
    if record["game"] == "":
        record["game"] = name  # the lesson's first view: this is its game
        changed = True
    elif record["game"] != name:
        return None, True  # another game has begun: the lesson is over
    else:
        changed = False
    if record.get("on"):
        key = trick_key(view)
        for topic in topics(view):
            if topic not in record["seen"]:
                record["seen"][topic] = key
                changed = True
        changed = note_taken(record, view) or changed
    return record, changed


def note_taken(record, view) -> bool:
    """Note the point cards of a finished trick the person took (for the lesson's last word); whether the
    record changed."""
    last = view.last_trick
    if view.step != protocol.STEP_COLLECT or last is None or last.winner != view.seat or not last.points:
        return False
    taken = record.setdefault("taken", {})
    number = str(view.tricks_played)
    cards = [card for _, card in last.plays if suit_of(card) == "H" or card == QUEEN]
    if taken.get(number) == cards:
        return False
    taken[number] = cards
    return True


def speaking(session) -> bool:
    """Whether the coach speaks on this page now (a lesson not skipped, its game on the table)."""
    record = session.lesson
    return bool(record and record.get("on") and record.get("game")) and session.view is not None


def finished(session) -> bool:
    """Whether the lesson's hand is over and its summary due: the coach's last word replaces it."""
    return speaking(session) and session.step == protocol.STEP_SUMMARY and session.view.summary_hand == 0
