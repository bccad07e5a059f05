"""Deal links: the rules, the deal number and the computer levels of a game, as a URL query.

A friend who opens ``?deal=1234&players=5&levels=hard,medium,medium,basic``
plays the same cards with the same rules and can compare scores.  Only the
options that differ from the defaults are written.  Reading a link is strict:
an unknown setting, a bad value or rules that cannot be played are refused
with a message a player can read, and nothing from the link is ever trusted
as markup (the page shows messages as text).

>>> from pyapp.engine.rules import Rules
>>> query = deal_query(Rules(players=5), 1234, ["hard", "medium", "medium", "basic"])
>>> query
'deal=1234&players=5&levels=hard,medium,medium,basic'
>>> parse_deal_query("?" + query)["seed"]
1234
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, quote

from ..bots import BOTS
from ..engine.rules import Rules, RulesError, option_schema

DEAL = "deal"
LEVELS = "levels"
PERSON = "person"  # a seat played by a person at the device (party mode)
MAX_SEED = 2**53 - 1  # what JavaScript numbers carry exactly
MAX_QUERY = 1000
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


class LinkError(ValueError):
    """A link that cannot be played, with the reason in words."""


def deal_query(rules: Rules, seed: int, levels: list[str]) -> str:
    """The query part (without ``?``) of a link to this deal with these rules and computer levels."""
    defaults = Rules().to_dict()
    parts = [f"{DEAL}={seed}"]
    for name, value in rules.to_dict().items():
        if value != defaults[name]:
            text = ("1" if value else "0") if isinstance(value, bool) else str(value)
            parts.append(f"{name}={quote(text)}")
    if levels:
        parts.append(f"{LEVELS}={','.join(levels)}")
    return "&".join(parts)


def _shown(text: str) -> str:
    """A piece of a link, short enough to quote in a message."""
    return text if len(text) <= 24 else text[:23] + "…"


def _number(text: str, low: int, high: int) -> int | None:
    """A whole number written in ASCII digits within [low, high], or None."""
    if not (text.isascii() and text.isdigit()) or not low <= int(text) <= high:
        return None
    return int(text)


def _value(option: dict[str, Any], text: str) -> Any:
    """One rule option's value from its link text."""
    name = option["name"]
    if option["type"] == "bool":
        if text.lower() in TRUE_WORDS:
            return True
        if text.lower() in FALSE_WORDS:
            return False
        raise LinkError(f"The link's “{name}” must be 1 or 0, not “{_shown(text)}”")
    if option["type"] == "int":
        number = _number(text, option["min"], option["max"])
        if number is None:
            raise LinkError(f"The link's “{name}” must be a number from {option['min']} to {option['max']}")
        return number
    if text not in option["choices"]:
        raise LinkError(f"The link's “{name}” cannot be “{_shown(text)}”")
    return text


def parse_deal_query(query: str) -> dict[str, Any]:
    """``{"rules": {...}, "seed": int | None, "levels": [...]}`` from a link's query; refused with a reason."""
    query = query[1:] if query.startswith("?") else query
    if len(query) > MAX_QUERY:
        raise LinkError("The link is too long to be a Hearts deal")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise LinkError("The link's settings are not readable") from None
    options = {option["name"]: option for option in option_schema()}
    rules: dict[str, Any] = {}
    seed: int | None = None
    levels: list[str] = []
    for name, text in pairs:
        if name == DEAL:
            seed = _number(text, 0, MAX_SEED)
            if seed is None:
                raise LinkError(f"The link's deal number “{_shown(text)}” is not a deal number")
        elif name == LEVELS:
            levels = text.split(",")
            unknown = [level for level in levels if level not in BOTS and level != PERSON]
            if unknown:
                raise LinkError(f"The link names an unknown computer level “{_shown(unknown[0])}”")
        elif name in options:
            rules[name] = _value(options[name], text)
        else:
            raise LinkError(f"The link has a setting this game does not know: “{_shown(name)}”")
    try:
        players = Rules.from_dict(rules).players
    except RulesError as error:
        raise LinkError(f"The link's rules cannot be played: {error}") from None
    if levels and len(levels) != players - 1:
        raise LinkError(f"The link names {len(levels)} computer levels for {players - 1} computer seats")
    return {"rules": rules, "seed": seed, "levels": levels}
