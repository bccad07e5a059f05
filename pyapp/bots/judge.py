"""The one judge of a person's decision: what the hint advises, the coach offers and the review grades.

A decision (a pass or a card) is judged by the Expert player's playouts
from the seat's own observation (what it could see, nothing more), over a
fixed number of playouts (never a time: the same verdict on every device
and at any load) from a seed that names the decision (the game's chance
number, the hand and the decision's place in it).  So the hint given on a
turn and the review of that turn after the hand are the same verdict, and
never contradict each other.

The playouts are thought in :data:`JUDGE_PARTS` independent parts, each on
its own sampled deals.  Each part gives every choice's gap to the best one
on the same deals, so the parts' spread says how sure the gap is: a choice
whose gap is within :data:`NOISE_Z` standard errors of it is *about as good*
as the best, and the hint and the review both say so instead of naming one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.observation import Observation
from ..engine.rng import Seed, chance_number
from .expert import ExpertBot
from .hard import TIE, standard_error
from .pool import Choice, LocalPool, Share, merge

JUDGE_PLAYOUTS = 3000  # a card's playouts (about 0.2 s on CPython on this project's machine)
# The pass plays out half a card's budget, which Expert multiplies by its PASS_PLAYOUT_SHARE: 6,000 playouts,
# about 300 deals a candidate and 0.4 s on CPython (the hint's pass waits for it; 12,000 took 0.8 s).
JUDGE_PASS_SHARE = 0.5
JUDGE_PARTS = 8  # independent parts, whose spread measures the estimates' noise
NOISE_Z = 2.0  # a gap within this many standard errors is noise: about as good


@dataclass(frozen=True)
class Judged:
    """One choice's verdict: its expected points this hand (lower is better), its gap to the best choice
    and the standard error of that gap (from the parts' spread)."""

    choice: Choice
    points: float
    gap: float
    noise: float

    @property
    def as_good(self) -> bool:
        """Whether the choice is the best or within the estimate's noise of it."""
        return within_noise(self.gap, self.noise)


def within_noise(gap: float, noise: float) -> bool:
    """Whether a choice ``gap`` points worse than the best, that gap's standard error being ``noise``, is
    about as good as the best (the gap no more than :data:`NOISE_Z` standard errors, or none at all)."""
    return gap <= NOISE_Z * noise + TIE


@dataclass(frozen=True)
class Verdict:
    """Every choice a decision had, judged, best first."""

    judged: tuple[Judged, ...]

    @property
    def best(self) -> Choice:
        """The choice with the fewest expected points."""
        return self.judged[0].choice

    def of(self, choice: Choice) -> Judged:
        """The verdict on ``choice`` (one of the decision's choices)."""
        return next(judged for judged in self.judged if judged.choice == choice)

    @property
    def as_good(self) -> tuple[Choice, ...]:
        """The other choices about as good as the best (within the noise), best first."""
        return tuple(judged.choice for judged in self.judged[1:] if judged.as_good)


PASS_PLACE = -1  # a pass's place in its hand, for its seed (other seats may pass before or after it)


def decision_seed(seed: Seed, hand: int, place: int) -> int:
    """The judge's seed for the decision at ``place`` in hand ``hand`` of a game dealt from ``seed``: a
    card's place in the hand's history, or :data:`PASS_PLACE` (nothing hidden goes into it: the game's
    chance number, the hand, the place)."""
    return (chance_number(seed) * 1009 + hand) * 1009 + place


def judge_play(observation: Observation, seed: int, playouts: int = JUDGE_PLAYOUTS) -> Verdict:
    """The verdict on each card ``observation``'s seat may play."""
    return verdict_of(_judge(seed, playouts).play_shares(observation))


def judge_pass(
    observation: Observation, seed: int, playouts: int = JUDGE_PLAYOUTS, also: tuple[Choice, ...] = ()
) -> Verdict:
    """The verdict on each candidate pass the Expert player plays out, and on each pass in ``also`` (sorted
    faces: the review's, the pass made)."""
    return verdict_of(_judge(seed, max(1, int(playouts * JUDGE_PASS_SHARE))).pass_shares(observation, also))


def _judge(seed: int, playouts: int) -> ExpertBot:
    """The judge: the Expert player at a playout budget, every choice thought to its end, in parts."""
    judge = ExpertBot(seed, budget_ms=None, playouts=playouts, clear_z=None)
    judge.pool = LocalPool(JUDGE_PARTS)
    return judge


def verdict_of(shares: list[Share]) -> Verdict:
    """The verdict from the parts' estimates (each part's choices on its own deals): each choice's gap to
    the best over all the parts, and that gap's standard error over the parts."""
    merged = merge(shares).estimates
    best = min(merged, key=lambda choice: (merged[choice][0], choice))
    judged = []
    for choice, values in merged.items():
        gaps = [share.estimates[choice][0] - share.estimates[best][0] for share in shares]
        judged.append(Judged(choice, values[0], values[0] - merged[best][0], standard_error(gaps)))
    return Verdict(tuple(sorted(judged, key=lambda j: (j.points, j.choice))))
