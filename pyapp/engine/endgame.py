"""The end of a hand solved exactly: every seat sees every card and plays to add the fewest points to its own
score, the moon included.

Near the end of a hand, Expert solves each deal it samples with
:class:`EndgameSolver` instead of playing it out with a quick policy: the
solver searches every line of play (a *max^n* search: at each turn the seat
to play picks the card whose best continuation adds the least to its own
score, the lowest such card on a tie) and gives the points each seat then
takes.  So it sees the plan at the end of a hand (keeping the card that
gives the lead away, the ducking card that leaves Q♠ to another, taking the
last heart that stops a moon) that a quick policy plays almost at random.

The search plays the same rules as :func:`~pyapp.engine.playout.play_out`,
on the same :class:`~pyapp.engine.playout.Position` (what may be led,
following suit, who takes a trick and the pile, how a hand scores, from
:mod:`pyapp.engine.rules`, :mod:`pyapp.engine.tricks` and
:mod:`pyapp.engine.scoring`); it never plays a first trick.  Two cards of a
suit that touch (no card still to be played lies between them) and score
alike are one choice: whichever is played, the tricks go the same way.  A
seat that can do no better than its floor (what it has taken, or what a
moon would leave it) looks no further.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import HEARTS, QUEEN_OF_SPADES, RANKS_PER_SUIT, SPADES
from .playout import Hand, PointTable, Position
from .rules import MoonScoring, hearts_may_be_led
from .scoring import hand_score
from .tricks import trick_winner

# A search's result: each seat's score change, then each seat's penalty and bonus points for the hand.
Outcome = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class EndgameSolver:
    """Solves the rest of hands played under one set of rules, for one decision.

    ``totals`` are the scores before the hand (how a shooter who chooses
    scores the moon depends on them, as :func:`~pyapp.engine.scoring.hand_score` says).
    """

    def __init__(self, table: PointTable, totals: Sequence[int] | None = None) -> None:
        rules = table.rules
        self.rules = rules
        self.players = rules.players
        self.penalty_of, self.bonus_of = table.penalty, table.bonus
        self.breaks = rules.breaks_hearts
        self.cancellation = rules.cancellation
        self.totals = list(totals) if totals is not None else None
        self.scores: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]] = {}
        self.known: dict[tuple, Outcome] = {}  # the outcome from each trick's start searched (one solve's)
        self.bonus_out = 0
        self.chosen = (-1, -1)  # the (suit, index) of the card the last position searched plays (for a line)
        # What a moon may leave its shooter of its penalty points: none, or minus the moon when it may subtract.
        self.moon_floor = 0 if rules.moon is MoonScoring.OTHERS_PLUS else -rules.moon_points

    def solve(self, position: Position, record: list[tuple[int, int]] | None = None) -> tuple[list[int], list[int]]:
        """(penalty, bonus) per seat for the whole hand when the rest of ``position`` is played perfectly.

        Consumes ``position`` (pass a copy), like :func:`~pyapp.engine.playout.play_out`; ``record``, when
        given, receives every (seat, face) of the line played (each card found by a search of its own).
        """
        assert not position.first_trick, "the end-game search starts after the first trick"
        hands, trick, leader = position.hands, list(position.trick), position.leader
        self.known.clear()
        # The bonus (the Omnibus card's -10) still to be taken: no seat can end lower than its points and that.
        out = [self.bonus_of[face] for hand in hands for suit in hand for face in suit]
        out += [self.bonus_of[face] for _, face in trick] + [position.pile_bonus]
        self.bonus_out = sum(bonus for bonus in out if bonus < 0)
        state = (
            trick,
            leader,
            position.hearts_broken,
            tuple(position.penalty),
            tuple(position.bonus),
            position.pile_penalty + sum(self.penalty_of[face] for _, face in trick),
            position.pile_bonus + sum(self.bonus_of[face] for _, face in trick),
            sum(len(suit) for suit in hands[(leader + len(trick)) % self.players]) + (len(trick) == self.players),
        )
        while record is not None and state[-1]:
            if len(state[0]) == self.players:
                state = self._settled(*state)
                continue
            self._best(hands, *state)
            seat = (state[1] + len(state[0])) % self.players
            suit, index = self.chosen
            face = hands[seat][suit].pop(index)
            record.append((seat, face))
            state = self._after(state, seat, face)
        if not state[-1]:
            return list(state[3]), list(state[4])
        _, penalty, bonus = self._search(hands, *state)
        return list(penalty), list(bonus)

    def _after(self, state: tuple, seat: int, face: int) -> tuple:
        """``state`` with ``face`` (already out of ``seat``'s hand) played to its trick."""
        trick, leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left = state
        return (
            [*trick, (seat, face)],
            leader,
            broken or self.breaks[face],
            penalty,
            bonus,
            pile_penalty + self.penalty_of[face],
            pile_bonus + self.bonus_of[face],
            tricks_left,
        )

    def _settled(
        self,
        trick: list[tuple[int, int]],
        leader: int,
        broken: bool,
        penalty: tuple[int, ...],
        bonus: tuple[int, ...],
        pile_penalty: int,
        pile_bonus: int,
        tricks_left: int,
    ) -> tuple:
        """The state after a full trick is taken (or, cancelled, goes onto the pile)."""
        winner = trick_winner(trick, self.cancellation, tricks_left == 1)
        if winner is not None:
            penalty = _added(penalty, winner, pile_penalty)
            bonus = _added(bonus, winner, pile_bonus)
            pile_penalty = pile_bonus = 0
            leader = winner
        return [], leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left - 1

    def _search(
        self,
        hands: list[Hand],
        trick: list[tuple[int, int]],
        leader: int,
        broken: bool,
        penalty: tuple[int, ...],
        bonus: tuple[int, ...],
        pile_penalty: int,
        pile_bonus: int,
        tricks_left: int,
    ) -> Outcome:
        """The outcome of perfect play from this state (the hands are changed and put back)."""
        n = self.players
        if len(trick) == n:
            trick, leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left = self._settled(
                trick, leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left
            )
            if not tricks_left:
                return self._score(penalty, bonus), penalty, bonus
        seat = (leader + len(trick)) % n
        if tricks_left == 1:  # one card each: the last trick plays itself
            return self._last_trick(hands, trick, seat, penalty, bonus, pile_penalty, pile_bonus)
        if not trick:  # a trick's start may be reached by other lines too (the same cards in another order)
            key = (
                tuple(tuple(cards) for hand in hands for cards in hand),
                leader,
                broken,
                penalty,
                bonus,
                pile_penalty,
                pile_bonus,
            )
            known = self.known.get(key)
            if known is None:
                known = self.known[key] = self._best(
                    hands, trick, leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left
                )
            return known
        return self._best(hands, trick, leader, broken, penalty, bonus, pile_penalty, pile_bonus, tricks_left)

    def _best(
        self,
        hands: list[Hand],
        trick: list[tuple[int, int]],
        leader: int,
        broken: bool,
        penalty: tuple[int, ...],
        bonus: tuple[int, ...],
        pile_penalty: int,
        pile_bonus: int,
        tricks_left: int,
    ) -> Outcome:
        """The outcome of the best card for the seat to play (the rest searched); the card's (suit, index) is
        left in :attr:`chosen`."""
        n = self.players
        seat = (leader + len(trick)) % n
        best: Outcome | None = None
        chosen = (-1, -1)
        # The least this seat can add: what it has taken (or, while the moon is its to shoot, what the moon
        # leaves it), its bonus and the bonus still out.
        floor = (penalty[seat] if sum(penalty) > penalty[seat] else self.moon_floor) + bonus[seat] + self.bonus_out
        penalty_of, bonus_of, breaks = self.penalty_of, self.bonus_of, self.breaks
        for suit, index in self._choices(hands, trick, seat, broken):
            cards = hands[seat][suit]
            face = cards.pop(index)
            trick.append((seat, face))
            outcome = self._search(
                hands,
                trick,
                leader,
                broken or breaks[face],
                penalty,
                bonus,
                pile_penalty + penalty_of[face],
                pile_bonus + bonus_of[face],
                tricks_left,
            )
            trick.pop()
            cards.insert(index, face)
            if best is None or outcome[0][seat] < best[0][seat]:
                best, chosen = outcome, (suit, index)
                if outcome[0][seat] <= floor:
                    break  # nothing can do better for this seat
        assert best is not None, "a seat to play always has a card"
        self.chosen = chosen
        return best

    def _last_trick(
        self,
        hands: list[Hand],
        trick: list[tuple[int, int]],
        seat: int,
        penalty: tuple[int, ...],
        bonus: tuple[int, ...],
        pile_penalty: int,
        pile_bonus: int,
    ) -> Outcome:
        """The outcome of the hand's last trick, where every seat still to play holds one card."""
        n = self.players
        plays = list(trick)
        while len(plays) < n:
            face = next(cards[0] for cards in hands[seat] if cards)
            plays.append((seat, face))
            pile_penalty += self.penalty_of[face]
            pile_bonus += self.bonus_of[face]
            seat = seat + 1 if seat + 1 < n else 0
        winner = trick_winner(plays, self.cancellation, True)
        penalty = _added(penalty, winner, pile_penalty)  # type: ignore[arg-type]  # the last trick is taken
        bonus = _added(bonus, winner, pile_bonus)  # type: ignore[arg-type]
        return self._score(penalty, bonus), penalty, bonus

    def _choices(
        self, hands: list[Hand], trick: list[tuple[int, int]], seat: int, broken: bool
    ) -> list[tuple[int, int]]:
        """The (suit, index) of each card ``seat`` may play, one of each run of touching cards that score alike."""
        hand = hands[seat]
        if trick:
            led = trick[0][1] // RANKS_PER_SUIT
            suits = [led] if hand[led] else [suit for suit in range(4) if hand[suit]]
        else:
            non_hearts = sum(len(hand[suit]) for suit in range(4) if suit != HEARTS)
            hearts_ok = hearts_may_be_led(broken, non_hearts, hand[SPADES].count(QUEEN_OF_SPADES))
            suits = [suit for suit in range(4) if hand[suit] and (suit != HEARTS or hearts_ok)]
        choices = []
        for suit in suits:
            cards = hand[suit]
            choices.append((suit, 0))
            if len(cards) > 1:
                others = [face for other, held in enumerate(hands) if other != seat for face in held[suit]]
                others.extend(face for _, face in trick if face // RANKS_PER_SUIT == suit)
                for index in range(1, len(cards)):
                    if not self._alike(cards[index - 1], cards[index], others):
                        choices.append((suit, index))
        return choices

    def _alike(self, low: int, high: int, others: list[int]) -> bool:
        """Whether playing ``high`` instead of ``low`` (the next card up in one hand) changes nothing."""
        if low == high:  # the two copies of a face (two packs)
            return True
        if self.cancellation:  # a card may cancel its twin in another hand: keep every face apart
            return False
        return (
            self.penalty_of[low] == self.penalty_of[high]
            and self.bonus_of[low] == self.bonus_of[high]
            and self.breaks[low] == self.breaks[high]
            and not any(low < face < high for face in others)
        )

    def _score(self, penalty: tuple[int, ...], bonus: tuple[int, ...]) -> tuple[int, ...]:
        """Each seat's score change for the hand (remembered: many lines end alike)."""
        key = (penalty, bonus)
        scores = self.scores.get(key)
        if scores is None:
            scores = self.scores[key] = tuple(hand_score(self.rules, penalty, bonus, totals=self.totals))
        return scores


def _added(points: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    """``points`` with ``amount`` added to ``seat``'s."""
    if not amount:
        return points
    changed = list(points)
    changed[seat] += amount
    return tuple(changed)
