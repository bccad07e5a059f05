"""Starting the page: the game drawn at once, the engine started, then caught up with.

Plain Python for MicroPython and CPython.
"""

import asyncio
import json

from ...shared import protocol
from ..first_deal import can_deal_ahead, first_view
from ..session import AHEAD_STEPS
from ..storage import (
    PENDING_KEY,
    SETTINGS_KEY,
    VIEW_KEY,
    game_keys,
    parse_json,
    read_pending,
    read_saved_game,
    saved_results,
    set_aside,
    stored_hands,
)
from ..waiting_game import bring_back, waiting
from ..words.i18n import t
from ..words.refusals import refusal_text
from .new_games import game_options

BROWSER_TURN = 0.001  # seconds: a wait that gives the browser a turn (a task of its own for what follows)


def is_result_query(query: str) -> bool:
    """Whether a page address's query is a result link's (pyapp.daily.result), not a deal link's."""
    return ("&" + query.lstrip("?")).find("&result=") >= 0


class Startup:
    """Starts the page, and takes a stored game up (on a later engine too)."""

    def __init__(self, page, guard, answers, games):
        self.page = page
        self.guard = guard
        self.answers = answers
        self.games = games

    async def boot(self, worker, query: str = "", deal: dict | None = None) -> None:
        """:meth:`start_up`, its faults told."""
        await self.guard.guarded(self.start_up(worker, query, deal))

    async def start_up(self, worker, query: str = "", deal: dict | None = None) -> None:
        """Show the game at once, start the engine, then catch up: resume, offer a shared deal, or deal.

        Before the engine is up the page draws the saved game (or, on a first
        visit, deals a new game's first hand itself from ``deal``: its secret
        ``seed`` and random ``name``, made by the browser) and lets the
        person make the decision it shows; that decision is kept in storage
        and goes to the engine as soon as the engine is up.
        """
        page, session, storage = self.page, self.page.session, self.page.storage
        await page.use_language()
        saved = read_saved_game(storage)
        session.game_waiting = waiting(storage) is not None
        # A first visit (nothing stored, a shared deal's too) is told the game's goal until the person closes it.
        session.welcome = saved is None and storage.get(SETTINGS_KEY) is None
        pending = self.pending(saved, query, deal or {})
        if "start" in pending:
            session.offer_lesson = session.welcome  # a first visit (not a new game of a player's)
            view = protocol.View(first_view(pending["start"], page.catalog))
            session.show(view, 0, [], ready=False, fresh=True, dealt=True)
        else:
            self.draw_saved(saved)
        session.ahead = session.view is not None and session.view.step in AHEAD_STEPS
        if session.ahead and pending.get("ahead"):
            session.decide_ahead(pending["ahead"])
        page.render(focus=False)  # (moving the focus lays the page out at once: not in the same task)
        page.report_storage()  # what could not be read of the settings, statistics and the page's copies
        page.actuator.warm_sound(session.settings)
        await asyncio.sleep(BROWSER_TURN)  # the browser shows the first cards
        page.actuator.place_focus()
        try:
            # The person is told when an answer passes its time limit (pyapp.page.client.LIMITS).
            await page.client.connect(worker, lambda: page.notify(t("notice.engine_silent"), 24 * 3600))
        except Exception as error:  # the engine's worker could not start; what is on screen (and stored) stays
            page.actuator.log("The engine could not start: " + str(error))
            page.notify(t("notice.engine_failed", reason=str(error)), 24 * 3600)
            return
        await self.answers.send(protocol.CONFIGURE, settings=session.engine_settings())
        page.actuator.started()
        if session.starting:  # Start or Play again was pressed while the engine started: that game only
            storage.remove(PENDING_KEY)
            from_form, session.starting = session.starting == "form", ""
            await self.games.new_game(from_form=from_form)
            return
        await self.catch_up(saved, pending, query)

    async def catch_up(self, saved, pending: dict, query: str) -> None:
        """The engine is up: it takes the game on screen (and the decision made ahead), then a shared deal
        or a friend's result from the address, or deals."""
        session, storage = self.page.session, self.page.storage
        result = query if is_result_query(query) else ""
        link = await self.games.read_link(query) if query and not result else None
        if "start" in pending:
            # The same deal as on screen: the engine's view takes over from the page's without a new deal.
            answer = await self.answers.send(
                protocol.START, options=pending["start"], stored_hands=stored_hands(storage)
            )
            resumed = answer.ok
        else:
            resumed = saved is not None and await self.resume(saved)
        ahead = read_pending(storage).get("ahead")  # made meanwhile, too
        if resumed and isinstance(ahead, dict):
            await self.send_ahead(ahead)
        storage.remove(PENDING_KEY)
        if link and resumed and session.step != protocol.STEP_OVER:
            session.link = link
            session.panel = "link"  # the game in progress is not given up without asking
            self.page.render()
        elif link:
            await self.games.new_game(link)
        elif not resumed:
            await self.games.new_game()
        if result:
            await self.games.check_result(result)

    def pending(self, saved, query: str, deal: dict) -> dict:
        """What waits for the engine: a first visit's new game (dealt here from ``deal``) and a decision
        made ahead."""
        storage, catalog = self.page.storage, self.page.catalog
        pending = read_pending(storage)
        start = pending.get("start")
        if saved is not None or not isinstance(start, dict) or not can_deal_ahead(start, catalog):
            pending.pop("start", None)  # the engine has the game already (or the record is not ours)
        if saved is None and "start" not in pending and not query:
            options = game_options(self.page.session.settings, catalog)
            options.update(deal)
            if can_deal_ahead(options, catalog):
                pending = {"start": options}
                storage.set(PENDING_KEY, json.dumps(pending))
        if not isinstance(pending.get("ahead"), dict):
            pending.pop("ahead", None)
        return pending

    async def send_ahead(self, ahead: dict) -> None:
        """Send the decision the person made before the engine was up, if the game still asks for it."""
        view = self.page.session.view
        if "pass" in ahead and view.step == protocol.STEP_PASS:
            answer = await self.answers.send(protocol.PASS, seat=view.seat, cards=ahead["pass"])
        elif "play" in ahead and view.step == protocol.STEP_PLAY and ahead["play"] in view.hand:
            answer = await self.answers.send(protocol.PLAY, seat=view.seat, card=ahead["play"])
        else:
            return  # the game has moved on (the decision was taken already)
        if not answer.ok:
            self.page.notify(t("notice.ahead_refused", reason=refusal_text(answer.refusal)))

    def decide_ahead(self, decision: dict, index: int = None) -> None:
        """Keep a decision made before the engine is up (it survives a reload) until the engine takes it
        (``index``: where the card played is in the hand)."""
        storage = self.page.storage
        pending = read_pending(storage)
        pending["ahead"] = decision
        storage.set(PENDING_KEY, json.dumps(pending))
        self.page.report_storage()
        self.page.session.decide_ahead(decision, index)
        self.page.render()

    def draw_saved(self, saved) -> None:
        """The page's copy of the last view, drawn while the engine starts."""
        session, storage = self.page.session, self.page.storage
        text = storage.get(VIEW_KEY)
        if saved is None or text is None:
            return
        try:
            results = saved_results(saved)
            view = protocol.View(parse_json(text))
            if view.party:
                view.step = protocol.STEP_HANDOFF  # several people here: no cards show until one takes the device
            session.show(view, len(results), results, ready=False, fresh=True)
        except (KeyError, TypeError, ValueError, AttributeError):
            session.view = None
            set_aside(storage, [VIEW_KEY], "aside.view")  # the engine draws the table again

    async def on_resume(self, action: str, data: dict) -> None:
        """Back to the game that waited while a hand of it was played again: its pieces put back in storage
        and loaded, as after a reload."""
        page, session = self.page, self.page.session
        if not page.client.ready:
            page.notify(t("notice.starting"))
        elif bring_back(page.storage):
            session.game_waiting, session.panel = False, ""
            await self.resume(read_saved_game(page.storage))
        else:  # (gone meanwhile: another tab brought it back, or it was set aside)
            session.game_waiting = False
            page.render()
            page.report_storage()

    async def resume(self, saved) -> bool:
        """Load the stored game into the engine; a game it refuses is set aside with a message."""
        answer = await self.answers.send(protocol.LOAD, fresh=True, saved=saved)
        if answer.ok:
            return True
        storage, session = self.page.storage, self.page.session
        set_aside(storage, game_keys(storage), "notice.broken_save", error=refusal_text(answer.refusal))
        session.view = None
        session.results = []
        self.page.report_storage()
        return False
