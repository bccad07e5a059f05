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
from ..engine.reasons import Reason, Refusal
from ..engine.rng import Seed, is_secret
from ..engine.rules import Rules, RulesError, option_schema

DEAL = "deal"
LEVELS = "levels"
PERSON = "person"  # a seat played by a person at the device (party mode)
MAX_SEED = 2**53 - 1  # what JavaScript numbers carry exactly
MAX_QUERY = 1000
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")


class LinkError(Refusal):
    """A link that cannot be played, with the reason in words."""


def deal_query(rules: Rules, seed: Seed | None, levels: list[str]) -> str:
    """The query part (without ``?``) of a link to this deal (None: a new deal) with these rules and
    computer levels."""
    defaults = Rules().to_dict()
    parts = [] if seed is None else [f"{DEAL}={seed}"]
    for name, value in rules.to_dict().items():
        if name in defaults and value != defaults[name]:  # (a hand played again: the whole game's deal)
            text = ("1" if value else "0") if isinstance(value, bool) else str(value)
            parts.append(f"{name}={quote(text)}")
    if levels:
        parts.append(f"{LEVELS}={','.join(levels)}")
    return "&".join(parts)


def _refused(text: str, code: str, **values: str) -> LinkError:
    return LinkError(Reason(text, code, **values))


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
        raise _refused(
            f"The link's “{name}” must be 1 or 0, not “{_shown(text)}”", "link_value", option=name, value=_shown(text)
        )
    if option["type"] == "int":
        number = _number(text, option["min"], option["max"])
        if number is None:
            low, high = str(option["min"]), str(option["max"])
            text = f"The link's “{name}” must be a number from {low} to {high}"
            raise _refused(text, "link_number", option=name, minimum=low, maximum=high)
        return number
    if text not in option["choices"]:
        raise _refused(f"The link's “{name}” cannot be “{_shown(text)}”", "link_value", option=name, value=_shown(text))
    return text


def parse_deal_query(query: str) -> dict[str, Any]:
    """``{"rules": {...}, "seed": Seed | None, "levels": [...]}`` from a link's query; refused with a reason."""
    query = query[1:] if query.startswith("?") else query
    if len(query) > MAX_QUERY:
        raise _refused("The link is too long to be a Hearts deal", "link_long")
    try:
        pairs = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise _refused("The link's settings are not readable", "link_unreadable") from None
    options = {option["name"]: option for option in option_schema()}
    rules: dict[str, Any] = {}
    seed: Seed | None = None
    levels: list[str] = []
    for name, text in pairs:
        if name == DEAL:
            seed = text if is_secret(text) else _number(text, 0, MAX_SEED)  # a game's own deal, or a number
            if seed is None:
                text = _shown(text)
                raise _refused(f"The link's deal number “{text}” is not a deal number", "link_deal", value=text)
        elif name == LEVELS:
            levels = text.split(",")
            unknown = [level for level in levels if level not in BOTS and level != PERSON]
            if unknown:
                level = _shown(unknown[0])
                raise _refused(f"The link names an unknown computer level “{level}”", "link_level", value=level)
        elif name in options:
            rules[name] = _value(options[name], text)
        else:
            text = f"The link has a setting this game does not know: “{_shown(name)}”"
            raise _refused(text, "link_unknown", value=_shown(name))
    try:
        players = Rules.from_dict(rules).players
    except RulesError as error:
        raise LinkError(error.args[0]) from None  # why these rules cannot be played (a Reason)
    if levels and len(levels) != players - 1:
        count, seats = str(len(levels)), str(players - 1)
        text = f"The link names {count} computer levels for {seats} computer seats"
        raise _refused(text, "link_levels", count=count, seats=seats)
    return {"rules": rules, "seed": seed, "levels": levels}
