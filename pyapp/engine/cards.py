"""Cards as small integers, hands as bitmasks, and the text forms people use.

A card *face* is an int 0..51: ``suit * 13 + rank`` with ranks 0 (the two) to
12 (the ace) and suits in the order clubs, diamonds, spades, hearts (the
order a hand is sorted in on screen).  Cancellation Hearts plays with two
packs, so a dealt card is a card *id* 0..103: ``copy * 52 + face``.  The two
copies of a face are interchangeable in play; only the face is ever shown.

A hand is a plain ``int`` bitmask of card ids, so "which cards of the led
suit do I hold" is a single ``&`` with a suit mask (the python-chess idea).

>>> parse_card("QS") == QUEEN_OF_SPADES
True
>>> card_text(parse_card("10h")), card_symbol(parse_card("qs"))
('TH', 'Q♠')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..shared.deal import RANK_LETTERS, SUIT_LETTERS, SUIT_SYMBOLS

CLUBS, DIAMONDS, SPADES, HEARTS = 0, 1, 2, 3
SUITS = (CLUBS, DIAMONDS, SPADES, HEARTS)
RANKS_PER_SUIT = 13
FACES = 52
SUIT_NAMES = ("clubs", "diamonds", "spades", "hearts")
RANK_WORDS = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip

SUIT_BITS = (1 << RANKS_PER_SUIT) - 1
FULL_PACK = (1 << FACES) - 1


def face(suit: int, rank: int) -> int:
    """The face of the card of this suit and rank (rank 0 is the two)."""
    return suit * RANKS_PER_SUIT + rank


QUEEN_OF_SPADES = face(SPADES, 10)
JACK_OF_DIAMONDS = face(DIAMONDS, 9)
TEN_OF_DIAMONDS = face(DIAMONDS, 8)
TWO_OF_CLUBS = face(CLUBS, 0)


def suit_of(card: int) -> int:
    """The suit of a card face or card id."""
    return card % FACES // RANKS_PER_SUIT


def rank_of(card: int) -> int:
    """The rank of a card face or card id, 0 (two) to 12 (ace)."""
    return card % RANKS_PER_SUIT


def face_of(card: int) -> int:
    """The face (0..51) of a card id (0..103)."""
    return card % FACES


def suit_mask(suit: int, packs: int = 2) -> int:
    """The bitmask of every card id of ``suit`` in up to ``packs`` packs."""
    mask = 0
    for copy in range(packs):
        mask |= SUIT_BITS << (copy * FACES + suit * RANKS_PER_SUIT)
    return mask


SUIT_MASKS = tuple(suit_mask(suit) for suit in SUITS)
HEARTS_MASK = SUIT_MASKS[HEARTS]


def ids_of_face(face: int) -> int:
    """The bitmask of both card ids that show ``face`` (one per pack)."""
    return (1 << face) | (1 << (face + FACES))


def cards_in(mask: int) -> Iterator[int]:
    """The card ids set in ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask with exactly these card ids set."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def faces_in(mask: int) -> list[int]:
    """The faces of the card ids in ``mask``, sorted, with duplicates kept."""
    return sorted(face_of(card) for card in cards_in(mask))


class CardError(ValueError):
    """A card written in a form that is not a card."""


def parse_card(text: str) -> int:
    """The face written as ``text``: rank then suit, e.g. ``QS``, ``TH``, ``10h``, ``Q♠``.

    >>> parse_card("2c"), parse_card("A♥")
    (0, 51)
    """
    if not isinstance(text, str):
        raise CardError(f"Not a card: {text!r}")
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardError(f"Not a card: {text!r} (write a rank and a suit, e.g. QS)")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    if rank_text == "10":
        rank_text = "T"
    suit = SUIT_LETTERS.find(suit_text)
    if suit < 0:
        suit = SUIT_SYMBOLS.find(suit_text)
    rank = RANK_LETTERS.find(rank_text) if len(rank_text) == 1 else -1
    if suit < 0 or rank < 0:
        raise CardError(f"Not a card: {text!r} (write a rank and a suit, e.g. QS)")
    return face(suit, rank)


def parse_cards(text: str) -> list[int]:
    """Faces written with spaces or commas between them, e.g. ``"QS, AH 2C"``."""
    return [parse_card(part) for part in text.replace(",", " ").split()]


def card_text(card: int) -> str:
    """The short text form of a face or id: ``QS``, ``TH``."""
    return RANK_LETTERS[rank_of(card)] + SUIT_LETTERS[suit_of(card)]


def card_symbol(card: int) -> str:
    """The unicode form of a face or id: ``Q♠``, ``10♥``."""
    rank = RANK_LETTERS[rank_of(card)]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit_of(card)]


def card_name(card: int) -> str:
    """The spoken name of a face or id: ``Queen of spades``."""
    return f"{RANK_WORDS[rank_of(card)]} of {SUIT_NAMES[suit_of(card)]}"
