"""The ``medium`` bot: a strong heuristic player that counts cards.

It knows which cards are still out (``Observation.unseen``), which seats
have shown a void, and where the cards it passed went.  It manages the Queen
of spades (flushes it with low spades when it is safe to, keeps it only when
well protected, dumps it when void), never leads into a known void when it
can help it, ducks as high as it can, stops a moon in progress by taking a
heart itself, and passes with the direction in mind.
"""

from __future__ import annotations

from ..engine.cards import CLUBS, DIAMONDS, HEARTS, QUEEN_OF_SPADES, SPADES, face, rank_of, suit_of
from ..engine.observation import Observation
from ..engine.rules import CARDS_PASSED
from ..engine.scoring import PENALTY_POINTS, moon_threat
from ..engine.tricks import taken_points, trick_winner
from .base import PolicyBot

ACE_OF_SPADES, KING_OF_SPADES = face(SPADES, 12), face(SPADES, 11)
HIGH_SPADES = (ACE_OF_SPADES, KING_OF_SPADES)


def suit_cards(cards: tuple[int, ...] | list[int], suit: int) -> list[int]:
    """The cards of one suit."""
    return [card for card in cards if suit_of(card) == suit]


def penalty_taken(observation: Observation) -> list[int]:
    """Each seat's penalty points (hearts and Q♠) taken this hand, as far as this seat has seen: what the
    moon counts (the Omnibus card's −10 aside; the face-down leftover unseen)."""
    return taken_points(observation.tricks, observation.players, PENALTY_POINTS)[0]


def pass_order(hand: list[int], direction: str) -> list[int]:
    """``hand`` from the card it hurts most to keep to the least: an unprotected Q♠ and high spades,
    high hearts, then high cards of short suits."""
    spades = suit_cards(hand, SPADES)
    protection = 4 if direction == "right" else 5  # the right-hand seat plays before us
    lengths = {suit: len(suit_cards(hand, suit)) for suit in (CLUBS, DIAMONDS)}

    def danger(card: int) -> float:
        suit, rank = suit_of(card), rank_of(card)
        if card == QUEEN_OF_SPADES:
            return 100 if len(spades) < protection else -1
        if card in HIGH_SPADES:
            return 80 + rank if QUEEN_OF_SPADES not in hand and len(spades) < 4 else rank - 20
        if suit == HEARTS:
            return 40 + rank if rank >= 8 else rank
        return rank + (25 if lengths.get(suit, 3) <= 2 else 0)

    return sorted(hand, key=danger, reverse=True)


class MediumBot(PolicyBot):
    """Medium: counts cards, tracks voids, manages Q♠, stops moons, passes with purpose."""

    name = "medium"

    # Passing ---------------------------------------------------------------

    def choose_pass(self, observation: Observation) -> list[int]:
        """Pass the cards that will hurt most: an unprotected Q♠ and high spades, high hearts, short suits."""
        return pass_order(list(observation.hand), observation.pass_direction)[:CARDS_PASSED]

    # Playing ---------------------------------------------------------------

    def choose_play(self, observation: Observation) -> int:
        """Lead, follow or discard by the situation (or run for the moon when the hand is strong enough)."""
        legal = list(observation.legal)
        if len(legal) == 1:
            return legal[0]
        if self.shooting(observation):
            return self.shoot(observation, legal)
        threat = self.moon_to_stop(observation)
        if not observation.trick:
            return self.lead(observation, legal, threat)
        led = suit_of(observation.trick[0][1])
        if suit_of(legal[0]) == led:
            return self.follow(observation, legal, led, threat)
        return self.discard(observation, legal, threat)

    @staticmethod
    def shooting(observation: Observation) -> bool:
        """Whether to try for the moon: nobody else has points, and our cards command most of what is left."""
        me = observation.seat
        taken = penalty_taken(observation)
        if any(points for seat, points in enumerate(taken) if seat != me):
            return False
        if observation.face_down or observation.rules.cancellation:
            return False
        unseen = observation.unseen()
        hand = observation.hand
        commanding = sum(1 for card in hand if not any(o > card and suit_of(o) == suit_of(card) for o in unseen))
        hearts = len(suit_cards(hand, HEARTS))
        return commanding >= len(hand) - 1 and hearts + taken[me] >= 4

    @staticmethod
    def shoot(observation: Observation, legal: list[int]) -> int:
        """Take every trick: lead and follow high, and throw away low cards when void."""
        trick = observation.trick
        if trick and suit_of(legal[0]) != suit_of(trick[0][1]):
            clean = [card for card in legal if not PENALTY_POINTS[card]] or legal
            return min(clean, key=rank_of)
        return max(legal, key=rank_of)

    @staticmethod
    def moon_to_stop(observation: Observation) -> int | None:
        """Another seat that may be shooting the moon (:func:`~pyapp.engine.scoring.moon_threat`), or None."""
        seat = moon_threat(penalty_taken(observation))
        return None if seat < 0 or seat == observation.seat else seat

    @staticmethod
    def queen_out(observation: Observation) -> bool:
        """Whether Q♠ is still in someone else's hand."""
        return QUEEN_OF_SPADES in observation.unseen() and QUEEN_OF_SPADES not in observation.hand

    def lead(self, observation: Observation, legal: list[int], threat: int | None) -> int:
        """Lead where the card is most likely to lose, away from known voids."""
        unseen = observation.unseen()
        voids = observation.voids()
        others_void = {suit for seat, suits in enumerate(voids) if seat != observation.seat for suit in suits}
        if threat is not None:
            hearts = suit_cards(legal, HEARTS)
            if hearts:
                return max(hearts)  # take a heart ourselves to stop the moon
        queen_out = self.queen_out(observation)
        spades = suit_cards(legal, SPADES)
        if queen_out and spades and max(spades) < QUEEN_OF_SPADES:
            return max(spades)  # flush the Queen: our spades are all below her

        def risk(card: int) -> tuple[float, int]:
            suit = suit_of(card)
            lower_out = sum(1 for other in unseen if suit_of(other) == suit and other < card)
            higher_out = sum(1 for other in unseen if suit_of(other) == suit and other > card)
            score = float(lower_out) - (0.5 if higher_out else -5)
            if suit in others_void:
                score += 6
            if card == QUEEN_OF_SPADES or (card in HIGH_SPADES and queen_out):
                score += 10
            if suit == HEARTS:
                score += 1
            return score, rank_of(card)

        return min(legal, key=risk)

    def follow(self, observation: Observation, legal: list[int], led: int, threat: int | None) -> int:
        """Duck as high as possible; take the trick ourselves only to stop a moon or when it is free."""
        trick = observation.trick
        winning = max(card for _, card in trick if suit_of(card) == led)
        points = sum(PENALTY_POINTS[card] for _, card in trick)
        last = len(trick) == observation.players - 1
        if threat is not None and (points or led == HEARTS):
            over = [card for card in legal if card > winning]
            if over:
                return min(over)
        under = [card for card in legal if card < winning]
        if under:
            return max(under)
        safe = [card for card in legal if card != QUEEN_OF_SPADES] or legal
        if last:
            return max(safe)
        if led == SPADES and self.queen_out(observation):
            low = [card for card in safe if card not in HIGH_SPADES]
            return min(low or safe)
        return min(safe) if points else max(safe)

    def discard(self, observation: Observation, legal: list[int], threat: int | None) -> int:
        """Dump Q♠, then high spades while she is out, then the highest heart, then from the shortest suit."""
        if threat is not None and trick_winner(observation.trick) == threat:
            clean = [card for card in legal if not PENALTY_POINTS[card]]
            if clean:
                return max(clean, key=rank_of)
        if QUEEN_OF_SPADES in legal:
            return QUEEN_OF_SPADES
        if self.queen_out(observation):
            high = [card for card in legal if card in HIGH_SPADES]
            if high:
                return max(high)
        hearts = suit_cards(legal, HEARTS)
        if hearts:
            return max(hearts)
        hand = observation.hand

        def keep_value(card: int) -> tuple[int, int]:
            return (-rank_of(card), len(suit_cards(hand, suit_of(card))))

        return min(legal, key=keep_value)
