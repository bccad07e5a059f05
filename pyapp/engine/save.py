"""The match as a versioned JSON document, and back.

The document holds the rules, the seed and the list of decisions; loading
replays the decisions from the first deal, checking each one, so a document
is either loaded whole or refused with a :class:`SaveError` that says why.

>>> from pyapp.engine.match import Match
>>> match = Match(seed=3)
>>> loads(dumps(match)).snapshot() == match.snapshot()
True
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action, ActionError
from .match import IllegalAction, Match
from .reasons import Reason, Refusal
from .rng import is_seed
from .rules import Rules, RulesError

FORMAT = "hearts-match"
VERSION = 1


class SaveError(Refusal):
    """A document that cannot be loaded; ``str()`` says why, for the player (a :class:`Reason`: its code
    is what the page words)."""


def damaged(text: str) -> SaveError:
    """A save that is there but does not hold together: ``text`` says how, for the command line."""
    return SaveError(Reason(text, "save_damaged"))


def to_document(match: Match) -> dict[str, Any]:
    """The match as plain JSON data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "history": [action.to_dict() for action in match.history],
    }


def compact(data: Any) -> str:
    """Plain data as compact JSON text (no spaces, letters as they are): how every save is written."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def dumps(match: Match) -> str:
    """The match as a compact JSON string."""
    return compact(to_document(match))


def check_header(document: Any, kind: str, what: str, readable: int) -> None:
    """Refuse a document that is not of ``kind`` or not of a version up to ``readable``, saying why."""
    if not isinstance(document, dict) or document.get("format") != kind:
        raise SaveError(Reason(f"This is not a saved Hearts {what}", "save_foreign"))
    version = document.get("version")
    if type(version) is not int or version < 1:
        raise damaged(f"The saved {what} has no valid version number")
    if version > readable:
        text = f"The saved {what} was made by a newer version of the game (format {version}; this one reads {readable})"
        raise SaveError(Reason(text, "save_newer"))


def from_document(document: Any) -> Match:
    """The match a document describes; anything malformed raises :class:`SaveError`."""
    check_header(document, FORMAT, "match", VERSION)
    for key in ("rules", "seed", "history"):
        if key not in document:
            raise damaged(f"The saved match is incomplete: it has no {key}")
    try:
        rules = Rules.from_dict(document["rules"])
    except RulesError as error:
        raise damaged(f"The saved match has unusable rules: {error}") from None
    seed, history = document["seed"], document["history"]
    if not is_seed(seed) or not isinstance(history, list):
        raise damaged("The saved match is damaged: its seed or history has the wrong form")
    match = Match(rules, seed)
    for number, item in enumerate(history, start=1):
        try:
            match.apply(Action.from_dict(item))
        except (ActionError, IllegalAction) as error:
            text = f"The saved match is damaged at decision {number}: {error}"
            raise SaveError(Reason(text, "save_decision", number=str(number))) from None
    return match


def loads(text: str) -> Match:
    """The match saved as ``text`` by :func:`dumps`."""
    try:
        document = json.loads(text)
    except (TypeError, ValueError):
        raise SaveError(
            Reason("The saved match is not readable JSON (it may be truncated or damaged)", "save_unreadable")
        ) from None
    return from_document(document)
