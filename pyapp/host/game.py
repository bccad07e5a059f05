"""The engine side of the page: one game, what happens next, and what to save (the game manager).

:class:`Host` takes the page's intents (named in :mod:`pyapp.web.protocol`)
and answers each with the viewer's view, the new hand results and the
storage writes.  It owns everything the page used to decide for itself:
whose eyes the page is (the viewer), when a computer plays and after what
delay, when a finished trick is collected and when a hand's summary has been
read.  The page only renders what it is told and sends intents back.

The save is kept in pieces so that what is written per action does not grow
with the game: the game's header once, each finished hand once (the hand
review reads them later), and the hand in progress after every action.
"""

from __future__ import annotations

import json
from typing import Any

from ..bots import BOTS, THINKING, ExpertBot
from ..bots.review import Decision, lost_to_mistakes
from ..engine.actions import ActionError
from ..engine.cards import card_text
from ..engine.match import HandResult, IllegalAction, Match, Phase
from ..engine.observation import last_trick_key, observe
from ..engine.reasons import Reason
from ..engine.rules import CARDS_PASSED, POINTS_PER_PACK, PRESET_LABELS, PRESETS, RulesError, option_schema
from ..engine.save import FORMAT as MATCH_FORMAT
from ..engine.save import VERSION as MATCH_VERSION
from ..engine.save import SaveError, check_header, compact, damaged
from ..web import protocol
from .friends import Friend, Friends, new_secret
from .links import PERSON, LinkError, deal_query, parse_deal_query
from .reviews import read_answer as read_review
from .reviews import review_data, review_job
from .table import FORMAT as TABLE_FORMAT
from .table import VERSION as TABLE_VERSION
from .table import Table, places
from .thinking import WorkerPool

EXPECTED_ERRORS = (ActionError, IllegalAction, LinkError, RulesError, SaveError, ValueError)
SPEED_DELAYS_MS = {"instant": 0, "fast": 250, "normal": 650, "slow": 1200}  # a computer seat's delay
COLLECT_DELAY_MS = 1200  # "collect by timer": how long a finished trick stays on the table
DEFAULT_SETTINGS: dict[str, Any] = {"think_ms": 300, "speed": "normal", "collect": "click", "autoplay": "off"}
MAX_MESSAGE = 2_000_000  # characters: a save of the longest game, with its reviews, is far shorter
# Intents that change nothing on the table: their answers do not count as a turn, so a timer set before
# one (a computer's card) still runs when it comes (the page takes these answers without their view).
TURNLESS = (protocol.HINT, protocol.SHARE, protocol.READ_LINK, protocol.REVIEW)


def result_data(result: HandResult) -> dict[str, Any]:
    """A hand's result as protocol data (:class:`pyapp.web.protocol.Result`)."""
    return {
        "taken": list(result.taken),
        "added": list(result.added),
        "shooter": result.shooter,
        "choice": result.choice.value if result.choice else None,
        "queen": result.queen,
        "omnibus": result.omnibus,
    }


def refusal_of(error: Exception | Reason) -> dict[str, Any]:
    """Why an intent was refused: the catalogue code and values when the engine has them, else the text."""
    reason = error if isinstance(error, Reason) else error.args[0] if error.args else ""
    if isinstance(reason, Reason):
        return {"code": reason.code, "values": dict(reason.values), "text": ""}  # the page words it
    return {"code": "", "values": {}, "text": str(error)}


class Host:
    """One game as the page plays it: takes intents (JSON), answers with views and storage writes."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.settings = dict(DEFAULT_SETTINGS)
        self.viewer = 0
        self.collected = ""  # the key of the last finished trick the person has taken off the table
        self.summaries_seen = 0
        self.shown_to: int | None = None  # party mode: who has taken the device
        self.turn = 0
        self.sent_results = 0  # results the page has
        # The finished hands on show (hand → the match at its end), as long as the history is this long.
        self.finished: tuple[int, dict[int, Match]] = (0, {})
        self.stored_hands = 0  # finished hands in storage
        self.reviews: dict[int, list[Decision]] = {}  # the finished hands reviewed, by number
        self.wanted: set[int] = set()  # hands whose review is wanted: each one finished here, and any asked for
        self.jobs_given: set[int] = set()  # hands whose review job the page has
        self.new_reviews: list[list[Any]] = []  # [hand, each seat's points lost] reviewed since the last answer
        self.reviews_reset = False  # the next answer gives every review (a game started or loaded)
        self.pool = WorkerPool()  # the engine worker's helpers, lent to Expert seats (pyapp/web/worker.py)
        self.friends: Friends | None = None  # a friends' game: the friends' seats at their own devices
        self.answering: tuple[Friend, dict[str, Any]] | None = None  # the friend whose message is answered

    # The one entry point ------------------------------------------------------

    def handle(self, text: str) -> str:
        """Answer one intent (JSON text, see :func:`pyapp.web.protocol.message`) with JSON text."""
        extra: dict[str, Any] = {}
        writes: list[list[Any]] = []
        quiet = False  # nothing changed on the table (a review computed elsewhere, a stale timer): no view, no turn
        turnless = quietly_refused = False
        try:
            data = self._read(text)
            quiet = data["intent"] == protocol.REVIEWED
            turnless = data["intent"] in TURNLESS
            # A friend's message that changes nothing here is answered without a turn (a timer set before it
            # still runs: else a friend could hold the table up by greeting again and again).
            quietly_refused = data["intent"] in (protocol.REVIEWED, protocol.FRIEND, protocol.FRIEND_GONE)
            handler = getattr(self, "_on_" + data["intent"])
            extra = handler(data, writes) or {}
        except EXPECTED_ERRORS as error:
            return self._answer(refusal=refusal_of(error), quiet=quiet or quietly_refused, turnless=turnless)
        turnless = turnless or extra.pop("turnless", False)
        return self._answer(writes=writes, quiet=quiet or extra.pop("quiet", False), turnless=turnless, **extra)

    @staticmethod
    def _read(text: str) -> dict[str, Any]:
        if not isinstance(text, str) or len(text) > MAX_MESSAGE:
            raise _unreadable("The message is too long")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise _unreadable("The message is not readable JSON") from None
        if not isinstance(data, dict) or data.get("intent") not in protocol.INTENTS:
            raise _unreadable("The engine does not know this message")
        if data.get("version") != protocol.VERSION:
            text = "The page and the engine are of different versions: reload the page"
            raise ValueError(Reason(text, "versions_differ"))
        return data

    def _answer(
        self,
        refusal: dict | None = None,
        writes: list | None = None,
        quiet: bool = False,
        turnless: bool = False,
        **extra: Any,
    ) -> str:
        shown = self.table is not None and not quiet
        if shown and not turnless:
            self.turn += 1
        view = self._view() if shown else None
        results = self.table.match.results if self.table is not None else []
        # Only the results the page has not had (none when an undo took a scored hand back: the count says so).
        new = [result_data(result) for result in results[self.sent_results :]] if shown else []
        if shown:
            self.sent_results = len(results)
        reviews, self.new_reviews = self.new_reviews, []
        reset, self.reviews_reset = self.reviews_reset, False
        answer = {
            "ok": refusal is None,
            "refusal": refusal,
            "view": view,
            "results_count": len(results),
            "new_results": new,
            "writes": writes or [],
            "hint": extra.get("hint"),
            "link": extra.get("link"),
            "query": extra.get("query"),
            "jobs": self._jobs(),
            "reviews": reviews,
            "reviews_reset": reset,
            "review": extra.get("review"),
            "outbox": self._friends_outbox() if self.table is not None else [],
            "reply_to": None,
            "patch": None,
        }
        return compact(answer)

    # Intents ------------------------------------------------------------------

    def _on_configure(self, data: dict[str, Any], writes: list) -> None:
        settings = data.get("settings")
        if not isinstance(settings, dict):
            raise _unreadable("The settings are not an object")
        for name, default in DEFAULT_SETTINGS.items():
            if name in settings:
                self.settings[name] = type(default)(settings[name])
        if self.table is not None:
            self.table.set_think_ms(float(self.settings["think_ms"]))

    def _on_start(self, data: dict[str, Any], writes: list) -> None:
        options = data.get("options")
        if not isinstance(options, dict):
            raise _unreadable("The new game's options are not an object")
        self._take(Table.new(options), {}, stored_hands=0, reviews={})
        writes.append([protocol.SAVE_GAME, compact(self._header())])
        for number in range(int(data.get("stored_hands", 0) or 0)):
            writes.extend([[protocol.hand_key(number), None], [protocol.review_key(number), None]])
        self._store(writes)

    def _on_load(self, data: dict[str, Any], writes: list) -> None:
        saved = data.get("saved")
        if isinstance(saved, dict) and protocol.LEGACY_SAVE in saved:
            document, page = self._legacy(saved[protocol.LEGACY_SAVE])
            self._take(Table.from_document(document), page, stored_hands=0, reviews={})
            writes.append([protocol.SAVE_GAME, compact(self._header())])
            writes.append([protocol.LEGACY_SAVE, None])
        else:
            document, page, stored = self._pieces(saved)
            table = Table.from_document(document)
            secret = saved["game"].get("secret")  # a friends' game's (they join again with new invitations)
            self._take(table, page, stored, self._stored_reviews(saved, table.match), secret)
            if saved["game"].get("name") != table.name:  # a save from before games had names: it has one now
                writes.append([protocol.SAVE_GAME, compact(self._header())])
            if self.friends is not None:
                self.friends.all_left()  # they were at the table: waited for, then the computer plays for them
        self._store(writes)
        if self.table.match.results:
            self.wanted.add(len(self.table.match.results) - 1)  # the last hand's review, should it be missing

    def _on_pass(self, data: dict[str, Any], writes: list) -> None:
        self._act({"seat": data.get("seat"), "pass": data.get("cards")}, writes)

    def _on_play(self, data: dict[str, Any], writes: list) -> None:
        self._act({"seat": data.get("seat"), "play": data.get("card")}, writes)

    def _on_moon(self, data: dict[str, Any], writes: list) -> None:
        self._act({"seat": data.get("seat"), "moon": data.get("choice")}, writes)

    def _on_continue(self, data: dict[str, Any], writes: list) -> dict[str, Any] | None:
        table = self._table()
        if data.get("turn") != self.turn:
            # Timed for an earlier answer (the person has acted since): a quiet answer, which times
            # nothing, so that only the latest answer's timer runs on.
            return {"quiet": True}
        step, after = self._step()
        if after is None:
            return
        away = [seat for seat in table.people_to_act if self.friends and self.friends.wait_ms(seat) == 0]
        if step == protocol.STEP_WAIT and away:
            table.stand_in(away[0])  # a friend who left: the computer plays for them until they are back
        elif step in (protocol.STEP_BOT, protocol.STEP_SUMMARY, protocol.STEP_PASS, protocol.STEP_WAIT):
            table.bot_step()  # a computer's card, or (while a person reads or chooses) its pass
        elif step == protocol.STEP_COLLECT:
            self.collected = last_trick_key(table.match)
        elif step == protocol.STEP_PLAY:
            legal = table.match.legal_cards(self.viewer)
            table.act({"seat": self.viewer, "play": card_text(legal[0])})
        self._store(writes)

    def _on_collect(self, data: dict[str, Any], writes: list) -> None:
        if self._step()[0] != protocol.STEP_COLLECT:
            raise IllegalAction(Reason("There is no trick to collect", "no_trick"))
        self.collected = last_trick_key(self._table().match)
        self._store(writes)

    def _on_read_on(self, data: dict[str, Any], writes: list) -> None:
        if self._step()[0] != protocol.STEP_SUMMARY:
            raise IllegalAction(Reason("There is no hand summary to read", "no_summary"))
        self.summaries_seen = len(self._table().match.results)
        self._store(writes)

    def _on_take_device(self, data: dict[str, Any], writes: list) -> None:
        self._table()
        self.shown_to = self.viewer
        self._store(writes)

    def _on_undo(self, data: dict[str, Any], writes: list) -> None:
        table = self._table()
        if self.friends is not None:
            raise IllegalAction(Reason("With friends at the table nobody takes a card back", "undo_friends"))
        table.undo(self.viewer)
        self._seen_all()
        self._store(writes)

    def _on_claim(self, data: dict[str, Any], writes: list) -> None:
        self._table().claim(self.viewer)
        self._store(writes)

    def _on_finish(self, data: dict[str, Any], writes: list) -> None:
        self._table().finish(self.viewer)
        self._store(writes)

    def _on_hint(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        return {"hint": self._table().hint(self.viewer)}

    def _on_read_link(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        return {"link": parse_deal_query(str(data.get("query", "")))}

    def _on_review(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        return {"review": self._review_of(data.get("hand"), self.viewer)}

    def _review_of(self, hand: Any, viewer: int) -> dict[str, Any]:
        """Finished hand ``hand``'s review as ``viewer`` sees it (their own decisions); refused while it is
        being computed (the page's next jobs have it)."""
        match = self._table().match
        if type(hand) is not int or not 0 <= hand < len(match.results):
            raise IllegalAction(Reason("There is no such finished hand", "review_hand"))
        if hand not in self.reviews:
            self.wanted.add(hand)  # the answer's jobs have it, unless the page has it already
            raise IllegalAction(Reason("The hand is still being reviewed", "review_pending"))
        game_lost = sum(lost_to_mistakes(decisions, viewer) for decisions in self.reviews.values())
        return review_data(match, hand, self.reviews[hand], viewer, game_lost)

    def _on_reviewed(self, data: dict[str, Any], writes: list) -> None:
        match = self._table().match
        text = data.get("review") if isinstance(data.get("review"), str) else ""
        hand, decisions = read_review(text, match)
        if hand not in self.reviews:
            self.reviews[hand] = decisions
            self.new_reviews.append(self._lost_entry(hand, decisions))
            writes.append([protocol.review_key(hand), text])

    def _lost_entry(self, hand: int, decisions: list[Decision], only: int | None = None) -> list[Any]:
        """What a page has of a hand's review: [hand, each seat's points lost to mistakes in it] (``only``
        that seat's, the others' 0: for a friend's page)."""
        seats = range(self._table().match.players)
        return [hand, [round(lost_to_mistakes(decisions, s), 2) if only in (None, s) else 0 for s in seats]]

    def _jobs(self) -> list[str]:
        """The review jobs the page does not have yet: hands wanted, scored and not reviewed."""
        if self.table is None:
            return []
        match = self.table.match
        people = [seat for seat, s in enumerate(self.table.seats) if s.bot is None]
        hands = sorted(self.wanted - self.jobs_given - self.reviews.keys())
        hands = [hand for hand in hands if hand < len(match.results)]
        self.jobs_given.update(hands)
        return [review_job(match, hand, people, self.table.played_for) for hand in hands]

    def _on_share(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        table = self._table()
        levels = [seat.bot or PERSON for seat in table.seats[1:]]
        # A friends' game's deal stays secret (a friend may be sent the link); theirs is a link to its rules.
        seed = table.match.seed if self.friends is None else None
        return {"query": deal_query(table.match.rules, seed, levels)}

    # Friends at their own devices -----------------------------------------------

    def _on_friend(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        """A message from a friend's device, read strictly (:meth:`Friends.read`) and done for the friend's
        seat; a refusal goes back to that friend only, and this device's person is not troubled with it."""
        friends, seat = self._friends(), data.get("seat")
        try:
            friend, message = friends.read(seat, data.get("text"))
            played = len(self._table().match.history)
            extra = self._friend_intent(friend, message, writes)
            return {**extra, "turnless": len(self._table().match.history) == played}  # nothing played: no turn
        except EXPECTED_ERRORS as error:
            friend = friends.at(seat)
            if friend is not None:
                self.answering = (friend, {"refusal": refusal_of(error), "reply_to": friend.read})
            return {"quiet": True}

    def _friend_intent(self, friend: Friend, message: dict[str, Any], writes: list) -> dict[str, Any]:
        """Do what a friend asked for (the message read); what changes only the friend's device is quiet here."""
        table, intent, seat = self._table(), message["intent"], friend.seat
        self.answering = (friend, {"reply_to": message["n"]})
        if intent in (protocol.PASS, protocol.PLAY, protocol.MOON):
            argument = {protocol.PASS: "cards", protocol.PLAY: "card", protocol.MOON: "choice"}[intent]
            table.act({"seat": seat, intent: message.get(argument)})
            friend.benched = False  # their own decision: they are back
        elif intent == protocol.FINISH:
            table.finish(seat)
        elif intent == protocol.READ_ON:
            if self._step(friend)[0] != protocol.STEP_SUMMARY:
                raise IllegalAction(Reason("There is no hand summary to read", "no_summary"))
            friend.seen = len(table.match.results)
            return {"quiet": True}
        elif intent == protocol.REVIEW:
            self.answering = (friend, {"review": self._review_of(message.get("hand"), seat), "reply_to": message["n"]})
            return {"quiet": True}
        elif intent == protocol.BACK:
            was, friend.benched = friend.benched, False  # the computer no longer plays for them
            return {} if was else {"quiet": True}
        elif intent == protocol.HINT:
            if friend.hinted == len(table.match.history):  # a hint costs the host a think time: one a turn
                raise IllegalAction(Reason("You have had the hint for this card", "hint_given"))
            self.answering = (friend, {"hint": table.hint(seat), "reply_to": message["n"]})
            friend.hinted = len(table.match.history)
            return {"quiet": True}
        else:  # the greeting: the friend's device is sent everything (Friends.read has reset what it had),
            return {}  # and this device's view says they are here
        self._store(writes)
        return {}

    def _on_friend_gone(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        if self.friends is not None:
            self.friends.gone(data.get("seat"))  # this device's view says so
        return {"turnless": True}

    def _on_stand_in(self, data: dict[str, Any], writes: list) -> dict[str, Any]:
        self._friends().bench(data.get("seat"), data.get("on") is True)
        return {}

    def _friends_outbox(self) -> list[list[Any]]:
        """What goes to the friends' devices after an intent: the answer to the friend who asked, and a new
        view to every other friend whose view changed."""
        answering, self.answering = self.answering, None
        if self.friends is None:
            return []
        outbox = []
        if answering is not None and not answering[0].greeted:  # a refused greeting: why, and nothing more
            outbox.append([answering[0].seat, compact(self._friend_record(None, 0, answering[1]))])
        for friend in self.friends.connected:
            extra = answering[1] if answering is not None and answering[0] is friend else None
            text = self._friend_answer(friend, extra)
            if text is not None:
                outbox.append([friend.seat, text])
        return outbox

    def _friend_answer(self, friend: Friend, extra: dict[str, Any] | None) -> str | None:
        """An Answer for ``friend``'s device (:class:`pyapp.web.protocol.Answer`): their own view, the results
        they have not had, and ``extra`` (a refusal, a hint) when it answers them; None when nothing changed
        for a friend who did not ask."""
        view = self._view(friend)
        shown, base = friend.shown, friend.turn  # (the view the friend's page has, and its turn)
        unchanged = dict(view, turn=0) == shown
        # Each hand's points lost: the friend's own (the others' are theirs).
        reviews = [
            self._lost_entry(hand, d, friend.seat)
            for hand, d in sorted(self.reviews.items())
            if hand not in friend.reviews
        ]
        if unchanged and extra is None and not reviews:
            return None
        friend.reviews |= self.reviews.keys()  # (the hands reviewed that the friend's page has been told of)
        extra = dict(extra or {}, reviews=reviews)
        if not unchanged:
            friend.turn += 1
            friend.shown = dict(view, turn=0)
        view["turn"] = friend.turn
        if shown is not None:  # the connection has had a view: only what changed since (and the turn)
            view = {name: value for name, value in view.items() if name == "turn" or shown.get(name) != value}
        results = self._table().match.results
        new = [result_data(result) for result in results[friend.sent_results :]]
        friend.sent_results = len(results)
        patch = base if shown is not None else None
        return compact(self._friend_record(view, len(results), dict(extra, patch=patch), new))

    @staticmethod
    def _friend_record(
        view: dict[str, Any] | None, count: int, extra: dict[str, Any], new: list | None = None
    ) -> dict[str, Any]:
        """An Answer's fields for a friend's device: never a storage write, a job or another device's data."""
        refusal = extra.get("refusal")
        return {
            "ok": refusal is None,
            "refusal": refusal,
            "view": view,
            "results_count": count,
            "new_results": new or [],
            "writes": [],
            "hint": extra.get("hint"),
            "link": None,
            "query": None,
            "jobs": [],
            "reviews": extra.get("reviews", []),
            "reviews_reset": False,
            "review": extra.get("review"),
            "outbox": [],
            "reply_to": extra.get("reply_to"),
            "patch": extra.get("patch"),
        }

    # What happens next ----------------------------------------------------------

    def _table(self) -> Table:
        if self.table is None:
            raise IllegalAction(Reason("No game is in progress", "no_game"))
        return self.table

    def _friends(self) -> Friends:
        if self.friends is None:
            raise IllegalAction(Reason("No friends play this game at their own devices", "no_friends"))
        return self.friends

    def _act(self, action: dict[str, Any], writes: list) -> None:
        table = self._table()
        seat = action["seat"]
        if self.friends is not None and type(seat) is int and seat in self.friends.seats:
            raise IllegalAction(Reason("That seat is a friend's, at their own device", "seat_not_yours"))
        table.act(action)
        self._store(writes)

    def _take(
        self,
        table: Table,
        page: dict[str, Any],
        stored_hands: int,
        reviews: dict[int, list[Decision]],
        secret: Any = None,
    ) -> None:
        """Play ``table`` from now on, with what the person had already seen (``page``; all of it when not
        said), ``stored_hands`` finished hands already in storage and the ``reviews`` stored of them; a
        friends' game keeps its ``secret`` (a new one when there is none)."""
        self.table = table
        friends = [seat for seat, s in enumerate(table.seats) if s.friend]
        secret = secret if isinstance(secret, str) and len(secret) == 32 else new_secret()
        self.friends = Friends(secret, friends) if friends else None
        for friend in self.friends.seats.values() if self.friends else ():
            friend.seen = len(table.match.results)  # a friend joins the table as it is
        table.pool = self.pool
        self.finished = (0, {})
        self.reviews = reviews
        self.wanted, self.jobs_given = set(), set()
        self.new_reviews = [self._lost_entry(hand, decisions) for hand, decisions in sorted(reviews.items())]
        self.reviews_reset = True
        table.set_think_ms(float(self.settings["think_ms"]))
        self.sent_results = 0
        self.stored_hands = stored_hands
        self.shown_to = None  # party mode: after a reload nobody's cards show until someone takes the device
        self._seen_all()
        collected, seen, finishing = page.get("collected"), page.get("summaries_seen"), page.get("finishing")
        if isinstance(collected, str):
            self.collected = collected
        if type(seen) is int:
            self.summaries_seen = seen
        if isinstance(finishing, list):
            people = [s for s, seat in enumerate(table.seats) if seat.bot is None]
            table.finishing = {s: table.match.hand_index for s in finishing if s in people}

    def _seen_all(self) -> None:
        match = self._table().match
        self.collected = last_trick_key(match)
        self.summaries_seen = len(match.results)

    def _update_viewer(self) -> int:
        """Whose eyes the page is: the person to act now, else the person who acted last.

        With several people at one device (party mode) the view follows the
        turn, so each sees only their own cards; the page hides them between two.
        """
        table = self._table()
        here = [seat for seat, s in enumerate(table.seats) if s.here]
        people = [seat for seat in table.people_to_act if seat in here]
        if people:
            self.viewer = people[0]
        elif self.viewer not in here:
            self.viewer = here[0]
        return self.viewer

    @property
    def wants_helpers(self) -> bool:
        """Whether a seat of the game thinks in parts on several workers (an Expert)."""
        return self.table is not None and any(seat.bot == ExpertBot.name for seat in self.table.seats)

    @property
    def party(self) -> bool:
        """Whether several people share this device."""
        return sum(1 for seat in self._table().seats if seat.here) > 1

    def _step(self, friend: Friend | None = None) -> tuple[str, int | None]:
        """What happens next for this device's person (or ``friend``'s), and after how many milliseconds the
        page sends CONTINUE (None: it waits).  The host's page keeps the table going: a friend's view is
        timed only while a trick is on show (its page lets it slide away; the host's timer collects it)."""
        table = self._table()
        match = table.match
        viewer, seen = (self._update_viewer(), self.summaries_seen) if friend is None else (friend.seat, friend.seen)
        delay = SPEED_DELAYS_MS.get(self.settings["speed"], SPEED_DELAYS_MS["normal"])
        if friend is None and self.party and viewer != self.shown_to:
            return protocol.STEP_HANDOFF, None
        if match.last_trick and last_trick_key(match) != self.collected:
            # With friends at the table a trick is collected by the host's timer: nobody waits for a click.
            timer = self.settings["collect"] == "timer" or self.friends is not None
            return protocol.STEP_COLLECT, COLLECT_DELAY_MS if timer else None
        # While the person reads the summary or picks cards to pass, the computers choose their passes.
        waiting = 0 if table.passes_waiting and friend is None else None
        if len(match.results) > seen:
            return protocol.STEP_SUMMARY, waiting
        if match.phase is Phase.OVER:
            return protocol.STEP_OVER, None
        if viewer in table.people_to_act:
            step = match.phase.value
            single = step == protocol.STEP_PLAY and len(match.legal_cards(viewer)) == 1
            autoplay = single and self.settings["autoplay"] == "on" and friend is None
            return step, delay if autoplay else waiting
        if table.people_to_act:  # a friend decides (the computers pass meanwhile), or after a while the
            return protocol.STEP_WAIT, self._stand_in_after(waiting) if friend is None else None  # computer
        if table.bots_to_act:
            return protocol.STEP_BOT, delay if friend is None else None
        return protocol.STEP_WAIT, None

    def _view(self, friend: Friend | None = None) -> dict[str, Any]:
        """The viewer's view (:class:`pyapp.web.protocol.View`), or ``friend``'s: only what that seat may see."""
        table = self._table()
        match = table.match
        step, after = self._step(friend)
        seat, seen = (self.viewer, self.summaries_seen) if friend is None else (friend.seat, friend.seen)
        # A hand whose summary is not yet read is still on the table: its last trick, no cards, not scored.
        shown = self._finished_hand(seen) if len(match.results) > seen else match
        observation = observe(shown, seat)
        reasons = {}
        if observation.phase is Phase.PLAY and match.current_seat == seat:
            for face in set(observation.hand) - set(observation.legal):
                reasons[card_text(face)] = refusal_of(match.play_refusal(seat, face))
        last = observation.last_trick
        texts = card_text
        return {
            "turn": self.turn if friend is None else friend.turn,
            "step": step,
            "after_ms": after,
            "seat": seat,
            "seats": [s.to_dict() for s in table.seats],
            "party": self.party if friend is None else False,
            "rules": match.rules.to_dict(),
            "moon_points": match.rules.moon_points,
            "phase": observation.phase.value,
            "hand_index": observation.hand_index,
            "dealer": observation.dealer,
            "pass_direction": observation.pass_direction,
            "pass_to": observation.pass_to,
            "hand": [texts(face) for face in observation.hand],
            "legal": [texts(face) for face in observation.legal],
            "reasons": reasons,
            "received": [texts(face) for face in observation.received],
            "passes_chosen": list(observation.passes_chosen),
            "to_act": list(observation.to_act),
            "trick": [[s, texts(face)] for s, face in observation.trick],
            "last_trick": None
            if last is None
            else {"leader": last.leader, "plays": [[s, texts(f)] for s, f in last.plays], "winner": last.winner},
            "last_trick_key": observation.last_trick_key,
            "tricks_played": len(observation.tricks),
            "hearts_broken": observation.hearts_broken,
            "points_taken": list(observation.points_taken),
            "hand_sizes": list(observation.hand_sizes),
            "scores": list(observation.scores),
            "moon_outcomes": {choice.value: list(totals) for choice, totals in observation.moon_outcomes.items()},
            "winners": list(match.winners),
            "can_undo": self.friends is None and table.last_decision_of(seat) is not None,
            "can_claim": shown is match and table.may_claim(seat),
            "summary_hand": seen if step == protocol.STEP_SUMMARY else None,
            "hands_read": seen,
            "game_key": f"{table.name}:{len(match.history)}",  # random: nothing in it deals a card
            # (How many cards a computer could choose from tells a friend more than their seat may know.)
            "last_decision": table.last_decision if friend is None else None,
            "friends": self._friends_view(friend),
        }

    def _stand_in_after(self, waiting: int | None) -> int | None:
        """When the host's page times the next step while friends decide: a computer's pass (``waiting``), or
        the computer's decision for a friend who left, once they have been waited for."""
        table = self._table()
        waits = [self.friends.wait_ms(seat) for seat in table.people_to_act] if self.friends else []
        due = [round(ms) for ms in waits if ms is not None]
        if waiting is not None:
            due.append(waiting)
        return min(due) if due else None

    def _friends_view(self, friend: Friend | None) -> dict[str, Any] | None:
        """Who of the friends is here (a device connected), who is away (how long until the computer plays
        for them), whom the host let the computer play for, and for this device's page the game's secret
        that its invitations carry (a friend's view has none: theirs came in their invitation)."""
        if self.friends is None:
            return None
        here = [f.seat for f in self.friends.connected]
        away = [[seat, round(ms)] for seat in self.friends.seats if (ms := self.friends.wait_ms(seat)) is not None]
        benched = [f.seat for f in self.friends.seats.values() if f.benched]
        secret = self.friends.secret if friend is None else ""
        return {"secret": secret, "here": here, "away": away, "benched": benched}

    def _finished_hand(self, seen: int) -> Match:
        """The match as it stood when hand ``seen`` ended, whose summary comes next (kept while it is shown)."""
        match = self._table().match
        if self.finished[0] != len(match.history):
            self.finished = (len(match.history), {})
        shown = self.finished[1]
        if seen not in shown:
            shown[seen] = match.at_hand_end(seen)
        return shown[seen]

    # Saving ---------------------------------------------------------------------

    def _header(self) -> dict[str, Any]:
        table = self._table()
        return {
            "format": protocol.GAME_FORMAT,
            "version": protocol.VERSION,
            "rules": table.match.rules.to_dict(),
            "seed": table.match.seed,
            "name": table.name,
            "seats": [seat.to_dict() for seat in table.seats],
            "secret": self.friends.secret if self.friends else None,
        }

    def _store(self, writes: list) -> None:
        """The storage writes after a change: finished hands not yet stored, then the hand in progress."""
        match = self._table().match
        finished = len(match.results)
        for number in range(self.stored_hands, finished):
            start, end = match.hand_span(number)
            record = {
                "game": match.seed,
                "hand": number,
                "actions": [action.to_dict() for action in match.history[start:end]],
                "result": result_data(match.results[number]),
                "played_for": self._played_for(start, end),
            }
            writes.append([protocol.hand_key(number), compact(record)])
        for number in range(self.stored_hands, finished):
            self.wanted.add(number)  # a hand finished here: reviewed in the background
        for number in range(finished, self.stored_hands):  # an undo took these back
            writes.extend([[protocol.hand_key(number), None], [protocol.review_key(number), None]])
            if self.reviews.pop(number, None) is not None:  # the page has it: it gets the reviews anew
                self.reviews_reset = True
                self.new_reviews = [self._lost_entry(hand, d) for hand, d in sorted(self.reviews.items())]
            self.wanted.discard(number)
            self.jobs_given.discard(number)
        self.stored_hands = finished
        current = {
            "game": match.seed,
            "hand": match.hand_index,
            "actions": [action.to_dict() for action in match.history[match.hand_starts[-1] :]],
            "played_for": self._played_for(match.hand_starts[-1], len(match.history)),
            "page": {
                "collected": self.collected,
                "summaries_seen": self.summaries_seen,
                "finishing": sorted(self._table().finishing),
            },
        }
        writes.append([protocol.SAVE_CURRENT, compact(current)])

    def _played_for(self, start: int, end: int) -> list[int]:
        """Where the computer decided for a person between ``start`` and ``end`` of the history (offsets)."""
        return sorted(index - start for index in self._table().played_for if start <= index < end)

    @staticmethod
    def _pieces(saved: Any) -> tuple[dict[str, Any], dict[str, Any], int]:
        """The table document the stored pieces make, the page state, and how many finished hands are stored."""
        if not isinstance(saved, dict):
            raise SaveError(Reason("The saved game is not readable", "save_unreadable"))
        header, current, hands = saved.get("game"), saved.get("current"), saved.get("hands")
        check_header(header, protocol.GAME_FORMAT, "game", protocol.VERSION)
        if not isinstance(current, dict) or not isinstance(hands, list):
            raise damaged("The saved game is incomplete: the hand in progress is missing")
        seed, number = header.get("seed"), current.get("hand")
        if current.get("game") != seed or type(number) is not int or not 0 <= number <= len(hands):
            raise damaged("The parts of the saved game do not belong together")
        history: list[Any] = []
        played_for: set[int] = set()
        for index, hand in enumerate(hands[:number]):
            if not isinstance(hand, dict) or hand.get("game") != seed or hand.get("hand") != index:
                raise _hand_damaged(index, "is missing or damaged")
            if not isinstance(hand.get("actions"), list):
                raise _hand_damaged(index, "is damaged")
            played_for |= places(hand.get("played_for"), len(history), len(history) + len(hand["actions"]))
            history.extend(hand["actions"])
        if not isinstance(current.get("actions"), list):
            raise damaged("The hand in progress is damaged")
        played_for |= places(current.get("played_for"), len(history), len(history) + len(current["actions"]))
        history.extend(current["actions"])
        match = {"format": MATCH_FORMAT, "version": MATCH_VERSION, "rules": header.get("rules"), "seed": seed}
        match["history"] = history
        document = {"format": TABLE_FORMAT, "version": TABLE_VERSION, "seats": header.get("seats"), "match": match}
        document["name"] = header.get("name")
        document["played_for"] = sorted(played_for)
        page = current.get("page") if isinstance(current.get("page"), dict) else {}
        stored = sum(1 for hand in hands if isinstance(hand, dict))
        return document, page, stored

    @staticmethod
    def _stored_reviews(saved: dict[str, Any], match: Match) -> dict[int, list[Decision]]:
        """The stored reviews that belong to this game (a damaged one is dropped: it is computed again)."""
        reviews = {}
        stored = saved.get("reviews") if isinstance(saved.get("reviews"), list) else []
        for number, record in enumerate(stored[: len(match.results)]):
            try:
                hand, decisions = read_review(record, match)
            except (ValueError, TypeError):
                continue
            if hand == number:
                reviews[hand] = decisions
        return reviews

    @staticmethod
    def _legacy(record: Any) -> tuple[Any, dict[str, Any]]:
        """The table document and page state of a save made before protocol 1 (one record with everything)."""
        if not isinstance(record, dict):
            raise SaveError(Reason("The saved game is not readable", "save_unreadable"))
        page = record.get("page") if isinstance(record.get("page"), dict) else {}
        return record.get("save"), page


def _unreadable(text: str) -> ValueError:
    """A message the engine cannot take (a page of another build, or not ours)."""
    return ValueError(Reason(text, "message_unreadable"))


def _hand_damaged(index: int, how: str) -> SaveError:
    return SaveError(Reason(f"Hand {index + 1} of the saved game {how}", "save_hand", number=str(index + 1)))


def catalog() -> dict[str, Any]:
    """What the new-game form offers: presets, every rule option, computer levels (built into the page)."""
    presets = [
        {"name": name, "label": PRESET_LABELS[name], "rules": rules.to_dict()} for name, rules in PRESETS.items()
    ]
    return {
        "presets": presets,
        "options": option_schema(),
        "levels": list(BOTS),
        "thinking": list(THINKING),  # the levels that choose their pass while the person does
        "cards_passed": CARDS_PASSED,
        "points_per_pack": POINTS_PER_PACK,
    }
