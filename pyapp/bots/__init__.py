"""The computer players, by name: ``basic`` (Easy), ``medium``, ``hard``, ``expert`` and ``random``."""

from __future__ import annotations

from typing import Any

from .base import Bot, PolicyBot, moon_choice
from .basic import BasicBot
from .expert import ExpertBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

BOTS: dict[str, type[PolicyBot]] = {
    "basic": BasicBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "random": RandomBot,
}
THINKING = ("hard", "expert")  # the levels that think within a budget (``budget_ms`` or ``playouts``)


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A new bot of the named kind (``options`` such as Hard's ``budget_ms`` or ``playouts``)."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(f"Unknown bot {name!r}; bots: {', '.join(BOTS)}") from None
    return kind(seed, **options) if options else kind(seed)


__all__ = [
    "BOTS",
    "THINKING",
    "BasicBot",
    "Bot",
    "ExpertBot",
    "HardBot",
    "MediumBot",
    "PolicyBot",
    "RandomBot",
    "make_bot",
    "moon_choice",
]
