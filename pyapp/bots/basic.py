"""The ``basic`` bot: a simple, sensible player (the Easy level).

It passes its most dangerous cards (Q♠, high spades, high hearts, then high
cards), ducks under the winning card when it can, dumps Q♠ and high hearts
when it is void in the led suit, and leads low.
"""

from __future__ import annotations

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, face, rank_of, suit_of
from ..engine.observation import Observation
from ..engine.rules import CARDS_PASSED
from .base import PolicyBot

HIGH_SPADES = (QUEEN_OF_SPADES, face(SPADES, 11), face(SPADES, 12))  # Q♠ K♠ A♠


def danger(card: int) -> int:
    """How much a card is worth getting rid of: Q♠, then A♠ K♠, then hearts by rank, then rank."""
    if card in HIGH_SPADES:
        return 100 + (10 if card == QUEEN_OF_SPADES else rank_of(card))
    if suit_of(card) == HEARTS:
        return 40 + rank_of(card)
    return rank_of(card)


class BasicBot(PolicyBot):
    """Easy: passes danger, ducks, dumps points when void, leads low."""

    name = "basic"

    def choose_pass(self, observation: Observation) -> list[int]:
        """The three most dangerous cards."""
        return sorted(observation.hand, key=danger, reverse=True)[:CARDS_PASSED]

    def choose_play(self, observation: Observation) -> int:
        """Lead low, duck under the winner, or dump the worst card when void."""
        legal = observation.legal
        trick = observation.trick
        if not trick:
            return min(legal, key=lambda card: (card in HIGH_SPADES, rank_of(card)))
        led = suit_of(trick[0][1])
        if suit_of(legal[0]) != led:
            return max(legal, key=danger)
        winning = max(card for _, card in trick if suit_of(card) == led)
        under = [card for card in legal if card < winning]
        if under:
            return max(under)
        if len(trick) == observation.players - 1:
            safe = [card for card in legal if card != QUEEN_OF_SPADES] or list(legal)
            return max(safe)
        return min(legal)
