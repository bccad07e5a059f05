"""The page's controller: makes the parts, and hands each of the person's intents to the part whose job it is.

The input manager hands it what the person wants (:meth:`Controller.perform`);
:attr:`Controller.actions` is the one table from each ``data-action`` to the
method that does it.  It decides nothing about the game: the engine's view
says whose turn it is and what happens next.  Plain Python (the browser's
objects come in through the actuator), so the tests run it on CPython.

A new button: its markup names its action in ``data-action`` (and carries
what it says in ``data-*``, read by :mod:`.input`); :attr:`Controller.actions`
names its method, in the part whose job it is.  ``tests/test_actions.py``
checks both ways, on the markup the page renders.
"""

from .. import daily_board, lesson, player_stats
from .answers import Answers
from .fault_handling import FaultHandling
from .friends_host import FriendsHost
from .guard import Guard
from .new_games import NewGames
from .page import Page
from .panels import Panels
from .play import Play
from .reviews import Reviews
from .sharing import Sharing
from .startup import Startup


class Controller:
    """Runs the page through its parts: boot, the person's intents, the engine's answers."""

    ANSWERS = Answers  # the part that sends intents and carries out answers (a friend's page: its own)

    def __init__(self, client, actuator, storage, session, catalog, fetch_language, thinker=None):
        """``fetch_language(code)`` (awaitable) makes a language's catalogue importable (see main.py);
        ``thinker`` (a :class:`pyapp.page.client.ThinkerClient`, or None: no reviews) computes hand reviews."""
        session.stats = player_stats.load(storage)
        session.lesson = lesson.load(storage)
        session.daily = daily_board.load(storage)
        self.page = page = Page(client, actuator, storage, session, catalog, fetch_language, thinker)
        self.client, self.session, self.actuator, self.catalog = client, session, actuator, catalog
        self.guard = guard = Guard(actuator)
        self.answers = answers = self.ANSWERS(page, guard)
        self.games = games = NewGames(page, guard, answers)
        self.startup = startup = Startup(page, guard, answers, games)
        self.faults = faults = FaultHandling(page, guard, answers, startup, games)
        self.reviews = reviews = Reviews(page, guard, answers)
        self.friends = friends = FriendsHost(page, guard, answers)
        self.play = play = Play(page, answers, startup.decide_ahead)
        self.panels = panels = Panels(page, answers)
        sharing = Sharing(page)
        # The person's actions (from the input manager: a control's data-action, a key, a card of the hand, a
        # change in the new-game form) → the method that does each, in the part whose job it is.
        self.actions = {
            "menu": panels.on_menu,
            "card": play.on_card,
            "pass": play.on_pass,
            "collect": play.on_collect,
            "next": play.on_step_intent,
            "handoff": play.on_step_intent,
            "claim": play.on_step_intent,
            "finish": play.on_step_intent,
            "moon": play.on_moon,
            "undo": play.on_undo,
            "hint": play.on_hint,
            "figures": play.on_figures,
            "review": reviews.on_review,
            "review-page": reviews.on_review_page,
            "open": panels.on_open,
            "close": panels.on_close,
            "result": panels.on_result,
            "ask-reset-stats": panels.on_ask_reset_stats,
            "reset-stats": panels.on_reset_stats,
            "welcome-close": panels.on_welcome_close,
            "save-settings": panels.on_save_settings,
            "accept-reply": friends.on_accept_reply,
            "scan": friends.on_scan,
            "stand-in": friends.on_stand_in,
            "become-table": friends.on_become_table,
            "back": friends.on_back,
            "leave": friends.on_leave,
            "share": sharing.on_share,
            "copy": sharing.on_copy,
            "play-link": games.on_play_link,
            "again": games.on_again,
            "daily": games.on_daily,
            "replay": games.on_replay,
            "start": games.on_start,
            "preset": games.on_preset,
            "form-change": games.on_form_change,
            "lesson": games.on_lesson,
            "lesson-skip": games.on_lesson,
            "lesson-done": games.on_lesson,
            "reload": faults.on_reload,
            "resume": startup.on_resume,
        }

    async def perform(self, action: str, data: dict) -> None:
        """Do what the person asked for (an intent of the input manager), its faults told."""
        await self.guard.guarded(self.do(action, data))

    async def do(self, action: str, data: dict) -> None:
        """Do what the person asked for: :attr:`actions` names the method that does each, when the page's
        state allows it."""
        if action != "menu" and self.actuator.menu_shown():
            self.actuator.show_menu(False)  # whatever else the person does folds the menu
            if action == "close":
                return
        handler = self.actions.get(action)
        if handler is not None:
            await handler(action, data)
