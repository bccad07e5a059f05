"""The ``hard`` bot: Monte-Carlo over deals that agree with what the seat knows.

For each sampled deal of the unseen cards (:mod:`pyapp.bots.sampling`, which
also honours what the others' plays suggest, :mod:`pyapp.bots.reading`), every
legal card is tried and the hand is played out on the fast path with a quick
sensible policy for every seat (one that also stops moons); the card with the best average result
(points against the others' average, so moons count both ways) is played.
The same deals are used for every card, so the comparison is fair and its
noise small.  Anytime: it stops at its budget, milliseconds for the page or
a number of playouts (deterministic: the same seed and observation give the
same card, as the tests and the arena need), or, given :attr:`HardBot.clear_z`
(Expert), sooner on a clear decision (:func:`clear_lead`).  Passing and the moon choice
use the Medium player's judgement.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..engine.cards import RANKS_PER_SUIT
from ..engine.endgame import EndgameSolver
from ..engine.observation import Observation
from ..engine.playout import GREEDY, PointTable, Position, RandomPolicy, play_out
from ..engine.rules import Rules
from ..engine.scoring import hand_score
from .medium import MediumBot
from .reading import read_hands
from .sampling import DealSampler

DEFAULT_BUDGET_MS = 300.0
TIE = 1e-9  # estimates this close are the same (averages of the same whole points, summed in another order)
# A decision may be found clear (see clear_lead) once this share of its budget is spent, and again after each
# further CLEAR_EVERY of it.
CLEAR_FROM = 0.25
CLEAR_EVERY = 0.125
CLEAR_SAMPLES = 8  # and once it has this many sampled deals


def clear_lead(values: list[list[float]], z: float) -> bool:
    """Whether one choice is clearly the best: ``values`` holds each choice's value (lower is better) in
    each sampled deal so far, the same deals for every choice; the one with the lowest average is ahead of
    every other by ``z`` standard errors of their difference deal by deal, or alike in every deal so far
    (touching cards: more deals would not part them).

    >>> clear_lead([[0] * 8, [13] * 7 + [0]], 3), clear_lead([[0, 13] * 4, [13, 0] * 4], 3)
    (True, False)
    >>> clear_lead([[0] * 8, [0] * 8], 3), clear_lead([[0] * 7, [13] * 7], 3)  # alike; too few deals
    (True, False)
    """
    samples = len(values[0])
    if samples < CLEAR_SAMPLES:
        return False
    means = [sum(choice) / samples for choice in values]
    lead = values[means.index(min(means))]
    for choice in values:
        differences = [mine - best for mine, best in zip(choice, lead, strict=True)]
        error = standard_error(differences)
        if error and sum(differences) / samples < z * error:  # (no spread: the lead, alike, or always worse)
            return False
    return True


def standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (0 for fewer than two).

    >>> standard_error([1.0, 3.0]), standard_error([2.0, 2.0, 2.0]), standard_error([5.0])
    (1.0, 0.0, 0.0)
    """
    count = len(values)
    if count < 2:
        return 0.0
    mean = sum(values) / count
    return (sum((value - mean) ** 2 for value in values) / (count - 1) / count) ** 0.5


def play_card(position: Position, seat: int, card: int, rules: Rules) -> None:
    """Play ``card`` from ``seat``'s hand into the position's trick."""
    position.hands[seat][card // RANKS_PER_SUIT].remove(card)
    position.trick.append((seat, card))
    if rules.breaks_hearts[card]:
        position.hearts_broken = True


class HardBot(MediumBot):
    """Hard: Monte-Carlo playouts within a time or playout budget."""

    name = "hard"

    def __init__(
        self, seed: int | None = None, budget_ms: float | None = DEFAULT_BUDGET_MS, playouts: int | None = None
    ):
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.playouts = playouts
        self.tables: dict[Rules, PointTable] = {}
        self.last_playouts = 0
        self.endgame = 0  # in a hand's last this many tricks, solve each sampled deal (0: never; see Expert)
        self.clear_z: float | None = None  # stop early on a clear decision (clear_lead; None: never; see Expert)

    def choose_play(self, observation: Observation) -> int:
        """The legal card with the best average result over the sampled deals."""
        if len(observation.legal) == 1:
            return observation.legal[0]
        return self.best(self.think(observation), observation)

    def think(self, observation: Observation) -> dict[int, tuple[float, float]]:
        """This decision's estimates (:meth:`evaluate`), sampled from a generator of its own seeded by one
        draw of the bot's: a change that alters one decision's thinking leaves the later decisions' sampled
        deals alone, so arena runs before and after it stay paired."""
        return self.evaluate(observation, rng=random.Random(self.rng.getrandbits(32)))

    def best(self, estimates: dict[int, tuple[float, float]], observation: Observation) -> int:
        """The card with the best value (the second figure).  On a tie (the sampled deals could not tell the
        cards apart: the rest of the hand goes alike), Medium's judgement picks among them (it sheds A♠/K♠
        while Q♠ is out, ducks high), else the lowest card does."""
        low = min(value for _, value in estimates.values())
        tied = [card for card, (_, value) in estimates.items() if value <= low + TIE]
        if len(tied) > 1:
            judged = MediumBot.choose_play(self, observation)
            if judged in tied:
                return judged
        return min(tied)

    @staticmethod
    def value(added: list[int], me: int) -> float:
        """What a playout's score changes are worth to ``me`` (lower is better): its points against the
        others' average, so that a moon counts both ways."""
        mine = added[me]
        return mine - (sum(added) - mine) / (len(added) - 1)

    def deadline(self, share: float = 1.0) -> float:
        """When ``share`` of the time budget is up (``time.perf_counter()``; now when there is none)."""
        return time.perf_counter() + (self.budget_ms or 0) * share / 1000

    def progress(self, playouts: int, deadline: float, share: float = 1.0) -> float:
        """How much of ``share`` of the budget thinking has spent (1 or more: all of it): ``playouts``
        against a playout budget, or, without one, the time until the ``deadline``."""
        if self.playouts is not None:
            budget = self.playouts * share
            return playouts / budget if budget else 1.0
        budget = (self.budget_ms or 0) * share / 1000
        return 1 - (deadline - time.perf_counter()) / budget if budget else 1.0

    def spent(self, playouts: int, deadline: float, share: float = 1.0) -> bool:
        """Whether thinking is done: ``playouts`` reach ``share`` of a playout budget, or, without
        one, the ``deadline`` has passed."""
        return self.progress(playouts, deadline, share) >= 1

    def sampler(self, observation: Observation) -> DealSampler:
        """Where the unseen cards may be: the facts, and card reading's beliefs."""
        return DealSampler(observation, read_hands(observation))

    def solves(self, observation: Observation) -> bool:
        """Whether the hand is near enough its end (:attr:`endgame`) that each sampled deal is solved
        exactly (:mod:`pyapp.engine.endgame`) instead of played out."""
        return bool(observation.tricks) and len(observation.hand) <= self.endgame

    def evaluate(
        self,
        observation: Observation,
        share: float = 1.0,
        policy: Callable[[Position], RandomPolicy] | None = None,
        rng: random.Random | None = None,
    ) -> dict[int, tuple[float, float]]:
        """For each legal card: (expected points this hand, expected :meth:`value`).

        ``share`` of the budget is spent, or less when :attr:`clear_z` finds
        the decision clear (:func:`clear_lead`) on the way; ``policy`` gives
        each playout's policy from its position (the quick sensible one for
        every seat when not given), or each deal is solved when the hand is
        near its end (:meth:`solves`); the deals and playouts draw from
        ``rng`` (the bot's own generator when not given).  A moon is scored
        as the rules say; where the shooter chooses, as the bots would choose
        given the current totals.
        """
        rng = rng or self.rng
        rules = observation.rules
        table = self.tables.setdefault(rules, PointTable(rules))
        me = observation.seat
        legal = list(observation.legal)
        sums = {card: [0.0, 0.0] for card in legal}
        deadline = self.deadline(share)
        samples = 0
        sampler = self.sampler(observation)
        endgame = EndgameSolver(table, observation.scores) if self.solves(observation) else None
        values: list[list[float]] | None = [[] for _ in legal] if self.clear_z else None  # per card, per deal
        check = CLEAR_FROM
        while True:
            deal = sampler.position(table, rng)
            for index, card in enumerate(legal):
                position = deal.copy()
                play_card(position, me, card, rules)
                if endgame is not None:
                    penalty, bonus = endgame.solve(position)
                else:
                    chosen = GREEDY if policy is None else policy(position)
                    penalty, bonus = play_out(position, table, rng.random, None, chosen)
                added = hand_score(rules, penalty, bonus, totals=observation.scores)
                worth = self.value(added, me)
                sums[card][0] += added[me]
                sums[card][1] += worth
                if values is not None:
                    values[index].append(worth)
            samples += 1
            done = self.progress(samples * len(legal), deadline, share)
            if done >= 1:
                break
            if values is not None and done >= check:
                if clear_lead(values, self.clear_z):
                    break
                check = done + CLEAR_EVERY
        self.last_playouts = samples * len(legal)
        return {card: (total / samples, relative / samples) for card, (total, relative) in sums.items()}
