"""Starting the page: the game drawn at once, the engine started, then caught up with.

A part of the page's controller (:class:`pyapp.page.controller.Controller`, whose state it shares).
Plain Python for MicroPython and CPython.
"""

import json

from ..shared import protocol
from .first_deal import can_deal_ahead, first_view
from .i18n import t
from .new_games import game_options
from .refusals import refusal_text
from .session import AHEAD_STEPS
from .storage import (
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


def is_result_query(query: str) -> bool:
    """Whether a page address's query is a result link's (pyapp.daily.result), not a deal link's."""
    return ("&" + query.lstrip("?")).find("&result=") >= 0


class Startup:
    """Starting the page."""

    async def boot(self, worker, query: str = "", deal: dict | None = None) -> None:
        """:meth:`start_up`, its faults told (:meth:`guarded`)."""
        await self.guarded(self.start_up(worker, query, deal))

    async def start_up(self, worker, query: str = "", deal: dict | None = None) -> None:
        """Show the game at once, start the engine, then catch up: resume, offer a shared deal, or deal.

        Before the engine is up the page draws the saved game (or, on a first
        visit, deals a new game's first hand itself from ``deal``: its secret
        ``seed`` and random ``name``, made by the browser) and lets the
        person make the decision it shows; that decision is kept in storage
        and goes to the engine as soon as the engine is up.
        """
        await self.use_language()
        saved = read_saved_game(self.storage)
        # A first visit (nothing stored, a shared deal's too) is told the game's goal until the person closes it.
        self.session.welcome = saved is None and self.storage.get(SETTINGS_KEY) is None
        pending = self.pending(saved, query, deal or {})
        if "start" in pending:
            self.session.offer_lesson = self.session.welcome  # a first visit (not a new game of a player's)
            view = protocol.View(first_view(pending["start"], self.catalog))
            self.session.show(view, 0, [], ready=False, fresh=True, dealt=True)
        else:
            self.draw_saved(saved)
        self.session.ahead = self.session.view is not None and self.session.view.step in AHEAD_STEPS
        if self.session.ahead and pending.get("ahead"):
            self.session.decide_ahead(pending["ahead"])
        self.render()
        self.report_storage()  # what could not be read of the settings, statistics and the page's copies
        self.actuator.warm_sound(self.session.settings)
        try:
            # The person is told when an answer passes its time limit (pyapp.page.client.LIMITS).
            await self.client.connect(worker, lambda: self.notify(t("notice.engine_silent"), 24 * 3600))
        except Exception as error:  # the engine's worker could not start; what is on screen (and stored) stays
            self.actuator.log("The engine could not start: " + str(error))
            self.notify(t("notice.engine_failed", reason=str(error)), 24 * 3600)
            return
        await self.send(protocol.CONFIGURE, settings=self.session.engine_settings())
        self.actuator.started()
        if self.session.starting:  # Start or Play again was pressed while the engine started: that game only
            self.storage.remove(PENDING_KEY)
            await self.start_early()
            return
        result = query if is_result_query(query) else ""
        link = await self.read_link(query) if query and not result else None
        if "start" in pending:
            # The same deal as on screen: the engine's view takes over from the page's without a new deal.
            answer = await self.send(protocol.START, options=pending["start"], stored_hands=stored_hands(self.storage))
            resumed = answer.ok
        else:
            resumed = saved is not None and await self.resume(saved)
        ahead = read_pending(self.storage).get("ahead")  # made meanwhile, too
        if resumed and isinstance(ahead, dict):
            await self.catch_up(ahead)
        self.storage.remove(PENDING_KEY)
        if link and resumed and self.session.step != protocol.STEP_OVER:
            self.session.link = link
            self.session.panel = "link"  # the game in progress is not given up without asking
            self.render()
        elif link:
            await self.new_game(link)
        elif not resumed:
            await self.new_game()
        if result:
            await self.check_result(result)

    def pending(self, saved, query: str, deal: dict) -> dict:
        """What waits for the engine: a first visit's new game (dealt here from ``deal``) and a decision
        made ahead."""
        pending = read_pending(self.storage)
        start = pending.get("start")
        if saved is not None or not isinstance(start, dict) or not can_deal_ahead(start, self.catalog):
            pending.pop("start", None)  # the engine has the game already (or the record is not ours)
        if saved is None and "start" not in pending and not query:
            options = game_options(self.session.settings, self.catalog)
            options.update(deal)
            if can_deal_ahead(options, self.catalog):
                pending = {"start": options}
                self.storage.set(PENDING_KEY, json.dumps(pending))
        if not isinstance(pending.get("ahead"), dict):
            pending.pop("ahead", None)
        return pending

    async def catch_up(self, ahead: dict) -> None:
        """Send the decision the person made before the engine was up, if the game still asks for it."""
        view = self.session.view
        if "pass" in ahead and view.step == protocol.STEP_PASS:
            answer = await self.send(protocol.PASS, seat=view.seat, cards=ahead["pass"])
        elif "play" in ahead and view.step == protocol.STEP_PLAY and ahead["play"] in view.hand:
            answer = await self.send(protocol.PLAY, seat=view.seat, card=ahead["play"])
        else:
            return  # the game has moved on (the decision was taken already)
        if not answer.ok:
            self.notify(t("notice.ahead_refused", reason=refusal_text(answer.refusal)))

    def decide_ahead(self, decision: dict, index: int = None) -> None:
        """Keep a decision made before the engine is up (it survives a reload) until the engine takes it
        (``index``: where the card played is in the hand)."""
        pending = read_pending(self.storage)
        pending["ahead"] = decision
        self.storage.set(PENDING_KEY, json.dumps(pending))
        self.report_storage()
        self.session.decide_ahead(decision, index)
        self.render()

    def draw_saved(self, saved) -> None:
        """The page's copy of the last view, drawn while the engine starts."""
        text = self.storage.get(VIEW_KEY)
        if saved is None or text is None:
            return
        try:
            results = saved_results(saved)
            view = protocol.View(parse_json(text))
            if view.party:
                view.step = protocol.STEP_HANDOFF  # several people here: no cards show until one takes the device
            self.session.show(view, len(results), results, ready=False, fresh=True)
        except (KeyError, TypeError, ValueError, AttributeError):
            self.session.view = None
            set_aside(self.storage, [VIEW_KEY], "aside.view")  # the engine draws the table again

    async def resume(self, saved) -> bool:
        """Load the stored game into the engine; a game it refuses is set aside with a message."""
        answer = await self.send(protocol.LOAD, fresh=True, saved=saved)
        if answer.ok:
            return True
        set_aside(self.storage, game_keys(self.storage), "notice.broken_save", error=refusal_text(answer.refusal))
        self.session.view = None
        self.session.results = []
        self.report_storage()
        return False

    async def start_early(self) -> None:
        """The game asked for before the engine was up: the form's (the one its Start kept) or another like
        the last (Play again)."""
        from_form, self.session.starting = self.session.starting == "form", ""
        await self.new_game(from_form=from_form)
