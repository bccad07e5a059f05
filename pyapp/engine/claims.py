"""Claiming the rest of a hand: when the outcome can no longer depend on how the cards are played.

A player on lead may claim the remaining tricks when either

* every card they hold outranks every card of its suit still in the other
  hands (so leading from the top wins every trick, whatever the others do), or
* no card that scores is left anywhere (no heart, no Q♠, no Omnibus card, no
  waiting pile), so no remaining trick can carry points.

Either way every legal way of playing on scores the same, so a claim plays
the rest at once: the claimer from the top, everyone else from the bottom.
"""

from __future__ import annotations

from .actions import Action
from .cards import RANKS_PER_SUIT, cards_in, face_of, suit_of
from .match import IllegalAction, Match, Phase
from .reasons import Reason

CLAIM_REFUSED = Reason("You can claim the rest only on lead, when nothing can go wrong for you", "claim_refused")


def can_claim(match: Match, seat: int) -> bool:
    """Whether ``seat`` may claim the rest of this hand now (it must be on lead, at a trick's start)."""
    if match.phase is not Phase.PLAY or match.current_seat != seat or match.trick or not match.hands[seat]:
        return False
    return _holds_every_top_card(match, seat) or _nothing_left_to_score(match)


def _holds_every_top_card(match: Match, seat: int) -> bool:
    best_elsewhere: dict[int, int] = {}
    for other, hand in enumerate(match.hands):
        if other != seat:
            for card in cards_in(hand):
                face = face_of(card)
                best_elsewhere[suit_of(face)] = max(best_elsewhere.get(suit_of(face), -1), face)
    return all(face_of(card) > best_elsewhere.get(suit_of(face_of(card)), -1) for card in cards_in(match.hands[seat]))


def _nothing_left_to_score(match: Match) -> bool:
    held = 0
    for hand in match.hands:
        held |= hand
    return not match.pile and not held & match.rules.scoring_mask


def play_claim(match: Match, seat: int) -> None:
    """Play the rest of the hand for everyone after a valid claim (stops at the hand's end)."""
    if not can_claim(match, seat):
        raise IllegalAction(CLAIM_REFUSED)
    hand_index = match.hand_index
    while match.phase is Phase.PLAY and match.hand_index == hand_index:
        player = match.current_seat
        assert player is not None
        legal = [face_of(card) for card in cards_in(match.legal_mask(player))]
        # Faces of one suit compare by rank; across suits the order does not matter here.
        pick = max(legal, key=lambda face: face % RANKS_PER_SUIT) if player == seat else min(legal)
        match.apply(Action.play(player, pick))
