"""How a finished hand is scored, the moon included: one home for the match, the fast path and the bots.

The *penalty cards* are every heart and Q♠ (:data:`PENALTY_CARDS`); their
points are *penalty* points, and every other point is a *bonus* (the Omnibus
card's −10).  A hand is given as each seat's penalty and bonus points
(:func:`split_points`).  A seat that took every penalty point (26, or 52 with
two packs) shot the moon: the rules' ``moon`` option says whether the others
take the moon's points or the shooter loses them, or lets the shooter choose.
The bonus is kept by whoever took it, moon or not.  While a hand is played, a
seat that holds every penalty point taken so far, and enough of them, may be
shooting (:func:`moon_threat`).

>>> rules = Rules(moon=MoonScoring.SELF_MINUS)
>>> hand_score(rules, [0, 26, 0, 0], [0, 0, 0, 0]), hand_score(Rules(), [0, 26, 0, 0], [0, 0, 0, 0])
([0, -26, 0, 0], [26, 0, 26, 26])
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import FACES, HEARTS_MASK, QUEEN_OF_SPADES, ids_of_face
from .rules import MoonChoice, MoonScoring, Rules

PENALTY_CARDS = HEARTS_MASK | ids_of_face(QUEEN_OF_SPADES)
"""The penalty cards as a bitmask of card ids, both packs (its low 52 bits are the faces): every heart and
Q♠.  The moon is taking all of them, and a first trick that forbids points forbids them.  The Omnibus card
scores but is not one."""

MOON_WATCH_POINTS = 8  # a seat holding every penalty point so far, and at least this many, may be shooting

# How a moon scores when the rules, not the shooter, decide.
FIXED_MOON_CHOICE = {
    MoonScoring.OTHERS_PLUS: MoonChoice.ADD_TO_OTHERS,
    MoonScoring.SELF_MINUS: MoonChoice.SUBTRACT_FROM_SELF,
}


def split_points(rules: Rules, cards: int) -> tuple[int, int]:
    """What taking the card ids in ``cards`` scores, as (penalty, bonus): the penalty cards' points and the
    rest's (the Omnibus card's).

    >>> from pyapp.engine.cards import mask_of, parse_cards
    >>> split_points(Rules(variant="omnibus"), mask_of(parse_cards("QS 2H 3H JD 4C")))
    (15, -10)
    """
    return rules.points(cards & PENALTY_CARDS), rules.points(cards & ~PENALTY_CARDS)


PENALTY_POINTS: tuple[int, ...] = tuple(split_points(Rules(), 1 << face)[0] for face in range(FACES))
"""Each face's penalty points, the same in every game: a heart 1, Q♠ 13, any other card 0 (so a face is a
penalty card exactly when its entry is not 0)."""


def moon_threat(penalty: Sequence[int], at_least: int = MOON_WATCH_POINTS) -> int:
    """The seat that holds every penalty point taken so far (``penalty``, per seat), at least ``at_least`` of
    them: it may be shooting the moon; -1 if there is none.  The Omnibus card plays no part (the moon does
    not need it), so a seat with J♦ and nine hearts, 9 penalty points, is a threat.

    >>> moon_threat([0, 9, 0, 0]), moon_threat([0, 7, 0, 0]), moon_threat([1, 9, 0, 0]), moon_threat([0, 1, 0], 1)
    (1, -1, -1, 1)
    """
    top = max(penalty)
    # Penalty points are never negative, so the top is the sum only when no other seat has any.
    return penalty.index(top) if top >= at_least and top == sum(penalty) else -1


def moon_shooter(rules: Rules, penalty: Sequence[int]) -> int | None:
    """The seat whose penalty points are every penalty point of the hand (it shot the moon), or None."""
    moon = rules.moon_points
    return penalty.index(moon) if moon in penalty else None


def moon_added(rules: Rules, shooter: int, bonus: Sequence[int], choice: MoonChoice) -> list[int]:
    """What a moon scored by ``choice`` adds to each total; ``bonus`` (the Omnibus card) is kept by whoever took it."""
    moon = rules.moon_points
    if choice is MoonChoice.ADD_TO_OTHERS:
        return [b + (0 if seat == shooter else moon) for seat, b in enumerate(bonus)]
    return [b - (moon if seat == shooter else 0) for seat, b in enumerate(bonus)]


def preferred_moon_choice(totals_if_added: Sequence[int], shooter: int) -> MoonChoice:
    """The better way for the shooter to score the moon, given the totals that adding to the others would give.

    Both choices move the shooter the moon's points against every other
    seat, so what differs is only how near the end comes.  Adding to the
    others brings the end nearer (it may end the match at once), which is
    good exactly when the shooter is then lowest; otherwise the shooter
    subtracts, which can never end the match against it.  Every bot chooses so.
    """
    if totals_if_added[shooter] == min(totals_if_added):
        return MoonChoice.ADD_TO_OTHERS
    return MoonChoice.SUBTRACT_FROM_SELF


def moon_decision(
    rules: Rules,
    shooter: int,
    bonus: Sequence[int],
    choice: MoonChoice | None = None,
    totals: Sequence[int] | None = None,
) -> MoonChoice:
    """How this moon scores: as the rules fix it; else the shooter's ``choice``; else the bots' choice.

    The bots' choice (:func:`preferred_moon_choice`) depends on the totals
    before the hand, ``totals`` (all zero when not given).
    """
    fixed = FIXED_MOON_CHOICE.get(rules.moon)
    if fixed is not None:
        return fixed
    if choice is not None:
        return choice
    added = moon_added(rules, shooter, bonus, MoonChoice.ADD_TO_OTHERS)
    if totals is not None:
        added = [total + delta for total, delta in zip(totals, added, strict=True)]
    return preferred_moon_choice(added, shooter)


def hand_score(
    rules: Rules,
    penalty: Sequence[int],
    bonus: Sequence[int],
    choice: MoonChoice | None = None,
    totals: Sequence[int] | None = None,
) -> list[int]:
    """What a finished hand adds to each seat's total, from its penalty and bonus points per seat.

    Without a moon each seat scores what it took.  A moon scores as
    :func:`moon_decision` says: ``choice`` is the shooter's decision under
    ``shooter_chooses`` (ignored under the other options); without it the
    shooter chooses as the bots do, given the ``totals`` before this hand.
    """
    shooter = moon_shooter(rules, penalty)
    if shooter is None:
        return [p + b for p, b in zip(penalty, bonus, strict=True)]
    return moon_added(rules, shooter, bonus, moon_decision(rules, shooter, bonus, choice, totals))
