"""Card reading: what the other seats' plays say about the cards they still hold.

Seeing a suit not followed proves a void; habits say more, if less surely.  A
sensible player ducks as high as it can under the winning card, and when it
cannot follow it throws away Q♠ first, then A♠ and K♠ while Q♠ is still out,
then its highest heart, then its highest card.  So a seat that

- follows under the winning card holds nothing of that suit between its card
  and the winning card;
- follows over the winning card holds nothing of that suit below it (except
  as the last player to a trick without points, which it may take on purpose);
- throws away a card that is not Q♠ holds no Q♠, and while she is out no A♠
  or K♠ above what it threw; one that throws a heart holds no higher heart;
  one that throws another card holds no heart and no higher card.

Moon play breaks these habits, so plays made while one seat holds every
penalty point taken so far teach nothing; on a first trick that forbids
points, a discard says nothing about Q♠ or hearts.  These are beliefs, not
facts: the sampler uses them only while they can be met together with the
facts.
"""

from __future__ import annotations

from ..engine.cards import FACES, HEARTS, QUEEN_OF_SPADES, RANKS_PER_SUIT
from ..engine.observation import Observation
from ..engine.scoring import PENALTY_POINTS, moon_threat
from ..engine.tricks import take_pile
from .medium import HIGH_SPADES

NON_HEART_SUITS = tuple(suit for suit in range(4) if suit != HEARTS)
# Every face that is not a penalty card: what a hand of nothing but points lacks.
NOT_POINTS = {face for face in range(FACES) if not PENALTY_POINTS[face]}


def _between(low: int, high: int) -> set[int]:
    """The faces strictly between two faces of one suit."""
    return set(range(low + 1, high))


def _higher(face: int) -> set[int]:
    """The faces of ``face``'s suit above it."""
    return _between(face, (face // RANKS_PER_SUIT + 1) * RANKS_PER_SUIT)


def _lower(face: int) -> set[int]:
    """The faces of ``face``'s suit below it."""
    return _between(face // RANKS_PER_SUIT * RANKS_PER_SUIT - 1, face)


def read_hands(observation: Observation) -> list[set[int]]:
    """For each seat, the faces its plays say it does not hold (this seat's own set stays empty)."""
    n = observation.players
    beliefs: list[set[int]] = [set() for _ in range(n)]
    taken, pile = [0] * n, 0
    queen_played = False
    tricks = [(trick.plays, trick.winner) for trick in observation.tricks] + [(observation.trick, None)]
    for index, (plays, winner) in enumerate(tricks):
        forbid_points = index == 0 and observation.rules.no_points_first_trick
        moon_watch = moon_threat(taken, at_least=1) >= 0
        if plays and not moon_watch:
            _read_trick(plays, n, forbid_points, queen_played, beliefs)
        queen_played = queen_played or any(face == QUEEN_OF_SPADES for _, face in plays)
        # (The trick in progress comes last: what it puts on the pile is never read.)
        pile = take_pile(taken, pile + sum(PENALTY_POINTS[face] for _, face in plays), winner)
    beliefs[observation.seat].clear()
    return beliefs


def _read_trick(
    plays: tuple[tuple[int, int], ...], n: int, forbid_points: bool, queen_played: bool, beliefs: list[set[int]]
) -> None:
    """Add what one trick's plays say to ``beliefs``."""
    winning = plays[0][1]
    led = winning // RANKS_PER_SUIT
    points = 0
    for position, (seat, face) in enumerate(plays[1:], start=1):
        if face // RANKS_PER_SUIT == led:
            if face < winning:
                beliefs[seat] |= _between(face, winning)
            elif face > winning and not (position == n - 1 and not points):
                beliefs[seat] |= _lower(winning)
            winning = max(winning, face)
        else:
            _read_discard(seat, face, not queen_played, not forbid_points, beliefs)
        points += PENALTY_POINTS[face]


def _read_discard(seat: int, face: int, queen_out: bool, points_allowed: bool, beliefs: list[set[int]]) -> None:
    """What throwing ``face`` away says about the thrower's hand."""
    if face == QUEEN_OF_SPADES:
        return
    held = beliefs[seat]
    if points_allowed:
        held.add(QUEEN_OF_SPADES)
    if queen_out and face in HIGH_SPADES:
        held |= _higher(face)
        return
    if queen_out and points_allowed:  # it holds no Q♠ (see above), so it would have thrown A♠/K♠ first
        held |= set(HIGH_SPADES)
    if face // RANKS_PER_SUIT == HEARTS:
        held |= _higher(face)
        return
    if points_allowed:
        held |= _between(HEARTS * RANKS_PER_SUIT - 1, (HEARTS + 1) * RANKS_PER_SUIT)  # every heart
    rank = face % RANKS_PER_SUIT
    higher = {card for suit in NON_HEART_SUITS for card in _higher(suit * RANKS_PER_SUIT + rank)}
    held |= higher if points_allowed else higher - {QUEEN_OF_SPADES}


def forced_voids(observation: Observation) -> list[set[int]]:
    """For each seat, the faces forced plays prove it does not hold: facts, not beliefs.

    A heart led before hearts were broken, or a heart or Q♠ thrown on a first
    trick that forbids points, is legal only from a hand of nothing but
    hearts and Q♠: that seat holds no club, no diamond and no spade but Q♠.
    """
    rules = observation.rules
    shown: list[set[int]] = [set() for _ in range(observation.players)]
    broken = False
    tricks = [trick.plays for trick in observation.tricks] + [observation.trick]
    for index, plays in enumerate(tricks):
        for position, (seat, face) in enumerate(plays):
            if position == 0 and index > 0 and face // RANKS_PER_SUIT == HEARTS and not broken:
                shown[seat] |= NOT_POINTS
            elif index == 0 and rules.no_points_first_trick and PENALTY_POINTS[face] and position > 0:
                if face // RANKS_PER_SUIT != plays[0][1] // RANKS_PER_SUIT:
                    shown[seat] |= NOT_POINTS
        broken = broken or any(rules.breaks_hearts[face] for _, face in plays)
    shown[observation.seat].clear()
    return shown
