"""The engine's side of the page: a Pyodide worker that owns the table.

The main thread calls the exported functions with JSON text and gets JSON
text back: ``{"ok": true, "view": {...}}`` or ``{"ok": false, "error": "..."}``.
Coarse calls (new game, load, act, one computer decision), not a chatty API.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pyapp.bots import BOTS
from pyapp.engine.actions import ActionError
from pyapp.engine.match import IllegalAction
from pyapp.engine.rules import PRESET_LABELS, PRESETS, RulesError, option_schema
from pyapp.engine.save import SaveError
from pyapp.host.links import PERSON, LinkError, deal_query, parse_deal_query
from pyapp.host.table import Table

EXPECTED_ERRORS = (ActionError, IllegalAction, LinkError, RulesError, SaveError, ValueError)
table: Table | None = None
viewer = 0


def _viewer() -> int:
    """Whose eyes the page is: the person to act now, else the person who acted last.

    With several people at one device (party mode) the view follows the turn,
    so each sees only their own cards; the page hides them between two people.
    """
    global viewer
    assert table is not None
    people = table.people_to_act
    if people:
        viewer = people[0]
    elif not 0 <= viewer < len(table.seats) or table.seats[viewer].bot is not None:
        viewer = next(seat for seat, s in enumerate(table.seats) if s.bot is None)
    return viewer


def _answer(change: Callable[[], object]) -> str:
    try:
        change()
    except EXPECTED_ERRORS as error:
        return json.dumps({"ok": False, "error": str(error)})
    assert table is not None
    return json.dumps({"ok": True, "view": table.view(_viewer())})


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise SaveError("The data is not readable JSON (it may be truncated or damaged)") from None


def new_game(options_json: str) -> str:
    """Start a match from ``{"rules": {...}, "seats": [...], "seed": optional}``."""

    def start() -> None:
        global table
        table = Table.new(_parse(options_json))

    return _answer(start)


def load_game(save_json: str) -> str:
    """Resume the saved table document; a broken one is refused with the reason."""

    def load() -> None:
        global table
        table = Table.from_document(_parse(save_json))

    return _answer(load)


def _on_table(change: Callable[[Table], object]) -> str:
    """Change the game in progress and answer with the new view (or the reason it was refused)."""
    if table is None:
        return json.dumps({"ok": False, "error": "No game is in progress"})
    current = table
    return _answer(lambda: change(current))


def act(action_json: str) -> str:
    """A person's decision, e.g. ``{"seat": 0, "play": "QS"}``."""
    return _on_table(lambda current: current.act(_parse(action_json)))


def bot_step() -> str:
    """One decision of the first computer seat to act."""
    return _on_table(lambda current: current.bot_step())


def undo() -> str:
    """Take back the person's last decision."""
    return _on_table(lambda current: current.undo(_viewer()))


def claim() -> str:
    """The person claims the rest of the hand."""
    return _on_table(lambda current: current.claim(_viewer()))


def finish() -> str:
    """The computer plays out the rest of the hand for the person."""
    return _on_table(lambda current: current.finish(_viewer()))


def configure(settings_json: str) -> str:
    """Apply page settings to the game in progress: ``{"think_ms": 300}``."""
    return _on_table(lambda current: current.set_think_ms(float(_parse(settings_json).get("think_ms", 300))))


def hint() -> str:
    """The Hard player's advice for the person's turn: expected points per legal card."""
    if table is None:
        return json.dumps({"ok": False, "error": "No game is in progress"})
    try:
        advice = table.hint(_viewer())
    except EXPECTED_ERRORS as error:
        return json.dumps({"ok": False, "error": str(error)})
    return json.dumps({"ok": True, "hint": advice})


def read_link(query: str) -> str:
    """A deal link's query read: ``{"ok": true, "link": {"rules", "seed", "levels"}}`` or the reason it is refused."""
    try:
        return json.dumps({"ok": True, "link": parse_deal_query(query)})
    except LinkError as error:
        return json.dumps({"ok": False, "error": str(error)})


def share_query() -> str:
    """The query of a link to the game in progress: its rules, deal number and computer levels."""
    if table is None:
        return json.dumps({"ok": False, "error": "No game is in progress"})
    levels = [seat.bot or PERSON for seat in table.seats[1:]]
    return json.dumps({"ok": True, "query": deal_query(table.match.rules, table.match.seed, levels)})


def catalog() -> str:
    """What the new-game form offers: presets, every rule option, computer levels."""
    presets = [
        {"name": name, "label": PRESET_LABELS[name], "rules": rules.to_dict()} for name, rules in PRESETS.items()
    ]
    return json.dumps({"presets": presets, "options": option_schema(), "levels": list(BOTS)})


__export__ = [
    "new_game",
    "load_game",
    "act",
    "bot_step",
    "undo",
    "claim",
    "finish",
    "catalog",
    "configure",
    "hint",
    "read_link",
    "share_query",
]
