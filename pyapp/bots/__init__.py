"""The computer players, by name: ``random`` and ``basic`` (Easy)."""

from __future__ import annotations

from .base import Bot, PolicyBot, moon_choice
from .basic import BasicBot
from .random_bot import RandomBot

BOTS: dict[str, type[PolicyBot]] = {"basic": BasicBot, "random": RandomBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of the named kind; an unknown name is refused with the known ones."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"Unknown bot {name!r}; bots: {', '.join(BOTS)}") from None


__all__ = ["BOTS", "BasicBot", "Bot", "PolicyBot", "RandomBot", "make_bot", "moon_choice"]
