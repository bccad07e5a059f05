"""Thinking in parts: one decision's playouts split over several workers, and merged.

Expert (:class:`~pyapp.bots.expert.ExpertBot`) asks its pool for the parts
of a decision (:meth:`LocalPool.shares`); each part is the bot's
:meth:`~pyapp.bots.expert.ExpertBot.share`: its own random seed (the
decision's seed and the part's number), the whole time budget or its slice
of a playout budget, and the estimates it found over its sampled deals.
:func:`merge` averages the parts, weighted by their samples.  Here every
part is thought in turn, so a pool of two parts gives exactly what two
workers give (the tests compare them); the page's pool (in
:mod:`pyapp.host.thinking`) has the parts thought at the same time on the
engine's worker and its helper workers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.cards import card_text, parse_cards
from ..engine.observation import Observation

PLAY = "play"  # a card to play: estimates per legal card
PASS = "pass"  # the pass: estimates per candidate pass
Choice = tuple[int, ...]  # a card (one face) or a pass (its faces, sorted)


@dataclass(frozen=True)
class Share:
    """One part's playouts: each choice's estimates (expected points, and the bot's value when it has
    one) averaged over ``samples`` sampled deals."""

    samples: int
    estimates: dict[Choice, tuple[float, ...]]

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data (choices as card texts, ``"2C 3C 4C"``)."""
        return {
            "samples": self.samples,
            "estimates": {" ".join(map(card_text, choice)): list(values) for choice, values in self.estimates.items()},
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Share:
        """The share :meth:`to_data` wrote."""
        estimates = {tuple(parse_cards(text)): tuple(values) for text, values in data["estimates"].items()}
        return cls(int(data["samples"]), estimates)


Part = dict[str, Share]  # a part's shares by name (Expert's "safe" and "shoot" halves, or the "pass")


def merge(shares: list[Share]) -> Share:
    """The parts' shares as one: each estimate averaged over every part's samples."""
    samples = sum(share.samples for share in shares)
    choices = shares[0].estimates
    merged = {
        choice: tuple(
            sum(share.estimates[choice][index] * share.samples for share in shares) / samples
            for index in range(len(values))
        )
        for choice, values in choices.items()
    }
    return Share(samples, merged)


def part_seed(seed: int, part: int) -> int:
    """Part ``part``'s random seed in a decision whose seed is ``seed``."""
    return seed * 64 + part


class Sharing(Protocol):
    """A bot whose thinking comes in parts (:class:`pyapp.bots.expert.ExpertBot`): what a pool asks of it."""

    def share(self, observation: Observation, kind: str, seed: int, part: int, parts: int, also: tuple = ()) -> Part:
        """Part ``part`` of ``parts`` of its thinking on ``observation``."""


class LocalPool:
    """Every part thought here, one after another: one part (a device with one core, the arena), or more
    to check that splitting and merging give what several workers give."""

    def __init__(self, parts: int = 1) -> None:
        self.parts = parts

    @property
    def elsewhere(self) -> bool:
        """Whether its parts are thought on other workers first (here: no, every part is thought here)."""
        return False

    def shares(self, bot: Sharing, observation: Observation, kind: str, seed: int, also: tuple = ()) -> list[Part]:
        """Each part of ``bot``'s thinking on ``observation`` (``kind``: PLAY or PASS; ``also``: passes to
        estimate beside the candidates)."""
        return [bot.share(observation, kind, seed, part, self.parts, also) for part in range(self.parts)]

    def fixed(self, parts: int) -> LocalPool:
        """A pool that thinks in exactly ``parts`` parts (steady play: however many workers there are)."""
        return LocalPool(parts)


LOCAL = LocalPool()  # what a bot thinks with unless the page lends it more workers
