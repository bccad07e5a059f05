"""Deals of the unseen cards that agree with everything one seat knows.

The Monte-Carlo player imagines where the cards it cannot see are.  A
sampled deal respects: each seat's number of cards, the suits a seat has
shown it lacks (by not following), the cards this seat passed (the receiver
holds them until they are played), and the face-down Cancellation leftover.
Built from an :class:`~pyapp.observation.Observation` only, so it can never
peek.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import RANKS_PER_SUIT
from ..match import Phase
from ..observation import Observation
from ..playout import PointTable, Position, split_by_suit

KITTY = -1  # the face-down leftover, as a pseudo-seat
ATTEMPTS = 30


def sample_hidden(observation: Observation, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """One deal of the unseen faces: {seat: faces} for the other seats, and the face-down leftover."""
    me, n = observation.seat, observation.players
    pool = Counter(observation.unseen())
    fixed: dict[int, list[int]] = {seat: [] for seat in range(n) if seat != me}
    if observation.phase is not Phase.PASS:
        receiver = observation.pass_to
        for face in observation.passed:
            if receiver != me and pool[face] > 0:
                fixed[receiver].append(face)
                pool[face] -= 1
    capacity = {seat: observation.hand_sizes[seat] - len(fixed[seat]) for seat in fixed}
    capacity[KITTY] = observation.face_down
    voids = observation.voids()
    cards = sorted(pool.elements())
    for _ in range(ATTEMPTS):
        dealt = _try_deal(cards, capacity, voids, rng, respect_voids=True)
        if dealt is not None:
            break
    else:
        dealt = _try_deal(cards, capacity, voids, rng, respect_voids=False)
        assert dealt is not None
    kitty = dealt.pop(KITTY, [])
    return {seat: sorted(fixed[seat] + dealt.get(seat, [])) for seat in fixed}, kitty


def _try_deal(
    cards: list[int],
    capacity: dict[int, int],
    voids: list[set[int]],
    rng: random.Random,
    respect_voids: bool,
) -> dict[int, list[int]] | None:
    room = dict(capacity)
    order = list(cards)
    rng.shuffle(order)
    # The most constrained cards first: those of suits that many seats are void in.
    if respect_voids:
        order.sort(key=lambda face: -sum(face // RANKS_PER_SUIT in void for void in voids))
    dealt: dict[int, list[int]] = {seat: [] for seat in room}
    for face in order:
        suit = face // RANKS_PER_SUIT
        seats = [
            seat
            for seat, left in room.items()
            if left > 0 and (seat == KITTY or not respect_voids or suit not in voids[seat])
        ]
        if not seats:
            return None
        total = sum(room[seat] for seat in seats)
        pick = rng.random() * total
        for seat in seats:
            pick -= room[seat]
            if pick < 0:
                break
        dealt[seat].append(face)
        room[seat] -= 1
    return dealt


def sampled_position(observation: Observation, table: PointTable, rng: random.Random) -> Position:
    """A full fast-path position: this seat's real hand, a sampled deal for the rest."""
    hidden, kitty = sample_hidden(observation, rng)
    n = observation.players
    hands = [split_by_suit(list(observation.hand)) if seat == observation.seat else [] for seat in range(n)]
    for seat, faces in hidden.items():
        hands[seat] = split_by_suit(faces)
    penalty, bonus = [0] * n, [0] * n
    pile_penalty = sum(table.penalty[face] for face in kitty)
    pile_bonus = sum(table.bonus[face] for face in kitty)
    for trick in observation.tricks:
        pile_penalty += sum(table.penalty[face] for _, face in trick.plays)
        pile_bonus += sum(table.bonus[face] for _, face in trick.plays)
        if trick.winner is not None:
            penalty[trick.winner] += pile_penalty
            bonus[trick.winner] += pile_bonus
            pile_penalty = pile_bonus = 0
    return Position(
        hands=hands,
        leader=observation.leader,
        trick=list(observation.trick),
        first_trick=not observation.tricks,
        first_lead=observation.first_lead if observation.first_lead is not None else 0,
        hearts_broken=observation.hearts_broken,
        penalty=penalty,
        bonus=bonus,
        pile_penalty=pile_penalty,
        pile_bonus=pile_bonus,
    )
