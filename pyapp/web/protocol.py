"""Everything that crosses between the page and the engine worker, named once.

The page sends *intents* (what the person or a timer wants) and the engine
answers with an :class:`Answer`: this viewer's :class:`View` (which already
says what happens next: whose turn, what the person may do, when the
computer plays), the hand results that are new since the last answer, and
the storage writes that keep the game (each finished hand once, the hand in
progress after every action; see ``SAVE_*``).  Nothing in an answer grows
with the number of hands played, except the answer to ``LOAD``, which gives
every result once, and a hand review's job (the match up to that hand, for
the thinker worker, once per finished hand).

Both sides import this module: the engine (:mod:`pyapp.host.game`) writes
exactly the fields named here, and the page reads them as attributes of the
records below, so reading a field nobody writes fails at once (a test checks
both).  Plain Python that MicroPython and CPython both run.
"""

import json

VERSION = 1

# Intents: page → engine.  A message is {"intent": NAME, "version": VERSION, **arguments}.
START = "start"  # options: {"rules", "seats", "seed" (optional)}
LOAD = "load"  # saved: {"game", "hands", "current", "reviews"} as read from storage (SAVE_*), or legacy: the old record
CONFIGURE = "configure"  # settings: {"think_ms", "speed", "collect", "autoplay"}
PASS = "pass"  # seat, cards: three card texts
PLAY = "play"  # seat, card
MOON = "moon"  # seat, choice
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
REVIEW = "review"  # hand: a reviewed hand's number, to show (Answer.review)
REVIEWED = "reviewed"  # review: the thinker worker's answer to one of Answer.jobs (answered without a view)
FRIEND = "friend"  # seat, text: a message from the device of the friend in that seat, as it came
FRIEND_GONE = "friend_gone"  # seat: the connection of the friend in that seat closed
STAND_IN = "stand_in"  # seat, on: the host lets the computer play for that friend from now on (or no longer)
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
)

# A friend's device → the host's engine (inside FRIEND): {"intent", "version": FRIENDS_VERSION, "n": a
# number that only grows on one connection, **arguments}.  The greeting says the game's secret from the
# invitation; the others are the friend's own decisions (their seat only).  The host answers each, and
# sends every change, as an Answer with the friend's own view (in Answer.outbox).
FRIENDS_VERSION = 2  # a friend's messages' version (2: the host's views come as their changes)
HELLO = "hello"  # secret: the game's, from the invitation
BACK = "back"  # the friend plays their seat again (the host had let the computer play for them)
FRIEND_INTENTS = (HELLO, PASS, PLAY, MOON, READ_ON, HINT, FINISH, REVIEW, BACK)

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

# Storage, written only through Answer.writes: the game's header once, each finished hand once,
# the hand in progress after every action.  The page keeps its own copy of the last view (VIEW_KEY).
SAVE_GAME = "hearts.game"
SAVE_HAND = "hearts.hand."  # + the hand's number
SAVE_CURRENT = "hearts.current"
LEGACY_SAVE = "hearts.save"  # one record with the whole game, written before protocol 1
SAVE_REVIEW = "hearts.review."  # + the hand's number: the thinker's review of that finished hand
GAME_FORMAT = "hearts-game"


MAX_NAME = 20
# The first seat's person, unnamed, is "" and the page calls them "You" in its language of the moment.
DEFAULT_NAMES = ("", "Eva", "Jan", "Marta", "Petr", "Lenka", "Tomáš", "Zora", "Karel", "Ilona")


def clean_name(name, seat: int) -> str:
    """A seat's display name: trimmed, at most 20 characters, a default when empty."""
    text = " ".join(str(name).split())[:MAX_NAME] if isinstance(name, str) else ""
    return text or DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]


def hand_key(number) -> str:
    """The storage key of finished hand ``number`` (0 is the first)."""
    return SAVE_HAND + str(number)


def review_key(number) -> str:
    """The storage key of finished hand ``number``'s review."""
    return SAVE_REVIEW + str(number)


def message(intent: str, **arguments) -> str:
    """An intent as the JSON text the engine reads."""
    if intent not in INTENTS:
        raise ValueError("unknown intent " + str(intent))
    data = dict(arguments)
    data["intent"] = intent
    data["version"] = VERSION
    return json.dumps(data)


def friend_message(intent: str, number: int, **arguments) -> str:
    """A friend's device's message (``number``: one more than the last on this connection)."""
    if intent not in FRIEND_INTENTS:
        raise ValueError("not a friend's intent " + str(intent))
    data = dict(arguments)
    data["intent"] = intent
    data["version"] = FRIENDS_VERSION
    data["n"] = number
    return json.dumps(data)


class Record:
    """Plain data read into attributes: exactly ``FIELDS``, each required; ``NESTED`` fields hold records.

    ``NESTED`` maps a field to (record class, shape) with shape ``"one"`` (a
    record or None), ``"list"`` or ``"values"`` (a dict of records).
    ``ADDED`` names fields added since data was first stored: the page's
    copies from an earlier version lack them, and they read as None.
    """

    FIELDS = ()
    NESTED = {}
    ADDED = ()

    def __init__(self, data):
        if not isinstance(data, dict):
            raise ValueError(type(self).__name__ + " is not an object")
        for name in self.FIELDS:
            if name not in data and name not in self.ADDED:
                raise ValueError(type(self).__name__ + " has no " + name)
            value = data.get(name)
            nested = self.NESTED.get(name)
            if nested is not None and value is not None:
                kind, shape = nested
                if shape == "one":
                    value = kind(value)
                elif shape == "list":
                    value = [kind(item) for item in value]
                else:
                    value = {key: kind(item) for key, item in value.items()}
            setattr(self, name, value)


class Seat(Record):
    """A seat: its name, its computer level (None: a person), and whether a friend sits there at their own
    device."""

    FIELDS = ("name", "bot", "friend")
    ADDED = ("friend",)


class Trick(Record):
    """A trick: who led, the plays as [seat, card], the winner (None: cancelled or unfinished)."""

    FIELDS = ("leader", "plays", "winner")


class Result(Record):
    """How a hand scored: points taken, added to each total, the moon's shooter and choice, who took Q♠
    and the Omnibus card."""

    FIELDS = ("taken", "added", "shooter", "choice", "queen", "omnibus")
    ADDED = ("omnibus",)


class Refusal(Record):
    """Why the engine refused an intent: a catalogue code with its values, or (no code) the English text."""

    FIELDS = ("code", "values", "text")


class View(Record):
    """What one viewer sees now, and what happens next (``step``; ``after_ms``: when CONTINUE is due).

    Until its summary is read (``hands_read`` counts those read), a finished
    hand stays on the table as it ended: the score sheet and the seats'
    totals show only the hands read.

    ``turn`` counts the engine's answers: a CONTINUE names the turn it was
    timed for, so a timer that fires after the person acted changes nothing.
    """

    FIELDS = (
        "turn",
        "step",
        "after_ms",
        "seat",
        "seats",
        "party",
        "rules",
        "moon_points",
        "phase",
        "hand_index",
        "dealer",
        "pass_direction",
        "pass_to",
        "hand",
        "legal",
        "reasons",
        "received",
        "passes_chosen",
        "to_act",
        "trick",
        "last_trick",
        "last_trick_key",
        "tricks_played",
        "hearts_broken",
        "points_taken",
        "hand_sizes",
        "scores",
        "moon_outcomes",
        "winners",
        "can_undo",
        "can_claim",
        "summary_hand",
        "hands_read",
        "game_key",
        "last_decision",
        "friends",
    )
    NESTED = {"seats": (Seat, "list"), "last_trick": (Trick, "one"), "reasons": (Refusal, "values")}
    ADDED = ("hands_read", "friends")


class Hint(Record):
    """The Hard player's advice: expected points per legal card, the card it would play, playouts run."""

    FIELDS = ("points", "best", "playouts")


class Decision(Record):
    """One reviewed decision of a person's: the trick's number (-1: the pass), the cards chosen, each choice
    as [cards, expected points this hand] (best first), the points it lost against the best, whether
    that makes it a mistake, and why (a code of :mod:`pyapp.bots.review`, or "")."""

    FIELDS = ("seat", "trick", "made", "choices", "lost", "mistake", "why")


class Review(Record):
    """A finished hand's review: its tricks, the viewer's pass, the people's decisions, the points lost to
    mistakes in this hand and in the game's reviewed hands."""

    FIELDS = ("hand", "tricks", "passed", "received", "pass_to", "decisions", "lost", "game_lost")
    NESTED = {"tricks": (Trick, "list"), "decisions": (Decision, "list")}


class Link(Record):
    """A deal link read: its (partial) rules, deal number and computer levels."""

    FIELDS = ("rules", "seed", "levels")


class Answer(Record):
    """The engine's answer to one intent.

    ``results_count`` is how many hands are scored; ``new_results`` are the
    last of them the page has not had (all of them after START or LOAD), so
    ``results[:results_count - len(new_results)] + new_results`` is the score
    sheet.  ``writes`` are [key, text or None (remove)] pairs for storage.

    ``jobs`` are hand reviews to compute, each JSON text for the thinker
    worker, whose answer goes back as REVIEWED; ``reviews`` are the hands
    reviewed since the last answer, as [hand, [each seat's points lost to mistakes]]
    (after START or LOAD every one, with ``reviews_reset`` true); ``review``
    answers REVIEW.

    ``outbox`` are [seat, text] pairs for the host's page to send to the
    friends' devices: each text an Answer of its own, with that friend's view;
    there ``reply_to`` is the number of the friend's message it answers (None:
    the table changed), and when ``patch`` is a turn the view holds only its
    fields that changed since the view of that turn, the last sent on that
    connection (and the turn), which the friend's page lays over that one
    (:func:`patched`).
    """

    FIELDS = (
        "ok",
        "refusal",
        "view",
        "results_count",
        "new_results",
        "writes",
        "hint",
        "link",
        "query",
        "jobs",
        "reviews",
        "reviews_reset",
        "review",
        "outbox",
        "reply_to",
        "patch",
    )
    ADDED = ("patch",)  # (a friend's page reads an older host's refusal of its version)
    NESTED = {
        "refusal": (Refusal, "one"),
        "view": (View, "one"),
        "new_results": (Result, "list"),
        "hint": (Hint, "one"),
        "link": (Link, "one"),
        "review": (Review, "one"),
    }


class StaleView(ValueError):
    """A view's changes to a view this page does not have (a message was lost: greet again)."""


def patched(data, last_view: dict = None):
    """An answer's data with a patch's view laid over ``last_view`` (a whole view again); changes to
    another view than ``last_view`` raise :class:`StaleView`."""
    if isinstance(data, dict) and data.get("patch") is not None and data.get("view") is not None:
        if not isinstance(last_view, dict) or last_view.get("turn") != data["patch"]:
            raise StaleView("changes to a view this page does not have")
        if not isinstance(data["view"], dict):
            raise ValueError("a view's changes are not an object")
        view = dict(last_view)
        view.update(data["view"])
        data["view"] = view
    return data


def read_answer(text: str, last_view: dict = None) -> Answer:
    """The engine's answer from its JSON text; ``raw_view`` keeps the view as data (the page stores it).
    A friend's page gives the ``last_view`` it had on the connection, for a patch to lay over."""
    data = patched(json.loads(text), last_view)
    answer = Answer(data)
    answer.raw_view = data.get("view") if isinstance(data, dict) else None
    return answer
