"""Bots against bots over many hands: points per hand, moons, matches won."""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..engine.match import Match, Phase
from ..engine.rules import Rules
from .runner import play_hand
from .stats import mean_ci95


def simulate(rules: Rules, seats: list[str], hands: int, seed: int = 1) -> dict[str, Any]:
    """Play ``hands`` hands with the named bots in ``seats``; matches restart at game over.

    Returns plain data: per seat the average points added per hand with its
    95% confidence interval, moons shot and matches won (a shared win counts
    for each winner).
    """
    if len(seats) != rules.players:
        raise ValueError(f"Name one bot for each of the {rules.players} seats, not {len(seats)}")
    bots = [make_bot(name, seed * 1000 + seat) for seat, name in enumerate(seats)]
    points: list[list[int]] = [[] for _ in seats]
    moons = [0] * rules.players
    wins = [0] * rules.players
    matches_played = 0
    match = Match(rules, seed)
    for _ in range(hands):
        if match.phase is Phase.OVER:
            match = Match(rules, seed + matches_played + 1)
        play_hand(match, bots)
        result = match.results[-1]
        for seat, added in enumerate(result.added):
            points[seat].append(added)
        if result.shooter is not None:
            moons[result.shooter] += 1
        if match.phase is Phase.OVER:
            matches_played += 1
            for seat in match.winners:
                wins[seat] += 1
    per_seat = []
    for seat, name in enumerate(seats):
        mean, half = mean_ci95(points[seat])
        per_seat.append(
            {
                "seat": seat,
                "bot": name,
                "points_per_hand": mean,
                "ci95": half,
                "moons": moons[seat],
                "matches_won": wins[seat],
            }
        )
    return {"rules": rules.to_dict(), "hands": hands, "matches_finished": matches_played, "seats": per_seat}
