"""A result link checked by replaying it: the day's deal, the person's decisions read from the link as the
game goes, and every computer decision made again by the steady computer players (:mod:`pyapp.bots.steady`).

The replay is the game as it was played only if the computer players
decide as they did, which steady play promises on every device of the same
:data:`~pyapp.daily.day.ENGINE_VERSION`.  A result is verified when the
replayed game's decisions have the link's digest and its final scores are
the link's; anything else is :class:`NotVerified`, with a reason: a link
not readable or of another version (:func:`~pyapp.daily.result.read_result`),
of another day than the one asked for, decisions that do not replay to the
game (a changed move, another day's deal, a computer that played
otherwise), or changed scores.  The page calls :func:`verify` and draws
``to_data()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..daily.day import PERSON, daily_game
from ..daily.result import Claim, ResultError, choices, digest, read_result
from ..engine.actions import ActionKind
from ..engine.cards import card_text
from ..engine.match import Match, Phase, Trick
from ..engine.reasons import Reason
from ..engine.rules import Rules
from .projection import trick_data
from .table import Table


@dataclass(frozen=True)
class HandReplay:
    """One hand of a verified game: the pass's direction and the person's pass (none in a hold hand), each
    seat's points taken and added, who took Q♠ and who shot the moon, and every trick in order."""

    direction: str
    passed: tuple[int, ...]
    taken: tuple[int, ...]
    added: tuple[int, ...]
    queen: int | None
    shooter: int | None
    tricks: tuple[Trick, ...]
    rules: Rules  # (what the tricks' cards are worth)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data (cards as text, a trick as its leader, its plays ``[seat, card]`` and its taker)."""
        return {
            "direction": self.direction,
            "passed": [card_text(face) for face in self.passed],
            "taken": list(self.taken),
            "added": list(self.added),
            "queen": self.queen,
            "shooter": self.shooter,
            "tricks": [trick_data(t.leader, t.plays, t.winner, self.rules) for t in self.tricks],
        }


@dataclass(frozen=True)
class Verified:
    """A result replayed and found as claimed: the day, the final scores, the winners and every hand."""

    date: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[HandReplay, ...]

    def to_data(self, name: str = "") -> dict[str, Any]:
        """Plain JSON data (:class:`pyapp.shared.protocol.Verdict`), ``name`` who played it."""
        return {
            "verified": True,
            "name": name,
            "refusal": None,
            "date": self.date,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "hands": [hand.to_data() for hand in self.hands],
        }


@dataclass(frozen=True)
class NotVerified:
    """A result that is not shown as one, and why (a :class:`Reason`: its code is what the page words)."""

    reason: Reason

    def to_data(self, name: str = "") -> dict[str, Any]:
        """Plain JSON data (:class:`pyapp.shared.protocol.Verdict`): the reason as its code, values and
        English sentence; ``name`` who played it, as its link says."""
        refusal = {"code": self.reason.code, "values": dict(self.reason.values), "text": str(self.reason)}
        empty = {"date": None, "scores": [], "winners": [], "hands": []}
        return {"verified": False, "name": name, "refusal": refusal, **empty}


def verify(text: object, day: str | None = None) -> Verified | NotVerified:
    """A result link's payload replayed: :class:`Verified`, or :class:`NotVerified` with the reason (``day``:
    the day the result must be of, or None for any)."""
    try:
        claim = read_result(text)
    except ResultError as error:
        return NotVerified(error.args[0])
    if day is not None and claim.date != day:
        return NotVerified(Reason(f"The result is of another day ({claim.date})", "result_other_day", date=claim.date))
    match = replay(claim)
    if match is None or digest(match) != claim.digest:
        text = "The result's moves do not replay to its game (changed, or of another deal or engine)"
        return NotVerified(Reason(text, "result_moves"))
    if tuple(match.scores) != claim.scores:
        return NotVerified(Reason("The result's scores are not those of its game", "result_scores"))
    return verified(claim.date, match)


def verified(day: str, match: Match) -> Verified:
    """The result of ``day``'s daily game ``match`` as played (on this device: nothing to replay)."""
    return Verified(day, tuple(match.scores), match.winners, tuple(_hands(match)))


def replay(claim: Claim) -> Match | None:
    """The daily game of ``claim.date`` played again: the person's decisions from ``claim.decisions`` (the
    digits of a mixed-radix number, see :mod:`pyapp.daily.result`), the computer's by its steady players;
    None when the number holds more decisions than the game has."""
    table = Table.new(daily_game(claim.date).options())
    match, number = table.match, claim.decisions
    while match.phase is not Phase.OVER:
        if table.people_to_act:
            options = choices(match, PERSON)
            number, index = divmod(number, len(options))
            table.act(options[index].to_dict())
        else:
            table.bot_step()
    return match if number == 0 else None


def _hands(match: Match) -> list[HandReplay]:
    hands = []
    for number, result in enumerate(match.results):
        start, end = match.hand_span(number)
        passes = [a.cards for a in match.history[start:end] if a.seat == PERSON and a.kind is ActionKind.PASS]
        ended = match.at_hand_end(number)
        direction = match.rules.pass_direction(number)
        hands.append(
            HandReplay(
                direction,
                passes[0] if passes else (),
                result.taken,
                result.added,
                result.queen,
                result.shooter,
                tuple(ended.tricks),
                match.rules,
            )
        )
    return hands
