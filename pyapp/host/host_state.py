"""What the engine keeps of one game between intents: the table, who sees it, the friends, the save.

:class:`HostState` is what each intent's handler is given
(:mod:`.page_intents`, :mod:`.friends_hub`); :class:`pyapp.host.game.Host`
adds the dispatcher that reads an intent and writes the answer.
"""

from __future__ import annotations

from typing import Any

from ..bots import ExpertBot
from ..engine.match import IllegalAction, Match
from ..engine.observation import last_trick_key
from ..engine.reasons import Reason
from . import saves
from .audience import Audience
from .friends import Friend, Friends, new_secret
from .projection import project
from .review_book import ReviewBook
from .steps import Pace
from .table import Table
from .thinking import WorkerPool

DEFAULT_SETTINGS: dict[str, Any] = {
    "think_ms": 300,
    "speed": "normal",
    "collect": "click",
    "autoplay": "off",
    "away": "computer",  # a friend's device away: the computer plays for them after a while ("wait": never)
}


class HostState:
    """One game as the engine keeps it: the table, this device's audience, the pace, the reviews and the save."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.settings = dict(DEFAULT_SETTINGS)
        self.page = Audience()  # this device's eyes: the person to act (party mode: the one holding it)
        self.pace = Pace(self.settings)
        self.book = ReviewBook(0)
        self.pieces = saves.Pieces()
        self.finished: tuple[int, dict[int, Match]] = (0, {})  # the finished hands on show, while history is this long
        self.pool = WorkerPool()  # the engine worker's helpers, lent to Expert seats (pyapp/workers/engine_worker.py)
        self.answering: tuple[Friend, dict[str, Any]] | None = None  # the friend whose message is answered
        self.writes: list[list[Any]] = []  # the storage writes of the intent being answered

    @property
    def friends(self) -> Friends | None:
        """A friends' game's friends at their own devices (None: nobody plays from another device)."""
        return self.pace.friends

    # The table and who sees it ---------------------------------------------------

    def table_or_refuse(self) -> Table:
        """The game being played; refused when there is none."""
        if self.table is None:
            raise IllegalAction(Reason("No game is in progress", "no_game"))
        return self.table

    def friends_or_refuse(self) -> Friends:
        """The friends at their own devices; refused when nobody plays from another device."""
        if self.friends is None:
            raise IllegalAction(Reason("No friends play this game at their own devices", "no_friends"))
        return self.friends

    def step_for(self, friend: Friend | None) -> tuple[str, int | None]:
        """What happens next for this device's person (or ``friend``), and after how many ms its page goes on."""
        own = friend is None
        if own:
            self.update_viewer()
        screen = own and self.table_screen
        return self.pace.next_step(self.table_or_refuse(), friend or self.page, own, self.party, screen)

    def view_for(self, friend: Friend | None) -> dict[str, Any]:
        """This device's view (:class:`pyapp.shared.protocol.View`), or ``friend``'s: only what that seat may see."""
        table, audience = self.table_or_refuse(), friend or self.page
        step = self.step_for(friend)
        # A hand whose summary is not yet read is still on the table: its last trick, no cards, not scored.
        read = audience.hands_read
        shown = self._finished_hand(read) if len(table.match.results) > read else table.match
        friends = self.friends.view(friend is None) if self.friends else None
        screen = friend is None and self.table_screen
        return project(table, audience, step, shown, friend is None, self.party, friends, screen)

    def _finished_hand(self, hand: int) -> Match:
        """The match as it stood when hand ``hand`` ended, whose summary comes next (kept while it is shown)."""
        match = self.table_or_refuse().match
        if self.finished[0] != len(match.history):
            self.finished = (len(match.history), {})
        if hand not in self.finished[1]:
            self.finished[1][hand] = match.at_hand_end(hand)
        return self.finished[1][hand]

    def update_viewer(self) -> int:
        """Whose eyes the page is: the person to act now, else the person who acted last.  With several
        people at one device (party mode) the view follows the turn, so each sees only their own cards; the
        person holding the device keeps it while a finished hand is on the table (its last trick and summary
        hide nobody's cards) and, of several people to act, acts first (no hand-over nobody needs)."""
        table = self.table_or_refuse()
        here = [seat for seat, s in enumerate(table.seats) if s.here]
        people = [seat for seat in table.people_to_act if seat in here]
        holder = self.pace.shown_to
        if not here:  # the table's own screen: nobody's eyes (the first seat's place at the bottom)
            return self.page.seat
        if holder in here and (holder in people or len(table.match.results) > self.page.hands_read):
            self.page.seat = holder
        elif people:
            self.page.seat = people[0]
        elif self.page.seat not in here:
            self.page.seat = here[0]
        return self.page.seat

    @property
    def party(self) -> bool:
        """Whether several people share this device."""
        return sum(1 for seat in self.table_or_refuse().seats if seat.here) > 1

    @property
    def table_screen(self) -> bool:
        """Whether this device is the table's own screen: it holds no hand, every person plays at their own
        device (it shows the room only what everybody at the table sees)."""
        return not any(seat.here for seat in self.table_or_refuse().seats)

    def own_seat_or_refuse(self) -> int:
        """The seat of the person at this device who decides now (a claim, a hint, Finish); refused on the
        table's own screen, which holds no cards (each person asks at their own device)."""
        if self.table_screen:
            raise IllegalAction(Reason("This device is the table: it holds no cards", "table_screen"))
        return self.page.seat

    @property
    def wants_helpers(self) -> bool:
        """Whether a seat of the game thinks in parts on several workers (an Expert)."""
        return self.table is not None and any(seat.bot == ExpertBot.name for seat in self.table.seats)

    # A game taken up, and stored ------------------------------------------------------

    def take_up(self, table: Table, page: dict[str, Any], stored_hands: int, reviews: dict, secret: Any = None) -> None:
        """Play ``table`` from now on, with what the person had already seen (``page``; all of it when not
        said), ``stored_hands`` finished hands already in storage and the ``reviews`` stored of them; a
        friends' game keeps its ``secret`` (a new one when there is none)."""
        self.table = table
        friends = [seat for seat, s in enumerate(table.seats) if s.friend]
        secret = secret if isinstance(secret, str) and len(secret) == 32 else new_secret()
        self.pace.friends = Friends(secret, friends) if friends else None
        self.tell_friends_the_settings()
        for friend in self.friends.seats.values() if self.friends else ():
            friend.hands_read = len(table.match.results)  # a friend joins the table as it is
        table.pool = self.pool
        table.set_think_ms(float(self.settings["think_ms"]))
        self.finished = (0, {})
        self.book = ReviewBook(table.match.players, reviews)
        self.pieces = saves.Pieces(stored_hands)
        self.page.forget_sent()
        self.pace.shown_to = None  # party mode: after a reload nobody's cards show until someone takes the device
        self.seen_all()
        collected, seen, finishing = page.get("collected"), page.get("summaries_seen"), page.get("finishing")
        if isinstance(collected, str):
            self.pace.collected = collected
        if type(seen) is int:
            self.page.hands_read = seen
        if isinstance(finishing, list):
            people = [s for s, seat in enumerate(table.seats) if seat.bot is None]
            table.finishing = {s: table.match.hand_index for s in finishing if s in people}

    def tell_friends_the_settings(self) -> None:
        """The host's choice for a friend whose device is away (the settings'), told to the friends' seats."""
        if self.friends is not None:
            self.friends.waits = self.settings["away"] == "wait"

    def seen_all(self) -> None:
        """The person has seen everything on the table (a game taken up, a decision taken back)."""
        match = self.table_or_refuse().match
        self.pace.collected = last_trick_key(match)
        self.page.hands_read = len(match.results)

    def header(self) -> str:
        """The game's header as stored (:func:`pyapp.host.saves.header`)."""
        return saves.header(self.table_or_refuse(), self.friends.secret if self.friends else None)

    def store(self) -> None:
        """After a change on the table: the storage writes (the hand in progress with what the page had read)."""
        table = self.table_or_refuse()
        page = {"collected": self.pace.collected, "summaries_seen": self.page.hands_read}
        page["finishing"] = sorted(table.finishing)
        self.writes.extend(self.pieces.writes(table, page, self.book))
