"""Who wins a trick, including Cancellation Hearts' cancelled pairs."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import FACES, RANKS_PER_SUIT


def trick_winner(cards: Sequence[int], cancellation: bool = False) -> int | None:
    """The position in ``cards`` (played in order, led first) of the winning card.

    The highest card of the led suit wins.  With ``cancellation``, two
    identical cards cancel each other and cannot win; when every led-suit
    card is cancelled the trick has no winner and ``None`` is returned.

    >>> trick_winner([0, 5, 3, 50])          # 2C led; 7C is highest; AH is off-suit
    1
    >>> trick_winner([3, 55, 1], cancellation=True)   # 5C and 5C cancel; 3C wins
    2
    """
    led_suit = cards[0] % FACES // RANKS_PER_SUIT
    led_faces = [card % FACES for card in cards if card % FACES // RANKS_PER_SUIT == led_suit]
    best: int | None = None
    best_face = -1
    for position, card in enumerate(cards):
        card_face = card % FACES
        if card_face // RANKS_PER_SUIT != led_suit or card_face <= best_face:
            continue
        if cancellation and led_faces.count(card_face) > 1:
            continue
        best, best_face = position, card_face
    return best
