"""What a device is shown: the one function from the table and an audience to its view.

:func:`project` writes every view the engine sends (:class:`pyapp.shared.protocol.View`):
the host's own page, each person of a party at one device, each friend at
their own device.  It reads the table only through the audience's seat's
observation (:func:`pyapp.engine.observation.observe`) and what everybody
sees, so no view holds anything of a card its seat may not see
(tests/test_projection.py checks it at every step of whole games).  What
only the host's own page gets (``own_page``) is named here: the game's
secret that its invitations carry, party mode, and the engine's own measure
of the computers' last decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine.cards import card_text
from ..engine.match import HandResult, Match, Phase
from ..engine.observation import observe
from ..engine.reasons import Reason, Refusal
from ..engine.rules import Rules
from ..engine.tricks import trick_winner
from ..shared import protocol
from .audience import Audience
from .table import Table


def result_data(result: HandResult) -> dict[str, Any]:
    """A hand's result as protocol data (:class:`pyapp.shared.protocol.Result`)."""
    return {
        "taken": list(result.taken),
        "added": list(result.added),
        "shooter": result.shooter,
        "choice": result.choice.value if result.choice else None,
        "queen": result.queen,
        "omnibus": result.omnibus,
        "totals": list(result.totals),
    }


def winning(plays: Sequence[tuple[int, int]], rules: Rules) -> int | None:
    """The seat whose card takes the trick in play so far (None: no card yet, or every card cancelled)."""
    return trick_winner(plays, rules.cancellation, last=False) if plays else None


def trick_data(leader: int, plays: Sequence[tuple[int, int]], winner: int | None, rules: Rules) -> dict[str, Any]:
    """A finished trick as protocol data (:class:`pyapp.shared.protocol.Trick`), with what its cards are worth."""
    return {
        "leader": leader,
        "plays": [[seat, card_text(face)] for seat, face in plays],
        "winner": winner,
        "points": rules.face_points(face for _, face in plays),
    }


def unreadable(text: str) -> Refusal:
    """A message the engine cannot take (a page of another build, or not ours)."""
    return Refusal(Reason(text, "message_unreadable"))


def unreadable_field(refused: protocol.Refused) -> Refusal:
    """A message of the page's with a field the engine does not take (a page of another build, or not ours):
    refused naming the field, by its path (``configure.settings.think_ms``)."""
    return Refusal(Reason("The message's " + str(refused), "message_field", field=refused.where[: protocol.MAX_TEXT]))


def refusal_of(error: Exception | Reason) -> dict[str, Any]:
    """Why an intent was refused: the catalogue code and values when the engine has them, else the text."""
    reason = error if isinstance(error, Reason) else error.args[0] if error.args else ""
    if isinstance(reason, Reason):
        return {"code": reason.code, "values": dict(reason.values), "text": ""}  # the page words it
    return {"code": "", "values": {}, "text": str(error)}


# Every field of an Answer (:class:`pyapp.shared.protocol.Answer`) with its value when there is nothing to say.
ANSWER_DEFAULTS: dict[str, Any] = {
    "ok": True,
    "refusal": None,
    "view": None,
    "results_count": 0,
    "new_results": [],
    "writes": [],
    "hint": None,
    "pass_hint": None,
    "link": None,
    "query": None,
    "jobs": [],
    "reviews": [],
    "reviews_reset": False,
    "review": None,
    "outbox": [],
    "reply_to": None,
    "patch": None,
    "verdict": None,
    "fault": None,
}


def answer_data(**fields: Any) -> dict[str, Any]:
    """An Answer as protocol data: the ``fields`` given, every other at its default; ``ok`` when it refuses
    nothing.  The one writer of answers, to the host's page and to a friend's alike."""
    unknown = fields.keys() - ANSWER_DEFAULTS.keys()
    if unknown:
        raise TypeError(f"An answer has no field {sorted(unknown)[0]}")  # (a mistake in the engine)
    data = {name: fields.get(name, default) for name, default in ANSWER_DEFAULTS.items()}
    data["ok"] = data["refusal"] is None and data["fault"] is None
    return data


def project(
    table: Table,
    audience: Audience,
    step: tuple[str, int | None],
    shown: Match,
    own_page: bool,
    party: bool = False,
    friends: dict[str, Any] | None = None,
    screen: bool = False,
) -> dict[str, Any]:
    """``audience``'s view of ``table`` now: ``step`` is what happens next for it (and after how many
    milliseconds its page sends CONTINUE), ``shown`` the match on show (the table's, or the one at the end
    of the hand whose summary it reads), ``friends`` who of the friends is here (:meth:`Friends.view`);
    ``screen``: the host's page is the table's own screen, shown only what everybody at the table sees
    (its audience's seat is only where the table is drawn from)."""
    match = table.match
    seat = audience.seat
    observation = observe(shown, seat)
    # Party mode: the next person's cards reach the page only once they have said they hold the device.
    hidden = screen or (party and own_page and step[0] == protocol.STEP_HANDOFF)
    reasons = {}
    if observation.phase is Phase.PLAY and match.current_seat == seat and not hidden:
        for face in set(observation.hand) - set(observation.legal):
            reasons[card_text(face)] = refusal_of(match.play_refusal(seat, face))
    last = observation.last_trick
    texts = card_text
    return {
        "turn": audience.turn,
        "step": step[0],
        "after_ms": step[1],
        "seat": seat,
        "seats": [s.to_dict() for s in table.seats],
        "party": party and own_page,
        "rules": match.rules.to_dict(),
        "moon_points": match.rules.moon_points,
        "phase": observation.phase.value,
        "hand_index": observation.hand_index,
        "dealer": observation.dealer,
        "pass_direction": observation.pass_direction,
        "pass_to": observation.pass_to,
        "hand": [] if hidden else [texts(face) for face in observation.hand],
        "legal": [] if hidden else [texts(face) for face in observation.legal],
        "reasons": reasons,
        "received": [] if hidden else [texts(face) for face in observation.received],
        "passes_chosen": list(observation.passes_chosen),
        "to_act": list(observation.to_act),
        "trick": [[s, texts(face)] for s, face in observation.trick],
        "winning": winning(observation.trick, match.rules),
        "last_trick": None if last is None else trick_data(last.leader, last.plays, last.winner, match.rules),
        "last_trick_key": observation.last_trick_key,
        "tricks_played": len(observation.tricks),
        "hearts_broken": observation.hearts_broken,
        "points_taken": list(observation.points_taken),
        "hand_sizes": list(observation.hand_sizes),
        "scores": list(observation.scores),
        "moon_outcomes": {choice.value: list(totals) for choice, totals in observation.moon_outcomes.items()},
        "winners": list(match.winners),
        "can_undo": friends is None and table.daily is None and table.last_decision_of(seat) is not None,
        "can_claim": shown is match and not screen and table.may_claim(seat),
        "summary_hand": audience.hands_read if step[0] == protocol.STEP_SUMMARY else None,
        "hands_read": audience.hands_read,
        "game_key": f"{table.name}:{len(match.history)}",  # random: nothing in it deals a card
        # (How many cards a computer could choose from tells more than a seat may know: the engine's own
        # measure, for the host's page only.)
        "last_decision": table.last_decision if own_page and not screen else None,
        "friends": friends,
        "daily": table.daily,
        "table_screen": screen,
    }
