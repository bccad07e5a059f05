"""The ``random`` bot: any legal decision, chosen at random."""

from __future__ import annotations

from ..engine.observation import Observation
from ..engine.rules import CARDS_PASSED
from .base import PolicyBot


class RandomBot(PolicyBot):
    """Passes three random cards and plays a random legal card."""

    name = "random"

    def choose_pass(self, observation: Observation) -> list[int]:
        """Three random faces of the hand."""
        return self.rng.sample(list(observation.hand), CARDS_PASSED)

    def choose_play(self, observation: Observation) -> int:
        """A random legal face."""
        return self.rng.choice(observation.legal)
