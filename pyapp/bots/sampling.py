"""Deals of the unseen cards that agree with everything one seat knows.

The Monte-Carlo player imagines where the cards it cannot see are.  A
sampled deal respects: each seat's number of cards, the suits a seat has
shown it lacks (by not following), the cards this seat passed (the receiver
holds them until they are played), and the face-down Cancellation leftover;
and, while they can be met, the beliefs card reading draws from the others'
plays.  Built from an :class:`~pyapp.observation.Observation` only, so it can
never peek.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine.cards import RANKS_PER_SUIT
from ..engine.match import Phase
from ..engine.observation import Observation
from ..engine.playout import PointTable, Position, split_by_suit
from ..engine.tricks import taken_points

KITTY = -1  # the face-down leftover, as a pseudo-seat
ATTEMPTS = 30


class DealSampler:
    """Deals of the unseen cards for one observation: built once, sampled many times.

    ``beliefs`` (per seat, faces it is believed not to hold; see
    :mod:`pyapp.bots.reading`) are honoured while they can be met together
    with the facts; when a few tries find no such deal, the sampler drops
    them for good and keeps to the facts.  ``facts`` adds faces each seat
    surely does not hold beyond its shown voids.
    """

    def __init__(
        self, observation: Observation, beliefs: list[set[int]] | None = None, facts: list[set[int]] | None = None
    ) -> None:
        self.observation = observation
        me, n = observation.seat, observation.players
        pool = Counter(observation.unseen())
        self.fixed: dict[int, list[int]] = {seat: [] for seat in range(n) if seat != me}
        if observation.phase is not Phase.PASS:
            receiver = observation.pass_to
            # A card passed is held until the receiver plays its face: with two packs the other copy may
            # still be out while the one passed was played.
            played = Counter(face for trick in observation.tricks for seat, face in trick.plays if seat == receiver)
            played.update(face for seat, face in observation.trick if seat == receiver)
            for face in observation.passed:
                if played[face]:
                    played[face] -= 1
                elif receiver != me and pool[face] > 0:
                    self.fixed[receiver].append(face)
                    pool[face] -= 1
        self.capacity = {seat: observation.hand_sizes[seat] - len(self.fixed[seat]) for seat in self.fixed}
        self.capacity[KITTY] = observation.face_down
        self.cards = sorted(pool.elements())
        known = [
            {face for suit in void for face in range(suit * RANKS_PER_SUIT, (suit + 1) * RANKS_PER_SUIT)}
            for void in observation.voids()
        ]
        if facts is not None:  # more that is certain: what forced plays showed (see reading.forced_voids)
            known = [shown | more for shown, more in zip(known, facts, strict=True)]
        facts = known
        levels = [[set() for _ in facts], facts]
        if beliefs is not None and any(beliefs):
            levels.append([known | believed for known, believed in zip(facts, beliefs, strict=True)])
        # Most certain last, so that dropping a level is a pop(); per level, the seats each face may go to.
        self.levels = [self._allowed(excluded) for excluded in levels]

    def _allowed(self, excluded: list[set[int]]) -> dict[int, list[int]]:
        return {
            face: [seat for seat in self.capacity if seat == KITTY or face not in excluded[seat]]
            for face in set(self.cards)
        }

    def sample(self, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
        """One deal of the unseen faces: {seat: faces} for the other seats, and the face-down leftover."""
        while True:
            for _ in range(ATTEMPTS):
                dealt = _try_deal(self.cards, self.capacity, self.levels[-1], rng)
                if dealt is not None:
                    kitty = dealt.pop(KITTY, [])
                    return {seat: sorted(self.fixed[seat] + dealt.get(seat, [])) for seat in self.fixed}, kitty
            if len(self.levels) == 1:
                raise ValueError("The unseen cards do not fit the hands")
            self.levels.pop()  # no deal meets every constraint: drop the least certain ones

    def position(self, table: PointTable, rng: random.Random) -> Position:
        """A full fast-path position: this seat's real hand, a sampled deal for the rest."""
        return _position(self.observation, *self.sample(rng), table)


def sample_hidden(observation: Observation, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """One deal of the unseen faces that agrees with the facts of ``observation``."""
    return DealSampler(observation).sample(rng)


def _try_deal(
    cards: list[int], capacity: dict[int, int], allowed: dict[int, list[int]], rng: random.Random
) -> dict[int, list[int]] | None:
    """Deal ``cards`` at random into the seats' room, each card to a seat it is allowed to; None when stuck."""
    room = dict(capacity)
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda face: len(allowed[face]))  # the most constrained cards first
    dealt: dict[int, list[int]] = {seat: [] for seat in room}
    for face in order:
        seats = [seat for seat in allowed[face] if room[seat]]
        if not seats:
            return None
        pick = rng.random() * sum(room[seat] for seat in seats)
        for seat in seats:
            pick -= room[seat]
            if pick < 0:
                break
        dealt[seat].append(face)
        room[seat] -= 1
    return dealt


def _position(observation: Observation, hidden: dict[int, list[int]], kitty: list[int], table: PointTable) -> Position:
    n = observation.players
    hands = [split_by_suit(list(observation.hand)) if seat == observation.seat else [] for seat in range(n)]
    for seat, faces in hidden.items():
        hands[seat] = split_by_suit(faces)
    pile_penalty, pile_bonus = table.points(kitty)  # the sampled leftover, waiting for the first taker
    penalty, pile_penalty = taken_points(observation.tricks, n, table.penalty, pile_penalty)
    bonus, pile_bonus = taken_points(observation.tricks, n, table.bonus, pile_bonus)
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
