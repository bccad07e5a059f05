"""A table: a match plus who sits in each seat, as the page plays it (the game manager).

The table never touches the page.  It takes a person's decision, lets the
computer seats decide when asked (one decision at a time, so the page can
show each card with a visible delay), and describes itself for one seat as a
plain-data *view*: that seat's observation, the seats, the reason each
unplayable card cannot be played, and the save document.  Bots only ever get
observations.  A *steady* table's computer players decide alike on every
device and after any reload (:mod:`pyapp.bots.steady`): the deal of the day's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS, THINKING, Bot, ExpertBot, HardBot, make_bot
from ..bots.hard import DEFAULT_BUDGET_MS
from ..bots.judge import JUDGE_PLAYOUTS, PASS_PLACE, decision_seed, judge_play
from ..bots.pass_advice import advise_pass
from ..bots.play_reasons import play_reason
from ..bots.pool import LocalPool
from ..bots.steady import PARTS, steady_bot
from ..daily.day import DayError, daily_game
from ..engine.actions import Action
from ..engine.cards import card_text
from ..engine.claims import CLAIM_REFUSED, can_claim, play_claim
from ..engine.match import IllegalAction, Match, Phase
from ..engine.observation import Observation, observe
from ..engine.reasons import Reason, Refusal
from ..engine.rng import chance_number, is_name, is_seed, new_name, new_seed
from ..engine.rules import Rules, RulesError
from ..engine.save import check_header, damaged, from_document, to_document
from ..shared.seat_names import clean_names
from .faults import BotFault
from .thinking import ThinkFirst

FORMAT = "hearts-table"
VERSION = 1


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: a person (``bot`` is None), at this device or (``friend``) at their own, or a
    computer player of a level."""

    name: str
    bot: str | None = None
    friend: bool = False

    @property
    def here(self) -> bool:
        """Whether a person at this device plays this seat."""
        return self.bot is None and not self.friend

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data."""
        return {"name": self.name, "bot": self.bot, "friend": self.friend}


def seats_from(data: Any, players: int) -> list[Seat]:
    """Seats from plain data (one per player); refused with a reason when malformed."""
    if not isinstance(data, list) or len(data) != players:
        raise Refusal(Reason(f"Describe each of the {players} seats", "seats_count", count=str(players)))
    for index, item in enumerate(data):
        if not isinstance(item, dict):
            raise Refusal(Reason(f"Seat {index} is not described", "seat_missing", seat=str(index + 1)))
        bot = item.get("bot")
        if bot is not None and bot not in BOTS:
            raise Refusal(Reason(f"Unknown computer level {bot!r}", "level_unknown", level=str(bot)[:24]))
    names = clean_names([item.get("name") for item in data])
    seats = [
        Seat(name, item.get("bot"), item.get("bot") is None and item.get("friend") is True)
        for name, item in zip(names, data, strict=True)
    ]
    here = [seat for seat in seats if seat.here]
    if not here and not any(seat.friend for seat in seats):  # (none here: this device is the table's screen)
        raise Refusal(Reason("At least one seat must be a person, at this device or their own", "person_needed"))
    if len(here) > 1 and len(here) < sum(1 for seat in seats if seat.bot is None):
        raise Refusal(Reason("Friends at their own devices play with one person at this one", "friends_party"))
    return seats


def is_daily(day: Any, rules: Rules, seed: Any, seats: list[Seat], steady: bool) -> bool:
    """Whether a game of these rules, deal, seats and play is the deal of the day ``day``."""
    try:
        game = daily_game(day)
    except DayError:
        return False
    levels = [seat.bot for seat in seats]
    expected = [seat["bot"] for seat in game.options()["seats"]]
    return steady and rules == game.rules and seed == game.seed and levels == expected


def places(data: Any, start: int, end: int) -> set[int]:
    """Places in the history from ``data``, a list of offsets from ``start``, those that fall before ``end``:
    only a review reads them (what the computer played for a person), so damage drops them, not the game."""
    offsets = data if isinstance(data, list) else []  # none in a save from before they were kept
    return {start + offset for offset in offsets if type(offset) is int and 0 <= start + offset < end}


class Table:
    """A match with its seats; people decide through :meth:`act`, computers through :meth:`bot_step`."""

    def __init__(
        self,
        match: Match,
        seats: list[Seat],
        think_ms: float = DEFAULT_BUDGET_MS,
        name: str | None = None,
        steady: bool = False,
        daily: str | None = None,
    ) -> None:
        self.match = match
        self.seats = seats
        self.name = name or new_name()  # the game's name (random: its statistics count it once by it)
        self.think_ms = think_ms
        self.steady = steady  # computer players that decide alike everywhere (their budget is not think_ms)
        self.daily = daily  # the day whose deal of the day this is (pyapp.daily), or None
        self.bots: list[Bot | None] = [
            self._bot(seat.bot, index) if seat.bot else None for index, seat in enumerate(seats)
        ]
        self.last_decision: dict[str, Any] | None = None
        self.pool: LocalPool | None = None  # workers lent to Expert seats for their turns (the page's, see Host)
        self.thinking_since: float | None = None  # when a decision thought elsewhere first was first tried
        self.finishing: dict[int, int] = {}  # seat → the hand whose rest the computer plays for its person
        self.played_for: set[int] = set()  # where in the history the computer decided for a person (Finish, claim)
        self._bots_pass()

    def _bot(self, level: str, seat: int) -> Bot:
        chance = chance_number(self.match.seed)
        if self.steady:
            return steady_bot(level, chance)
        return make_bot(level, chance * 16 + seat, **({"budget_ms": self.think_ms} if level in THINKING else {}))

    def set_think_ms(self, think_ms: float) -> None:
        """How long the Hard computer players think per card (milliseconds)."""
        if not 10 <= think_ms <= 10_000:
            raise Refusal(Reason("The thinking time must be between 10 ms and 10 s", "think_time"))
        self.think_ms = think_ms
        for bot in self.bots:
            if isinstance(bot, HardBot) and not self.steady:
                bot.budget_ms = think_ms

    @classmethod
    def new(cls, options: dict[str, Any]) -> Table:
        """A new match from ``{"rules": {...}, "seats": [...], "seed": optional, "name": optional, "steady":
        optional}``: dealt from ``seed`` (a deal link's number, or the secret the page dealt the first hand
        from), else from a fresh secret; a game with a friend's seat always from a fresh secret (a friend may
        know the link).  ``steady`` true: steady computer players; ``daily``: the day (``YYYY-MM-DD``) whose deal
        of the day the options are (:meth:`pyapp.daily.day.DailyGame.options`), refused when they are not."""
        rules = Rules.from_dict(options.get("rules", {}))
        seats = seats_from(options.get("seats"), rules.players)
        seed, name = options.get("seed"), options.get("name")
        if seed is not None and not is_seed(seed):
            raise Refusal(Reason("The deal number must be a whole number", "deal_number"))
        if any(seat.friend for seat in seats):
            seed = new_seed()
        steady = options.get("steady") is True
        daily = options.get("daily")
        if daily is not None and not is_daily(daily, rules, seed, seats, steady):
            raise Refusal(Reason("These are not the options of a deal of the day", "daily_options"))
        return cls(Match(rules, seed), seats, name=name if is_name(name) else None, steady=steady, daily=daily)

    def to_own_device(self, seat: int) -> None:
        """The person in ``seat``, at this device until now, plays on from their own device (a friend's seat),
        with their cards as they are; the computer no longer finishes the hand for them."""
        self.seats[seat] = Seat(self.seats[seat].name, None, friend=True)
        self.finishing.pop(seat, None)

    def replay_of(self, hand: Any) -> Table:
        """A new game of one hand: finished hand ``hand`` of this game dealt again (its cards, dealer and pass
        direction) to the same seats and computer levels; refused in a friends' game, whose deal stays
        secret."""
        results = self.match.results
        if type(hand) is not int or not 0 <= hand < len(results):
            raise IllegalAction(Reason("There is no such finished hand to play again", "replay_hand"))
        if any(seat.friend for seat in self.seats):
            raise IllegalAction(Reason("A friends' game's hands are not played again", "replay_friends"))
        rules = self.match.rules.replace(hands=1, first_hand=self.match.rules.first_hand + hand)
        return Table(Match(rules, self.match.seed), list(self.seats), self.think_ms, steady=self.steady)

    # Decisions -------------------------------------------------------------

    @property
    def bots_to_act(self) -> list[int]:
        """Computer seats with a decision to make now."""
        return self._bots_to_act(self.match)

    def _bots_to_act(self, match: Match) -> list[int]:
        """Computer seats with a decision to make in ``match`` (this table's, or a copy to try a decision on)."""
        return [seat for seat in match.to_act if self.bots[seat] is not None]

    @property
    def people_to_act(self) -> list[int]:
        """Human seats with a decision to make now."""
        return [seat for seat in self.match.to_act if self.bots[seat] is None]

    def act(self, data: Any) -> None:
        """A person's decision as plain data (``{"seat": 0, "play": "QS"}``); illegal ones raise."""
        action = Action.from_dict(data)
        self._check_person(action.seat)
        self.match.apply(action)
        self._after_decision()

    def bot_step(self) -> bool:
        """Let the first computer seat to act make one decision; False when none is to act."""
        seats = self.bots_to_act
        if not seats:
            return False
        bot = self.bots[seats[0]]
        assert bot is not None
        view = observe(self.match, seats[0])
        start = self.thinking_since or time.perf_counter()
        try:
            action = self._decide(bot, view)
        except ThinkFirst:
            self.thinking_since = start  # to be thought elsewhere first: its time counts from this try
            raise
        except Exception as error:
            raise BotFault(seats[0]) from error
        self.thinking_since = None
        self.last_decision = {
            "seat": seats[0],
            "ms": round((time.perf_counter() - start) * 1000, 1),
            "playouts": getattr(bot, "last_playouts", 0) if len(view.legal) > 1 else 0,
            "choices": len(view.legal),
        }
        self._play_for(seats[0], action)
        self._after_decision()
        return True

    def _decide(self, bot: Bot, view: Observation) -> Action:
        """``bot``'s decision on ``view``: an Expert thinks with the workers the page lends (:meth:`_workers`),
        so its thinking may have to be done elsewhere first (:class:`ThinkFirst`, before anything changed)."""
        own = bot.pool if isinstance(bot, ExpertBot) else None
        workers = self._workers()
        if own is None or workers is None:
            return bot.decide(view)
        bot.pool = workers
        try:
            return bot.decide(view)
        finally:
            bot.pool = own

    def _workers(self) -> LocalPool | None:
        """The workers lent to an Expert seat for its turn: the page's (a steady table's in its fixed parts)."""
        if self.pool is None:
            return None
        return self.pool.fixed(PARTS) if self.steady else self.pool

    def foreseen_jobs(self) -> list[str]:
        """The jobs of the next computer decision thought on other workers, to be thought before the page
        asks for it: the decision due now (the page shows the last card a while first), or, while the one
        person at the table is to play a card, the decision after it if it is the card Medium would play
        (:meth:`medium_choice`) and the hand goes on.  Empty when no such decision comes next.

        Nothing changes here: the bot's generator is as it was, so the decision, when asked for, has these
        very jobs.  Never with several people at the table (friends, or party mode): how soon the computer
        answered would tell them whether a person played Medium's card, a hint of the cards they hold."""
        workers = self._workers()
        if workers is None or not workers.elsewhere or self.finishing:
            return []
        if not any(isinstance(bot, ExpertBot) for bot in self.bots):
            return []
        match = self.match
        if not self.bots_to_act:
            people = self.people_to_act
            alone = sum(1 for seat in self.seats if seat.bot is None) == 1
            if match.phase is not Phase.PLAY or len(people) != 1 or not alone:
                return []
            match = match.copy()
            match.apply(self.medium_choice(people[0]))
            if match.phase is not Phase.PLAY or match.hand_index != self.match.hand_index:
                return []  # (the next hand's passes: the other computers pass first, as the host has them)
        seats = self._bots_to_act(match)
        bot = self.bots[seats[0]] if seats else None
        if not isinstance(bot, ExpertBot):
            return []
        state = bot.rng.getstate()
        try:
            self._decide(bot, observe(match, seats[0]))
        except ThinkFirst as thinking:
            return thinking.jobs
        finally:
            bot.rng.setstate(state)
        return []  # a decision with nothing to think (a single legal card)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision (and everything the computers did after it)."""
        self._check_person(seat)
        if self.daily is not None:
            raise IllegalAction(Reason("In the deal of the day nobody takes a card back", "undo_daily"))
        index = self.last_decision_of(seat)
        if index is None:
            raise IllegalAction(Reason("There is nothing of yours to undo", "nothing_to_undo"))
        self.match.undo_to(index)
        self.played_for = {played for played in self.played_for if played < index}
        self.last_decision = self.thinking_since = None
        self.finishing = {}  # taken back: everyone plays their own cards again

    def may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim the rest now: when nothing can go wrong for it, and no other person
        at the table would have their cards played for them (a claim plays everybody's); never at a steady
        table, whose computer players play their own cards (its game is checked by replaying them)."""
        others = [s for s, bot in enumerate(self.bots) if bot is None and s != seat]
        return not others and not self.steady and can_claim(self.match, seat)

    def claim(self, seat: int) -> None:
        """``seat`` claims the rest of the hand (only when how it is played can no longer matter)."""
        self._check_person(seat)
        if not self.may_claim(seat):
            raise IllegalAction(CLAIM_REFUSED)
        start = len(self.match.history)
        play_claim(self.match, seat)
        history = self.match.history
        self.played_for.update(index for index in range(start, len(history)) if not self.bots[history[index].seat])
        self._after_decision()

    def finish(self, seat: int) -> None:
        """The computer plays the rest of this hand for ``seat``, at once, and the computer seats with it;
        another person's turn waits for that person (their cards are played only by them)."""
        self._check_person(seat)
        if self.match.phase is not Phase.PLAY:
            raise IllegalAction(Reason("Only a hand being played can be finished", "finish_refused"))
        self.finishing[seat] = self.match.hand_index
        self._after_decision()

    def _after_decision(self) -> None:
        """Play at once what the computer is finishing (with the computer seats between), then the passes."""
        self.thinking_since = None  # a decision tried before this one is not the next one
        hand_index = self.match.hand_index
        self.finishing = {seat: hand for seat, hand in self.finishing.items() if hand == hand_index}
        if self.finishing:
            helper = self._helper()
            while self.match.phase is Phase.PLAY and self.match.hand_index == hand_index:
                current = self.match.current_seat
                assert current is not None
                bot = self.bots[current] or (helper if current in self.finishing else None)
                if bot is None:
                    break  # another person's turn
                if self.bots[current] is None:
                    self.played_for.add(len(self.match.history))
                self._play_for(current, self._decision_of(current, bot))
            if self.match.hand_index != hand_index:
                self.finishing = {}
        self._bots_pass()

    def stand_in(self, seat: int) -> None:
        """The computer makes ``seat``'s decision for its person, who is away (as Medium would)."""
        self._check_person(seat)
        self.played_for.add(len(self.match.history))
        self.match.apply(self.medium_choice(seat))
        self._after_decision()

    def medium_choice(self, seat: int) -> Action:
        """What the computer would decide for ``seat``'s person now (:meth:`_helper`)."""
        return self._helper().decide(observe(self.match, seat))

    def _helper(self) -> Bot:
        """The computer player that decides for a person (Finish, a friend away): Medium, seeded by the game."""
        return make_bot("medium", chance_number(self.match.seed) * 16 + len(self.match.history))

    def _check_person(self, seat: int) -> None:
        if not 0 <= seat < len(self.bots) or self.bots[seat] is not None:
            raise IllegalAction(Reason("That seat is not yours", "seat_not_yours"))

    def last_decision_of(self, seat: int) -> int | None:
        """Where ``seat``'s last decision of the hand in play sits in the history, or None: an undo never
        goes back into a hand already scored (nor takes back the last hand of a finished game)."""
        if self.match.phase is Phase.OVER:
            return None
        for index in range(len(self.match.history) - 1, self.match.hand_starts[-1] - 1, -1):
            if self.match.history[index].seat == seat:
                return index
        return None

    def advice(self, seat: int) -> dict[str, Any]:
        """A hint for ``seat``'s decision, as the answer's field that carries it: ``pass_hint`` while it has
        cards to pass (:meth:`pass_hint`), else ``hint`` (:meth:`hint`); none in the deal of the day."""
        if self.daily is not None:
            raise IllegalAction(Reason("The deal of the day is played without hints", "hint_daily"))
        if self.match.phase is Phase.PASS and seat in self.people_to_act:
            return {"pass_hint": self.pass_hint(seat)}
        return {"hint": self.hint(seat)}

    def pass_hint(self, seat: int) -> dict[str, Any]:
        """The judge's pass for ``seat``, with its reasons (:mod:`pyapp.bots.pass_advice`): the verdict the
        review of this pass will give, the same on any device and at any load (the lesson's coach offers
        these cards)."""
        if self.match.phase is not Phase.PASS or seat not in self.people_to_act:
            raise IllegalAction(Reason("A hint is for your turn to pass or play", "hint_turn"))
        return advise_pass(observe(self.match, seat), self._decision_seed(PASS_PLACE)).to_data()

    def _decision_seed(self, place: int | None = None) -> int:
        """The judge's seed for the decision now due (at ``place``; a card's: the next in the hand's
        history): the one the review of it will use."""
        hand, start = len(self.match.hand_starts) - 1, self.match.hand_starts[-1]
        return decision_seed(self.match.seed, hand, len(self.match.history) - start if place is None else place)

    def hint(self, seat: int) -> dict[str, Any]:
        """The judge's advice for ``seat``'s play (:mod:`pyapp.bots.judge`, the verdict the review of this
        card will give): expected points for each legal card, the best, the others about as good, and
        what the best one does (:func:`pyapp.bots.play_reasons.play_reason`)."""
        view = observe(self.match, seat)
        if view.phase is not Phase.PLAY or self.match.current_seat != seat:
            raise IllegalAction(Reason("A hint is for your turn to pass or play", "hint_turn"))
        verdict = judge_play(view, self._decision_seed())
        (best,) = verdict.best
        code, cards = play_reason(view, best)
        return {
            "points": {card_text(judged.choice[0]): round(judged.points, 1) for judged in verdict.judged},
            "best": card_text(best),
            "close": [card_text(card) for (card,) in verdict.as_good],
            "why": [code, [card_text(card) for card in cards]],
            "playouts": JUDGE_PLAYOUTS,
        }

    @property
    def passes_waiting(self) -> bool:
        """Whether thinking computer seats (Hard, Expert) have still to pass while a person chooses: the host
        has them choose one at a time meanwhile (:meth:`bot_step`), so that a played-out pass never holds
        up an answer.  The other levels pass at once (:meth:`_bots_pass`): no redraw while the person picks."""
        return self.match.phase is Phase.PASS and bool(self.people_to_act) and any(map(self._thinks, self.bots_to_act))

    def _thinks(self, seat: int) -> bool:
        return self.seats[seat].bot in THINKING

    def _bots_pass(self) -> None:
        """The computer seats that pass at once do; the thinking ones too once no person has still to pass
        (nobody receives before everyone chose)."""
        while self.match.phase is Phase.PASS:
            seats = [seat for seat in self.bots_to_act if not self.people_to_act or not self._thinks(seat)]
            if not seats:
                return
            bot = self.bots[seats[0]]
            assert bot is not None
            self._play_for(seats[0], self._decision_of(seats[0], bot))

    def _decision_of(self, seat: int, bot: Bot) -> Action:
        """``bot``'s decision for ``seat``, thought here; whatever it raises is its fault (:class:`BotFault`)."""
        try:
            return bot.decide(observe(self.match, seat))
        except Exception as error:
            raise BotFault(seat) from error

    def _play_for(self, seat: int, action: Action) -> None:
        """Play a computer's decision for ``seat``: one the rules refuse is the computer's fault."""
        try:
            self.match.apply(action)
        except Refusal as error:
            raise BotFault(seat) from error

    def change_level(self, seat: int, level: str) -> None:
        """Computer seat ``seat`` plays at ``level`` from now on (its player failed: :mod:`.faults`)."""
        self.seats[seat] = Seat(self.seats[seat].name, level)
        self.bots[seat] = self._bot(level, seat)

    # Saves ---------------------------------------------------------------

    def to_document(self) -> dict[str, Any]:
        """The table as a versioned JSON document (the match's own document inside)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seats": [seat.to_dict() for seat in self.seats],
            "match": to_document(self.match),
            "played_for": sorted(self.played_for),
            "name": self.name,
            "steady": self.steady,
            "daily": self.daily,
        }

    @classmethod
    def from_document(cls, document: Any) -> Table:
        """A table from :meth:`to_document` output; anything wrong raises :class:`SaveError`."""
        check_header(document, FORMAT, "game", VERSION)
        match = from_document(document.get("match"))
        try:
            seats = seats_from(document.get("seats"), match.players)
        except (ValueError, RulesError) as error:
            raise damaged(f"The saved game's seats are damaged: {error}") from None
        name = document.get("name")  # none in a save from before games had names: a new one
        steady = document.get("steady") is True  # none in a save from before steady play: not steady
        daily = document.get("daily")  # none in a save from before the deal of the day
        if daily is not None and not is_daily(daily, match.rules, match.seed, seats, steady):
            raise damaged("The saved game says it is a deal of the day, and it is not")
        table = cls(match, seats, name=name if is_name(name) else None, steady=steady, daily=daily)
        table.played_for = places(document.get("played_for"), 0, len(match.history))
        return table
