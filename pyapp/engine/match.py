"""The whole match as a state machine: deal, pass, play, moon choice, game over.

Design (after OpenSpiel's Hearts): the match is in one :class:`Phase` at a
time; each phase has one function that checks a decision and one that
applies it, and :meth:`Match.apply` routes between them.  Hands are
bitmasks of card ids (see :mod:`pyapp.engine.cards`), so follow-suit is one ``&``.

The match keeps the list of every decision since the first deal.  Each
hand's deal comes from the match seed and the hand number alone, so
replaying that list from a new match rebuilds exactly the same state: that
is how undo (:meth:`Match.undo_to`) and loading a save work.

Edge cases of ``RULES.md``, and what this engine decides:

* Leading while hearts are unbroken with a hand of only hearts and Q♠: any
  of those cards may be led (Q♠ is not forced; the exception exists because
  the player has nothing harmless to lead).
* The first trick when the hand holds only point cards (hearts and Q♠) and
  cannot follow: any of them may be played.  The Omnibus card is not a
  penalty and may always be discarded.
* A shooter who, by subtracting, would go below zero: totals may go below
  zero; the subtraction is never cut short.
* "Shooter chooses" is a decision of the shooting seat (phase ``moon``);
  bots choose with :func:`pyapp.engine.scoring.preferred_moon_choice`.
* Cancellation: the leftover cards lie face down with the first trick and go
  to whoever takes it (if the first trick is cancelled, they travel on with
  its cards); nobody sees them until the hand is scored.
* A tie for the lowest total at game over is a shared win by default;
  ``Ties.PLAY_ON`` plays more hands until one seat is lowest.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from ..shared.deal import deal
from .actions import Action, ActionKind
from .cards import (
    CLUBS,
    FACES,
    FULL_PACK,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    SUIT_NAMES,
    card_name,
    card_text,
    cards_in,
    face_of,
    ids_of_face,
    mask_of,
    suit_of,
)
from .reasons import Reason, Refusal
from .rng import Seed, new_seed
from .rules import CARDS_PASSED, GameEnd, MoonChoice, MoonScoring, Rules, Ties, hearts_may_be_led, opening_lead
from .scoring import PENALTY_CARDS, hand_score, moon_decision, moon_shooter, split_points
from .tricks import take_pile, trick_winner

QUEEN_IDS = ids_of_face(QUEEN_OF_SPADES)


class Phase(StrEnum):
    """What the match is waiting for."""

    PASS = "pass"
    PLAY = "play"
    MOON = "moon"
    OVER = "over"
    PLAYED = "played"  # every card of a hand played, not yet scored: only a copy from Match.at_hand_end


PHASE_ACTIONS = {Phase.PASS: ActionKind.PASS, Phase.PLAY: ActionKind.PLAY, Phase.MOON: ActionKind.MOON}


class IllegalAction(Refusal):
    """A decision the rules do not allow now; ``str()`` is the reason for the player."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who led, the (seat, card id) plays in order, and who took it.

    ``winner`` is None for a Cancellation trick whose led-suit cards all
    cancelled: its cards go on to the next trick's winner.
    """

    leader: int
    plays: tuple[tuple[int, int], ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand scored: points taken, what was added to each total, the moon."""

    taken: tuple[int, ...]
    added: tuple[int, ...]
    shooter: int | None
    choice: MoonChoice | None = None
    queen: int | None = None  # who took Q♠ (the first such seat with two packs)
    omnibus: int | None = None  # who took the Omnibus card (Omnibus Hearts only)
    totals: tuple[int, ...] = ()  # each seat's total after this hand (the score sheet's running totals)


class Match:
    """A match of Hearts from the first deal to game over.

    >>> match = Match(Rules(), seed=7)
    >>> match.phase, match.to_act
    (<Phase.PASS: 'pass'>, (0, 1, 2, 3))
    """

    def __init__(self, rules: Rules | None = None, seed: Seed | None = None) -> None:
        self.rules = rules or Rules()
        self.seed = new_seed() if seed is None else seed
        n = self.rules.players
        self.history: list[Action] = []
        self.hand_starts = [0]  # history length when each hand was dealt: undo replays one hand only
        self.scores = [0] * n
        self.results: list[HandResult] = []
        self.winners: tuple[int, ...] = ()
        self.last_trick: tuple[int, int, Trick] | None = None  # (hand, number, trick), kept across hands
        self.hand_index = 0
        self.stop_at_hand_end = False  # set only on the copies at_hand_start and at_hand_end make
        self._start_hand()

    # Deal ----------------------------------------------------------------

    def _start_hand(self) -> None:
        rules, n = self.rules, self.rules.players
        dealt = rules.first_hand + self.hand_index  # (a hand played again: that hand of the deal)
        hands, leftover = deal(list(cards_in(rules.deck)), n, self.seed, dealt)
        self.dealer = dealt % n
        self.hands = [mask_of(cards) for cards in hands]
        self.dealt = list(self.hands)
        self.kitty = mask_of(leftover)
        self.pass_offset = rules.pass_offset(self.hand_index)
        self.passes: list[tuple[int, ...] | None] = [None] * n
        self.received: list[tuple[int, ...]] = [()] * n
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[Trick] = []
        self.taken = [0] * n
        self.pile = self.kitty
        self.hearts_broken = False
        self.pending_moon: tuple[int, list[int], list[int]] | None = None
        self.leader = 0
        self.first_lead: int | None = None
        if self.pass_offset:
            self.phase = Phase.PASS
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        # Fold the second pack onto the first: the lowest club bit is then the seat's lowest club face.
        clubs = [(hand | hand >> FACES) & SUIT_MASKS[CLUBS] for hand in self.hands]
        lowest = [(held & -held).bit_length() - 1 if held else FACES for held in clubs]
        self.first_lead, self.leader = opening_lead(lowest, self.dealer)

    # Who acts, and what is legal ---------------------------------------

    @property
    def players(self) -> int:
        """How many seats the match has."""
        return self.rules.players

    @property
    def current_seat(self) -> int | None:
        """The seat to play a card or choose the moon score, or None (pass, game over)."""
        if self.phase is Phase.PLAY:
            return (self.leader + len(self.trick)) % self.rules.players
        if self.phase is Phase.MOON and self.pending_moon:
            return self.pending_moon[0]
        return None

    @property
    def to_act(self) -> tuple[int, ...]:
        """Every seat that has a decision to make now (several while passing)."""
        if self.phase is Phase.PASS:
            return tuple(seat for seat, chosen in enumerate(self.passes) if chosen is None)
        seat = self.current_seat
        return () if seat is None else (seat,)

    @property
    def trick_number(self) -> int:
        """How many tricks of this hand are finished (0 during the first trick)."""
        return len(self.tricks)

    def legal_mask(self, seat: int) -> int:
        """The card ids ``seat`` may play now (0 when it is not that seat's turn to play)."""
        if self.phase is not Phase.PLAY or seat != self.current_seat:
            return 0
        hand = self.hands[seat]
        if not self.trick:
            if not self.tricks and self.first_lead is not None:
                return hand & ids_of_face(self.first_lead)
            non_hearts = hand & ~HEARTS_MASK
            if hearts_may_be_led(self.hearts_broken, non_hearts.bit_count(), (hand & QUEEN_IDS).bit_count()):
                return hand
            return non_hearts
        follow = hand & SUIT_MASKS[suit_of(self.trick[0][1])]
        if follow:
            return follow
        if not self.tricks and self.rules.no_points_first_trick:
            return (hand & ~PENALTY_CARDS) or hand
        return hand

    def legal_cards(self, seat: int | None = None) -> list[int]:
        """The distinct faces ``seat`` (default: the seat to play) may play, sorted."""
        seat = self.current_seat if seat is None else seat
        if seat is None:
            return []
        mask = self.legal_mask(seat)
        return list(cards_in((mask | mask >> FACES) & FULL_PACK))

    def legal_actions(self, seat: int | None = None) -> LegalActions:
        """A lazy view of the legal decisions of ``seat`` (default: the first seat to act)."""
        if seat is None:
            seat = self.to_act[0] if self.to_act else -1
        return LegalActions(self, seat)

    def hand_faces(self, seat: int) -> list[int]:
        """The faces in ``seat``'s hand, sorted, duplicates kept (Cancellation)."""
        return sorted(face_of(card) for card in cards_in(self.hands[seat]))

    def check(self, action: Action) -> Reason | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        if self.phase is Phase.OVER:
            return Reason("The match is over", "match_over")
        if self.phase is Phase.PLAYED:
            return Reason("The hand is over", "hand_over")
        if not 0 <= action.seat < self.rules.players:
            return Reason(f"There is no seat {action.seat}", "no_seat", seat=str(action.seat))
        if action.kind is not PHASE_ACTIONS[self.phase]:
            if self.phase is Phase.PASS:
                return Reason(f"Choose {CARDS_PASSED} cards to pass first", "pass_first", count=str(CARDS_PASSED))
            if self.phase is Phase.PLAY:
                return Reason("Play a card", "play_a_card")
            return Reason("The shooter is choosing how the moon scores", "moon_choosing")
        if self.phase is Phase.PASS:
            return self._check_pass(action)
        if action.seat != self.current_seat:
            return Reason("It is not your turn", "not_your_turn")
        if self.phase is Phase.PLAY:
            return self._check_play(action)
        return None if isinstance(action.choice, MoonChoice) else Reason("Choose how the moon scores", "choose_moon")

    def _check_pass(self, action: Action) -> Reason | None:
        if self.passes[action.seat] is not None:
            return Reason("You have already passed", "passed_already")
        if len(action.cards) != CARDS_PASSED:
            return Reason(f"Pass exactly {CARDS_PASSED} cards", "pass_count", count=str(CARDS_PASSED))
        for face in set(action.cards):
            held = (self.hands[action.seat] & ids_of_face(face)).bit_count()
            if held == 0:
                return _not_held(face)
            if action.cards.count(face) > held:
                return Reason(f"You cannot pass the {card_name(face)} twice", "pass_twice", card=card_text(face))
        return None

    def _check_play(self, action: Action) -> Reason | None:
        seat, face = action.seat, action.card
        card_ids = ids_of_face(face)
        if not self.hands[seat] & card_ids:
            return _not_held(face)
        if self.legal_mask(seat) & card_ids:
            return None
        return self.play_refusal(seat, face)

    def play_refusal(self, seat: int, face: int) -> Reason:
        """Why ``seat`` may not play ``face`` (a card it holds that is not legal now)."""
        if not self.tricks and not self.trick and self.first_lead is not None:
            return Reason(
                f"The first trick is led with the {card_name(self.first_lead)}",
                "first_lead",
                card=card_text(self.first_lead),
            )
        if not self.trick:
            return Reason("Hearts are not broken yet", "hearts_unbroken")
        led = suit_of(self.trick[0][1])
        if self.hands[seat] & SUIT_MASKS[led]:
            return Reason(f"You must follow suit: {SUIT_NAMES[led]}", "follow_suit", suit="CDSH"[led])
        return Reason("No points on the first trick", "no_points_first_trick")

    # Applying decisions ---------------------------------------------------

    def apply(self, action: Action) -> None:
        """Make the decision ``action``; an illegal one raises :class:`IllegalAction`."""
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        self.history.append(action)
        if action.kind is ActionKind.PLAY:
            self._apply_play(action)
        elif action.kind is ActionKind.PASS:
            self._apply_pass(action)
        else:
            assert action.choice is not None
            self._apply_moon(action.choice)

    def _apply_pass(self, action: Action) -> None:
        self.passes[action.seat] = action.cards
        if any(chosen is None for chosen in self.passes):
            return
        n = self.rules.players
        moving = [self._take_out(seat, chosen) for seat, chosen in enumerate(self.passes) if chosen is not None]
        for seat, cards in enumerate(moving):
            to = (seat + self.pass_offset) % n
            self.hands[to] |= cards
            self.received[to] = tuple(sorted(face_of(card) for card in cards_in(cards)))
        self._start_play()

    def _take_out(self, seat: int, faces: tuple[int, ...]) -> int:
        removed = 0
        for face in faces:
            card = _lowest(self.hands[seat] & ids_of_face(face))
            self.hands[seat] ^= card
            removed |= card
        return removed

    def _apply_play(self, action: Action) -> None:
        seat = action.seat
        card = _lowest(self.hands[seat] & ids_of_face(action.card))
        self.hands[seat] ^= card
        card_id = card.bit_length() - 1
        self.trick.append((seat, card_id))
        if self.rules.breaks_hearts[action.card]:
            self.hearts_broken = True
        if len(self.trick) == self.rules.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        plays = tuple(self.trick)
        last = not any(self.hands)
        winner = trick_winner([(seat, face_of(card)) for seat, card in plays], self.rules.cancellation, last)
        self.trick = []
        self._record_trick(Trick(self.leader, plays, winner))
        self.pile = take_pile(self.taken, self.pile | mask_of(card for _, card in plays), winner)
        if winner is None:
            return
        self.leader = winner
        if last:
            self._end_hand()

    def _record_trick(self, trick: Trick) -> None:
        self.last_trick = (self.hand_index, len(self.tricks), trick)
        self.tricks.append(trick)

    def _end_hand(self) -> None:
        if self.stop_at_hand_end:
            self.phase = Phase.PLAYED
            return
        rules = self.rules
        split = [split_points(rules, cards) for cards in self.taken]
        penalty, bonus = [p for p, _ in split], [b for _, b in split]
        shooter = moon_shooter(rules, penalty)
        if shooter is not None and rules.moon is MoonScoring.SHOOTER_CHOOSES:
            self.pending_moon = (shooter, penalty, bonus)
            self.phase = Phase.MOON
            return
        self._score_hand(penalty, bonus, None)

    def _apply_moon(self, choice: MoonChoice) -> None:
        assert self.pending_moon is not None
        _, penalty, bonus = self.pending_moon
        self.pending_moon = None
        self._score_hand(penalty, bonus, choice)

    def _score_hand(self, penalty: list[int], bonus: list[int], choice: MoonChoice | None) -> None:
        """Score the hand (``choice``: the shooter's decision, when the rules let the shooter choose)."""
        rules = self.rules
        added = hand_score(rules, penalty, bonus, choice)
        shooter = moon_shooter(rules, penalty)
        if shooter is not None:
            choice = moon_decision(rules, shooter, bonus, choice)  # the choice applied, for the record
        taken = tuple(rules.points(cards) for cards in self.taken)
        queen = self._taker(QUEEN_IDS)
        omnibus = None if rules.omnibus_face is None else self._taker(ids_of_face(rules.omnibus_face))
        self.scores = [total + delta for total, delta in zip(self.scores, added, strict=True)]
        self.results.append(HandResult(taken, tuple(added), shooter, choice, queen, omnibus, tuple(self.scores)))
        if is_game_over(self.rules, self.scores, len(self.results)):
            low = min(self.scores)
            self.winners = tuple(s for s, total in enumerate(self.scores) if total == low)
            self.phase = Phase.OVER
            return
        self.hand_index += 1
        self.hand_starts.append(len(self.history))
        self._start_hand()

    def _taker(self, card_ids: int) -> int | None:
        """The first seat that took one of ``card_ids`` this hand."""
        return next((seat for seat, cards in enumerate(self.taken) if cards & card_ids), None)

    def moon_outcomes(self) -> dict[MoonChoice, list[int]]:
        """While the shooter chooses: the totals each choice would give."""
        if self.pending_moon is None:
            return {}
        _, penalty, bonus = self.pending_moon
        return {
            choice: [
                total + delta
                for total, delta in zip(self.scores, hand_score(self.rules, penalty, bonus, choice), strict=True)
            ]
            for choice in MoonChoice
        }

    # Undo ----------------------------------------------------------------

    def undo_to(self, length: int) -> None:
        """Go back to the point where the history had ``length`` decisions."""
        self.__dict__.update(self._replayed(length).__dict__)

    def copy(self) -> Match:
        """An independent copy of this match as it stands (every field, the previous hand's last trick too),
        to try a decision on without changing this one."""
        return copy.deepcopy(self)

    def at_hand_end(self, hand: int) -> Match:
        """A copy of this match as it stood when the last card of hand ``hand`` was played: every trick
        taken, not yet scored, the next hand not dealt (phase ``PLAYED``), so that the finished hand
        can be shown while its summary is read."""
        if not 0 <= hand < len(self.results):
            raise IndexError(f"Hand {hand} has not been scored")
        ended = self.at_hand_start(hand)
        for action in self.history[len(ended.history) :]:
            if ended.phase is Phase.PLAYED:
                break
            ended.apply(action)
        return ended

    def hand_span(self, hand: int) -> tuple[int, int]:
        """Where hand ``hand``'s decisions are in the history: from the first up to (not with) the end."""
        starts = [*self.hand_starts, len(self.history)]
        return starts[hand], starts[hand + 1]

    def at_hand_start(self, hand: int) -> Match:
        """A copy of this match as hand ``hand`` was dealt, nothing of it decided; applying that hand's
        decisions to it stops after its last card (phase ``PLAYED``), as in :meth:`at_hand_end`."""
        if not 0 <= hand < len(self.hand_starts):
            raise IndexError(f"Hand {hand} has not been dealt")
        start = self._replayed(self.hand_starts[hand])
        start.stop_at_hand_end = True
        return start

    def _replayed(self, length: int) -> Match:
        """A new match replaying the first ``length`` decisions of this one from the deal of their hand."""
        if not 0 <= length <= len(self.history):
            raise IndexError(f"The history has {len(self.history)} decisions, not {length}")
        hand = max(k for k, start in enumerate(self.hand_starts) if start <= length)
        history = self.history
        replayed = Match(self.rules, self.seed)
        if hand:
            # Every hand's deal depends only on the seed and its number: restart at that hand's deal.
            replayed.results = self.results[:hand]
            replayed.scores = [sum(r.added[seat] for r in replayed.results) for seat in range(self.players)]
            replayed.hand_index = hand
            replayed.hand_starts = self.hand_starts[: hand + 1]
            replayed.history = history[: self.hand_starts[hand]]
            replayed._start_hand()
        for action in history[len(replayed.history) : length]:
            replayed.apply(action)
        return replayed

    def pop(self) -> Action:
        """Undo the last decision and return it."""
        if not self.history:
            raise IndexError("Nothing to undo")
        last = self.history[-1]
        self.undo_to(len(self.history) - 1)
        return last

    @classmethod
    def replay(cls, rules: Rules, seed: Seed, history: list[Action]) -> Match:
        """A new match with ``history`` applied from the first deal (each decision checked)."""
        match = cls(rules, seed)
        for action in history:
            match.apply(action)
        return match

    # Facts for scoring and display ----------------------------------------

    def points_taken(self, seat: int) -> int:
        """The points ``seat`` has taken this hand so far (the face-down leftover not counted)."""
        return self.rules.points(self.taken[seat] & ~self.kitty)

    def snapshot(self) -> dict[str, object]:
        """Everything the match holds, as plain data (hidden cards too): for tests and debugging."""
        return {
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "phase": self.phase.value,
            "hand_index": self.hand_index,
            "dealer": self.dealer,
            "hands": list(self.hands),
            "dealt": list(self.dealt),
            "kitty": self.kitty,
            "passes": [list(p) if p is not None else None for p in self.passes],
            "received": [list(r) for r in self.received],
            "trick": [list(play) for play in self.trick],
            "tricks": [[t.leader, [list(p) for p in t.plays], t.winner] for t in self.tricks],
            "leader": self.leader,
            "first_lead": self.first_lead,
            "taken": list(self.taken),
            "pile": self.pile,
            "hearts_broken": self.hearts_broken,
            "scores": list(self.scores),
            "results": [[list(r.taken), list(r.added), r.shooter, r.choice] for r in self.results],
            "winners": list(self.winners),
            "history": [a.to_dict() for a in self.history],
            "hand_starts": list(self.hand_starts),
        }


def is_game_over(rules: Rules, scores: list[int], hands_played: int) -> bool:
    """Whether these totals after ``hands_played`` scored hands end the match: the last of a fixed number
    of hands (``Rules.hands``), else the target reached or passed (ties per the rules)."""
    if rules.hands:
        return hands_played >= rules.hands
    if rules.game_end is GameEnd.REACH:
        ended = any(total >= rules.target for total in scores)
    else:
        ended = any(total > rules.target for total in scores)
    if ended and rules.ties is Ties.PLAY_ON:
        return scores.count(min(scores)) == 1
    return ended


class LegalActions:
    """The legal decisions of one seat, as a lazy view: iterate it or test ``in``."""

    def __init__(self, match: Match, seat: int) -> None:
        self.match = match
        self.seat = seat

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and action.seat == self.seat and self.match.check(action) is None

    def __iter__(self) -> Iterator[Action]:
        match, seat = self.match, self.seat
        if seat not in match.to_act:
            return
        if match.phase is Phase.PLAY:
            for face in match.legal_cards(seat):
                yield Action.play(seat, face)
        elif match.phase is Phase.MOON:
            for choice in MoonChoice:
                yield Action.moon(seat, choice)
        elif match.phase is Phase.PASS:
            seen: set[tuple[int, ...]] = set()
            for cards in combinations(match.hand_faces(seat), CARDS_PASSED):
                if cards not in seen:
                    seen.add(cards)
                    yield Action.pass_cards(seat, cards)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _not_held(face: int) -> Reason:
    return Reason(f"You do not hold the {card_name(face)}", "not_held", card=card_text(face))


def _lowest(mask: int) -> int:
    return mask & -mask
