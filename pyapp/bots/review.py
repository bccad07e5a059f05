"""The hand review: what each of a person's decisions in a finished hand was worth.

For the pass and every card with a choice, the judge (:mod:`.judge`, the
same verdict the hint gave on that turn) estimates each alternative the seat
had (the expected points it would take this hand), from the seat's own
observation at that moment: what it could see, nothing more, so the review
is as fair as the bots are.  Each decision has its own seed and a playout
budget, so the same hand always gets the same review.  A choice within the
estimate's noise of the best is about as good as it; one further from it
gets a reason (:func:`~.play_reasons.costly_reason`); a decision is a
mistake when the choice made is expected to cost at least
:data:`MISTAKE_POINTS` more than the best one, beyond the noise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.actions import ActionKind
from ..engine.cards import card_text, parse_cards
from ..engine.match import Match, Phase
from ..engine.observation import Observation, observe
from .judge import JUDGE_PLAYOUTS, PASS_PLACE, Verdict, decision_seed, judge_pass, judge_play, within_noise
from .pass_advice import PASS_REASONS, explain_pass
from .play_reasons import REASONS, Reason, costly_reason

REVIEW_PLAYOUTS = JUDGE_PLAYOUTS  # the hint's budget: the review of a turn is the hint of that turn
MISTAKE_POINTS = 1.0  # a choice expected to cost this much more than the best one is a mistake
PASS = -1  # the trick number of the pass
NO_REASON: Reason = ("", ())
WHY_CODES = ("", *REASONS, *PASS_REASONS)  # a card's reason, or (the pass's) the better pass's

Judged = tuple[tuple[int, ...], float, float]  # a choice's faces, its expected points, the noise of its gap


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: what it chose, each choice it had with its expected points and the standard
    error of its gap to the best (best first), and why the choice made cost points (when it did)."""

    seat: int
    trick: int  # the trick's number in the hand (0 is the first), or PASS
    made: tuple[int, ...]  # the faces passed, or the one face played
    choices: tuple[Judged, ...]  # (faces, expected points this hand, noise), lowest first
    why: Reason = NO_REASON  # a reason of :mod:`.play_reasons` and the faces it speaks of, or none

    @property
    def best(self) -> tuple[int, ...]:
        """The choice with the fewest expected points."""
        return self.choices[0][0]

    def gap(self, faces: tuple[int, ...]) -> float:
        """How many more points ``faces`` (one of the choices) are expected to cost than the best one."""
        return next(points for choice, points, _ in self.choices if choice == faces) - self.choices[0][1]

    def as_good(self, faces: tuple[int, ...]) -> bool:
        """Whether ``faces`` (one of the choices) are the best or within the estimate's noise of it."""
        noise = next(noise for choice, _, noise in self.choices if choice == faces)
        return within_noise(self.gap(faces), noise)

    @property
    def lost(self) -> float:
        """How many more points the choice made is expected to cost than the best one."""
        return self.gap(self.made)

    @property
    def mistake(self) -> bool:
        """Whether the choice made cost :data:`MISTAKE_POINTS` or more against the best one, beyond noise."""
        return self.lost >= MISTAKE_POINTS and not self.as_good(self.made)

    def to_dict(self) -> dict[str, Any]:
        """Plain data with card texts (points and noise rounded to hundredths of a point)."""
        return {
            "seat": self.seat,
            "trick": self.trick,
            "made": texts(self.made),
            "choices": [[texts(faces), round(points, 2), round(noise, 2)] for faces, points, noise in self.choices],
            "why": [self.why[0], texts(self.why[1])],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """A decision from :meth:`to_dict` output (or one stored before choices had their noise and reasons
        their cards); anything malformed raises ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("A reviewed decision is not an object")
        try:
            choices = tuple(_judged(row) for row in data["choices"])
            made = _faces(data["made"])
            why = data["why"]
            reason = (why, made if why else ()) if isinstance(why, str) else (str(why[0]), _faces(why[1]))
            decision = cls(int(data["seat"]), int(data["trick"]), made, choices, reason)
        except (KeyError, TypeError, IndexError) as error:
            raise ValueError(f"A reviewed decision is damaged: {error}") from None
        if not choices or made not in {faces for faces, _, _ in choices} or decision.why[0] not in WHY_CODES:
            raise ValueError("A reviewed decision does not hold together")
        return decision


def texts(faces: tuple[int, ...]) -> list[str]:
    """Faces as card texts."""
    return [card_text(face) for face in faces]


def _judged(row: Any) -> Judged:
    if not isinstance(row, list) or len(row) not in (2, 3):
        raise TypeError("a choice is not [cards, points, noise]")
    return (_faces(row[0]), float(row[1]), float(row[2]) if len(row) == 3 else 0.0)


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
            place = PASS_PLACE if action.kind is ActionKind.PASS else index
            seed = decision_seed(match.seed, hand, place)  # the seed the hint of that turn had
            if action.kind is ActionKind.PASS or len(observation.legal) > 1:
                decisions.append(review_decision(observation, action.cards, seed, playouts))
        position.apply(action)
    return decisions


def review_decision(observation: Observation, made: tuple[int, ...], seed: int, playouts: int) -> Decision:
    """The review of one decision: ``made`` (faces) against every choice the observation offered (the
    judge's verdict), and for a choice worse beyond the noise, why."""
    if observation.phase is Phase.PASS:  # the candidates Expert plays out (the hint's verdict), and the pass made
        made = tuple(sorted(made))
        choices = judged_choices(judge_pass(observation, seed, playouts))
        if made not in {choice for choice, _, _ in choices}:  # its gap measured beside them, on the same deals
            beside = judge_pass(observation, seed, playouts, also=(made,)).of(made)
            choices = (*choices, (made, choices[0][1] + beside.gap, beside.noise))
        decision = Decision(observation.seat, PASS, made, tuple(sorted(choices, key=lambda row: (row[1], row[0]))))
    else:
        choices = judged_choices(judge_play(observation, seed, playouts))
        decision = Decision(observation.seat, len(observation.tricks), made, choices)
    if decision.as_good(made):
        return decision
    if decision.trick == PASS:
        why = better_pass_reason(observation, decision.best, made)
    else:
        why = costly_reason(observation, made[0], decision.best[0])
    return Decision(decision.seat, decision.trick, made, decision.choices, why)


def better_pass_reason(observation: Observation, better: tuple[int, ...], made: tuple[int, ...]) -> Reason:
    """Why the ``better`` pass was better than the one ``made``: the pass advice's reason for the first card it
    passes that the made one kept (:func:`~.pass_advice.explain_pass`), or none."""
    kept = [card for card in better if card not in made]
    for code, cards in explain_pass(observation, better):
        if code in PASS_REASONS and kept and kept[0] in cards:
            return (code, (kept[0],))
    return NO_REASON


def judged_choices(verdict: Verdict) -> tuple[Judged, ...]:
    """A verdict's choices as a decision keeps them: (faces, expected points, noise of the gap), best first."""
    return tuple((judged.choice, judged.points, judged.noise) for judged in verdict.judged)


def lost_to_mistakes(decisions: list[Decision], seat: int | None = None) -> float:
    """The points the mistakes among ``decisions`` (``seat``'s only, when given) are expected to have cost."""
    return sum(d.lost for d in decisions if d.mistake and (seat is None or d.seat == seat))
