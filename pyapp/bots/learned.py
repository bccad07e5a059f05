"""A playout policy learned from Expert's own choices: a linear score over a few features of each sensible card.

The quick sensible policy (:class:`~pyapp.engine.playout.GreedyPolicy`)
leads a random harmless suit and follows fixed habits.  This one weighs the
same few candidates a player would consider (each suit's lowest and highest
card, the highest card that ducks, the lowest that wins, Q♠) by what the
table shows: how many of the others' cards of the suit lie below and above
the card, how long the suits are, whether Q♠ is out, what the trick holds.
The features use only what every seat may know in the playout (its own hand,
how many cards of a suit are still out and where a card ranks among them),
never who holds them.  The weights are learned by
``tools/train_playout.py`` from hands Expert played against itself, and
shipped in ``playout_weights.json`` beside this module.
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from operator import mul
from pathlib import Path
from random import Random

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, RANKS_PER_SUIT, SPADES
from ..engine.playout import GreedyPolicy, Hand, Position
from ..engine.scoring import PENALTY_POINTS

LEAD, FOLLOW, DISCARD = "lead", "follow", "discard"
KINDS = (LEAD, FOLLOW, DISCARD)
WEIGHTS_FILE = Path(__file__).with_name("playout_weights.json")
FULL_SUIT = RANKS_PER_SUIT


def _others(hands: list[Hand], mine: Hand, suit: int) -> list[int]:
    """The faces of ``suit`` in every hand but ``mine``, ascending (how many are out and where a card ranks
    among them is what every seat may know: the rest were played)."""
    out: list[int] = []
    for hand in hands:
        if hand is not mine:
            out += hand[suit]
    out.sort()
    return out


def lead_features(mine: Hand, others: list[int], card: int, queen_out: bool, stop_moon: bool) -> list[float]:
    """What a lead of ``card`` looks like: its suit, where it ranks among the ``others``' cards of its suit,
    the suit's lengths, Q♠'s danger, a moon to stop."""
    suit = card // RANKS_PER_SUIT
    own = mine[suit]
    below = bisect_left(others, card)
    above = len(others) - below
    queen_mine = QUEEN_OF_SPADES in mine[SPADES]
    spade = suit == SPADES
    return [
        float(suit < SPADES),
        float(spade),
        float(suit == HEARTS),
        float(card == own[-1] and len(own) > 1),
        float(below == 0 and above > 0),
        float(above == 0),
        float(not others),
        below / FULL_SUIT,
        len(others) / FULL_SUIT,
        len(own) / FULL_SUIT,
        float(len(own) == 1),
        float(spade and queen_out and not queen_mine and card < QUEEN_OF_SPADES),
        float(card == QUEEN_OF_SPADES),
        float(spade and queen_out and not queen_mine and card > QUEEN_OF_SPADES),
        float(spade and queen_mine and card != QUEEN_OF_SPADES),
        float(stop_moon and suit == HEARTS),
        float(stop_moon and above == 0),
    ]


def follow_features(
    own: list[int],
    others: list[int],
    card: int,
    winning: int,
    points: int,
    last: bool,
    queen_out: bool,
    stop_moon: bool,
) -> list[float]:
    """What following with ``card`` looks like: whether it takes the trick and what that costs, how many of
    the ``others``' cards of the suit could still beat it or lie below it, Q♠'s danger."""
    wins = card > winning
    below = bisect_left(others, card)
    above = len(others) - below
    spades_led = card // RANKS_PER_SUIT == SPADES
    return [
        float(wins),
        float(wins) * points / FULL_SUIT,
        float(wins and last),
        float(wins and not last) * above / FULL_SUIT,
        float(card == QUEEN_OF_SPADES),
        float(spades_led and queen_out and card > QUEEN_OF_SPADES),
        (card % RANKS_PER_SUIT) / (RANKS_PER_SUIT - 1),
        float(stop_moon and wins),
        float(not wins and card == own[max(bisect_left(own, winning) - 1, 0)]),
        len(own) / FULL_SUIT,
        below / FULL_SUIT,
        float(card == own[-1]),
        float(card == own[0]),
        float(not wins) * points / FULL_SUIT,
    ]


def discard_features(mine: Hand, others: list[int], card: int, queen_out: bool, stop_moon: bool) -> list[float]:
    """What throwing ``card`` away looks like: its points, Q♠'s danger, how dangerous the card is to keep
    (the ``others``' cards of its suit below it), whether it voids the suit."""
    suit = card // RANKS_PER_SUIT
    own = mine[suit]
    below = bisect_left(others, card)
    above = len(others) - below
    penalty = PENALTY_POINTS[card]
    return [
        float(card == QUEEN_OF_SPADES),
        float(suit == SPADES and queen_out and card > QUEEN_OF_SPADES and QUEEN_OF_SPADES not in own),
        float(suit == HEARTS),
        (card % RANKS_PER_SUIT) / (RANKS_PER_SUIT - 1),
        len(own) / FULL_SUIT,
        float(len(own) == 1),
        below / FULL_SUIT,
        float(above == 0 and bool(others)),
        float(stop_moon and penalty > 0),
        penalty / FULL_SUIT,
        float(suit == SPADES and QUEEN_OF_SPADES in own and card != QUEEN_OF_SPADES),
    ]


def lead_candidates(hand: Hand, hearts_ok: bool) -> list[int]:
    """The leads worth weighing: each leadable suit's lowest and highest card (hearts only when they may be
    led, or when nothing else may), and Q♠."""
    suits = [cards for cards in hand[:HEARTS] if cards] + ([hand[HEARTS]] if hand[HEARTS] and hearts_ok else [])
    if not suits:
        suits = [cards for cards in hand if cards]
    return _ends(suits, QUEEN_OF_SPADES in hand[SPADES] and any(cards is hand[SPADES] for cards in suits))


def follow_candidates(cards: list[int], winning: int) -> list[int]:
    """The follows worth weighing: the lowest and highest card, the highest that ducks, the lowest that
    takes the trick, and Q♠."""
    picks = {cards[0], cards[-1]}
    under = bisect_left(cards, winning)
    if under:
        picks.add(cards[under - 1])
    if under < len(cards):
        picks.add(cards[under])
    if QUEEN_OF_SPADES in cards:
        picks.add(QUEEN_OF_SPADES)
    return sorted(picks)


def discard_candidates(hand: Hand, no_points: bool) -> list[int]:
    """The discards worth weighing: each suit's lowest and highest card and Q♠ (no penalty card when the
    first trick forbids them, unless the hand holds nothing else)."""
    suits = [cards for cards in hand if cards]
    picks = _ends(suits, QUEEN_OF_SPADES in hand[SPADES])
    if no_points:
        clean = [card for card in picks if not PENALTY_POINTS[card]]
        if clean:
            return clean
        safe = [card for cards in suits for card in cards if not PENALTY_POINTS[card]]
        return [safe[0]] if safe else picks
    return picks


def _ends(suits: list[list[int]], queen: bool) -> list[int]:
    picks = {card for cards in suits for card in (cards[0], cards[-1])}
    if queen:
        picks.add(QUEEN_OF_SPADES)
    return sorted(picks)


def nearest_candidate(candidates: list[int], others: list[int], card: int) -> int:
    """The index of the candidate that plays like ``card``: of its suit, and nearest it in rank among the
    ``others``' cards of that suit (cards with none of theirs between them are as good as each other)."""
    suit = card // RANKS_PER_SUIT
    rank = bisect_left(others, card)
    same = [index for index, candidate in enumerate(candidates) if candidate // RANKS_PER_SUIT == suit]
    return min(same, key=lambda index: (abs(bisect_left(others, candidates[index]) - rank), candidates[index] != card))


Weights = dict[str, list[float]]


def load_weights(path: Path = WEIGHTS_FILE) -> Weights:
    """The shipped weights, one list per kind of decision."""
    data = json.loads(path.read_text())
    return {kind: [float(w) for w in data["weights"][kind]] for kind in KINDS}


_SHIPPED: list[Weights] = []


def shipped_weights() -> Weights:
    """The shipped weights, read once."""
    if not _SHIPPED:
        _SHIPPED.append(load_weights())
    return _SHIPPED[0]


def _pick(candidates: list[int], features: list[list[float]], weights: list[float]) -> int:
    """The candidate with the highest linear score (the first of equals).  Drawing candidates in proportion
    to exp(score) instead plays far worse (1.4 points a hand worse than the quick sensible policy at its own
    table, where the best-scoring card is 0.8 points better): the fit's odds are flat where it cannot tell."""
    best, best_score = candidates[0], -math.inf
    for candidate, row in zip(candidates, features, strict=True):
        score = sum(map(mul, weights, row))
        if score > best_score:
            best, best_score = candidate, score
    return best


Choices = tuple[list[int], list[list[float]]]  # the candidate cards and each one's features


def lead_choices(hands: list[Hand], hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool) -> Choices:
    """The leads worth weighing from ``hand`` and their features (``hands``: every seat's, for what is out)."""
    candidates = lead_candidates(hand, hearts_ok)
    if len(candidates) == 1:
        return candidates, []
    out = {suit: _others(hands, hand, suit) for suit in {card // RANKS_PER_SUIT for card in candidates}}
    rows = [lead_features(hand, out[card // RANKS_PER_SUIT], card, queen_out, stop_moon) for card in candidates]
    return candidates, rows


def follow_choices(
    hands: list[Hand], cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool
) -> Choices:
    """The follows worth weighing from ``cards`` (a hand's list of the led suit) and their features."""
    candidates = follow_candidates(cards, winning)
    if len(candidates) == 1:
        return candidates, []
    suit = cards[0] // RANKS_PER_SUIT
    mine = next(hand for hand in hands if hand[suit] is cards)
    others = _others(hands, mine, suit)
    rows = [follow_features(cards, others, card, winning, points, last, queen_out, stop_moon) for card in candidates]
    return candidates, rows


def discard_choices(hands: list[Hand], hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool) -> Choices:
    """The discards worth weighing from ``hand`` (void in the led suit) and their features."""
    candidates = discard_candidates(hand, no_points)
    if len(candidates) == 1:
        return candidates, []
    out = {suit: _others(hands, hand, suit) for suit in {card // RANKS_PER_SUIT for card in candidates}}
    rows = [discard_features(hand, out[card // RANKS_PER_SUIT], card, queen_out, stop_moon) for card in candidates]
    return candidates, rows


class LearnedPolicy(GreedyPolicy):
    """Every seat weighs its sensible cards with the learned weights (one instance a playout: it reads the
    position's hands, which the playout plays from)."""

    def __init__(self, position: Position, weights: Weights) -> None:
        self.hands = position.hands
        self.weights = weights

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """A lead drawn by the learned weights."""
        card = self.choose(LEAD, lead_choices(self.hands, hand, hearts_ok, queen_out, stop_moon), rnd)
        hand[card // RANKS_PER_SUIT].remove(card)
        return card

    def follow(
        self, cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool, rnd: Random
    ) -> int:
        """A follow drawn by the learned weights."""
        if len(cards) == 1:
            return cards.pop()
        choices = follow_choices(self.hands, cards, winning, points, last, queen_out, stop_moon)
        card = self.choose(FOLLOW, choices, rnd)
        cards.remove(card)
        return card

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """A discard drawn by the learned weights."""
        card = self.choose(DISCARD, discard_choices(self.hands, hand, no_points, queen_out, stop_moon), rnd)
        hand[card // RANKS_PER_SUIT].remove(card)
        return card

    def choose(self, kind: str, choices: Choices, rnd: Random) -> int:
        """One of the candidates: the only one, or one drawn by the weights of ``kind``."""
        candidates, rows = choices
        return candidates[0] if len(candidates) == 1 else _pick(candidates, rows, self.weights[kind])
