"""The rules object: every option of ``RULES.md`` as one frozen value, plus presets.

Variants are the same engine with different rule flags (as in python-chess):
a :class:`Rules` says how many play, which cards are removed, what breaks
hearts, how the moon scores, and when the match ends.  Combinations that
cannot be played are refused at construction with a reason a player reads.

>>> Rules().hand_size, Rules(players=5).first_lead_text
(13, '3C')
>>> Rules(players=8)
Traceback (most recent call last):
...
pyapp.engine.rules.RulesError: Classic Hearts is played by 3 to 7 players (Cancellation Hearts takes 6 to 10)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

from ..shared.deal import REMOVED_FACES, deck_ids
from .cards import (
    CLUBS,
    FACES,
    HEARTS,
    HEARTS_MASK,
    JACK_OF_DIAMONDS,
    QUEEN_OF_SPADES,
    TEN_OF_DIAMONDS,
    card_text,
    ids_of_face,
    mask_of,
    suit_of,
)
from .reasons import Reason, Refusal

HEART_POINTS = 1
QUEEN_POINTS = 13
OMNIBUS_POINTS = -10
POINTS_PER_PACK = 13 * HEART_POINTS + QUEEN_POINTS  # 26
CARDS_PASSED = 3
MIN_TARGET = 25
OMNIBUS_CARDS = ("JD", "TD")
CLASSIC_PLAYERS = range(3, 8)
CANCELLATION_PLAYERS = range(6, 11)


# Pass directions as seat offsets: play goes to the left, so left is +1.
PASS_LEFT, PASS_RIGHT, PASS_ACROSS, PASS_HOLD = "left", "right", "across", "hold"


class RulesError(Refusal):
    """A rules object that cannot be played, with the reason."""


class Variant(StrEnum):
    """The game being played: the classic game or one of the seeds' variants."""

    CLASSIC = "classic"
    OMNIBUS = "omnibus"
    CANCELLATION = "cancellation"


class HeartsBreak(StrEnum):
    """What breaks hearts so that they may be led."""

    HEART = "heart"
    HEART_OR_QUEEN = "heart_or_queen"


class MoonScoring(StrEnum):
    """What shooting the moon does to the scores."""

    OTHERS_PLUS = "others_plus"
    SHOOTER_CHOOSES = "shooter_chooses"
    SELF_MINUS = "self_minus"


class MoonChoice(StrEnum):
    """The shooter's decision when the rules let the shooter choose."""

    ADD_TO_OTHERS = "add_to_others"
    SUBTRACT_FROM_SELF = "subtract_from_self"


class GameEnd(StrEnum):
    """When a total ends the match: on reaching the target or only on passing it."""

    REACH = "reach"
    PASS = "pass"


class Ties(StrEnum):
    """What a tie for the lowest total at game over means."""

    SHARED = "shared"
    PLAY_ON = "play_on"


class PassCycle(StrEnum):
    """The pass cycle for other than four players (four always use L, R, across, hold)."""

    LEFT_RIGHT = "left_right"
    LEFT_RIGHT_HOLD = "left_right_hold"


WRITTEN_WHEN_SET = ("hands", "first_hand")  # options no form sets, written only when not 0


@dataclass(frozen=True)
class Rules:
    """Every rule option with its default; the defaults are the classic 4-player game.

    Options (see ``RULES.md``): ``players``; ``variant``; ``omnibus_card``
    (``JD`` or ``TD``, Omnibus only); ``no_points_first_trick``;
    ``hearts_break``; ``moon``; ``target``; ``game_end``; ``ties``;
    ``pass_cycle`` (for other than 4 players); ``passing`` (off: never pass); ``hands`` (a match of
    exactly this many hands, the target unused; 0: played to the target); ``first_hand`` (the match
    begins with this hand of its deal: its cards, dealer and pass direction; a hand played again).
    """

    players: int = 4
    variant: Variant = Variant.CLASSIC
    omnibus_card: str = "JD"
    no_points_first_trick: bool = True
    hearts_break: HeartsBreak = HeartsBreak.HEART
    moon: MoonScoring = MoonScoring.OTHERS_PLUS
    target: int = 100
    game_end: GameEnd = GameEnd.REACH
    ties: Ties = Ties.SHARED
    pass_cycle: PassCycle = PassCycle.LEFT_RIGHT
    passing: bool = True
    hands: int = 0
    first_hand: int = 0

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            default = field.default
            if isinstance(default, StrEnum):
                enum_type = type(default)
                try:
                    object.__setattr__(self, field.name, enum_type(value))
                except ValueError:
                    allowed = ", ".join(member.value for member in enum_type)
                    text = f"{field.name} must be one of {allowed}, not {value!r}"
                    raise RulesError(Reason(text, "rule_value", option=field.name, value=str(value)[:24])) from None
            elif type(value) is not type(default):
                text = f"{field.name} must be a {type(default).__name__}, not {value!r}"
                raise RulesError(Reason(text, "rule_value", option=field.name, value=str(value)[:24]))
        self._check_combination()

    def _check_combination(self) -> None:
        if self.cancellation:
            if self.players not in CANCELLATION_PLAYERS:
                raise RulesError(Reason("Cancellation Hearts is played by 6 to 10 players", "players_cancellation"))
        elif self.players not in CLASSIC_PLAYERS:
            text = "Classic Hearts is played by 3 to 7 players (Cancellation Hearts takes 6 to 10)"
            raise RulesError(Reason(text, "players_classic"))
        if self.omnibus_card not in OMNIBUS_CARDS:
            text = f"The Omnibus card is the jack (JD) or ten (TD) of diamonds, not {self.omnibus_card!r}"
            raise RulesError(Reason(text, "omnibus_card"))
        if self.target < MIN_TARGET:
            text = f"The target score must be at least {MIN_TARGET}, not {self.target}"
            raise RulesError(Reason(text, "target_min", minimum=str(MIN_TARGET), value=str(self.target)))
        for name, what in (
            ("hands", "The number of hands must be 0 (play to the target) or more"),
            ("first_hand", "The first hand must be 0 or more"),
        ):
            if getattr(self, name) < 0:
                text = f"{what}, not {getattr(self, name)}"
                raise RulesError(Reason(text, "rule_value", option=name, value=str(getattr(self, name))))

    # Derived facts -------------------------------------------------------

    @cached_property
    def cancellation(self) -> bool:
        """True for Cancellation Hearts (two packs)."""
        return self.variant is Variant.CANCELLATION

    @cached_property
    def packs(self) -> int:
        """How many 52-card packs are shuffled together."""
        return 2 if self.cancellation else 1

    @cached_property
    def omnibus_face(self) -> int | None:
        """The face that scores −10 in Omnibus, or None when not playing Omnibus."""
        if self.variant is not Variant.OMNIBUS:
            return None
        return JACK_OF_DIAMONDS if self.omnibus_card == "JD" else TEN_OF_DIAMONDS

    @cached_property
    def removed(self) -> tuple[int, ...]:
        """The faces taken out of the pack for this player count."""
        return () if self.cancellation else REMOVED_FACES[self.players]

    @cached_property
    def deck(self) -> int:
        """The bitmask of every card id in play before the deal."""
        return mask_of(deck_ids(self.players, self.packs))

    @cached_property
    def deck_size(self) -> int:
        """How many cards are in the pack after removal."""
        return FACES * self.packs - len(self.removed)

    @cached_property
    def hand_size(self) -> int:
        """How many cards each player is dealt."""
        return self.deck_size // self.players

    @cached_property
    def leftover(self) -> int:
        """Cards left after an even deal (Cancellation): they go to the first trick's winner."""
        return self.deck_size - self.hand_size * self.players

    @cached_property
    def moon_points(self) -> int:
        """All the points of a hand, which is what the moon is worth (26, or 52)."""
        return POINTS_PER_PACK * self.packs

    @cached_property
    def breaks_hearts(self) -> tuple[bool, ...]:
        """For each face (0..51), whether playing it breaks hearts: any heart, and Q♠ under ``heart_or_queen``.

        A table rather than a test so that the fast playout path pays one index per card.

        >>> Rules().breaks_hearts[QUEEN_OF_SPADES], Rules(hearts_break="heart_or_queen").breaks_hearts[QUEEN_OF_SPADES]
        (False, True)
        """
        queen_breaks = self.hearts_break is HeartsBreak.HEART_OR_QUEEN
        return tuple(suit_of(f) == HEARTS or (queen_breaks and f == QUEEN_OF_SPADES) for f in range(FACES))

    @property
    def first_lead_text(self) -> str:
        """The card that leads the first trick when a full deal is in play, e.g. ``2C``."""
        return card_text(min(f for f in range(FACES) if suit_of(f) == CLUBS and f not in self.removed))

    @cached_property
    def pass_cycle_directions(self) -> tuple[str, ...]:
        """The pass directions hand after hand; the cycle repeats."""
        if not self.passing:
            return (PASS_HOLD,)
        if self.players == 4:
            return (PASS_LEFT, PASS_RIGHT, PASS_ACROSS, PASS_HOLD)
        if self.pass_cycle is PassCycle.LEFT_RIGHT_HOLD:
            return (PASS_LEFT, PASS_RIGHT, PASS_HOLD)
        return (PASS_LEFT, PASS_RIGHT)

    def pass_direction(self, hand_index: int) -> str:
        """The pass direction of hand number ``hand_index`` (0 is the match's first hand, which is hand
        :attr:`first_hand` of its deal)."""
        cycle = self.pass_cycle_directions
        return cycle[(self.first_hand + hand_index) % len(cycle)]

    def pass_offset(self, hand_index: int) -> int:
        """How many seats to the left the cards go this hand (0: no pass)."""
        direction = self.pass_direction(hand_index)
        return {PASS_LEFT: 1, PASS_RIGHT: self.players - 1, PASS_ACROSS: 2, PASS_HOLD: 0}[direction]

    @cached_property
    def _point_masks(self) -> tuple[tuple[int, int], ...]:
        masks = [(HEARTS_MASK, HEART_POINTS), (ids_of_face(QUEEN_OF_SPADES), QUEEN_POINTS)]
        if self.omnibus_face is not None:
            masks.append((ids_of_face(self.omnibus_face), OMNIBUS_POINTS))
        return tuple(masks)

    @cached_property
    def scoring_mask(self) -> int:
        """Every card id that scores when taken (hearts, Q♠, and the Omnibus card when it is played)."""
        mask = 0
        for cards, _ in self._point_masks:
            mask |= cards
        return mask

    def points(self, cards: int) -> int:
        """What taking the card ids in ``cards`` scores: 1 a heart, 13 for Q♠, −10 for the Omnibus card."""
        return sum((cards & mask).bit_count() * value for mask, value in self._point_masks)

    def face_points(self, faces: Iterable[int]) -> int:
        """What taking the cards ``faces`` scores (a face stands for either pack's card: they score alike).

        >>> Rules().face_points([QUEEN_OF_SPADES, 51, 0])
        14
        """
        return sum(self.points(1 << face) for face in faces)

    # Conversions ---------------------------------------------------------

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; refused like any other combination."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON data (:data:`WRITTEN_WHEN_SET` only when set: a match to the target from
        its first hand is written as before there were such options, in saves, views and links alike)."""
        data = {field.name: _plain(getattr(self, field.name)) for field in dataclasses.fields(self)}
        for name in WRITTEN_WHEN_SET:
            if not data[name]:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from :meth:`to_dict` output; unknown or mistyped options are refused."""
        if not isinstance(data, dict):
            raise RulesError(Reason("The rules must be an object of options", "rules_unreadable"))
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            names = ", ".join(map(str, unknown))
            raise RulesError(Reason(f"Unknown rule option: {names}", "rule_unknown", option=names[:24]))
        return cls(**data)


def hearts_may_be_led(broken: bool, non_hearts: int, queens: int) -> bool:
    """Whether the leader may lead a heart, given how many non-hearts it holds and how many of them are Q♠.

    Hearts may be led once broken, or when the hand holds nothing but hearts
    and Q♠: then any of its cards may be led, Q♠ included.  Every card that
    is not a heart may always be led (after the first trick's opening lead,
    see :func:`opening_lead`).

    >>> hearts_may_be_led(False, 2, 1), hearts_may_be_led(False, 1, 1), hearts_may_be_led(True, 2, 0)
    (False, True, True)
    """
    return broken or non_hearts == queens


def opening_lead(lowest_clubs: list[int], dealer: int) -> tuple[int, int]:
    """The first trick's forced lead as (face, seat): the lowest club dealt, from the seat nearest the dealer's left.

    ``lowest_clubs`` holds each seat's lowest club face, or ``FACES`` (above
    every club) for a seat with no club.  Two packs may deal the lowest club
    to two seats.

    >>> opening_lead([5, FACES, 1, 1], dealer=2)
    (1, 3)
    """
    lead = min(lowest_clubs)
    after_dealer = dealer + 1
    # Seats in turn from the dealer's left: the first holder of the lead card leads.
    turn = (lowest_clubs[after_dealer:] + lowest_clubs[:after_dealer]).index(lead)
    return lead, (after_dealer + turn) % len(lowest_clubs)


def option_schema() -> list[dict[str, Any]]:
    """Each option with its kind and allowed values, in order: what a settings form needs (not
    :data:`WRITTEN_WHEN_SET`, which only the deal of the day and a hand played again set)."""
    schema: list[dict[str, Any]] = []
    for field in dataclasses.fields(Rules):
        if field.name in WRITTEN_WHEN_SET:
            continue
        default = field.default
        entry: dict[str, Any] = {"name": field.name, "default": _plain(default)}
        if isinstance(default, StrEnum):
            entry.update(type="choice", choices=[member.value for member in type(default)])
        elif field.name == "omnibus_card":
            entry.update(type="choice", choices=list(OMNIBUS_CARDS))
        elif isinstance(default, bool):
            entry.update(type="bool")
        elif field.name == "players":
            entry.update(type="int", min=CLASSIC_PLAYERS.start, max=CANCELLATION_PLAYERS.stop - 1)
        else:
            entry.update(type="int", min=MIN_TARGET, max=1000)
        schema.append(entry)
    return schema


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "omnibus": Rules(variant=Variant.OMNIBUS),
    "cancellation": Rules(players=8, variant=Variant.CANCELLATION),
    "3-players": Rules(players=3),
    "4-players": Rules(players=4),
    "5-players": Rules(players=5),
    "6-players": Rules(players=6),
    "7-players": Rules(players=7),
}

PRESET_LABELS: dict[str, str] = {
    "classic": "Classic (4 players, to 100)",
    "omnibus": "Omnibus Hearts (J♦ scores −10)",
    "cancellation": "Cancellation Hearts (two packs, 8 players)",
    "3-players": "3 players (2♦ removed)",
    "4-players": "4 players",
    "5-players": "5 players (2♦ and 2♣ removed)",
    "6-players": "6 players (2♦ 3♦ 3♣ 4♣ removed)",
    "7-players": "7 players (2♦ 3♦ 3♣ removed)",
}


def preset(name: str, **changes: Any) -> Rules:
    """The named preset, with optional changes, e.g. ``preset("omnibus", players=5)``."""
    try:
        base = PRESETS[name]
    except KeyError:
        text = f"Unknown preset {name!r}; presets: {', '.join(PRESETS)}"
        raise RulesError(Reason(text, "preset_unknown", preset=str(name)[:24])) from None
    return base.replace(**changes) if changes else base
