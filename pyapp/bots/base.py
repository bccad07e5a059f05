"""What every bot shares: the decision interface and the moon choice.

A bot is given an :class:`~pyapp.observation.Observation` (never the match)
and returns an :class:`~pyapp.actions.Action` for its seat.  A steady bot
(:mod:`pyapp.bots.steady`) draws each decision's random numbers afresh from
:func:`steady_seed`, so that what it decides depends on nothing but the deal
and what its seat has seen.
"""

from __future__ import annotations

import hashlib
import random
from typing import Protocol

from ..engine.actions import Action
from ..engine.match import Phase
from ..engine.observation import Observation
from ..engine.rules import MoonChoice
from ..engine.scoring import preferred_moon_choice


class Bot(Protocol):
    """A computer player: one decision for the seat the observation belongs to."""

    name: str

    def decide(self, observation: Observation) -> Action:
        """The bot's decision (pass, play or moon choice) for ``observation.seat``."""
        ...


def moon_choice(observation: Observation) -> MoonChoice:
    """The better way for the shooter to score the moon (see :func:`~pyapp.engine.scoring.preferred_moon_choice`)."""
    added = observation.moon_outcomes.get(MoonChoice.ADD_TO_OTHERS, observation.scores)
    return preferred_moon_choice(added, observation.seat)


def steady_seed(chance: int, observation: Observation) -> int:
    """The random seed of a steady decision: from the match's chance number, the seat and the moment (the
    hand, its phase and how many cards of it are played), all of which the seat sees.  Not the length of
    the history: the passes come into it in the order the seats choose, which a person's speed decides.

    >>> from pyapp.engine.match import Match
    >>> from pyapp.engine.observation import observe
    >>> steady_seed(7, observe(Match(seed=7), 1)) == steady_seed(7, observe(Match(seed=7), 1))
    True
    """
    played = len(observation.played())
    moment = f"steady:{chance}:{observation.seat}:{observation.hand_index}:{observation.phase.value}:{played}"
    return int(hashlib.sha256(moment.encode()).hexdigest()[:16], 16)


class PolicyBot:
    """A bot made of three decisions; subclasses give ``choose_pass`` and ``choose_play``."""

    name = "policy"
    steady: int | None = None  # a chance number: each decision seeded by steady_seed (pyapp.bots.steady)

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def decide(self, observation: Observation) -> Action:
        """Route the observation to the decision its phase asks for."""
        if self.steady is not None:
            self.rng.seed(steady_seed(self.steady, observation))
        seat = observation.seat
        if observation.phase is Phase.PASS:
            return Action.pass_cards(seat, self.choose_pass(observation))
        if observation.phase is Phase.MOON:
            return Action.moon(seat, moon_choice(observation))
        return Action.play(seat, self.choose_play(observation))

    def choose_pass(self, observation: Observation) -> list[int]:
        """Three faces to pass."""
        raise NotImplementedError

    def choose_play(self, observation: Observation) -> int:
        """One face from ``observation.legal``."""
        raise NotImplementedError
