"""What the new-game form offers and what the page says of the rules, written into the page at build time
(``tools/build.py``): the engine's own figures, so that the page derives no rule of its own."""

from __future__ import annotations

import json
from typing import Any

from ..bots import BOTS, THINKING
from ..engine.rules import (
    CANCELLATION_PLAYERS,
    CARDS_PASSED,
    CLASSIC_PLAYERS,
    PRESET_LABELS,
    PRESETS,
    PassCycle,
    Rules,
    Variant,
    option_schema,
)
from ..shared import protocol
from .game import Host

# What the page writes itself into a new game's first view (pyapp.page.first_deal): the game's own seats,
# rules, deal and name, which computer seats are still choosing their pass, and turn 0 (no answer yet).
# Every other field is the engine's, from :func:`first_views`.
DEALT_ON_THE_PAGE = (
    "turn",
    "seats",
    "rules",
    "moon_points",
    "hand",
    "hand_sizes",
    "after_ms",
    "passes_chosen",
    "to_act",
    "game_key",
)
PLAYERS = range(CLASSIC_PLAYERS.start, CANCELLATION_PLAYERS.stop)  # every table the rules allow
A_PERSON = {"name": "", "bot": None}
A_COMPUTER = {"name": "", "bot": "basic"}  # (the page writes which seats are still choosing)


def catalog() -> dict[str, Any]:
    """The presets, every rule option, the computer levels, how many cards are passed, and each variant's
    packs and moon (what shooting it is worth)."""
    presets = [
        {"name": name, "label": PRESET_LABELS[name], "rules": rules.to_dict()} for name, rules in PRESETS.items()
    ]
    return {
        "presets": presets,
        "options": option_schema(),
        "levels": list(BOTS),
        "thinking": list(THINKING),  # the levels that choose their pass while the person does
        "cards_passed": CARDS_PASSED,
        "packs": {rules.variant.value: rules.packs for rules in PRESETS.values()},
        "moon_points": {rules.variant.value: rules.moon_points for rules in PRESETS.values()},
        "first_leads": first_leads(),
        "pass_cycles": pass_cycles(),
        "first_view": first_views(),
    }


def every_table() -> list[Rules]:
    """One game of each variant and number of players the rules allow (the others at their defaults)."""
    tables = []
    for variant in Variant:
        players = CANCELLATION_PLAYERS if variant is Variant.CANCELLATION else CLASSIC_PLAYERS
        tables += [Rules(players=count, variant=variant) for count in players]
    return tables


def variant_for(players: int) -> Variant:
    """A variant played by ``players`` (classic when it can be: the figures that differ by players only)."""
    return Variant.CLASSIC if players in CLASSIC_PLAYERS else Variant.CANCELLATION


def first_leads() -> dict[str, dict[str, str]]:
    """The card that leads the first trick, by variant and number of players."""
    leads: dict[str, dict[str, str]] = {}
    for rules in every_table():
        leads.setdefault(rules.variant.value, {})[str(rules.players)] = rules.first_lead_text
    return leads


def pass_cycles() -> dict[str, dict[str, list[str]]]:
    """The pass directions hand after hand (the cycle repeats), by number of players and pass cycle option."""
    cycles: dict[str, dict[str, list[str]]] = {}
    for players in PLAYERS:
        for cycle in PassCycle:
            rules = Rules(players=players, variant=variant_for(players), pass_cycle=cycle)
            cycles.setdefault(str(players), {})[cycle.value] = list(rules.pass_cycle_directions)
    return cycles


def first_views() -> dict[str, Any]:
    """A new game's first view, seen from its seat 0 as the engine's projection writes it, but for the
    fields the page writes itself (:data:`DEALT_ON_THE_PAGE`): ``common`` to every number of players, and
    what differs ``by_players``."""
    views = {}
    for players in PLAYERS:
        options = {
            "rules": {"players": players, "variant": variant_for(players).value},
            "seats": [A_PERSON] + [A_COMPUTER] * (players - 1),
            "seed": 1,
        }
        answer = json.loads(Host().handle(protocol.message(protocol.START, options=options)))
        views[str(players)] = {name: value for name, value in answer["view"].items() if name not in DEALT_ON_THE_PAGE}
    four = views["4"]
    common = {name: value for name, value in four.items() if all(view[name] == value for view in views.values())}
    by_players = {players: {n: v for n, v in view.items() if n not in common} for players, view in views.items()}
    return {"common": common, "by_players": by_players}
