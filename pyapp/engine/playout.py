"""The fast playout path: play the rest of a hand with a random legal policy.

The Monte-Carlo AI plays thousands of hands per move, so this path trades
the engine's bookkeeping (history, reasons, card ids) for speed: each seat's
hand is four Python lists of faces, one per suit (duplicates allowed, for
Cancellation); a random legal card is a random index into one list; faces of
one suit compare like their ranks; and only points are kept.  It applies the
same rules as :class:`pyapp.match.Match`: the tests replay its recorded
plays through the engine to prove it.

A :class:`Position` comes from a match (:func:`position_from_match`) or a
random deal (:func:`random_deal`), is copied, and is played out with
:func:`play_out`; :func:`~pyapp.engine.scoring.hand_score` scores the result.
What breaks hearts, what may be led, who takes a trick and the pile, what a
penalty card is, who may be shooting the moon and how a hand scores come from
:mod:`pyapp.engine.rules`, :mod:`pyapp.engine.tricks` and
:mod:`pyapp.engine.scoring`, as for the match.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .cards import CLUBS, DIAMONDS, FACES, HEARTS, QUEEN_OF_SPADES, RANKS_PER_SUIT, SPADES, cards_in, face_of
from .match import Match, Phase
from .rules import Rules, hearts_may_be_led, opening_lead
from .scoring import PENALTY_POINTS, hand_score, moon_threat, split_points
from .tricks import take_pile, trick_winner

Hand = list[list[int]]  # hand[suit] -> faces
Random = Callable[[], float]
SUIT_STARTS = tuple(suit * RANKS_PER_SUIT for suit in (1, 2, 3))
HEARTS_START = HEARTS * RANKS_PER_SUIT


@dataclass(slots=True)
class Position:
    """A hand in progress, as the fast path sees it.

    ``trick`` holds (seat, face) plays of the unfinished trick;
    ``penalty``/``bonus`` are points taken so far (hearts and Q♠; the Omnibus
    card); ``pile_penalty``/``pile_bonus`` are points waiting for the next
    trick's winner (the Cancellation leftover and cancelled tricks).
    """

    hands: list[Hand]
    leader: int
    trick: list[tuple[int, int]]
    first_trick: bool
    first_lead: int
    hearts_broken: bool
    penalty: list[int]
    bonus: list[int]
    pile_penalty: int = 0
    pile_bonus: int = 0

    def copy(self) -> Position:
        """An independent copy (a playout consumes its position)."""
        return Position(
            [[list(suit) for suit in hand] for hand in self.hands],
            self.leader,
            list(self.trick),
            self.first_trick,
            self.first_lead,
            self.hearts_broken,
            list(self.penalty),
            list(self.bonus),
            self.pile_penalty,
            self.pile_bonus,
        )


class PointTable:
    """Per-rules lookup tables: the penalty (hearts, Q♠) and bonus (Omnibus) points of each face."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.penalty = PENALTY_POINTS
        self.bonus = tuple(split_points(rules, 1 << f)[1] for f in range(FACES))
        self.deck = sorted(face_of(card) for card in cards_in(rules.deck))

    def points(self, faces: Iterable[int]) -> tuple[int, int]:
        """The (penalty, bonus) points of ``faces`` (duplicates count twice)."""
        faces = list(faces)
        return sum(self.penalty[f] for f in faces), sum(self.bonus[f] for f in faces)


def split_by_suit(faces: list[int]) -> Hand:
    """Sorted faces as four lists, one per suit."""
    a, b, c = (bisect_left(faces, start) for start in SUIT_STARTS)
    return [faces[:a], faces[a:b], faces[b:c], faces[c:]]


def position_from_match(match: Match) -> Position:
    """The fast-path position of a match in its play phase (hidden hands included)."""
    if match.phase is not Phase.PLAY:
        raise ValueError("A playout starts from the play phase")
    rules = match.rules
    taken = [split_points(rules, cards) for cards in match.taken]
    pile_penalty, pile_bonus = split_points(rules, match.pile)
    return Position(
        hands=[split_by_suit(match.hand_faces(seat)) for seat in range(match.players)],
        leader=match.leader,
        trick=[(seat, face_of(card)) for seat, card in match.trick],
        first_trick=not match.tricks,
        first_lead=match.first_lead,
        hearts_broken=match.hearts_broken,
        penalty=[p for p, _ in taken],
        bonus=[b for _, b in taken],
        pile_penalty=pile_penalty,
        pile_bonus=pile_bonus,
    )


def random_deal(table: PointTable, rnd: Random) -> Position:
    """A fresh random deal ready to play; seat 0 deals.

    Passing is skipped: every seat passing random cards leaves a uniformly
    random deal uniformly random.
    """
    rules = table.rules
    deck = sorted(table.deck, key=lambda _: rnd())
    size, n = rules.hand_size, rules.players
    hands = [split_by_suit(sorted(deck[seat * size : (seat + 1) * size])) for seat in range(n)]
    first, leader = opening_lead([hand[CLUBS][0] if hand[CLUBS] else FACES for hand in hands], 0)
    pile_penalty, pile_bonus = table.points(deck[size * n :])  # the leftover waits for the first trick's taker
    return Position(hands, leader, [], True, first, False, [0] * n, [0] * n, pile_penalty, pile_bonus)


class RandomPolicy:
    """Uniformly random legal cards: the benchmark's policy and the baseline.

    A lead is told whether hearts may be led (``hearts_ok``, from
    :func:`~pyapp.engine.rules.hearts_may_be_led`; every other card may be).
    A policy's methods also hear whether Q♠ is still in someone's hand
    (``queen_out``) and whether a moon is to be stopped (``stop_moon``: another
    seat is a :func:`~pyapp.engine.scoring.moon_threat`, and for a discard it
    is winning the trick); the random one ignores both.
    """

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """Take a random card of ``hand`` that may be led (hearts last in suit order, so a prefix)."""
        clubs, diamonds, spades, hearts = hand
        count = len(clubs) + len(diamonds) + len(spades)
        return _take_random(hand, count + len(hearts) if hearts_ok else count, rnd)

    def follow(
        self, cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool, rnd: Random
    ) -> int:
        """Take a card from ``cards`` (the led suit, never empty)."""
        return cards.pop(int(rnd() * len(cards)))

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """Take any card from a hand void in the led suit (no penalty card on the first trick if avoidable)."""
        if no_points:
            safe = [(suit, i) for suit in range(4) for i, card in enumerate(hand[suit]) if not PENALTY_POINTS[card]]
            if safe:
                suit, i = safe[int(rnd() * len(safe))]
                return _take_at(hand[suit], i)
        return _take_random(hand, sum(len(cards) for cards in hand), rnd)


RANDOM = RandomPolicy()


def play_out(
    position: Position,
    table: PointTable,
    rnd: Random,
    record: list[tuple[int, int]] | None = None,
    policy: RandomPolicy = RANDOM,
) -> tuple[list[int], list[int]]:
    """Play ``position`` to the end of the hand, every seat choosing its cards with ``policy``.

    Consumes ``position`` (pass a copy).  Returns (penalty, bonus) per seat
    for the whole hand; :func:`~pyapp.engine.scoring.hand_score` turns them into score changes.
    ``record``, when given, receives every (seat, face) the playout plays.
    """
    rules = table.rules
    n = rules.players
    hands = position.hands
    pen, bon = table.penalty, table.bonus
    penalty, bonus = position.penalty, position.bonus
    no_points_first = rules.no_points_first_trick
    breaks = rules.breaks_hearts
    cancellation = rules.cancellation
    broken = position.hearts_broken
    first_trick = position.first_trick
    leader = position.leader
    pile_pen, pile_bon = position.pile_penalty, position.pile_bonus
    trick = position.trick
    already_played = len(trick)
    seat = (leader + already_played) % n
    tricks_left = sum(len(suit) for suit in hands[seat]) + (already_played == n)
    lead, follow, discard = policy.lead, policy.follow, policy.discard
    queen_out = _queen_in_hands(hands)
    threat = moon_threat(penalty)
    for _, card in trick:  # a trick's cards join the pile as they are played; its winner takes the pile
        pile_pen += pen[card]
        pile_bon += bon[card]
    while tricks_left:
        tricks_left -= 1
        if not trick:
            hand = hands[seat]
            if first_trick:
                card = position.first_lead
                hand[CLUBS].remove(card)
            else:
                # The rule's answer is known once hearts are broken, or while the hand holds a club or a
                # diamond (a non-heart that is not Q♠): count the hand for it only otherwise.  On lead
                # every seat holds one card per trick to go, so the non-hearts are all but the hearts.
                hearts_ok = broken or (
                    not (hand[CLUBS] or hand[DIAMONDS])
                    and hearts_may_be_led(
                        broken, tricks_left + 1 - len(hand[HEARTS]), hand[SPADES].count(QUEEN_OF_SPADES)
                    )
                )
                card = lead(hand, hearts_ok, queen_out, threat >= 0 and threat != seat, rnd)
            if breaks[card]:
                broken = True
            if card == QUEEN_OF_SPADES:
                queen_out = _queen_in_hands(hands)
            trick.append((seat, card))
            pile_pen += pen[card]
            pile_bon += bon[card]
            seat = seat + 1 if seat + 1 < n else 0
        led_card = trick[0][1]
        led = led_card // RANKS_PER_SUIT
        high = led * RANKS_PER_SUIT + RANKS_PER_SUIT
        winning, winning_seat, points = led_card, trick[0][0], 0
        if len(trick) > 1:  # the position's trick in progress (every later trick starts with its lead)
            for play_seat, card in trick[1:]:
                points += pen[card]
                if winning < card < high:
                    winning, winning_seat = card, play_seat
        remaining = n - len(trick)
        for turn in range(remaining):
            hand = hands[seat]
            cards = hand[led]
            if cards:
                card = follow(
                    cards, winning, points, turn == remaining - 1, queen_out, threat >= 0 and threat != seat, rnd
                )
                if card > winning:
                    winning, winning_seat = card, seat
            else:
                card = discard(
                    hand, first_trick and no_points_first, queen_out, threat >= 0 and threat == winning_seat, rnd
                )
                points += pen[card]
            if breaks[card]:
                broken = True
            if card == QUEEN_OF_SPADES:
                queen_out = _queen_in_hands(hands)
            trick.append((seat, card))
            pile_pen += pen[card]
            pile_bon += bon[card]
            seat = seat + 1 if seat + 1 < n else 0
        first_trick = False
        if record is not None:
            record.extend(trick[already_played:])
            already_played = 0
        winner = trick_winner(trick, cancellation, not tricks_left)
        penalty_moves = pile_pen and winner is not None
        pile_pen = take_pile(penalty, pile_pen, winner)
        pile_bon = take_pile(bonus, pile_bon, winner)
        if penalty_moves:  # only then may the moon threat change
            threat = moon_threat(penalty)
        if winner is not None:  # else the same seat leads again
            leader = seat = winner
        trick = []
    return penalty, bonus


def _queen_in_hands(hands: list[Hand]) -> bool:
    """Whether some hand still holds Q♠ (two packs have two)."""
    return any(QUEEN_OF_SPADES in hand[SPADES] for hand in hands)


def _take_at(cards: list[int], i: int) -> int:
    return cards.pop(i)  # pop, not swap: a suit's faces stay in ascending order


def _take_random(hand: Hand, count: int, rnd: Random) -> int:
    """Take a random one of the first ``count`` cards, counting suit by suit."""
    r = int(rnd() * count)
    for cards in hand:
        if r < len(cards):
            return _take_at(cards, r)
        r -= len(cards)
    raise AssertionError("no card to take")  # pragma: no cover


def random_hands(rules: Rules, count: int, seed: int = 0) -> list[list[int]]:
    """Deal and play ``count`` random hands on the fast path; their score changes."""
    rnd = random.Random(seed).random
    table = PointTable(rules)
    return [hand_score(rules, *play_out(random_deal(table, rnd), table, rnd)) for _ in range(count)]


def _lowest_safe(cards: list[int]) -> int:
    """The index of the lowest card that is not Q♠ (of Q♠ when there is nothing else)."""
    i = 0
    while i < len(cards) - 1 and cards[i] == QUEEN_OF_SPADES:
        i += 1
    return i


def _highest_safe(cards: list[int]) -> int:
    """The index of the highest card that is not Q♠ (of Q♠ when there is nothing else)."""
    i = len(cards) - 1
    while i > 0 and cards[i] == QUEEN_OF_SPADES:
        i -= 1
    return i


class GreedyPolicy(RandomPolicy):
    """A quick sensible player for Monte-Carlo playouts, close to the Medium bot's habits.

    Leads low (and flushes Q♠ with spades below her), ducks as high as it can,
    keeps A♠/K♠ off a spade trick while Q♠ is out, and dumps Q♠, then high
    spades while she is out, then high hearts, when void.  Each suit's faces
    are in ascending order (the fast path keeps them so), so the lowest and
    highest cards are an index away.
    """

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """Flush Q♠ when safe; otherwise the lowest card of a random harmless suit."""
        clubs, diamonds, spades, hearts = hand
        if stop_moon and hearts and hearts_ok:
            return hearts.pop()  # take a heart to stop the moon
        if queen_out and spades and spades[-1] < QUEEN_OF_SPADES:
            return spades.pop()
        harmless = [
            cards for cards in (clubs, diamonds, spades) if cards and cards[_lowest_safe(cards)] != QUEEN_OF_SPADES
        ]
        if queen_out and len(harmless) > 1 and spades in harmless and spades[0] > QUEEN_OF_SPADES:
            harmless.remove(spades)  # leading A♠/K♠ invites Q♠
        suits = harmless + ([hearts] if hearts and hearts_ok else [])
        if not suits:
            return (spades or hearts).pop(0)
        cards = suits[int(rnd() * len(suits))]
        return cards.pop(_lowest_safe(cards))

    def follow(
        self, cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool, rnd: Random
    ) -> int:
        """Duck as high as possible; when that is impossible, shed the highest card (not Q♠) if last or pointless."""
        if stop_moon and (points or winning >= HEARTS_START) and cards[-1] > winning:
            return cards.pop(bisect_left(cards, winning + 1))  # the lowest card that takes the trick
        under = bisect_left(cards, winning)
        if under:
            return cards.pop(under - 1)
        spades_at_risk = queen_out and winning // RANKS_PER_SUIT == SPADES
        if last or not (points or spades_at_risk):
            return cards.pop(_highest_safe(cards))
        return cards.pop(_lowest_safe(cards))

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """Dump the Queen of spades, then A♠/K♠ while she is out, then the highest heart, then the highest card.

        To stop a moon it throws the highest card without points instead.
        """
        points_allowed = not no_points or all(PENALTY_POINTS[card] for cards in hand for card in cards)
        if points_allowed and not stop_moon:
            card = _dump_points(hand, queen_out)
            if card >= 0:
                return card
        best, best_rank = None, -1
        for cards in hand:  # the suit with the highest card without points
            if cards:
                top = cards[_highest_safe(cards)]
                if not PENALTY_POINTS[top] and top % RANKS_PER_SUIT > best_rank:
                    best, best_rank = cards, top % RANKS_PER_SUIT
        if best is not None:
            return best.pop(_highest_safe(best))
        card = _dump_points(hand, queen_out) if points_allowed and stop_moon else -1  # nothing clean to throw
        return card if card >= 0 else RANDOM.discard(hand, no_points, queen_out, stop_moon, rnd)


def _dump_points(hand: Hand, queen_out: bool) -> int:
    """Take Q♠, else A♠/K♠ while she is out, else the highest heart; -1 when there is none of them."""
    spades, hearts = hand[SPADES], hand[HEARTS]
    if QUEEN_OF_SPADES in spades:
        return _take_at(spades, spades.index(QUEEN_OF_SPADES))
    if queen_out and spades and spades[-1] > QUEEN_OF_SPADES:
        return spades.pop()
    if hearts:
        return hearts.pop()
    return -1


GREEDY = GreedyPolicy()
