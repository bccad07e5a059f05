"""Duplicate matches between bot levels: luck of the deal cancels out.

Each random deal is played once for every rotation of the seats, so every
level sits in every seat with the same cards.  Figures per level: average
points per hand with a 95% confidence interval (over per-deal averages, which
is what duplicate play makes small), moons shot, the time per card and the
per-deal averages, which :func:`paired_difference` compares with an earlier
run on the same deals.
Deals run in parallel worker processes.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import THINKING, make_bot
from ..engine.match import Match, Phase
from ..engine.observation import observe
from ..engine.rules import Rules
from .stats import mean_ci95


def deal_seed_of(seed: int, deal: int) -> int:
    """The seed of a run's ``deal``-th deal (the arena and the outside yardstick play the same deals).

    >>> deal_seed_of(1, 0), deal_seed_of(1, 5)
    (100003, 100008)
    """
    return seed * 100_003 + deal


def bot_seed_of(deal_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` at a deal: the same for every level that sits there."""
    return deal_seed * 100 + seat


def play_deal(rules: Rules, seats: list[str], deal_seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """Play one deal in every rotation of the seats; per level its points, moons and times.

    ``options`` go to every thinking level, ``options["levels"][level]`` (a
    level's own budget, as a browser gives Expert its workers' playouts) to
    that level on top.
    """
    n = rules.players
    points: dict[str, list[int]] = defaultdict(list)
    moons: dict[str, int] = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    for rotation in range(n):
        levels = [seats[(seat + rotation) % n] for seat in range(n)]
        bots = [
            make_bot(level, bot_seed_of(deal_seed, seat), **level_options(options, level))
            for seat, level in enumerate(levels)
        ]
        match = Match(rules.replace(target=10**6), deal_seed)
        while not match.results:
            for seat in match.to_act:
                view = observe(match, seat)
                start = time.perf_counter()
                action = bots[seat].decide(view)
                if match.phase is Phase.PLAY:
                    times[levels[seat]].append(time.perf_counter() - start)
                match.apply(action)
        result = match.results[0]
        for seat, added in enumerate(result.added):
            points[levels[seat]].append(added)
        if result.shooter is not None:
            moons[levels[result.shooter]] += 1
    return {"points": dict(points), "moons": dict(moons), "times": dict(times)}


def level_options(options: dict[str, Any], level: str) -> dict[str, Any]:
    """The bot options of ``level`` in an arena run's ``options`` (see :func:`play_deal`)."""
    if level not in THINKING:
        return {}
    shared = {name: value for name, value in options.items() if name != "levels"}
    return {**shared, **options.get("levels", {}).get(level, {})}


def run_arena(
    rules: Rules,
    seats: list[str],
    deals: int,
    seed: int = 1,
    workers: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals; the figures per level as plain data."""
    if len(seats) != rules.players:
        raise ValueError(f"Name one bot for each of the {rules.players} seats, not {len(seats)}")
    options = options or {}
    jobs = [(rules, seats, deal_seed_of(seed, deal), options) for deal in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_deal, *zip(*jobs, strict=True)))
    else:
        results = [play_deal(*job) for job in jobs]
    levels: dict[str, Any] = {}
    for level in dict.fromkeys(seats):
        per_deal = [statistics.fmean(result["points"][level]) for result in results]
        mean, half = mean_ci95(per_deal)
        move_times = [t for result in results for t in result["times"].get(level, [])]
        levels[level] = {
            "points_per_hand": mean,
            "ci95": half,
            "hands": sum(len(result["points"][level]) for result in results),
            "moons": sum(result["moons"].get(level, 0) for result in results),
            "ms_per_card_median": round(statistics.median(move_times) * 1000, 2) if move_times else 0.0,
            "ms_per_card_mean": round(statistics.fmean(move_times) * 1000, 2) if move_times else 0.0,
            "per_deal": [round(points, 4) for points in per_deal],
        }
    return {
        "rules": rules.to_dict(),
        "seats": seats,
        "deals": deals,
        "seed": seed,
        "options": options,
        "levels": levels,
    }


def paired_difference(result: dict[str, Any], baseline: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per level: this run's points per hand minus the baseline's, deal by deal, with a 95% interval.

    Both runs must have played the same deals (same seed, rules and number of
    deals); pairing them cancels most of the luck of the deal, so a change to a
    bot shows with far fewer deals than two separate averages would need.
    """
    for key in ("rules", "deals", "seed"):
        if result.get(key) != baseline.get(key):
            raise ValueError(f"The baseline played other deals ({key} differs)")
    differences: dict[str, dict[str, float]] = {}
    for level, figures in result["levels"].items():
        before = baseline["levels"].get(level, {}).get("per_deal")
        if before is None:
            continue
        mean, half = mean_ci95([now - then for now, then in zip(figures["per_deal"], before, strict=True)])
        differences[level] = {"difference": mean, "ci95": half}
    return differences
