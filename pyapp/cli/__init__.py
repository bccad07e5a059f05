"""The command line: ``python -m pyapp simulate | bench | play``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from ..engine.rules import PRESETS, RulesError, preset
from . import bench
from .arena import paired_difference, run_arena
from .simulate import simulate
from .terminal import play_in_terminal


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(prog="python -m pyapp", description="Hearts (Pikové dámy) engine tools")
    commands = parser.add_subparsers(dest="command", required=True)

    sim = commands.add_parser("simulate", help="play bots against each other and print JSON figures")
    sim.add_argument("--players", type=int, default=None, help="number of seats (default: the preset's)")
    sim.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    sim.add_argument("--hands", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--seats", default="basic,random,random,random", help="one bot name per seat, comma-separated")

    arena = commands.add_parser("arena", help="duplicate matches between bot levels; prints JSON figures")
    arena.add_argument("--players", type=int, default=None)
    arena.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    arena.add_argument("--deals", type=int, default=100)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--seats", default="medium,basic,basic,basic", help="one bot level per seat")
    arena.add_argument(
        "--playouts",
        type=playout_budgets,
        default=None,
        help="the thinking levels' playouts per card (deterministic): 500, or per level: hard=5650,expert=10800",
    )
    arena.add_argument(
        "--option",
        type=level_option,
        action="append",
        default=[],
        help="a level's own option, repeatable: expert.endgame=0 (the change to measure against its absence)",
    )
    arena.add_argument("--budget-ms", type=float, default=None, help="Hard's time per card instead")
    arena.add_argument("--workers", type=int, default=1, help="processes to play deals in parallel")
    arena.add_argument(
        "--baseline", default=None, help="an earlier run's JSON on the same deals: add paired differences"
    )

    perf = commands.add_parser("bench", help="print engine throughput (random hands per second)")
    perf.add_argument("--json", action="store_true", help="print JSON instead of a table")
    perf.add_argument("--seconds", type=float, default=0.5, help="time spent on each figure")

    play = commands.add_parser("play", help="play a match in the terminal against basic bots")
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--preset", default="classic", choices=sorted(PRESETS))
    play.add_argument("--seed", type=int, default=None)
    return parser


def playout_budgets(text: str) -> dict:
    """``--playouts``: one number for every thinking level, or ``level=number`` pairs (the arena's options)."""
    try:
        if "=" not in text:
            return {"playouts": int(text)}
        pairs = [pair.split("=") for pair in text.split(",")]
        return {"levels": {level.strip(): {"playouts": int(number)} for level, number in pairs}}
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a playout budget: {text!r} (500, or hard=5650,expert=10800)") from None


def level_option(text: str) -> tuple[str, str, int]:
    """``--option``: ``level.name=number``, as (level, name, number)."""
    try:
        key, number = text.split("=")
        level, name = key.strip().split(".")
        return level, name, int(number)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a level's option: {text!r} (expert.endgame=0)") from None


def read_baseline(path: str) -> dict:
    """An earlier arena run's JSON figures."""
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, json.JSONDecodeError) as error:
        raise ValueError(f"Cannot read the baseline {path}: {error}") from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        changes = {"players": args.players} if getattr(args, "players", None) else {}
        if args.command == "simulate":
            rules = preset(args.preset, **changes)
            seats = [name.strip() for name in args.seats.split(",")]
            print(json.dumps(simulate(rules, seats, args.hands, args.seed), indent=2))
        elif args.command == "arena":
            rules = preset(args.preset, **changes)
            seats = [name.strip() for name in args.seats.split(",")]
            options = args.playouts or {}
            if args.budget_ms:
                options = {"budget_ms": args.budget_ms}
            for level, name, number in args.option:
                options.setdefault("levels", {}).setdefault(level, {})[name] = number
            baseline = read_baseline(args.baseline) if args.baseline else None  # before the long run, not after
            result = run_arena(rules, seats, args.deals, args.seed, args.workers, options)
            if baseline is not None:
                result["against_baseline"] = paired_difference(result, baseline)
            print(json.dumps(result, indent=2))
        elif args.command == "bench":
            rows = bench.run(args.seconds)
            print(json.dumps(rows, indent=2) if args.json else bench.format_table(rows))
        else:
            play_in_terminal(preset(args.preset, **changes), args.seed)
    except (RulesError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0
