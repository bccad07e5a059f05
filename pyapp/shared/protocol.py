"""Everything that crosses between the page and the engine worker, named once.

The page sends *intents* (what the person or a timer wants) and the engine
answers with an :class:`Answer`: this viewer's :class:`View` (which already
says what happens next: whose turn, what the person may do, when the
computer plays), the hand results that are new since the last answer, and
the storage writes that keep the game (each finished hand once, the hand in
progress after every action; see ``SAVE_*``).  Nothing in an answer grows
with the number of hands played, except the answer to ``LOAD``, which gives
every result once, and a hand review's job (the match up to that hand, for
the thinker worker, once per finished hand and person).

Both sides import this module: the engine (:mod:`pyapp.host.game`) writes
exactly the fields named here, and the page reads them as attributes of the
records below, so reading a field nobody writes fails at once (a test checks
both).  Each field is declared once, with its type (its *kind*), and the
reader checks every one: a message with a field of the wrong type, a card
that is no card or a seat the table does not have is refused
(:class:`Refused`: where, and why), which a friend's page relies on (its
host's page is another person's).  Plain Python that MicroPython and
CPython both run.
"""

import json

from . import storage_keys
from .schema import (
    MAX_COUNT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    AnyOf,
    Anything,
    BySeat,
    Card,
    Date,
    DictOf,
    Flag,
    ListOf,
    Maybe,
    Number,
    OneOf,
    Reading,
    Record,
    Refused,
    Row,
    SeatNumber,
    Shape,
    Text,
    Whole,
    declared,
    read_field,
)
from .seat_names import MAX_NAME

VERSION = 1

# Intents: page → engine.  A message is {"intent": NAME, "version": VERSION, **arguments}.
START = "start"  # options: {"rules", "seats", "seed" (optional), "steady" (optional: pyapp.daily)}
LOAD = "load"  # saved: {"game", "hands", "current", "reviews"} as read from storage (SAVE_*), or legacy: the old record
CONFIGURE = "configure"  # settings: {"think_ms", "speed", "collect", "autoplay", "away"}
PASS = "pass"  # seat, cards: three card texts
PLAY = "play"  # seat, card
MOON = "moon"  # seat, choice
DECISIONS = {PASS: "cards", PLAY: "card", MOON: "choice"}  # a seat's decision: its intent → its argument
CONTINUE = "continue"  # turn: the timed step of that turn (View.after_ms) is due
COLLECT = "collect"  # the person takes the finished trick
READ_ON = "read_on"  # the person has read the hand's summary
TAKE_DEVICE = "take_device"  # party mode: the person named on screen has the device
UNDO = "undo"
CLAIM = "claim"
FINISH = "finish"
HINT = "hint"
READ_LINK = "read_link"  # query: a deal link's query, to read strictly
SHARE = "share"  # the query of a link to the deal in progress
REVIEW = "review"  # hand: a reviewed hand's number, to show (Answer.review); party mode: seat, whose
REVIEWED = "reviewed"  # review: the thinker worker's answer to one of Answer.jobs (answered without a view)
FRIEND = "friend"  # seat, text: a message from the device of the friend in that seat, as it came
FRIEND_GONE = "friend_gone"  # seat: the connection of the friend in that seat closed
STAND_IN = "stand_in"  # seat, on: the host lets the computer play for that friend from now on (or no longer)
BECOME_TABLE = "become_table"  # a friends' game: this device becomes the table, its person plays at their own
DAILY = "daily"  # date: the player's local date (YYYY-MM-DD), name: the person's: a new game, that day's deal
REPLAY = "replay"  # hand: a finished hand's number: a new game of that hand alone, dealt again
VERIFY = "verify"  # query: a result link's query (pyapp.daily.result), replayed (Answer.verdict)
INTENTS = (
    START,
    LOAD,
    CONFIGURE,
    PASS,
    PLAY,
    MOON,
    CONTINUE,
    COLLECT,
    READ_ON,
    TAKE_DEVICE,
    UNDO,
    CLAIM,
    FINISH,
    HINT,
    READ_LINK,
    SHARE,
    REVIEW,
    REVIEWED,
    FRIEND,
    FRIEND_GONE,
    STAND_IN,
    BECOME_TABLE,
    DAILY,
    VERIFY,
    REPLAY,
)

# A friend's device → the host's engine (inside FRIEND): {"intent", "version": FRIENDS_VERSION, "n": a
# number that only grows on one connection, **arguments}.  The greeting says the game's secret from the
# invitation; the others are the friend's own decisions (their seat only).  The host answers each, and
# sends every change, as an Answer with the friend's own view (in Answer.outbox).
FRIENDS_VERSION = 2  # a friend's messages' version (2: the host's views come as their changes)
HELLO = "hello"  # secret: the game's, from the invitation
BACK = "back"  # the friend plays their seat again (the host had let the computer play for them)

# What happens next (View.step): the person acts on pass, play, moon, collect, summary, over and handoff;
# the page sends CONTINUE after View.after_ms when that is set (a computer plays, a trick is collected, a card
# plays itself).
LOADING = "loading"  # the page's own, until the engine has answered
STEP_PASS = "pass"
STEP_PLAY = "play"
STEP_MOON = "moon"
STEP_COLLECT = "collect"
STEP_SUMMARY = "summary"
STEP_OVER = "over"
STEP_HANDOFF = "handoff"
STEP_BOT = "bot"
STEP_WAIT = "wait"
STEPS = (STEP_PASS, STEP_PLAY, STEP_MOON, STEP_COLLECT, STEP_SUMMARY, STEP_OVER, STEP_HANDOFF, STEP_BOT, STEP_WAIT)


def message(intent: str, **arguments) -> str:
    """An intent as the JSON text the engine reads (its arguments checked as the engine reads them:
    :func:`read_intent`)."""
    if intent not in INTENTS:
        raise ValueError("unknown intent " + str(intent))
    data = dict(arguments)
    data["intent"] = intent
    data["version"] = VERSION
    read_intent(data)
    return json.dumps(data)


def friend_message(intent: str, number: int, **arguments) -> str:
    """A friend's device's message (``number``: one more than the last on this connection; its arguments
    checked as the host reads them: :func:`read_friend_intent`)."""
    if intent not in FRIEND_INTENTS:
        raise ValueError("not a friend's intent " + str(intent))
    data = dict(arguments)
    data["intent"] = intent
    data["version"] = FRIENDS_VERSION
    data["n"] = number
    read_friend_intent(data)
    return json.dumps(data)


MAX_CARDS = 104  # two packs: no list of cards is longer
MAX_WORD = 40  # a code, a level, a rule's choice
MAX_TEXT = 1_000  # a sentence (a refusal's English text, one of its values)
MAX_DATA = 2_000_000  # a text carried for storage, a worker or a friend's device (a whole saved game)
MAX_ITEMS = 10_000  # hands in a game, writes in an answer
WORD_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_-"
# A hand's phase (View.phase): passing, playing, the moon's shooter choosing, the game over, or a finished
# hand still on show (its summary not yet read).
PHASE_PASS = "pass"
PHASE_PLAY = "play"
PHASE_MOON = "moon"
PHASE_OVER = "over"
PHASE_PLAYED = "played"
PHASES = (PHASE_PASS, PHASE_PLAY, PHASE_MOON, PHASE_OVER, PHASE_PLAYED)
PASS_DIRECTIONS = ("left", "right", "across", "hold")
MOON_CHOICES = ("add_to_others", "subtract_from_self")


FLAG = Flag()
NUMBER = Number()
CARD = Card()
SEAT = SeatNumber()
COUNT = Whole(0, MAX_COUNT)
POINTS = Whole(-MAX_COUNT, MAX_COUNT)
WORD = Text(MAX_WORD, WORD_LETTERS)
CARD_LIST = ListOf(CARD, MAX_CARDS)
SEAT_LIST = ListOf(SEAT, MAX_PLAYERS)
PLAYED = Row(SEAT, CARD)  # a card played: [seat, card]
REASON = Row(WORD, CARD_LIST)  # why: a reason's code (which the page words) and the cards it speaks of
DATA = Text(MAX_DATA)
DATE = Date()
RULES = {
    "players": Whole(MIN_PLAYERS, MAX_PLAYERS),
    "variant": OneOf(("classic", "omnibus", "cancellation")),
    "omnibus_card": OneOf(("JD", "TD")),
    "no_points_first_trick": FLAG,
    "hearts_break": OneOf(("heart", "heart_or_queen")),
    "moon": OneOf(("others_plus", "shooter_chooses", "self_minus")),
    "target": COUNT,
    "game_end": OneOf(("reach", "pass")),
    "ties": OneOf(("shared", "play_on")),
    "pass_cycle": OneOf(("left_right", "left_right_hold")),
    "passing": FLAG,
    "hands": COUNT,
    "first_hand": COUNT,
}
RULES_WRITTEN_WHEN_SET = ("hands", "first_hand")  # (Rules.to_dict leaves them out at their default)


@declared
class Seat(Record):
    """A seat: its name, its computer level (None: a person), and whether a friend sits there at their own
    device."""

    FIELDS = {"name": Text(MAX_NAME), "bot": Maybe(WORD), "friend": FLAG}
    ADDED = ("friend",)


@declared
class Trick(Record):
    """A trick: who led, the plays as [seat, card], the winner (None: cancelled or unfinished), and what its
    cards are worth by the game's rules."""

    FIELDS = {"leader": SEAT, "plays": ListOf(PLAYED, MAX_PLAYERS), "winner": Maybe(SEAT), "points": POINTS}
    ADDED = ("points",)


@declared
class Result(Record):
    """How a hand scored: points taken, added to each total, the moon's shooter and choice, who took Q♠
    and the Omnibus card, and each seat's total after it (the score sheet's running totals)."""

    FIELDS = {
        "taken": BySeat(POINTS),
        "added": BySeat(POINTS),
        "shooter": Maybe(SEAT),
        "choice": Maybe(OneOf(MOON_CHOICES)),
        "queen": Maybe(SEAT),
        "omnibus": Maybe(SEAT),
        "totals": BySeat(POINTS),
    }
    ADDED = ("omnibus", "totals")


@declared
class Refusal(Record):
    """Why the engine refused an intent: a catalogue code with its values, or (no code) the English text."""

    FIELDS = {"code": WORD, "values": DictOf(WORD, Text(MAX_TEXT), MAX_WORD), "text": Text(MAX_TEXT)}


@declared
class View(Record):
    """What one viewer sees now, and what happens next (``step``; ``after_ms``: when CONTINUE is due).

    Until its summary is read (``hands_read`` counts those read), a finished
    hand stays on the table as it ended: the score sheet and the seats'
    totals show only the hands read.

    ``turn`` counts the engine's answers: a CONTINUE names the turn it was
    timed for, so a timer that fires after the person acted changes nothing.
    """

    FIELDS = {
        "turn": COUNT,
        "step": OneOf(STEPS),
        "after_ms": Maybe(COUNT),
        "seat": SEAT,
        "seats": ListOf(Seat, MAX_PLAYERS, MIN_PLAYERS),
        "party": FLAG,
        "rules": Shape(RULES, optional=RULES_WRITTEN_WHEN_SET),
        "moon_points": COUNT,
        "phase": OneOf(PHASES),
        "hand_index": COUNT,
        "dealer": SEAT,
        "pass_direction": OneOf(PASS_DIRECTIONS),
        "pass_to": SEAT,
        "hand": CARD_LIST,
        "legal": CARD_LIST,
        "reasons": DictOf(CARD, Refusal, MAX_CARDS),
        "received": CARD_LIST,
        "passes_chosen": BySeat(FLAG),
        "to_act": SEAT_LIST,
        "trick": ListOf(PLAYED, MAX_PLAYERS),
        "winning": Maybe(SEAT),  # whose card takes the trick in play so far (None: no card, or all cancelled)
        "last_trick": Maybe(Trick),
        "last_trick_key": Text(MAX_WORD),
        "tricks_played": Whole(0, MAX_CARDS),
        "hearts_broken": FLAG,
        "points_taken": BySeat(POINTS),
        "hand_sizes": BySeat(Whole(0, MAX_CARDS)),
        "scores": BySeat(POINTS),
        "moon_outcomes": DictOf(OneOf(MOON_CHOICES), BySeat(POINTS), len(MOON_CHOICES)),
        "winners": SEAT_LIST,
        "can_undo": FLAG,
        "can_claim": FLAG,
        "summary_hand": Maybe(COUNT),
        "hands_read": COUNT,
        "game_key": Text(MAX_WORD),
        "last_decision": Maybe(Shape({"seat": SEAT, "ms": NUMBER, "playouts": COUNT, "choices": COUNT})),
        "friends": Maybe(
            Shape(
                {
                    "secret": WORD,
                    "here": SEAT_LIST,
                    "away": ListOf(Row(SEAT, COUNT), MAX_PLAYERS),
                    "waited": SEAT_LIST,
                    "benched": SEAT_LIST,
                }
            )
        ),
        "daily": Maybe(DATE),  # the day whose deal of the day this game is
        "table_screen": FLAG,  # the host's page is the table's own screen: it holds no hand
    }
    ADDED = ("hands_read", "friends", "daily", "winning", "table_screen")

    def check(self, reading: Reading) -> None:
        """Refuse seats the table does not have, and rules for another number of players."""
        players = len(self.seats)
        if self.rules["players"] != players:
            raise Refused("rules.players", "is not the number of seats")
        reading.check(players)


@declared
class Hint(Record):
    """The judge's advice (:mod:`pyapp.bots.judge`, the verdict the review gives too): expected points per
    legal card, the best card, the others about as good as it (within the estimate's noise), what the best
    one does (a reason of :mod:`pyapp.bots.play_reasons`), playouts run."""

    FIELDS = {
        "points": DictOf(CARD, NUMBER, MAX_CARDS),
        "best": CARD,
        "close": CARD_LIST,
        "why": REASON,
        "playouts": COUNT,
    }


@declared
class PassHint(Record):
    """The advice for a pass: the cards to pass (the Expert player's), and why, as reasons (a code of
    :mod:`pyapp.bots.pass_advice`, which the page words, and the cards it speaks of): those for passing
    each card first, then those for cards worth keeping."""

    FIELDS = {"cards": CARD_LIST, "reasons": ListOf(Row(WORD, CARD_LIST), MAX_CARDS)}


@declared
class Decision(Record):
    """One reviewed decision of a person's: the trick's number (-1: the pass), the cards chosen, each choice
    as [cards, expected points this hand, whether it is about as good as the best] (best first), the
    points it lost against the best, whether that makes it a mistake, and why it cost them (a reason of
    :mod:`pyapp.bots.play_reasons`; ["", []] when none is given)."""

    FIELDS = {
        "seat": SEAT,
        "trick": Whole(-1, MAX_CARDS),
        "made": CARD_LIST,
        "choices": ListOf(Row(CARD_LIST, NUMBER, FLAG), MAX_CARDS),
        "lost": NUMBER,
        "mistake": FLAG,
        "why": REASON,
    }


@declared
class Review(Record):
    """A finished hand's review: its tricks, the viewer's pass, the people's decisions, the points lost to
    mistakes in this hand and in the game's reviewed hands."""

    FIELDS = {
        "hand": COUNT,
        "tricks": ListOf(Trick, MAX_CARDS),
        "passed": CARD_LIST,
        "received": CARD_LIST,
        "pass_to": SEAT,
        "decisions": ListOf(Decision, MAX_CARDS),
        "lost": NUMBER,
        "game_lost": NUMBER,
    }


@declared
class Link(Record):
    """A deal link read: its (partial) rules, deal number (or a game's own deal) and computer levels."""

    FIELDS = {
        "rules": Shape(RULES, partial=True),
        "seed": Maybe(AnyOf(Whole(0, 2**53 - 1), Text(MAX_WORD, WORD_LETTERS))),
        "levels": ListOf(WORD, MAX_PLAYERS),
    }


@declared
class DailyHand(Record):
    """One hand of a daily game's result: the pass's direction, the person's pass, each seat's points taken
    and added, who took Q♠ and who shot the moon, and every trick."""

    FIELDS = {
        "direction": OneOf(PASS_DIRECTIONS),
        "passed": CARD_LIST,
        "taken": ListOf(POINTS, MAX_PLAYERS),
        "added": ListOf(POINTS, MAX_PLAYERS),
        "queen": Maybe(SEAT),
        "shooter": Maybe(SEAT),
        "tricks": ListOf(Trick, MAX_CARDS),
    }


@declared
class Verdict(Record):
    """A daily game's result (pyapp.host.verify): verified, with its day, final scores, winners and hands;
    or not, with the refusal that says why; ``name``: who played it, as the link says ("": not said)."""

    FIELDS = {
        "verified": FLAG,
        "name": Text(MAX_NAME),
        "refusal": Maybe(Refusal),
        "date": Maybe(DATE),
        "scores": ListOf(POINTS, MAX_PLAYERS),
        "winners": SEAT_LIST,
        "hands": ListOf(DailyHand, MAX_ITEMS),
    }


@declared
class Fault(Record):
    """The engine hit a fault (a bug, not a refusal) answering an intent: its traceback (empty on a friend's
    device), and when a computer player failed, its seat and the simpler level it plays at from then on
    (None: it could not fall back)."""

    FIELDS = {"trace": Text(MAX_DATA), "seat": Maybe(SEAT), "level": Maybe(WORD)}


# Each intent's arguments (page → engine) with their kinds and bounds: the page's message() writes only
# these, and the engine reads every intent with them (read_intent) before it does anything.  An object
# (a new game's options, a saved game, the settings) is read further by the engine, which words why it
# refuses one.
NONE = Shape({})
# The settings the engine plays by, as the page's settings form offers them (CONFIGURE; the form's own words
# for each are the page's).
SPEEDS = ("instant", "fast", "normal", "slow")
COLLECTING = ("click", "timer")
TOGGLE = ("on", "off")
AWAY_CHOICES = ("computer", "wait")  # a friend's device away: the computer plays for them after a while, or not
STAND_IN_MS = 30_000  # ("computer") a friend who left is waited for this long, then the computer plays for them
THINK_TIMES = (150, 300, 600, 1200)  # ms a computer player thinks (the form's choices)
MOST_THINK_MS = 60_000
SETTINGS = Shape(
    {
        "think_ms": Whole(1, MOST_THINK_MS),
        "speed": OneOf(SPEEDS),
        "collect": OneOf(COLLECTING),
        "autoplay": OneOf(TOGGLE),
        "away": OneOf(AWAY_CHOICES),
    },
    partial=True,
)
MAX_DEAL_NUMBER = 9_007_199_254_740_991  # the largest whole number a page's JavaScript keeps exactly
# A new game's options as the page writes them (START): the engine refuses, in words, a level it does not
# have, rules that do not go together or a table with nobody at this device.
NEW_SEAT = Shape({"name": Text(MAX_TEXT), "bot": Maybe(WORD), "friend": FLAG}, partial=True)
NEW_GAME = Shape(
    {
        "rules": Shape(RULES, partial=True),
        "seats": ListOf(NEW_SEAT, MAX_PLAYERS, MIN_PLAYERS),
        "seed": AnyOf(Whole(0, MAX_DEAL_NUMBER), Text(MAX_WORD)),  # a deal's number, or the page's secret
        "name": Text(MAX_WORD),
        "steady": FLAG,
        "daily": Text(MAX_WORD),
    },
    optional=("rules", "seed", "name", "steady", "daily"),
)
# A stored game as the page reads it from storage (LOAD): its pieces, each read by the engine's save reader
# (pyapp.host.saves), which says what is damaged; or a save of the one-record format before protocol 1.
ANYTHING = Anything()
PIECES = ListOf(ANYTHING, MAX_ITEMS)
SAVED = AnyOf(
    Shape({"game": ANYTHING, "hands": PIECES, "current": ANYTHING, "reviews": PIECES}, optional=("reviews",)),
    Shape({storage_keys.LEGACY_SAVE: ANYTHING}),
)
ARGUMENTS = {
    START: Shape({"options": NEW_GAME, "stored_hands": COUNT}, optional=("stored_hands",)),
    LOAD: Shape({"saved": SAVED}),
    CONFIGURE: Shape({"settings": SETTINGS}),
    PASS: Shape({"seat": SEAT, "cards": CARD_LIST}),
    PLAY: Shape({"seat": SEAT, "card": CARD}),
    MOON: Shape({"seat": SEAT, "choice": OneOf(MOON_CHOICES)}),
    CONTINUE: Shape({"turn": POINTS}),  # (a timer set long ago names a turn long gone: any whole number)
    COLLECT: NONE,
    READ_ON: NONE,
    TAKE_DEVICE: NONE,
    UNDO: NONE,
    CLAIM: NONE,
    FINISH: NONE,
    HINT: NONE,
    READ_LINK: Shape({"query": DATA}),
    SHARE: NONE,
    REVIEW: Shape({"hand": POINTS, "seat": SEAT}, optional=("seat",)),
    REVIEWED: Shape({"review": DATA}),
    FRIEND: Shape({"seat": SEAT, "text": DATA}),
    FRIEND_GONE: Shape({"seat": SEAT}),
    STAND_IN: Shape({"seat": SEAT, "on": FLAG}),
    BECOME_TABLE: NONE,
    DAILY: Shape(
        {"date": Text(MAX_TEXT), "name": Text(MAX_TEXT), "stored_hands": COUNT}, optional=("name", "stored_hands")
    ),
    VERIFY: Shape({"query": DATA}),
    REPLAY: Shape({"hand": POINTS, "stored_hands": COUNT}, optional=("stored_hands",)),
}


# What a friend's device may send, with each intent's arguments: read by the host
# (pyapp.host.friends) with the same reader as the page's intents, and checked as a friend's page writes them
# (friend_message).  The seat is the connection's: a message may name it, and then only that one.
FRIEND_ARGUMENTS = {
    HELLO: Shape({"secret": Text(MAX_TEXT)}),  # (compared in constant time with the game's, whatever it is)
    PASS: Shape({"seat": SEAT, "cards": CARD_LIST}, optional=("seat",)),
    PLAY: Shape({"seat": SEAT, "card": CARD}, optional=("seat",)),
    MOON: Shape({"seat": SEAT, "choice": OneOf(MOON_CHOICES)}, optional=("seat",)),
    READ_ON: NONE,
    HINT: NONE,
    FINISH: NONE,
    REVIEW: Shape({"hand": POINTS, "seat": SEAT}, optional=("seat",)),
    BACK: NONE,
}
FRIEND_INTENTS = tuple(FRIEND_ARGUMENTS)
ENVELOPE = ("intent", "version")  # what is not an argument in an intent's data
FRIEND_ENVELOPE = ("intent", "version", "n")  # (and a friend's message's number)


def read_intent(data) -> dict:
    """An intent's data (``{"intent", "version", **arguments}``) read with its arguments' kinds
    (:data:`ARGUMENTS`): the same data, or :class:`Refused` (where, and why)."""
    return read_arguments(data, ARGUMENTS, ENVELOPE, "is not an intent the engine knows")


def read_friend_intent(data) -> dict:
    """A friend's message (``{"intent", "version", "n", **arguments}``) read with its arguments' kinds
    (:data:`FRIEND_ARGUMENTS`): the same data, or :class:`Refused` (where, and why)."""
    read_arguments(data, FRIEND_ARGUMENTS, FRIEND_ENVELOPE, "is not an intent a friend's device may send")
    read_field(COUNT, data.get("n"), Reading(), "n")
    return data


def read_arguments(data, table: dict, envelope: tuple, unknown: str) -> dict:
    """``data`` read as one of ``table``'s intents (``envelope``: its entries that are not arguments), or
    :class:`Refused` (``unknown``: why, when it is none of them)."""
    if type(data) is not dict or data.get("intent") not in table:
        raise Refused("intent", unknown)
    arguments = {name: value for name, value in data.items() if name not in envelope}
    read_field(table[data["intent"]], arguments, Reading(), data["intent"])
    return data


@declared
class Answer(Record):
    """The engine's answer to one intent.

    ``results_count`` is how many hands are scored; ``new_results`` are the
    last of them the page has not had (all of them after START or LOAD), so
    ``results[:results_count - len(new_results)] + new_results`` is the score
    sheet.  ``writes`` are [key, text or None (remove)] pairs for storage.

    ``jobs`` are hand reviews to compute, each JSON text for the thinker
    worker (one for each person, the viewer's first), whose answer goes back
    as REVIEWED; ``reviews`` are the hands reviewed since the last answer, as
    [hand, [each seat's points lost to mistakes, None while not reviewed]]
    (after START or LOAD every one, with ``reviews_reset`` true); ``review``
    answers REVIEW.

    ``outbox`` are [seat, text] pairs for the host's page to send to the
    friends' devices: each text an Answer of its own, with that friend's view;
    there ``reply_to`` is the number of the friend's message it answers (None:
    the table changed), and when ``patch`` is a turn the view holds only its
    fields that changed since the view of that turn, the last sent on that
    connection (and the turn), which the friend's page lays over that one
    (:func:`patched`).

    ``fault`` is set, with nothing else but the storage writes and the outbox, when the engine hit a fault
    (a bug) instead of answering: the page says so and sends nothing more until it is reloaded.
    """

    FIELDS = {
        "ok": FLAG,
        "refusal": Maybe(Refusal),
        "view": Maybe(View),
        "results_count": COUNT,
        "new_results": ListOf(Result, MAX_ITEMS),
        "writes": ListOf(Row(Text(MAX_WORD), Maybe(DATA)), MAX_ITEMS),
        "hint": Maybe(Hint),
        "pass_hint": Maybe(PassHint),
        "link": Maybe(Link),
        "query": Maybe(Text(MAX_TEXT)),
        "jobs": ListOf(DATA, MAX_ITEMS),
        "reviews": ListOf(Row(COUNT, BySeat(Maybe(NUMBER))), MAX_ITEMS),
        "reviews_reset": FLAG,
        "review": Maybe(Review),
        "outbox": ListOf(Row(SEAT, DATA), MAX_PLAYERS),
        "reply_to": Maybe(COUNT),
        "patch": Maybe(COUNT),
        "verdict": Maybe(Verdict),
        "fault": Maybe(Fault),
    }
    ADDED = (
        "patch",
        "pass_hint",
        "verdict",
        "fault",
    )  # (a friend's page reads an older host's answers, which lack them)

    def check(self, reading: Reading) -> None:
        """Refuse seats the table does not have (the view's table, else the one the reader knew)."""
        players = len(self.view.seats) if self.view is not None else reading.players
        if players is not None:
            reading.check(players)


class StaleView(ValueError):
    """A view's changes to a view this page does not have (a message was lost: greet again)."""


def patched(data, last_view: dict = None):
    """An answer's data with a patch's view laid over ``last_view`` (a whole view again); changes to
    another view than ``last_view`` raise :class:`StaleView`."""
    if isinstance(data, dict) and data.get("patch") is not None and data.get("view") is not None:
        read_field(COUNT, data["patch"], Reading(), "patch")
        if not isinstance(last_view, dict) or last_view.get("turn") != data["patch"]:
            raise StaleView("changes to a view this page does not have")
        if not isinstance(data["view"], dict):
            raise ValueError("a view's changes are not an object")
        view = dict(last_view)
        view.update(data["view"])
        data["view"] = view
    return data


def read_answer(text: str, last_view: dict = None) -> Answer:
    """The engine's answer from its JSON text, every field checked (:class:`Refused`: which, and why);
    ``raw_view`` keeps the view as data (the page stores it).  A friend's page gives the ``last_view`` it
    had on the connection, for a patch to lay over (and whose seats the answer's must be)."""
    data = patched(json.loads(text), last_view)
    answer = Answer(data, Reading(len(last_view["seats"]) if last_view else None))
    answer.raw_view = data["view"]
    return answer
