"""The person's statistics, kept in localStorage: games played and won, points, moons and Q♠ — per preset.

Plain data (``{"version": 1, "presets": {name: {...}}, "last": key}``) that
a finished game adds to once: ``last`` remembers the game already counted,
so a reload on the game-over screen does not count it twice.  A broken or
foreign stored value starts afresh.  Plain Python for MicroPython and CPython.
"""

import json

STATS_KEY = "hearts.stats"
VERSION = 1
FIELDS = ("games", "wins", "hands", "points", "moons", "queens")
BEST = "best"  # the lowest final score of a preset's games (absent before its first game)
CUSTOM = "custom"


def empty() -> dict:
    """No games yet."""
    return {"version": VERSION, "presets": {}, "last": ""}


def load(text) -> dict:
    """The stored statistics, or a fresh start when they are missing or damaged."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("presets"), dict):
        return empty()
    presets = {}
    for name, entry in data["presets"].items():
        if isinstance(entry, dict):
            presets[str(name)] = {field: int(entry.get(field, 0) or 0) for field in FIELDS}
            if type(entry.get(BEST)) is int:
                presets[str(name)][BEST] = entry[BEST]
    return {"version": VERSION, "presets": presets, "last": str(data.get("last", ""))}


def preset_of(rules: dict, presets: list) -> str:
    """The name of the preset these rules are, or ``custom``."""
    for preset in presets:
        if all(rules.get(name) == value for name, value in preset["rules"].items()):
            return preset["name"]
    return CUSTOM


def record(stats: dict, view, results: list, presets: list) -> bool:
    """Add a finished game, seen from the viewer's seat, to ``stats``; False when it was already counted.

    ``view`` is the engine's view (:class:`pyapp.shared.protocol.View`), ``results`` the game's hand results.
    """
    key = view.game_key
    if view.phase != "over" or stats.get("last") == key or view.party:
        return False  # not over, counted already, or a party game (whose statistics would it be?)
    me = view.seat
    name = preset_of(view.rules, presets)
    entry = stats["presets"].setdefault(name, {field: 0 for field in FIELDS})
    entry["games"] += 1
    entry["wins"] += 1 if me in view.winners else 0
    entry["hands"] += len(results)
    entry["points"] += view.scores[me]
    entry[BEST] = min(entry.get(BEST, view.scores[me]), view.scores[me])
    entry["moons"] += sum(1 for result in results if result.shooter == me)
    entry["queens"] += sum(1 for result in results if result.queen == me)
    stats["last"] = key
    return True


def total(stats: dict) -> dict:
    """Every preset added together (the best: the lowest of theirs)."""
    entry = {field: 0 for field in FIELDS}
    for figures in stats["presets"].values():
        for field in FIELDS:
            entry[field] += figures[field]
        if BEST in figures:
            entry[BEST] = min(entry.get(BEST, figures[BEST]), figures[BEST])
    return entry


def derived(entry: dict) -> dict:
    """The figures a person reads: win rate in percent and average final score (None before any game)."""
    games = entry["games"]
    return {
        "win_rate": round(100 * entry["wins"] / games) if games else None,
        "average": round(entry["points"] / games, 1) if games else None,
    }
