"""The page's own state beside the engine's view: what the person has picked and opened on screen.

Plain Python that MicroPython and CPython both run.  The engine's view
(:class:`pyapp.shared.protocol.View`) says what the game is and what happens next;
this keeps the rest: the cards picked to pass, the open panel, the hint on
screen, the score sheet's results, the settings and the statistics.
"""

from ..shared import protocol
from ..shared.protocol import LOADING, STEP_PASS, STEP_PLAY
from . import player_stats
from .views.announce import new_plays

AHEAD_STEPS = (STEP_PASS, STEP_PLAY)  # the decisions a person may make before the engine is up

# language "": the browser's choice; name "": "You" in the language in use.
DEFAULT_SETTINGS = {
    "speed": "normal",
    "collect": "click",
    "name": "",
    "think_ms": "300",
    "form": None,  # what the new-game form shows (perhaps refused by the engine)
    "played": None,  # the last form the engine accepted: what later deals are played with
    "language": "",
    "undo": "on",
    "autoplay": "off",
    "sound": "on",
    "away": "computer",  # the host's choice for a friend whose device is away (protocol.AWAY_CHOICES)
    "vibrate": "on",  # a phone buzzes when its person's turn comes, in a game at a table of several devices
    "stun": "",  # a STUN server for friends' games across networks (used for nothing else)
}
ENGINE_SETTINGS = ("think_ms", "speed", "collect", "autoplay", "away")  # what the engine needs to know


def positions(hand: list, cards: list) -> list:
    """Where ``cards`` are in ``hand``, each at a position of its own (two decks: two equal cards are two
    positions); a card not (or no more often) in the hand is left out."""
    found = []
    for card in cards:
        for index, text in enumerate(hand):
            if text == card and index not in found:
                found.append(index)
                break
    return found


def same_decision(was, now) -> bool:
    """Whether views ``was`` and ``now`` ask the same decision of the same person (a hint for one holds for
    the other: the computers passing meanwhile change nothing in it)."""
    if was is None:
        return False
    return (was.step, was.seat, was.hand, was.legal, was.trick) == (now.step, now.seat, now.hand, now.legal, now.trick)


class Session:
    """What the person sees and has chosen on this page."""

    def __init__(self, settings: dict = None, pass_count: int = 3):
        self.pass_count = pass_count  # how many cards are passed (the engine's rule, from its catalogue)
        self.view = None  # the engine's last view (or, until the engine answers, the saved copy of it)
        self.ready = False  # the engine has answered
        self.ahead = False  # before the engine answers, the person may make the decision the view asks for
        self.waiting = None  # that decision, made ahead: {"pass": cards} or {"play": card}
        self.results = []  # every scored hand of the game (pyapp.shared.protocol.Result)
        self.selected = []  # the positions in the view's hand picked to pass (two decks: equal cards are two picks)
        self.waiting_at = None  # the position of the card played ahead (of two equal cards, the one clicked)
        self.hint = None  # the play's hint on screen (pyapp.shared.protocol.Hint)
        self.pass_hint = None  # the pass's (pyapp.shared.protocol.PassHint)
        self.figures = False  # the play hint's figures shown on every card (the person asked for them)
        self.hinting = False  # a hint asked for, not yet answered
        self.panel = ""
        self.welcome = False  # a first visit: the goal is said in a line (pyapp.page.views.how_to_play.render_welcome, above the hand)
        self.link = None  # a shared deal waiting for the person's answer
        self.stats = player_stats.empty()
        self.arrivals = []  # plays new since the last view: they fly in
        self.dealing = False  # a new hand's first drawing: its cards are dealt in
        self.confirm_reset = False
        self.away_passed_ms = 0  # how far the view's countdowns for friends who left have run (tick_away)
        # Pressed before the engine was up, started when it is: "form" (the form's Start), "again" (Play again).
        self.starting = ""
        self.result_closed = False  # the game-over dialog was closed: the final table stays, Play again in the hand
        self.share = None  # the links the share panel shows
        self.daily = None  # the board of the deal of the day (pyapp.page.daily_board)
        self.verdict = None  # a friend's result link being checked, or checked: {"checking", "verdict"}
        self.today = ""  # the player's local date (YYYY-MM-DD), as the page last looked
        self.asked = None  # [action, its value]: a new game that would end the one in progress (asked first)
        self.address = ""  # this copy of the game's address (what links to it start with)
        self.reviews = {}  # the finished hands reviewed: number → each seat's points lost (None: not yet reviewed)
        self.reviews_failed = False  # the thinker worker could not compute a review
        self.review = None  # the review open in its panel (pyapp.shared.protocol.Review)
        self.review_page = 0  # which of its pages is open (pyapp.page.views.review_view.review_pages)
        self.review_seat = None  # whose review is open (party mode: the person who asked for it)
        self.review_wanted = None  # [hand, seat]: a review asked for before it was ready: it opens when it is
        self.invites = {}  # the host's page: friend's seat → {"link", "qr"}, their invitation
        self.quiet = set()  # the host's page: friends' seats whose device went quiet, its connection open
        self.camera = None  # the host's page: whether a camera can scan a friend's reply (None: not known yet)
        self.joining = None  # a friend's page: {"state", "reply", "qr"} while it joins the host's table
        self.intents = None  # what this page may ask its engine for (None: protocol.INTENTS; a friend's, less)
        self.lesson = None  # the lesson's record while its game is on (pyapp.page.coach)
        self.game_waiting = False  # a game waits while a hand of it is played again (pyapp.page.waiting_game)
        self.offer_lesson = False  # a first visit: its first deal offers the lesson
        self.settings = dict(DEFAULT_SETTINGS)
        self.fault = None  # a fault on screen (pyapp.page.faults.fault_record): nothing more goes to the engine
        if isinstance(settings, dict):
            for key in DEFAULT_SETTINGS:
                if key in settings:
                    self.settings[key] = settings[key]

    def show(self, view, results_count: int, new_results: list, ready=True, fresh=False, dealt=False) -> None:
        """Take a new view and the results new since the last one; ``fresh`` for another game or a reload,
        ``dealt`` for a new game's first drawing (its cards are dealt in, as every later hand's are)."""
        before = None if fresh else self.view
        self.dealing = dealt or (before is not None and before.hand_index != view.hand_index)
        self.arrivals = [] if before is None else new_plays(before, view)[1]
        shown = self.view  # the one on screen, even for a fresh view: cards picked ahead stay picked
        same_pass = shown is not None and shown.phase == view.phase == protocol.PHASE_PASS and shown.seat == view.seat
        if same_pass and sorted(shown.hand) == sorted(view.hand):
            self.selected = positions(view.hand, self.picked)  # the same cards, wherever the new view puts them
        else:
            self.selected = []  # nothing to pick, or other cards (party mode: someone else's are coming)
        self.take_results(results_count, new_results)
        if view.phase != protocol.PHASE_OVER:
            self.result_closed = False
        self.view = view
        self.ready = ready
        self.ahead = False
        self.waiting = None
        self.waiting_at = None
        self.away_passed_ms = 0
        if not same_decision(shown, view):
            self.drop_hint()

    def drop_hint(self) -> None:
        """No hint on screen (another decision is in view)."""
        self.hint = self.pass_hint = None
        self.figures = False

    def take_results(self, results_count: int, new_results: list) -> None:
        """The scored hands: ``results_count`` of them, the last ``new_results`` new since the last answer."""
        kept = max(results_count - len(new_results), 0)
        self.results = self.results[:kept] + list(new_results)

    def take_reviews(self, reviews: list, reset: bool) -> bool:
        """Take the hands reviewed since the last answer ([hand, each seat's points lost, None for a seat not
        reviewed yet]; all of them when ``reset``); whether the review waited for is ready now."""
        if reset:
            self.reviews = {}
            self.review_wanted = None  # asked for in the game (or the hands) these reviews replace
        for hand, lost in reviews:
            self.reviews[hand] = lost
        return self.review_wanted is not None and self.reviewed(*self.review_wanted)

    def reviewed(self, hand: int, seat: int) -> bool:
        """Whether finished hand ``hand`` has ``seat``'s review (each person's is computed on its own)."""
        lost = self.reviews.get(hand)
        return lost is not None and seat < len(lost) and lost[seat] is not None

    @property
    def read_results(self) -> list:
        """The scored hands whose summary the viewer has read: what the score sheet shows (all of them
        in a view stored by an earlier version, which does not say)."""
        return self.results[: self.view.hands_read] if self.view is not None else []

    @property
    def result_shown(self) -> bool:
        """Whether the game is over and its result (the game-over dialog) is open."""
        return self.step == protocol.STEP_OVER and not self.result_closed

    @property
    def step(self) -> str:
        """What happens next, as the engine said (``loading`` until it has answered, but for a decision
        the person may make ahead)."""
        if self.view is None or not (self.ready or (self.ahead and self.waiting is None)):
            return LOADING
        return self.view.step

    def decide_ahead(self, decision: dict, index: int = None) -> None:
        """The person has made the view's decision before the engine is up; it waits for the engine.
        ``index``: the position of the card played (of two equal cards, the one clicked; else the first)."""
        self.waiting = decision
        hand = self.view.hand if self.view is not None else []
        if "pass" in decision:
            self.selected = positions(hand, decision["pass"])
        elif "play" in decision:
            card = decision["play"]
            self.waiting_at = index if index is not None else hand.index(card) if card in hand else None

    def may(self, intent: str) -> bool:
        """Whether this page may ask its engine for ``intent`` (a friend's page asks the host's for little)."""
        return intent in (protocol.INTENTS if self.intents is None else self.intents)

    @property
    def party(self) -> bool:
        """Whether several people share this device."""
        return self.view is not None and self.view.party

    @property
    def shared_table(self) -> bool:
        """Whether a game at a table of several devices is being played (a friends' game, on the host's page,
        the table's own screen or a friend's): its screens stay on, a phone buzzes when its turn comes."""
        view = self.view
        return view is not None and bool(view.friends) and view.phase != protocol.PHASE_OVER

    @property
    def table_screen(self) -> bool:
        """Whether this device is the table's own screen: it holds no hand, everyone plays at their own."""
        return self.view is not None and self.view.table_screen is True

    def toggle(self, index: int) -> None:
        """Pick or unpick the card at ``index`` in the hand to pass (at most three)."""
        if index in self.selected:
            self.selected.remove(index)
        elif len(self.selected) < self.pass_count and self.view is not None and 0 <= index < len(self.view.hand):
            self.selected.append(index)

    @property
    def picked(self) -> list:
        """The cards picked to pass, in the order picked (what the pass sends)."""
        hand = self.view.hand if self.view is not None else []
        return [hand[index] for index in self.selected if index < len(hand)]

    @property
    def ready_to_pass(self) -> bool:
        """Whether exactly the cards to pass have been picked."""
        return len(self.selected) == self.pass_count

    def engine_settings(self) -> dict:
        """The settings the engine plays by (thinking time, speed, collecting, auto-play)."""
        settings = {name: self.settings[name] for name in ENGINE_SETTINGS}
        settings["think_ms"] = int(settings["think_ms"])
        return settings
