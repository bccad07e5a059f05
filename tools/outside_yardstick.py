"""The outside yardstick: our levels against Hearts bots this project did not write.

Each level sits in one seat against three of OpenSpiel's IS-MCTS bots
(``pyspiel.ISMCTSBot`` with random rollouts, on OpenSpiel's own Hearts), on
duplicate deals: every deal is played once with the level in each seat, and
every level meets the same deals, so two levels compare deal by deal (the
paired difference).  (OpenSpiel's IS-MCTS does not play alike twice from the
same seed: the order of its tree's children varies from run to run.)

Our :class:`~pyapp.engine.match.Match` referees; OpenSpiel's state follows it
card by card (the same deal, passes and plays), so each side reads its own
game and a card either side's rules refuse stops the run.  The classic rules
are OpenSpiel's defaults but one: the queen of spades does not break hearts.

OpenSpiel is a benchmark dependency, never a game one::

    pip install -e '.[bench]'
    python -m tools.outside_yardstick --levels hard,expert --deals 100 --playouts 4400 --workers 2 > a.json
    python -m tools.outside_yardstick --levels hard,expert --first 100 --deals 100 > b.json  # the next slice
    python -m tools.outside_yardstick --merge a.json b.json

It prints JSON: each deal's figures, and per level the points per hand (95%
interval over per-deal averages), the opponents' points at its tables, moons,
time per card; and each level's paired difference from the first.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import pairwise
from pathlib import Path
from typing import Any

from pyapp.bots import THINKING, make_bot
from pyapp.cli.arena import bot_seed_of, deal_seed_of
from pyapp.cli.stats import mean_ci95
from pyapp.engine.actions import Action
from pyapp.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES, face, rank_of, suit_of
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import CARDS_PASSED, preset

PLAYERS = 4
OPENSPIEL_SUIT = {CLUBS: 0, DIAMONDS: 1, HEARTS: 2, SPADES: 3}  # OpenSpiel's card is rank * 4 + suit, C D H S
OUR_SUIT = {number: suit for suit, number in OPENSPIEL_SUIT.items()}
GAME_PARAMETERS = {"qs_breaks_hearts": False}  # our classic rules: only a heart breaks hearts
SIMULATIONS = 1000  # the yardstick: IS-MCTS with 1,000 simulations a decision
UCT_C = 2.0  # OpenSpiel's example default exploration constant
ROLLOUTS = 1  # random rollouts per leaf
RUN_KEYS = ("opponent", "seed", "playouts", "simulations")  # what the slices of one run share


def openspiel_card(card: int) -> int:
    """OpenSpiel's number for our face.

    >>> openspiel_card(face(CLUBS, 0)), openspiel_card(face(SPADES, 10)), openspiel_card(face(HEARTS, 12))
    (0, 43, 50)
    """
    return rank_of(card) * PLAYERS + OPENSPIEL_SUIT[suit_of(card)]


def our_face(card: int) -> int:
    """Our face for OpenSpiel's card number.

    >>> all(our_face(openspiel_card(card)) == card for card in range(52))
    True
    """
    return face(OUR_SUIT[card % PLAYERS], card // PLAYERS)


class Opponent:
    """One of OpenSpiel's IS-MCTS bots with random rollouts, seeded."""

    def __init__(self, pyspiel: Any, seed: int, simulations: int) -> None:
        # The bot keeps a bare pointer to its evaluator: the evaluator must live as long as the bot.
        self.evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
        self.bot = pyspiel.ISMCTSBot(
            seed, self.evaluator, UCT_C, simulations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False
        )

    def step(self, state: Any) -> int:
        """Its card (OpenSpiel's number) in ``state``, where it is to act."""
        return self.bot.step(state)

    def choose_pass(self, game: Any, offset: int, hands: list[list[int]], seat: int) -> list[int]:
        """Its three cards to pass from ``seat``'s hand, chosen as the first to pass.

        OpenSpiel's Hearts cannot sample the deals a later passer sees (its
        ResampleFromInfostate crashes once another seat has passed), so the
        bot passes on a table turned to put ``seat``'s hand in seat 0, which
        passes first: the same hand and direction, and nothing else is known
        to a passer.
        """
        state = dealt(game, offset, hands[seat:] + hands[:seat])
        for _ in range(CARDS_PASSED):
            state.apply_action(self.bot.step(state))
        return state.history()[-CARDS_PASSED:]


def dealt(game: Any, offset: int, hands: list[list[int]]) -> Any:
    """OpenSpiel's state with the pass direction ``offset`` (0 hold, 1 left, 2 across, 3 right) and each
    seat's hand of our faces dealt."""
    state = game.new_initial_state()
    state.apply_action(offset)
    for index in range(len(hands[0])):  # OpenSpiel deals card k to player k % 4
        for each in range(PLAYERS):
            state.apply_action(openspiel_card(hands[each][index]))
    return state


def play_hand(level: str, seat: int, deal_seed: int, options: dict[str, Any], simulations: int) -> dict[str, Any]:
    """One hand of deal ``deal_seed`` with ``level`` in ``seat`` and IS-MCTS bots in the others: every
    seat's points, the moon's shooter, and the seconds each side spent per card."""
    import pyspiel  # a benchmark dependency: imported where it is used

    match = Match(preset("classic", target=10**6), deal_seed)
    game = pyspiel.load_game("hearts", GAME_PARAMETERS)
    offset = observe(match, 0).pass_offset % PLAYERS if match.phase is Phase.PASS else 0
    hands = [match.hand_faces(each) for each in range(PLAYERS)]
    state = dealt(game, offset, hands)
    ours = make_bot(level, bot_seed_of(deal_seed, seat), **options)
    others = {
        each: Opponent(pyspiel, bot_seed_of(deal_seed, each), simulations) for each in range(PLAYERS) if each != seat
    }
    times: dict[str, list[float]] = {"ours": [], "outside": []}
    if match.phase is Phase.PASS:
        passes = {seat: ours.decide(observe(match, seat)).cards}
        for each, bot in others.items():
            passes[each] = tuple(our_face(card) for card in bot.choose_pass(game, offset, hands, each))
        for each in range(PLAYERS):  # OpenSpiel's seats pass one card at a time, in seat order
            for card in passes[each]:
                state.apply_action(openspiel_card(card))
            match.apply(Action.pass_cards(each, passes[each]))
    while match.phase is Phase.PLAY:
        mover = match.current_seat
        if state.current_player() != mover:
            raise RuntimeError(f"OpenSpiel waits for seat {state.current_player()}, our match for {mover}")
        start = time.perf_counter()
        if mover == seat:
            card = ours.decide(observe(match, seat)).cards[0]
            times["ours"].append(time.perf_counter() - start)
        else:
            card = our_face(others[mover].step(state))
            times["outside"].append(time.perf_counter() - start)
        if openspiel_card(card) not in state.legal_actions() or card not in match.legal_cards(mover):
            raise RuntimeError(f"The rules disagree on {card} for seat {mover} (deal {deal_seed})")
        match.apply(Action.play(mover, card))
        state.apply_action(openspiel_card(card))
    result = match.results[0]
    return {"points": list(result.added), "shooter": result.shooter, "times": times}


def play_deal(level: str, deal_seed: int, options: dict[str, Any], simulations: int) -> dict[str, Any]:
    """A deal played once with ``level`` in each seat: its points, the opponents', moons and times (ms)."""
    hands = [play_hand(level, seat, deal_seed, options, simulations) for seat in range(PLAYERS)]
    return {
        "ours": statistics.fmean(hand["points"][seat] for seat, hand in enumerate(hands)),
        "outside": statistics.fmean(
            points for seat, hand in enumerate(hands) for each, points in enumerate(hand["points"]) if each != seat
        ),
        "moons": sum(hand["shooter"] == seat for seat, hand in enumerate(hands)),
        "ms": [round(t * 1000, 1) for hand in hands for t in hand["times"]["ours"]],
        "outside_ms": [round(t * 1000, 1) for hand in hands for t in hand["times"]["outside"]],
    }


def run(levels: list[str], deals: range, seed: int, workers: int, playouts: int, simulations: int) -> dict[str, Any]:
    """Every level on the same ``deals`` (their numbers: a long run goes in slices, :func:`merged`); each
    deal's figures and the summary as plain data."""
    played: dict[str, list[dict[str, Any]]] = {}
    for level in levels:
        options = {"playouts": playouts} if level in THINKING else {}
        jobs = [(level, deal_seed_of(seed, deal), options, simulations) for deal in deals]
        with ProcessPoolExecutor(workers) as pool:
            played[level] = list(pool.map(play_deal, *zip(*jobs, strict=True)))
    header = {
        "opponent": f"OpenSpiel IS-MCTS, {simulations} simulations, UCT c {UCT_C}, {ROLLOUTS} random rollout",
        "seed": seed,
        "playouts": playouts,
        "simulations": simulations,
        "deals": [deals.start, deals.stop],
        "played": played,
    }
    return {**header, "levels": summary(played)}


def merged(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Slices of one run (the same levels, seed and budgets, deals that follow on) as one."""
    runs = sorted(runs, key=lambda run: run["deals"][0])
    for before, after in pairwise(runs):
        if before["deals"][1] != after["deals"][0]:
            raise ValueError(f"Deals {before['deals'][1]} to {after['deals'][0]} are missing")
        for key in RUN_KEYS:
            if before[key] != after[key]:
                raise ValueError(f"The slices differ in {key}")
        if list(before["played"]) != list(after["played"]):
            raise ValueError("The slices played other levels")
    played = {level: [deal for run in runs for deal in run["played"][level]] for level in runs[0]["played"]}
    whole = {key: runs[0][key] for key in RUN_KEYS}
    return {**whole, "deals": [runs[0]["deals"][0], runs[-1]["deals"][1]], "played": played, "levels": summary(played)}


def summary(played: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Per level: points a hand (95% interval over the deals), the opponents' at its tables, moons, time
    per card; each level after the first, its paired difference from the first, deal by deal."""
    figures: dict[str, Any] = {}
    for level, deals in played.items():
        mean, half = mean_ci95([deal["ours"] for deal in deals])
        outside, outside_half = mean_ci95([deal["outside"] for deal in deals])
        figures[level] = {
            "points_per_hand": mean,
            "ci95": half,
            "outside_points_per_hand": outside,
            "outside_ci95": outside_half,
            "moons": sum(deal["moons"] for deal in deals),
            "ms_per_card_median": statistics.median(ms for deal in deals for ms in deal["ms"]),
            "outside_ms_per_card_median": statistics.median(ms for deal in deals for ms in deal["outside_ms"]),
        }
    first, *others = played
    for level in others:
        pairs = zip(played[level], played[first], strict=True)
        difference, half = mean_ci95([now["ours"] - then["ours"] for now, then in pairs])
        figures[level]["paired_against"] = {"level": first, "difference": difference, "ci95": half}
    return figures


def main(argv: list[str] | None = None) -> None:
    """Parse the command line, play (or merge slices), print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="hard,expert", help="our levels, the first the reference")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number (a slice of a long run)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--playouts", type=int, default=4400, help="our thinking levels' playouts a card")
    parser.add_argument("--simulations", type=int, default=SIMULATIONS, help="IS-MCTS simulations a decision")
    parser.add_argument("--merge", nargs="+", metavar="JSON", help="slices' output files to print as one run")
    args = parser.parse_args(argv)
    if args.merge:
        result = merged([json.loads(Path(name).read_text(encoding="utf-8")) for name in args.merge])
    else:
        deals = range(args.first, args.first + args.deals)
        result = run(args.levels.split(","), deals, args.seed, args.workers, args.playouts, args.simulations)
    json.dump(result, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
