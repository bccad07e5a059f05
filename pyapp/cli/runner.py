"""Driving a match with bots: each seat to act gets its observation and decides."""

from __future__ import annotations

from collections.abc import Sequence

from ..bots import Bot
from ..engine.match import Match, Phase
from ..engine.observation import observe


def step(match: Match, bots: Sequence[Bot | None]) -> bool:
    """Let every bot that has a decision to make now make it; False when none could act."""
    acted = False
    for seat in match.to_act:
        bot = bots[seat]
        if bot is not None:
            match.apply(bot.decide(observe(match, seat)))
            acted = True
    return acted


def play_hand(match: Match, bots: Sequence[Bot]) -> None:
    """Play bots until the current hand is scored (or the match is over)."""
    hands_scored = len(match.results)
    while len(match.results) == hands_scored and match.phase is not Phase.OVER:
        step(match, bots)
