"""Learn the playout policy's weights (:mod:`pyapp.bots.learned`) from hands Expert plays against itself.

Two steps, each resumable:

``play``
    Four Experts play classic hands (one hand a deal seed), at a playout
    budget.  At every card with a choice, the position the table really is in
    is given to the playout's own decision code, which names the candidates
    and their features exactly as a playout would see them; the card Expert
    chose marks the candidate that plays like it.  Decisions go to a JSON
    lines file, one line a hand, so a run resumes where it stopped.  Hands run
    in a pool of local processes, or on Ray (``--engine ray``, where Ray is
    installed: its ``Pool`` has the same interface).
``fit``
    A softmax over each kind's linear scores is fitted to the marks
    (multinomial logistic regression, plain gradient descent from zero
    weights, L2), and the weights are written with how the data was made and
    how often the fitted policy's favourite is Expert's card.

Same seeds, same data, same weights: Expert's decisions at a playout budget
follow from its seed.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pyapp.bots import make_bot
from pyapp.bots.learned import (
    DISCARD,
    FOLLOW,
    KINDS,
    LEAD,
    WEIGHTS_FILE,
    Choices,
    LearnedPolicy,
    _others,
    discard_choices,
    follow_choices,
    lead_choices,
    nearest_candidate,
)
from pyapp.cli.arena import bot_seed_of
from pyapp.engine.cards import RANKS_PER_SUIT
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.playout import Hand, PointTable, Position, play_out, position_from_match
from pyapp.engine.rules import Rules

Record = dict[str, Any]  # {"kind", "rows", "label"}


class _Seen(Exception):
    """Raised by :class:`_Recorder` once it has the decision (the playout goes no further)."""

    def __init__(self, kind: str, choices: Choices) -> None:
        super().__init__(kind)
        self.kind = kind
        self.choices = choices


class _Recorder(LearnedPolicy):
    """The playout's first decision, as the learned policy would see it; then the playout stops."""

    def __init__(self, position: Position) -> None:
        super().__init__(position, {})

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Any) -> int:
        """Stop with the lead's choices."""
        raise _Seen(LEAD, lead_choices(self.hands, hand, hearts_ok, queen_out, stop_moon))

    def follow(
        self, cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool, rnd: Any
    ) -> int:
        """Stop with the follow's choices."""
        raise _Seen(FOLLOW, follow_choices(self.hands, cards, winning, points, last, queen_out, stop_moon))

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Any) -> int:
        """Stop with the discard's choices."""
        raise _Seen(DISCARD, discard_choices(self.hands, hand, no_points, queen_out, stop_moon))


def decision_seen(match: Match, table: PointTable) -> _Seen | None:
    """The next card's decision as a playout sees it; None for the first trick's lead (the rules make it)."""
    position = position_from_match(match)
    if position.first_trick and not position.trick:
        return None
    try:
        play_out(position, table, random.random, None, _Recorder(position))
    except _Seen as seen:
        return seen
    return None  # pragma: no cover (a play phase always has a card to play)


def play_hand(deal_seed: int, playouts: int) -> dict[str, Any]:
    """One classic hand of four Experts; every card with more than one candidate, marked."""
    rules = Rules()
    table = PointTable(rules)
    bots = [make_bot("expert", bot_seed_of(deal_seed, seat), playouts=playouts, budget_ms=None) for seat in range(4)]
    match = Match(rules.replace(target=10**6), deal_seed)
    records: list[Record] = []
    while not match.results:
        for seat in match.to_act:
            view = observe(match, seat)
            action = bots[seat].decide(view)
            if match.phase is Phase.PLAY and len(view.legal) > 1:
                seen = decision_seen(match, table)
                if seen is not None and len(seen.choices[0]) > 1:
                    candidates, rows = seen.choices
                    card = action.cards[0]
                    suit = card // RANKS_PER_SUIT
                    position = position_from_match(match)
                    others = _others(position.hands, position.hands[seat], suit)
                    label = nearest_candidate(candidates, others, card)
                    records.append({"kind": seen.kind, "rows": rows, "label": label})
            match.apply(action)
    return {"deal_seed": deal_seed, "playouts": playouts, "records": records}


def _pool(engine: str, workers: int) -> Any:
    """The pool hands run in: local processes, or Ray's (the same interface), where Ray is installed."""
    if engine == "ray":
        from ray.util.multiprocessing import Pool as RayPool  # an optional dependency of this script only

        return RayPool(workers)
    from multiprocessing import Pool

    return Pool(workers)


def play(out: Path, hands: int, seed: int, playouts: int, workers: int, engine: str) -> None:
    """Play the hands not yet in ``out`` and append them to it, one line a hand."""
    done = {line["deal_seed"] for line in read_lines(out)}
    seeds = [deal_seed_of_training(seed, hand) for hand in range(hands)]
    todo = [(deal_seed, playouts) for deal_seed in seeds if deal_seed not in done]
    start = time.perf_counter()
    with _pool(engine, workers) as pool, out.open("a") as file:
        for count, result in enumerate(pool.imap_unordered(_play_job, todo), 1):
            file.write(json.dumps(result) + "\n")
            file.flush()
            if count % 20 == 0:
                print(f"{count}/{len(todo)} hands, {time.perf_counter() - start:.0f} s", file=sys.stderr)


def _play_job(job: tuple[int, int]) -> dict[str, Any]:
    return play_hand(*job)


def deal_seed_of_training(seed: int, hand: int) -> int:
    """The deal seed of a training run's ``hand``-th hand (apart from the arena's deals)."""
    return 7_000_000_000 + seed * 1_000_003 + hand


def read_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The hands a data file holds (none when it does not exist yet)."""
    if path.exists():
        with path.open() as file:
            for line in file:
                if line.strip():
                    yield json.loads(line)


def fit(data: Path, out: Path, l2: float, seed: int) -> dict[str, Any]:
    """Fit each kind's weights to the marked decisions in ``data``; write them to ``out``."""
    by_kind: dict[str, list[tuple[list[list[float]], int]]] = {kind: [] for kind in KINDS}
    hands, budgets = 0, set()
    for line in read_lines(data):
        hands += 1
        budgets.add(line["playouts"])
        for record in line["records"]:
            by_kind[record["kind"]].append((record["rows"], record["label"]))
    rnd = random.Random(seed)
    weights: dict[str, list[float]] = {}
    report: dict[str, Any] = {}
    for kind, samples in by_kind.items():
        rnd.shuffle(samples)
        cut = len(samples) // 10  # a tenth held out, to tell how well the fit generalises
        held, train = samples[:cut], samples[cut:]
        weights[kind] = fit_softmax(train, l2)
        report[kind] = {
            "decisions": len(samples),
            "agree_train": round(agreement(train, weights[kind]), 4),
            "agree_held_out": round(agreement(held, weights[kind]), 4),
        }
    result = {
        "version": 1,
        "made_by": "tools/train_playout.py",
        "hands": hands,
        "playouts": sorted(budgets),
        "fit": {"l2": l2, "seed": seed},
        "report": report,
        "weights": {kind: [round(w, 5) for w in ws] for kind, ws in weights.items()},
    }
    out.write_text(json.dumps(result, indent=1) + "\n")
    return result


def fit_softmax(samples: list[tuple[list[list[float]], int]], l2: float) -> list[float]:
    """The weights minimising the mean cross-entropy of a softmax over each decision's linear scores, plus
    ``l2`` times their squared norm (L-BFGS from zero: the same data gives the same weights)."""
    import numpy as np  # the fit's own dependencies (with the bench extra), not the game's
    from scipy.optimize import minimize

    width = max(len(rows) for rows, _ in samples)
    size = len(samples[0][0][0])
    features = np.zeros((len(samples), width, size))
    mask = np.full((len(samples), width), -np.inf)
    for index, (rows, _) in enumerate(samples):
        features[index, : len(rows)] = rows
        mask[index, : len(rows)] = 0.0
    labels = np.array([label for _, label in samples])
    picked = features[np.arange(len(samples)), labels]

    def loss(weights: Any) -> tuple[float, Any]:
        scores = features @ weights + mask
        top = scores.max(axis=1, keepdims=True)
        odds = np.exp(scores - top)
        total = odds.sum(axis=1, keepdims=True)
        chance = odds / total
        log_total = (np.log(total) + top).ravel()
        value = np.mean(log_total - picked @ weights) + l2 * weights @ weights
        grad = (np.einsum("nc,ncf->f", chance, features) - picked.sum(axis=0)) / len(samples) + 2 * l2 * weights
        return float(value), grad

    found = minimize(loss, np.zeros(size), jac=True, method="L-BFGS-B", options={"maxiter": 2000})
    return [float(w) for w in found.x]


def agreement(samples: list[tuple[list[list[float]], int]], weights: list[float]) -> float:
    """How often the highest-scoring candidate is the marked one."""
    if not samples:
        return 0.0
    hits = 0
    for rows, label in samples:
        scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
        hits += scores.index(max(scores)) == label
    return hits / len(samples)


def main(argv: list[str] | None = None) -> None:
    """Command line: ``play`` then ``fit``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    playing = commands.add_parser("play", help="play and mark hands (resumes)")
    playing.add_argument("--data", type=Path, required=True)
    playing.add_argument("--hands", type=int, default=1000)
    playing.add_argument("--seed", type=int, default=1)
    playing.add_argument("--playouts", type=int, default=1000)
    playing.add_argument("--workers", type=int, default=2)
    playing.add_argument("--engine", choices=("local", "ray"), default="local")
    fitting = commands.add_parser("fit", help="fit the weights")
    fitting.add_argument("--data", type=Path, required=True)
    fitting.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    fitting.add_argument("--l2", type=float, default=1e-4)
    fitting.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "play":
        play(args.data, args.hands, args.seed, args.playouts, args.workers, args.engine)
    else:
        result = fit(args.data, args.out, args.l2, args.seed)
        print(json.dumps(result["report"], indent=1))


if __name__ == "__main__":
    main()
