"""The person's statistics, kept in localStorage: games played and won, points, moons and Q♠ — per preset.

Plain data (``{"version": 1, "presets": {name: {...}}, "last": key}``) that
a finished game adds to once: ``last`` remembers the game already counted,
so a reload on the game-over screen does not count it twice.  Stored
statistics that cannot be read as they are (damaged, foreign, of a newer
version) are set aside, never written over, and the person is told; of
damaged ones, the presets still readable are kept.  Plain Python for
MicroPython and CPython.
"""

from ..shared import protocol
from .storage import Storage, load_record, parse_json

STATS_KEY = "hearts.stats"
VERSION = 1
FIELDS = ("games", "wins", "hands", "points", "moons", "queens")
BEST = "best"  # the lowest final score of a preset's games (absent before its first game)
CUSTOM = "custom"


def empty() -> dict:
    """No games yet."""
    return {"version": VERSION, "presets": {}, "last": ""}


def read(text) -> tuple:
    """The statistics in stored ``text`` (a fresh start when there are none) and what they were: ``ok``,
    ``damaged`` (the presets still readable kept) or ``newer`` (of a newer version: none kept)."""
    data = parse_json(text)
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version > VERSION:
        return empty(), "newer"
    if version != VERSION or not isinstance(data.get("presets"), dict) or not isinstance(data.get("last", ""), str):
        return empty(), "damaged"
    stats = {"version": VERSION, "presets": {}, "last": data.get("last", "")}
    for name, entry in data["presets"].items():
        figures = [entry.get(field, 0) for field in FIELDS] if isinstance(entry, dict) else [None]
        if all(type(figure) is int and figure >= 0 for figure in figures):
            stats["presets"][name] = dict(zip(FIELDS, figures))
            if type(entry.get(BEST)) is int:  # (the best final score: none until a game is finished)
                stats["presets"][name][BEST] = entry[BEST]
    return stats, "ok" if len(stats["presets"]) == len(data["presets"]) else "damaged"


def load(storage: Storage) -> dict:
    """The stored statistics; what cannot be read as it is is set aside (the readable part stored again)."""
    return load_record(storage, STATS_KEY, read, empty, "aside.stats_", lambda stats: bool(stats["presets"]))


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
    if view.phase != protocol.PHASE_OVER or stats.get("last") == key or view.party or view.table_screen:
        return False  # not over, counted already, or a party game or the table's screen (whose would it be?)
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
