"""The page's controller: the person's intents in, the engine's answers out to storage and the screen.

The input manager hands it what the person wants (:meth:`Controller.perform`:
one table, :data:`ACTIONS`, from each ``data-action`` to the method that
does it); it sends the engine the matching intent through the engine
client, carries out the answer and redraws.  It decides nothing about the
game: the engine's view says whose turn it is and what happens next.  Its
jobs are parts of their own, each a module: starting the page
(:mod:`.startup`), new games and result links (:mod:`.new_games`), the
engine's answers and timers (:mod:`.answers`), the person's moves
(:mod:`.play_intents`), hand reviews (:mod:`.hand_reviews`), friends at
their own devices (:mod:`.friends_host`), panels and settings
(:mod:`.panels`), sharing (:mod:`.sharing`) and faults
(:mod:`.fault_handling`).  Plain Python (the browser's objects come in
through the actuator), so the tests run it on CPython.

A new button: its markup names its action in ``data-action`` (and carries
what it says in ``data-*``, read by :mod:`.input`); :data:`ACTIONS` names its
method, in the part whose job it is.  ``tests/test_actions.py`` checks both ways.
"""

from . import coach, daily_board, player_stats
from .answers import Answers
from .fault_handling import FaultHandling
from .friends_host import FriendsHost
from .hand_reviews import HandReviews
from .i18n import DEFAULT as DEFAULT_LANGUAGE
from .i18n import pick_language, set_language, t
from .new_games import NewGames
from .panels import Panels
from .play_intents import PlayIntents
from .sharing import Sharing
from .startup import Startup

ASIDE_NOTICE_SECONDS = 15  # what was set aside: a sentence or two to read (it covers part of a phone's hand)


class Controller(Startup, NewGames, Answers, HandReviews, FriendsHost, PlayIntents, Panels, Sharing, FaultHandling):
    """Runs the page: boot, the person's intents, the engine's answers."""

    def __init__(self, client, actuator, storage, session, catalog, fetch_language, thinker=None):
        """``fetch_language(code)`` (awaitable) makes a language's catalogue importable (see main.py);
        ``thinker`` (a :class:`pyapp.page.client.ThinkerClient`, or None: no reviews) computes hand reviews."""
        self.client = client
        self.thinker = thinker
        self.fetch_language = fetch_language
        self.actuator = actuator
        self.storage = storage
        self.session = session
        self.catalog = catalog
        self.session.stats = player_stats.load(storage)
        self.session.lesson = coach.load(storage)
        self.session.daily = daily_board.load(storage)
        # The connections to friends' devices (main.py's FriendsLink; tests bring their own): invite(seat,
        # stun) gives an offer's code, accept(seat, code) takes a reply's, send(seat, text), qr(text) an SVG.
        self.friends = None
        self.inviting = set()  # seats whose invitation is being prepared
        self.restarts = 0  # engines started again on this visit (pyapp.page.faults.MOST_RESTARTS)
        self.restarting = False  # one is being started: the other calls that found the old one gone wait for it

    async def perform(self, action: str, data: dict) -> None:
        """Do what the person asked for (an intent of the input manager), its faults told (:meth:`guarded`)."""
        await self.guarded(self.do(action, data))

    async def do(self, action: str, data: dict) -> None:
        """Do what the person asked for: :data:`ACTIONS` names the method that does each, when the page's
        state allows it."""
        if action != "menu" and self.actuator.menu_shown():
            self.actuator.show_menu(False)  # whatever else the person does folds the menu
            if action == "close":
                return
        name = ACTIONS.get(action)
        if name is not None:
            await getattr(self, name)(action, data)

    async def use_language(self) -> None:
        """Speak the chosen language (or the browser's) and label the page's fixed parts in it.

        Only English comes with the page; another language's catalogue is fetched when it is first
        used (English if it cannot be, say offline before the service worker has it).
        """
        chosen = self.session.settings.get("language")
        code = set_language(chosen or pick_language(list(self.actuator.window.navigator.languages)))
        if code != DEFAULT_LANGUAGE:
            try:
                await self.fetch_language(code)
            except Exception as error:  # (offline before the service worker has it, say: English meanwhile)
                self.actuator.log("The " + code + " catalogue could not be fetched: " + str(error))
                code = set_language(DEFAULT_LANGUAGE)
        self.actuator.label_page(code)

    def render(self) -> None:
        """Draw the page from the session (as of today: the page may stay open past midnight)."""
        self.session.today = self.actuator.today()
        self.actuator.render(self.session, self.catalog)

    def notify(self, text: str, seconds: float = None) -> None:
        """A short message for the person."""
        if seconds is None:
            self.actuator.notify(text)
        else:
            self.actuator.notify(text, seconds)

    def report_storage(self) -> None:
        """Tell the person what was set aside on this visit (all of it again when there is more: a notice
        replaces the last one), and once when the browser's storage failed."""
        storage = self.storage
        texts = []
        aside = len(storage.aside) > storage.told
        if aside:
            storage.told = len(storage.aside)
            for key, values in storage.aside:
                words = {
                    name: ", ".join(t(item) for item in value) if isinstance(value, list) else value
                    for name, value in values.items()
                }
                texts.append(t(key, **words))
        if storage.problem:
            texts.append(t(storage.problem))
            storage.problem = ""
        if texts:
            self.notify(" ".join(texts), ASIDE_NOTICE_SECONDS if aside else None)

    async def on_menu(self, action: str, data: dict) -> None:
        """The menu (the top bar folded, on a phone) opened or folded."""
        self.actuator.show_menu(not self.actuator.menu_shown())


# The person's actions (from the input manager: a control's data-action, a key, a card of the hand) → the
# controller's method that does each, in the part whose job it is.
ACTIONS = {
    "menu": "on_menu",
    "card": "on_card",
    "pass": "on_pass",
    "collect": "on_collect",
    "next": "on_step_intent",
    "handoff": "on_step_intent",
    "claim": "on_step_intent",
    "finish": "on_step_intent",
    "moon": "on_moon",
    "undo": "on_undo",
    "hint": "on_hint",
    "figures": "on_figures",
    "review": "on_review",
    "review-page": "on_review_page",
    "open": "on_open",
    "close": "on_close",
    "result": "on_result",
    "ask-reset-stats": "on_ask_reset_stats",
    "reset-stats": "on_reset_stats",
    "preset": "on_preset",
    "welcome-close": "on_welcome_close",
    "accept-reply": "on_accept_reply",
    "scan": "on_scan",
    "stand-in": "on_stand_in",
    "back": "on_back",
    "leave": "on_leave",
    "share": "on_share",
    "copy": "on_copy",
    "play-link": "on_play_link",
    "again": "on_again",
    "daily": "on_daily",
    "replay": "on_replay",
    "start": "on_start",
    "save-settings": "on_save_settings",
    "lesson": "on_lesson",
    "lesson-skip": "on_lesson",
    "lesson-done": "on_lesson",
    "reload": "on_reload",
}
