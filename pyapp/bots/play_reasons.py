"""Why a card is played, in reasons a beginner understands: the words the hint, the coach and the review share.

A reason is a code (the page words each from its catalogues, as ``why.CODE``)
and the cards it speaks of: the card itself first, then the card it goes
under or over.  :func:`play_reason` says what a card does where it is
played (ducks under the winning card, throws Q♠ while void, ...): the hint
gives it for its card, the coach for the cards it offers.
:func:`costly_reason` says in one sentence why a card the judge found
worse cost points: what the card did wrong when it did something a player
is taught not to (lead Q♠, go over her) and the better card would not have
done too, else what the better card would have done.  The pass has its own reasons (:mod:`.pass_advice`), whose
"keep a guarded Q♠" these share.
"""

from __future__ import annotations

from ..engine.cards import HEARTS, QUEEN_OF_SPADES, SPADES, rank_of, suit_of
from ..engine.observation import Observation
from ..engine.tricks import trick_winner
from .pass_advice import HIGH_CARD_RANK, SAFE_QUEEN_SPADES

LOW_LEAD_RANK = 5  # seven and lower: a lead someone else will probably go over

# What a card does (each card has one):
LEAD_QUEEN = "lead_queen"  # Q♠ led: only a higher spade takes her off you
LEAD_OVER_QUEEN = "lead_over_queen"  # A♠/K♠ led while Q♠ is out: she may fall on it
LEAD_SPADE = "lead_spade"  # a spade under Q♠ led while she is out: whoever holds her may have to play her
LEAD_HEART = "lead_heart"  # a heart led: someone takes a point
LEAD_LOW = "lead_low"  # a low card led: someone else probably takes the trick
LEAD_HIGH = "lead_high"  # a high card led: probably takes the trick, while few points are about
FIRST_TRICK_HIGH = "first_high"  # the first trick holds no points: a high card goes safely
TAKE_CLEAN = "take_clean"  # last to play to a trick with no points: taking it costs nothing
DUCK = "duck"  # under the trick's winning card: someone else takes it
OVER_QUEEN = "over_queen"  # a spade above Q♠ on a spade trick while she is out
OVER_FOR_NOW = "over_for_now"  # over the winning card, with players still to come who may go over it
OVER_WINNER = "over_winner"  # over the winning card, last to play: the trick and its points are yours
THROW_QUEEN = "throw_queen"  # none of the suit led: Q♠ goes on someone else's trick
THROW_HIGH_SPADE = "throw_high_spade"  # none of the suit led: A♠/K♠ goes while Q♠ is out
THROW_HEART = "throw_heart"  # none of the suit led: a heart goes on someone else's trick
THROW_HIGH = "throw_high"  # none of the suit led: a high card goes before it wins a trick
THROW_LOW = "throw_low"  # none of the suit led: a low card, the others kept for later
# Why a card cost points, where what it did does not say it:
KEPT_QUEEN = "kept_queen"  # none of the suit led, and Q♠ could have gone
GUARDED_QUEEN = "guarded_queen"  # Q♠ thrown though enough spades guarded her: the other card mattered more
TAKE_HIGH = "take_high"  # both cards take the trick: the higher one takes it, the lower one stays to go under later
WRONG_MOVES = (LEAD_QUEEN, LEAD_OVER_QUEEN, OVER_QUEEN, OVER_WINNER)  # what a player is taught not to do
REASONS = (
    LEAD_QUEEN,
    LEAD_OVER_QUEEN,
    LEAD_SPADE,
    LEAD_HEART,
    LEAD_LOW,
    LEAD_HIGH,
    FIRST_TRICK_HIGH,
    TAKE_CLEAN,
    DUCK,
    OVER_QUEEN,
    OVER_FOR_NOW,
    OVER_WINNER,
    THROW_QUEEN,
    THROW_HIGH_SPADE,
    THROW_HEART,
    THROW_HIGH,
    THROW_LOW,
    KEPT_QUEEN,
    GUARDED_QUEEN,
    TAKE_HIGH,
)

Reason = tuple[str, tuple[int, ...]]  # a code and the faces it speaks of


def queen_out(observation: Observation) -> bool:
    """Whether Q♠ may still fall: not in the seat's hand and not played yet this hand."""
    return QUEEN_OF_SPADES not in observation.hand and QUEEN_OF_SPADES not in observation.played()


def winning_card(observation: Observation) -> int | None:
    """The card taking the trick in play so far (None before its lead; a trick cancelled so far: its lead)."""
    trick = observation.trick
    if not trick:
        return None
    seat = trick_winner(trick, observation.rules.cancellation, last=True)
    return next(face for who, face in trick if who == seat)


def play_reason(observation: Observation, card: int) -> Reason:
    """What ``card`` (one of the seat's legal cards) does if played now."""
    trick, suit = observation.trick, suit_of(card)
    out = queen_out(observation)
    if not trick:
        return (_lead_reason(card, out), (card,))
    led = suit_of(trick[0][1])
    if suit != led:
        return (_throw_reason(card, out), (card,))
    winning = winning_card(observation)
    assert winning is not None
    if card < winning or (observation.rules.cancellation and card == winning):
        return (DUCK, (card, winning))
    if suit == SPADES and card > QUEEN_OF_SPADES and out:
        return (OVER_QUEEN, (card,))
    points = observation.rules.face_points([face for _, face in trick])
    last = len(trick) == observation.players - 1
    if not observation.tricks and observation.rules.no_points_first_trick:
        return (FIRST_TRICK_HIGH, (card,))
    if last and not points:
        return (TAKE_CLEAN, (card,))
    return (OVER_WINNER if last else OVER_FOR_NOW, (card, winning))


def _lead_reason(card: int, out: bool) -> str:
    suit = suit_of(card)
    if card == QUEEN_OF_SPADES:
        return LEAD_QUEEN
    if suit == SPADES and out:
        return LEAD_OVER_QUEEN if card > QUEEN_OF_SPADES else LEAD_SPADE
    if suit == HEARTS:
        return LEAD_HEART
    return LEAD_LOW if rank_of(card) <= LOW_LEAD_RANK else LEAD_HIGH


def _throw_reason(card: int, out: bool) -> str:
    suit = suit_of(card)
    if card == QUEEN_OF_SPADES:
        return THROW_QUEEN
    if suit == SPADES and card > QUEEN_OF_SPADES and out:
        return THROW_HIGH_SPADE
    if suit == HEARTS:
        return THROW_HEART
    return THROW_HIGH if rank_of(card) >= HIGH_CARD_RANK else THROW_LOW


def costly_reason(observation: Observation, made: int, better: int) -> Reason:
    """Why playing ``made`` was expected to cost more than ``better`` (both legal for the observation)."""
    winning = winning_card(observation)
    if winning is not None and suit_of(made) == suit_of(better) == suit_of(winning) and min(made, better) > winning:
        # Both take the trick: what one does the other does too.
        return (TAKE_HIGH, (better, made)) if better > made else play_reason(observation, better)
    code, cards = play_reason(observation, made)
    if code in WRONG_MOVES:
        return (code, cards)
    if better == QUEEN_OF_SPADES and code.startswith("throw_"):
        return (KEPT_QUEEN, (made,))
    spades = sum(1 for face in observation.hand if suit_of(face) == SPADES)
    if code == THROW_QUEEN and spades >= SAFE_QUEEN_SPADES:
        return (GUARDED_QUEEN, (made, better))
    return play_reason(observation, better)
