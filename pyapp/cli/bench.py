"""Engine throughput: random hands per second, through the public API and the fast path.

A benchmark prints figures; it asserts nothing.  The public path deals,
passes three random cards per seat, and plays random legal cards through
:meth:`Match.apply` (every decision checked).  The fast path is
:mod:`pyapp.engine.playout` (deal and play; see :func:`~pyapp.playout.random_deal`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..engine.actions import Action
from ..engine.match import Match, Phase
from ..engine.playout import PointTable, play_out, random_deal
from ..engine.rules import CARDS_PASSED, Rules, Variant

CONFIGURATIONS = (
    [("classic", Rules(players=n)) for n in range(3, 8)]
    + [("omnibus", Rules(variant=Variant.OMNIBUS))]
    + [("cancellation", Rules(players=n, variant=Variant.CANCELLATION)) for n in range(6, 11)]
)


Player = Callable[[random.Random], None]


def public_api_player(rules: Rules) -> Player:
    """Plays one random hand through the checked public API."""
    rules = rules.replace(target=10**6)

    def play(rng: random.Random) -> None:
        match = Match(rules, rng.randrange(2**31))
        for seat in match.to_act if match.phase is Phase.PASS else ():
            match.apply(Action.pass_cards(seat, rng.sample(match.hand_faces(seat), CARDS_PASSED)))
        while not match.results:
            seat = match.current_seat
            assert seat is not None
            match.apply(Action.play(seat, rng.choice(match.legal_cards(seat))))

    return play


def fast_path_player(rules: Rules) -> Player:
    """Deals and plays one random hand on the fast playout path."""
    table = PointTable(rules)

    def play(rng: random.Random) -> None:
        play_out(random_deal(table, rng.random), table, rng.random)

    return play


def rate(make_player: Callable[[Rules], Player], rules: Rules, seconds: float) -> float:
    """Hands per second over about ``seconds`` of wall time on one core."""
    play = make_player(rules)
    rng = random.Random(12345)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(20):
            play(rng)
        hands += 20
    return hands / (time.perf_counter() - start)


def run(seconds: float = 0.5) -> list[dict[str, Any]]:
    """Throughput of every configuration, both paths."""
    return [
        {
            "variant": variant,
            "players": rules.players,
            "public_api_hands_per_s": round(rate(public_api_player, rules, seconds)),
            "fast_path_hands_per_s": round(rate(fast_path_player, rules, seconds)),
        }
        for variant, rules in CONFIGURATIONS
    ]


def format_table(rows: list[dict[str, Any]]) -> str:
    """The figures as an aligned text table."""
    lines = [f"{'variant':<14}{'players':>8}{'public API /s':>15}{'fast path /s':>14}"]
    for row in rows:
        lines.append(
            f"{row['variant']:<14}{row['players']:>8}{row['public_api_hands_per_s']:>15}"
            f"{row['fast_path_hands_per_s']:>14}"
        )
    return "\n".join(lines)
