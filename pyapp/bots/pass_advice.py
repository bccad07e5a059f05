"""Advice for the pass, in reasons a beginner understands: which three cards to pass, and why.

Which three is the judge's best pass (:mod:`.judge`: the Expert player's playouts from the seat's
observation only, so the advice is as fair as the bots are, and the same verdict the review gives).
Why is :func:`explain_pass`: a few named reasons (the codes below; the page
words each from its catalogues), each with the cards it speaks of.  It
explains any three cards, so a coached hand may ask it about the player's
own choice too.  Every passed card has exactly one reason to pass it (the
first rule that fits, in the order of :data:`PASS_REASONS`); what is worth
keeping follows (:data:`KEEP_REASONS`).  Cards are faces, so a Cancellation
hand's two identical cards are two entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import CLUBS, DIAMONDS, HEARTS, QUEEN_OF_SPADES, SPADES, card_text, rank_of, suit_of
from ..engine.observation import Observation
from .judge import JUDGE_PLAYOUTS, judge_pass

HIGH_HEART_RANK = 8  # ten and up: the hearts Medium's pass calls high
HIGH_CARD_RANK = 9  # jack and up
SAFE_QUEEN_SPADES = 4  # Q♠ kept with this many spades (her included) can be held back (Medium keeps her with 4-5)

# Why a card is passed (each passed card has one):
PASS_QUEEN = "pass_queen"  # Q♠: 13 points to whoever takes her
PASS_HIGH_SPADES = "pass_high_spades"  # A♠ K♠: they win the trick Q♠ falls on
PASS_VOID_CLUBS = "pass_void_clubs"  # every club the hand held: with none left, points can be thrown on clubs
PASS_VOID_DIAMONDS = "pass_void_diamonds"
PASS_VOID_SPADES = "pass_void_spades"
PASS_HIGH_HEARTS = "pass_high_hearts"  # 10♥ and up: a point each, and they win tricks
PASS_HIGH_CARDS = "pass_high_cards"  # J and up of clubs or diamonds: they win tricks that may hold points
PASS_HEARTS = "pass_hearts"  # a low heart: still a point
PASS_SHORTEN = "pass_shorten"  # a low card: its suit gets shorter, closer to none
PASS_REASONS = (
    PASS_QUEEN,
    PASS_HIGH_SPADES,
    PASS_VOID_CLUBS,
    PASS_VOID_DIAMONDS,
    PASS_VOID_SPADES,
    PASS_HIGH_HEARTS,
    PASS_HIGH_CARDS,
    PASS_HEARTS,
    PASS_SHORTEN,
)
VOIDS = {CLUBS: PASS_VOID_CLUBS, DIAMONDS: PASS_VOID_DIAMONDS, SPADES: PASS_VOID_SPADES}  # a suit emptied → its reason

# What is worth keeping:
KEEP_OMNIBUS = "keep_omnibus"  # the Omnibus card (J♦ or 10♦): whoever takes it scores −10
KEEP_QUEEN = "keep_queen"  # Q♠ with enough spades to hold her back
KEEP_LOW_SPADES = "keep_low_spades"  # spades under Q♠ (she not kept): they duck under her
KEEP_REASONS = (KEEP_OMNIBUS, KEEP_QUEEN, KEEP_LOW_SPADES)

Reason = tuple[str, tuple[int, ...]]  # a code and the faces it speaks of


@dataclass(frozen=True)
class PassAdvice:
    """The cards to pass (faces, sorted) and why (:func:`explain_pass`)."""

    cards: tuple[int, ...]
    reasons: tuple[Reason, ...]

    def to_data(self) -> dict[str, Any]:
        """As protocol data (:class:`pyapp.shared.protocol.PassHint`): card texts."""
        return {
            "cards": [card_text(card) for card in self.cards],
            "reasons": [[code, [card_text(card) for card in cards]] for code, cards in self.reasons],
        }


def pass_reason(card: int, kept: Sequence[int]) -> str:
    """Why ``card`` is worth passing, ``kept`` being the cards that stay in the hand."""
    suit, rank = suit_of(card), rank_of(card)
    if card == QUEEN_OF_SPADES:
        return PASS_QUEEN
    if suit == SPADES and rank > rank_of(QUEEN_OF_SPADES):
        return PASS_HIGH_SPADES
    if suit in VOIDS and not any(suit_of(other) == suit for other in kept):
        return VOIDS[suit]
    if suit == HEARTS:
        return PASS_HIGH_HEARTS if rank >= HIGH_HEART_RANK else PASS_HEARTS
    return PASS_HIGH_CARDS if rank >= HIGH_CARD_RANK and suit != SPADES else PASS_SHORTEN


def keep_reasons(observation: Observation, kept: Sequence[int]) -> list[Reason]:
    """What the cards that stay are good for, when that is worth saying (each reason's cards highest first)."""
    reasons: list[Reason] = []
    omnibus = observation.rules.omnibus_face
    if omnibus is not None and omnibus in kept:
        reasons.append((KEEP_OMNIBUS, tuple(card for card in kept if card == omnibus)))
    spades = [card for card in kept if suit_of(card) == SPADES]
    if QUEEN_OF_SPADES in kept:
        if len(spades) >= SAFE_QUEEN_SPADES:
            reasons.append((KEEP_QUEEN, tuple(card for card in spades if card == QUEEN_OF_SPADES)))
    else:
        low = tuple(sorted((card for card in spades if card < QUEEN_OF_SPADES), reverse=True))
        if low:
            reasons.append((KEEP_LOW_SPADES, low))
    return reasons


def explain_pass(observation: Observation, passed: Sequence[int]) -> tuple[Reason, ...]:
    """Why to pass ``passed`` (faces from ``observation.hand``) and keep the rest: the reasons to pass, in
    the order of :data:`PASS_REASONS`, each with its cards (highest first), then those to keep."""
    kept = list(observation.hand)
    for card in passed:
        kept.remove(card)  # one of two identical cards, in Cancellation Hearts
    grouped: dict[str, list[int]] = {}
    for card in passed:
        grouped.setdefault(pass_reason(card, kept), []).append(card)
    reasons = [(code, tuple(sorted(grouped[code], reverse=True))) for code in PASS_REASONS if code in grouped]
    return (*reasons, *keep_reasons(observation, kept))


def advise_pass(observation: Observation, seed: int, playouts: int = JUDGE_PLAYOUTS) -> PassAdvice:
    """The judge's best pass for ``observation`` (its decision's ``seed`` and budget), explained."""
    cards = judge_pass(observation, seed, playouts).best
    return PassAdvice(tuple(sorted(cards)), explain_pass(observation, cards))
