"""Hand reviews as the page has them: the job a thinker worker runs, its answer checked, and what the
review dialog shows.

A finished hand is reviewed away from the engine's worker, so the next hand
never waits for it: the host gives the page a *job* (JSON text: the match up
to the end of that hand, the hand's number and the seat to review: one job
per person, so that a person's review does not wait for the others'), the
page hands it to the thinker worker, which runs :func:`run_job`
(:func:`pyapp.bots.review.review_hand`), and the page sends the answer back
to the host, which checks it (:func:`read_answer`), keeps it with the save
and shows it (:func:`review_data`).  The job holds only finished hands: the
hand in progress never leaves the engine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..bots.review import REVIEW_PLAYOUTS, Decision, lost_to_mistakes, review_hand, texts
from ..engine.cards import card_text
from ..engine.match import Match
from ..engine.observation import observe
from ..engine.reasons import Reason, Refusal
from ..engine.save import SaveError, compact, from_document, to_document
from .faults import trace_of
from .projection import trick_data

JOB = "review"
VERSION = 1


def review_job(match: Match, hand: int, seats: list[int], played_for: set[int], playouts: int = REVIEW_PLAYOUTS) -> str:
    """The job that reviews ``seats``' decisions in scored hand ``hand`` of ``match``, but for the cards the
    computer played for them (``played_for``, :attr:`Table.played_for`)."""
    document = to_document(match)
    start, end = match.hand_span(hand)
    document["history"] = document["history"][:end]
    job = {"job": JOB, "version": VERSION, "match": document, "hand": hand, "seats": seats, "playouts": playouts}
    return compact({**job, "played_for": sorted(index for index in played_for if start <= index < end)})


def run_job(text: Any) -> str:
    """Run a job (the thinker worker's one task; JSON text or the data read from it): the review as JSON
    text, {"error": why} for a job it cannot read (another build's, damaged), or {"fault": traceback} when
    the review itself fails (a bug: the page tells it as a fault)."""
    try:
        job = json.loads(text) if isinstance(text, str) else text
        if not isinstance(job, dict) or job.get("job") != JOB or job.get("version") != VERSION:
            raise _unusable("This is not a review job of this version")
        match, hand, seats, playouts = from_document(job["match"]), job["hand"], job["seats"], job["playouts"]
        if type(hand) is not int or not 0 <= hand < len(match.results) or type(playouts) is not int:
            raise _unusable("The job's hand or budget is not usable")
        played_for = frozenset(int(index) for index in job["played_for"])
        seats = [int(seat) for seat in seats]
    except (SaveError, ValueError, KeyError, TypeError) as error:
        return compact({"error": str(error)})
    try:
        decisions = review_hand(match, hand, seats, playouts, played_for)
    except Exception as error:  # (not a refusal: the review has a bug)
        return compact({"fault": trace_of(error)})
    return answer_text(match, hand, seats, decisions)


def answer_text(match: Match, hand: int, seats: list[int], decisions: list[Decision]) -> str:
    """A review as JSON text (a thinker's answer, or what is stored of a hand): ``seats``' ``decisions`` in
    hand ``hand`` as it was played."""
    decided = [decision.to_dict() for decision in decisions]
    played = played_key(match, hand)
    return compact({"game": match.seed, "hand": hand, "played": played, "seats": seats, "decisions": decided})


def played_key(match: Match, hand: int) -> str:
    """What names the way hand ``hand`` was played: a review is of that hand only as it was played (an
    undo and other cards after it make another hand of the same number)."""
    start, end = match.hand_span(hand)
    actions = compact([action.to_dict() for action in match.history[start:end]])
    return hashlib.sha256(f"{match.seed}:{hand}:{actions}".encode()).hexdigest()[:16]


def read_answer(text: Any, match: Match) -> tuple[int, set[int], list[Decision]]:
    """The hand, the seats reviewed (every seat for a review stored before each person's had a job of its
    own) and their decisions from a thinker's answer for ``match``; ``ValueError`` when it is not one
    (another game's, a hand since undone or played another way, damaged)."""
    seed, hands = match.seed, len(match.results)
    try:
        data = json.loads(text) if isinstance(text, str) else text
    except ValueError:
        raise _unusable("The review is not readable JSON") from None
    if not isinstance(data, dict) or data.get("game") != seed:
        raise _unusable("The review is not of this game")
    hand, decisions = data.get("hand"), data.get("decisions")
    if type(hand) is not int or not 0 <= hand < hands or not isinstance(decisions, list):
        raise _unusable("The review is not of a finished hand of this game")
    if data.get("played") != played_key(match, hand):
        raise _unusable("The review is of that hand as it was played before an undo")
    seats = data.get("seats", list(range(match.players)))
    if not isinstance(seats, list) or not all(type(seat) is int and 0 <= seat < match.players for seat in seats):
        raise _unusable("The review's seats are not of this game")
    try:
        decided = [Decision.from_dict(decision) for decision in decisions]
    except ValueError as error:
        raise _unusable(str(error)) from None
    if any(decision.seat not in seats for decision in decided):
        raise _unusable("The review has decisions of seats it does not review")
    return hand, set(seats), decided


def _unusable(text: str) -> Refusal:
    """A job or a review that does not belong to this game (another game's, a hand since undone, damage)."""
    return Refusal(Reason(text, "review_unusable"))


def review_data(match: Match, hand: int, decisions: list[Decision], viewer: int, game_lost: float) -> dict[str, Any]:
    """What the review dialog shows (:class:`pyapp.shared.protocol.Review`): the hand's tricks, the viewer's
    pass, and each of the viewer's decisions with its choices, best first (another person's at the same
    device are theirs to see)."""
    ended = observe(match.at_hand_end(hand), viewer)
    decisions = [decision for decision in decisions if decision.seat == viewer]
    tricks = [trick_data(trick.leader, trick.plays, trick.winner, match.rules) for trick in ended.tricks]
    return {
        "hand": hand,
        "tricks": tricks,
        "passed": [card_text(face) for face in ended.passed],
        "received": [card_text(face) for face in ended.received],
        "pass_to": ended.pass_to,
        "decisions": [
            {
                **decision.to_dict(),
                "choices": [
                    [texts(faces), round(points, 2), decision.as_good(faces)] for faces, points, _ in decision.choices
                ],
                "lost": round(decision.lost, 2),
                "mistake": decision.mistake,
            }
            for decision in decisions
        ],
        "lost": round(lost_to_mistakes(decisions), 2),
        "game_lost": round(game_lost, 2),
    }
