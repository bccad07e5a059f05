"""Who takes a trick, and the waiting pile with it: one home for the match, the fast path and the bots.

A trick is its (seat, face) plays in order, the card led first.  The highest
card of the suit led wins.  In Cancellation Hearts two identical cards of the
suit led cancel each other and cannot win; when every one of them cancels,
nobody takes the trick: its cards join a *pile* that waits for the next trick
that is taken (so does the face-down leftover, from the deal), and the same
seat leads again.  The last trick of a hand is always taken: by its leader
when it cancels.  Whoever takes a trick takes the whole pile with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from .cards import RANKS_PER_SUIT


class FinishedTrick(Protocol):
    """A trick as it was played and taken: its (seat, face) plays and who took it (None: onto the pile)."""

    @property
    def plays(self) -> Sequence[tuple[int, int]]:
        """The (seat, face) plays in order, the card led first."""
        ...

    @property
    def winner(self) -> int | None:
        """The seat that took the trick, or None when it cancelled and went onto the pile."""
        ...


def trick_winner(plays: Sequence[tuple[int, int]], cancellation: bool = False, last: bool = True) -> int | None:
    """The seat that takes the finished trick ``plays`` (and the pile with it), or None when it goes onto the pile.

    ``cancellation``: identical cards of the suit led cancel; ``last``: this
    is the hand's last trick, which its leader takes when every card cancels.
    Of a trick still being played it gives the seat winning it so far.

    >>> trick_winner([(2, 0), (3, 5), (0, 3), (1, 50)])  # 2♣ led; 7♣ is highest; A♥ is off-suit
    3
    >>> trick_winner([(0, 3), (1, 3), (2, 1)], cancellation=True)  # the two 5♣ cancel; 3♣ wins
    2
    >>> trick_winner([(0, 3), (1, 3), (2, 40)], True, last=False), trick_winner([(0, 3), (1, 3)], True)
    (None, 0)
    """
    winner, best = plays[0]
    high = best - best % RANKS_PER_SUIT + RANKS_PER_SUIT  # the lowest face above the suit led
    if cancellation:
        low = high - RANKS_PER_SUIT
        led = [face for _, face in plays if low <= face < high]
        plays = [(seat, face) for seat, face in plays if low <= face < high and led.count(face) == 1]
        if not plays:
            return winner if last else None
        winner, best = plays[0]
    for seat, face in plays:
        if best < face < high:
            winner, best = seat, face
    return winner


def take_pile(taken: list[int], pile: int, winner: int | None) -> int:
    """Settle a finished trick: ``pile`` is what waited with the trick's own cards (or points) added; its
    ``winner`` takes it all into ``taken[winner]``.  Returns what waits for the next trick: nothing (0), or
    the whole pile when the trick had no winner.

    Anything that adds up will do: points, or bitmasks of distinct card ids (their sum is their union).

    >>> taken = [0, 0, 0]
    >>> take_pile(taken, 5, None), take_pile(taken, 5 + 2, 1), taken
    (5, 0, [0, 7, 0])
    """
    if winner is None:
        return pile
    taken[winner] += pile
    return 0


def taken_points(
    tricks: Iterable[FinishedTrick], players: int, points: Sequence[int], pile: int = 0
) -> tuple[list[int], int]:
    """What each seat took in the finished ``tricks`` (faces), counted by ``points`` (per face), with ``pile``
    waiting before the first (the leftover's points); and what still waits on the pile after the last.
    """
    taken = [0] * players
    for trick in tricks:
        pile = take_pile(taken, pile + sum(points[face] for _, face in trick.plays), trick.winner)
    return taken, pile
