"""The engine side of the page: one game's intents in, views and storage writes out (the dispatcher).

:class:`Host` reads each intent (named in :mod:`pyapp.shared.protocol`), hands it to its handler
(:data:`pyapp.host.page_intents.HANDLERS`) and answers with the viewer's view, the new hand results and
the storage writes; what it keeps between intents is :class:`~pyapp.host.host_state.HostState`.  The
parts beside it each have one job: the page's intents (:mod:`.page_intents`),
the step machine (:mod:`.steps`), what a device sees (:mod:`.projection`), the save in pieces
(:mod:`.saves`), the reviews (:mod:`.review_book`) and the friends at their own devices
(:mod:`.friends_hub`).  The page only renders what it is told.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..engine.reasons import Reason, Refusal
from ..engine.save import compact
from ..shared import protocol, storage_keys
from . import faults, friends_hub
from .host_state import HostState
from .page_intents import HANDLERS
from .projection import answer_data, refusal_of, result_data, unreadable, unreadable_field
from .thinking import ThinkFirst

MAX_MESSAGE = 2_000_000  # characters: a save of the longest game, with its reviews, is far shorter
# Intents that change nothing on the table: their answers do not count as a turn, so a timer set before
# one (a computer's card) still runs when it comes (the page takes these answers without their view).
TURNLESS = (protocol.HINT, protocol.SHARE, protocol.READ_LINK, protocol.REVIEW, protocol.VERIFY)
# A friend's message that changes nothing here is answered without a turn even when refused (a timer set
# before it still runs: else a friend could hold the table up by greeting again and again).
QUIET_REFUSALS = (protocol.REVIEWED, protocol.FRIEND, protocol.FRIEND_GONE)


class Host(HostState):
    """One game as the page plays it: takes intents (JSON), answers with views and storage writes."""

    # The one entry point ------------------------------------------------------

    def handle(self, text: str) -> str:
        """Answer one intent (JSON text, see :func:`pyapp.shared.protocol.message`) with JSON text."""
        self.writes = []
        intent = ""
        try:
            data = self._read(text)
            intent = data["intent"]
            extra = HANDLERS[intent](self, data) or {}
        except Refusal as error:
            quiet = intent in QUIET_REFUSALS
            return self._answer(refusal=refusal_of(error), quiet=quiet, turnless=intent in TURNLESS)
        except ThinkFirst:
            raise  # (not a fault: the worker thinks the decision's parts, then the intent is answered again)
        except Exception as error:
            return self._fault(error)
        turnless = intent in TURNLESS or extra.pop("turnless", False)
        return self._answer(quiet=intent == protocol.REVIEWED or extra.pop("quiet", False), turnless=turnless, **extra)

    def _fault(self, error: Exception) -> str:
        """The answer to an intent that hit a fault (:mod:`.faults`): the fault instead of a view, the save
        brought up to what the table took (a computer seat that failed stored at its simpler level), and
        each friend's device told."""
        self.answering = None
        fault = faults.fault_of(error, self.table)
        self.writes = []
        try:
            if self.table is not None:
                if fault["level"] is not None:
                    self.writes.append([storage_keys.SAVE_GAME, self.header()])
                self.store()
        except Exception as again:  # the save as it stood before this intent stays
            self.writes = []
            print("The game could not be stored after the fault:\n" + faults.trace_of(again), file=sys.stderr)
        told = compact(answer_data(fault=faults.for_friend(fault)))
        outbox = [[friend.seat, told] for friend in self.friends.connected] if self.friends else []
        return compact(answer_data(fault=fault, writes=self.writes, outbox=outbox))

    @staticmethod
    def _read(text: str) -> dict[str, Any]:
        if not isinstance(text, str) or len(text) > MAX_MESSAGE:
            raise unreadable("The message is too long")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise unreadable("The message is not readable JSON") from None
        if not isinstance(data, dict) or data.get("intent") not in protocol.INTENTS:
            raise unreadable("The engine does not know this message")
        if data.get("version") != protocol.VERSION:
            text = "The page and the engine are of different versions: reload the page"
            raise Refusal(Reason(text, "versions_differ"))
        try:
            return protocol.read_intent(data)
        except protocol.Refused as refused:  # (a page of another build, or not ours)
            raise unreadable_field(refused) from None

    def _answer(self, refusal: dict | None = None, quiet: bool = False, turnless: bool = False, **extra: Any) -> str:
        table = self.table
        shown = table is not None and not quiet  # quiet: nothing changed on the table (no view, no turn)
        if shown and not turnless:
            self.page.turn += 1
        results = table.match.results if table is not None else []
        # Only the results the page has not had (none when an undo took a scored hand back: the count says so).
        new = [result_data(result) for result in self.page.unsent(results)] if shown else []
        reviews, reset = self.book.told()
        if table is not None and self.table_screen:
            reviews = []  # each person's mistakes are theirs, on their own device: not shown to the room
        answer = answer_data(
            refusal=refusal,
            view=self.view_for(None) if shown else None,
            results_count=len(results),
            new_results=new,
            writes=self.writes,
            jobs=self.book.jobs(table, self.page.seat) if table is not None else [],
            reviews=reviews,
            reviews_reset=reset,
            outbox=friends_hub.outbox(self),
            **extra,
        )
        return compact(answer)
