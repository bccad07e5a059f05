"""The hand review: what each of a person's decisions in a finished hand was worth.

For the pass and every card with a choice, the Expert player's playouts
estimate each alternative the seat had (the expected points it would take
this hand), from the seat's own observation at that moment: what it could
see, nothing more, so the review is as fair as the bots are.  Each decision
gets its own seed (from the game's :func:`~pyapp.engine.rng.chance_number`, the hand and the decision),
and a playout budget, so the same hand always gets the same review.  A
decision is a mistake when the choice made is expected to cost at least
:data:`MISTAKE_POINTS` more than the best one; the page words it, with a
reason when a well-known one applies (:data:`REASONS`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import ActionKind
from ..engine.cards import QUEEN_OF_SPADES, SPADES, card_text, parse_cards, suit_of
from ..engine.match import Match, Phase
from ..engine.observation import Observation, observe
from ..engine.rng import chance_number
from .expert import ExpertBot

REVIEW_PLAYOUTS = 3000  # a decision's playouts (in the browser about 0.2 s; the pass takes four times as many)
MISTAKE_POINTS = 1.0  # a choice expected to cost this much more than the best one is a mistake
PASS = -1  # the trick number of the pass

# Why a mistake was one, when a well-known reason applies (the page words each):
OVER_QUEEN = "over_queen"  # a spade above Q♠ into a spade trick (or led) while Q♠ was still out
KEPT_QUEEN = "kept_queen"  # void in the suit led, something else thrown while Q♠ could have gone
OVER_WINNER = "over_winner"  # a card over the trick's winning card where the better one stayed under it
REASONS = (OVER_QUEEN, KEPT_QUEEN, OVER_WINNER)


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: what it chose, and the expected points of each choice it had (best first)."""

    seat: int
    trick: int  # the trick's number in the hand (0 is the first), or PASS
    made: tuple[int, ...]  # the faces passed, or the one face played
    choices: tuple[tuple[tuple[int, ...], float], ...]  # (faces, expected points this hand), lowest first
    why: str = ""  # one of REASONS, or "" when none applies

    @property
    def best(self) -> tuple[int, ...]:
        """The choice with the fewest expected points."""
        return self.choices[0][0]

    @property
    def lost(self) -> float:
        """How many more points the choice made is expected to cost than the best one."""
        made = next(points for faces, points in self.choices if faces == self.made)
        return made - self.choices[0][1]

    @property
    def mistake(self) -> bool:
        """Whether the choice made cost :data:`MISTAKE_POINTS` or more against the best one."""
        return self.lost >= MISTAKE_POINTS

    def to_dict(self) -> dict[str, Any]:
        """Plain data with card texts (rounded to hundredths of a point)."""
        return {
            "seat": self.seat,
            "trick": self.trick,
            "made": [card_text(face) for face in self.made],
            "choices": [[[card_text(face) for face in faces], round(points, 2)] for faces, points in self.choices],
            "why": self.why,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """A decision from :meth:`to_dict` output; anything malformed raises ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("A reviewed decision is not an object")
        try:
            choices = tuple((_faces(faces), float(points)) for faces, points in data["choices"])
            decision = cls(int(data["seat"]), int(data["trick"]), _faces(data["made"]), choices, str(data["why"]))
        except (KeyError, TypeError) as error:
            raise ValueError(f"A reviewed decision is damaged: {error}") from None
        if not choices or decision.made not in {faces for faces, _ in choices} or decision.why not in ("", *REASONS):
            raise ValueError("A reviewed decision does not hold together")
        return decision


def _faces(texts: Any) -> tuple[int, ...]:
    if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
        raise TypeError("cards are not a list of card texts")
    return tuple(parse_cards(" ".join(texts)))


def review_hand(
    match: Match, hand: int, seats: list[int], playouts: int = REVIEW_PLAYOUTS, played_for: frozenset[int] = frozenset()
) -> list[Decision]:
    """Every decision with a choice that ``seats`` made in hand ``hand`` of ``match`` (a scored hand), in order;
    not the cards the computer played for them (``played_for``: their places in the match's history)."""
    position = match.at_hand_start(hand)
    start, end = match.hand_span(hand)
    decisions = []
    for index, action in enumerate(match.history[start:end]):
        chosen = action.seat in seats and start + index not in played_for
        if chosen and action.kind in (ActionKind.PASS, ActionKind.PLAY):
            observation = observe(position, action.seat)
            seed = (chance_number(match.seed) * 1009 + hand) * 1009 + index  # nothing hidden goes into the seed
            if action.kind is ActionKind.PASS or len(observation.legal) > 1:
                decisions.append(review_decision(observation, action.cards, seed, playouts))
        position.apply(action)
    return decisions


def review_decision(observation: Observation, made: tuple[int, ...], seed: int, playouts: int) -> Decision:
    """The review of one decision: ``made`` (faces) against every choice the observation offered."""
    judge = ExpertBot(seed, budget_ms=None, playouts=playouts, clear_z=None)  # every choice to the full budget
    if observation.phase is Phase.PASS:  # the candidates Expert plays out, and the pass made
        made = tuple(sorted(made))
        estimates = judge.evaluate_pass(observation, also=(made,))
        choices = sorted(estimates.items(), key=lambda item: (item[1], item[0]))
        return Decision(observation.seat, PASS, made, tuple(choices))
    estimates = judge.evaluate(observation)
    choices = sorted(
        (((card,), points) for card, (points, _) in estimates.items()), key=lambda item: (item[1], item[0])
    )
    decision = Decision(observation.seat, len(observation.tricks), made, tuple(choices))
    return replace(decision, why=reason_of(observation, decision)) if decision.mistake else decision


def reason_of(observation: Observation, decision: Decision) -> str:
    """The well-known reason (one of :data:`REASONS`) a played card was a mistake, or ""."""
    (played,), (best,) = decision.made, decision.best
    trick = observation.trick
    led = suit_of(trick[0][1]) if trick else suit_of(played)
    queen_out = QUEEN_OF_SPADES not in observation.hand and QUEEN_OF_SPADES not in observation.played()
    if led == SPADES and suit_of(played) == SPADES and played > QUEEN_OF_SPADES and queen_out and best < played:
        return OVER_QUEEN
    if trick and suit_of(played) != led and best == QUEEN_OF_SPADES:
        return KEPT_QUEEN
    if trick and suit_of(played) == suit_of(best) == led:
        winning = max(face for _, face in trick if suit_of(face) == led)
        if best < winning < played:
            return OVER_WINNER
    return ""


def lost_to_mistakes(decisions: list[Decision], seat: int | None = None) -> float:
    """The points the mistakes among ``decisions`` (``seat``'s only, when given) are expected to have cost."""
    return sum(d.lost for d in decisions if d.mistake and (seat is None or d.seat == seat))
