"""The decisions a seat makes: pass three cards, play a card, choose the moon score.

An :class:`Action` is small, immutable and hashable (like python-chess's
``Move``), names the seat that makes it, and has a compact JSON form that
the match history is saved in.

>>> Action.play(2, parse_card("QS")).to_dict()
{'seat': 2, 'play': 'QS'}
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import CardError, card_text, parse_card
from .reasons import Reason, Refusal
from .rules import MoonChoice


class ActionKind(StrEnum):
    """What kind of decision an action is."""

    PASS = "pass"
    PLAY = "play"
    MOON = "moon"


class ActionError(Refusal):
    """An action written in a form that is not an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: ``cards`` are faces, ``choice`` is for the moon."""

    seat: int
    kind: ActionKind
    cards: tuple[int, ...] = ()
    choice: MoonChoice | None = None

    @classmethod
    def play(cls, seat: int, card: int) -> Action:
        """Play the face ``card`` to the trick."""
        return cls(seat, ActionKind.PLAY, (card,))

    @classmethod
    def pass_cards(cls, seat: int, cards: tuple[int, ...] | list[int]) -> Action:
        """Pass these faces (order does not matter)."""
        return cls(seat, ActionKind.PASS, tuple(sorted(cards)))

    @classmethod
    def moon(cls, seat: int, choice: MoonChoice | str) -> Action:
        """The shooter's choice of how the moon scores."""
        return cls(seat, ActionKind.MOON, (), MoonChoice(choice))

    @property
    def card(self) -> int:
        """The face played by a play action."""
        return self.cards[0]

    def to_dict(self) -> dict[str, Any]:
        """The compact JSON form used in saved histories."""
        if self.kind is ActionKind.PLAY:
            return {"seat": self.seat, "play": card_text(self.card)}
        if self.kind is ActionKind.PASS:
            return {"seat": self.seat, "pass": [card_text(c) for c in self.cards]}
        assert self.choice is not None
        return {"seat": self.seat, "moon": self.choice.value}

    @classmethod
    def from_dict(cls, data: Any) -> Action:
        """An action from :meth:`to_dict` output; anything else is refused."""
        if not isinstance(data, dict) or type(data.get("seat")) is not int or len(data) != 2:
            raise _not_an_action(f"Not an action: {data!r}")
        seat = data["seat"]
        try:
            if "play" in data:
                return cls.play(seat, parse_card(data["play"]))
            if "pass" in data and isinstance(data["pass"], list):
                return cls.pass_cards(seat, [parse_card(c) for c in data["pass"]])
            if "moon" in data:
                return cls.moon(seat, data["moon"])
        except (CardError, ValueError) as error:
            raise _not_an_action(f"Not an action: {data!r} ({error})") from None
        raise _not_an_action(f"Not an action: {data!r}")

    def __str__(self) -> str:
        if self.kind is ActionKind.PLAY:
            return f"seat {self.seat} plays {card_text(self.card)}"
        if self.kind is ActionKind.PASS:
            return f"seat {self.seat} passes {' '.join(card_text(c) for c in self.cards)}"
        return f"seat {self.seat} chooses {self.choice}"


def _not_an_action(text: str) -> ActionError:
    return ActionError(Reason(text, "not_an_action"))
