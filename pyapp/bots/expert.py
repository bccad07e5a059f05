"""The ``expert`` bot: Hard's Monte-Carlo play, with a Monte-Carlo pass, its own points as the goal and
what forced plays prove.

Changes to Hard, each measured in the arena against Hard itself (see
the README's figures):

- **Its own points are what counts.**  Hard plays for its points against
  the others' average, which prices an opponent's moon at about 8.7 points
  where the player actually takes 26; Expert minimises its own score change.
- **Forced plays are facts.**  A heart led before hearts were broken, or a
  point card thrown on a first trick that forbids points, proves the hand
  held nothing but hearts and Q♠ (:func:`~pyapp.bots.reading.forced_voids`);
  the sampled deals keep to it.
- **The moon is planned.**  While no other seat has taken a point and at
  least half its hand commands its suit, each card is also played out with
  Expert trying for the moon (taking every trick; the others stop it as they
  would); when that promises fewer points than playing safe, it shoots, and
  it keeps to it for as long as the playouts say so.  It defends against
  another seat's moon because its goal counts that moon in full.
- **The pass is played out.**  The candidates are every three of the cards
  Medium's judgement finds most dangerous; for each sampled deal of the
  unseen cards (the other seats passing as Medium would), every candidate is
  passed and the hand is played out from the first lead, on the same deals
  for every candidate, and the candidate with the fewest expected points is
  passed.
- **The end of the hand is solved.**  In the last :data:`ENDGAME_TRICKS`
  tricks each sampled deal is solved exactly (:mod:`pyapp.engine.endgame`:
  every seat playing for its own points, the moon included) instead of
  played out.  Measured at equal playouts against three Hard (60 deals,
  paired): -0.03 ± 0.05 points a hand; the last four tricks gave
  -0.10 ± 0.28 but cost seconds in a hand of hearts spread over every seat;
  solving the last three tricks of every playout, from the first card, cost
  2.4 times the time for -0.29 ± 0.99, so it is not done.  On a tie (the
  deals cannot tell the cards apart), Medium's judgement picks the card.
- **A clear decision takes less time.**  From a quarter of the budget on,
  it stops once one card is :data:`CLEAR_Z` standard errors ahead of every
  other on the same sampled deals (:func:`~pyapp.bots.hard.clear_lead`).
  Measured against three Medium at 200 playouts a card (400 deals,
  paired): +0.03 ± 0.04 points a hand with a quarter fewer playouts in
  play (15.9 → 13.1 ms a card).  Spending what that saves where Q♠ or a
  moon is at stake buys nothing measurable (twice the playouts on those
  decisions, 31% of them: 0.00 ± 0.16), so it is not done.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from random import Random

from ..engine.cards import CLUBS, FACES, HEARTS, RANKS_PER_SUIT, suit_of
from ..engine.observation import Observation
from ..engine.playout import GREEDY, GreedyPolicy, Hand, PointTable, Position, RandomPolicy, play_out, split_by_suit
from ..engine.rules import CARDS_PASSED, opening_lead
from ..engine.scoring import PENALTY_POINTS, hand_score
from .hard import DEFAULT_BUDGET_MS, HardBot
from .medium import pass_order, penalty_taken
from .pool import LOCAL, PASS, PLAY, LocalPool, Part, Share, merge, part_seed
from .reading import forced_voids, read_hands
from .sampling import DealSampler

PASS_CANDIDATES_FROM = 6  # the candidates: every three of this many most dangerous cards (20 passes)
# The pass, once a hand, may play out four times a card's playouts: in the arena's budgets it needs them
# (-0.54 points a hand against Medium instead of -0.23 with two).  Within a time budget it takes a card's time,
# where 300 ms give it about 230 sampled deals a candidate on one core (CPython on this project's machine).
# More deals buy little: a pass chosen on 40, 160, 320 or 1,280 deals a candidate loses 0.37, 0.18, 0.11 or
# 0.04 points a hand against one chosen on 4,000 (by the playouts' own estimate, 120 deals), and in play 160
# instead of 40 gave -0.07 ± 0.10 against three Medium (2,000 deals, at twice the time).
PASS_PLAYOUT_SHARE = 4
ENDGAME_TRICKS = 3  # in the last this many tricks of a hand it solves every sampled deal (pyapp.engine.endgame)
CLEAR_Z = 3.0  # a card this many standard errors ahead of every other is clearly the one (hard.clear_lead)


class ExpertBot(HardBot):
    """Expert: Hard's playouts for its own points, forced plays as facts, and a played-out pass."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float | None = DEFAULT_BUDGET_MS,
        playouts: int | None = None,
        endgame: int = ENDGAME_TRICKS,
        clear_z: float | None = CLEAR_Z,
    ):
        super().__init__(seed, budget_ms, playouts)
        self.endgame = endgame
        self.clear_z = clear_z

    @staticmethod
    def value(added: list[int], me: int) -> float:
        """Its own score change: an opponent's moon costs what it costs."""
        return added[me]

    def sampler(self, observation: Observation) -> DealSampler:
        """The facts (with what forced plays prove) and card reading's beliefs."""
        return DealSampler(observation, read_hands(observation), forced_voids(observation))

    pool: LocalPool = LOCAL  # where its thinking runs: here, unless the page lends it workers (Table.bot_step)

    def evaluate(self, observation: Observation) -> dict[int, tuple[float, float]]:
        """For each legal card: (expected points, expected value), shooting for the moon where that is
        better than playing safe."""
        return {card: values for (card,), values in merge(self.play_shares(observation)).estimates.items()}

    def play_shares(self, observation: Observation) -> list[Share]:
        """Each part's estimates of the legal cards (:meth:`evaluate` merges them): played safe, or trying
        for the moon where that promises fewer points over all the parts."""
        parts = self._parts(observation, PLAY)
        safe = [part["safe"] for part in parts]
        shoot = [part["shoot"] for part in parts] if "shoot" in parts[0] else None
        samples = sum(share.samples for share in safe + (shoot or []))
        self.last_playouts = samples * len(observation.legal)
        return shoot if shoot is not None and _lowest(merge(shoot)) < _lowest(merge(safe)) else safe

    def think(self, observation: Observation) -> dict[int, tuple[float, float]]:
        """This decision's estimates: :meth:`evaluate`, which draws the decision's seed for its parts."""
        return self.evaluate(observation)

    def choose_pass(self, observation: Observation) -> list[int]:
        """The candidate pass with the fewest expected points over played-out deals."""
        return list(min(self.evaluate_pass(observation).items(), key=lambda item: (item[1], item[0]))[0])

    def evaluate_pass(
        self, observation: Observation, also: tuple[tuple[int, ...], ...] = ()
    ) -> dict[tuple[int, ...], float]:
        """Each candidate pass (sorted faces), and each pass in ``also`` (the review's: the one made), with
        its expected score change this hand."""
        merged = merge(self.pass_shares(observation, also))
        return {choice: values[0] for choice, values in merged.estimates.items()}

    def pass_shares(self, observation: Observation, also: tuple[tuple[int, ...], ...] = ()) -> list[Share]:
        """Each part's expected score change of every candidate pass and each pass in ``also``
        (:meth:`evaluate_pass` merges them)."""
        shares = [part["pass"] for part in self._parts(observation, PASS, also)]
        self.last_playouts = sum(share.samples for share in shares) * len(shares[0].estimates)
        return shares

    def _parts(self, observation: Observation, kind: str, also: tuple = ()) -> list[Part]:
        """The pool's parts of this decision, with a seed drawn for it; a decision not made (its parts are
        to be thought elsewhere first) draws nothing."""
        state = self.rng.getstate()
        try:
            return self.pool.shares(self, observation, kind, self.rng.getrandbits(32), also)
        except BaseException:
            self.rng.setstate(state)
            raise

    def share(self, observation: Observation, kind: str, seed: int, part: int, parts: int, also: tuple = ()) -> Part:
        """Part ``part`` of ``parts`` of the thinking on ``observation`` (what a helper worker runs): a
        bot of its own, with the part's seed and the whole time budget or its slice of a playout budget.

        A card is played out safe, and (while the moon is in reach) also on
        half the budget trying for the moon; a pass (``kind`` PASS) is
        played out for every candidate and each pass in ``also``.
        """
        playouts = None if self.playouts is None else -(-self.playouts // parts)
        thinker = type(self)(part_seed(seed, part), self.budget_ms, playouts, self.endgame, self.clear_z)
        if kind == PASS:
            return {"pass": thinker._pass_share(observation, also)}
        if not moon_in_reach(observation) or thinker.solves(observation):  # a solved deal shoots when it pays
            return {"safe": thinker._play_share(observation)}
        me = observation.seat
        shooter = thinker._play_share(observation, 0.5, lambda position: ShooterPolicy(position.hands[me]))
        return {"safe": thinker._play_share(observation, 0.5), "shoot": shooter}

    def _play_share(
        self, observation: Observation, share: float = 1.0, policy: Callable[[Position], RandomPolicy] | None = None
    ) -> Share:
        estimates = HardBot.evaluate(self, observation, share, policy)
        return Share(self.last_playouts // len(observation.legal), {(card,): v for card, v in estimates.items()})

    def _pass_share(self, observation: Observation, also: tuple) -> Share:
        rules = observation.rules
        table = self.tables.setdefault(rules, PointTable(rules))
        me, n, offset = observation.seat, observation.players, observation.pass_offset
        order = pass_order(list(observation.hand), observation.pass_direction)
        picks = [*combinations(order[:PASS_CANDIDATES_FROM], CARDS_PASSED), *also]
        candidates = sorted({tuple(sorted(pick)) for pick in picks})
        sums = dict.fromkeys(candidates, 0.0)
        unseen = observation.unseen()
        deadline = self.deadline()
        samples = 0
        while True:
            self.rng.shuffle(unseen)
            hands, start = {}, 0
            for seat in range(n):
                if seat != me:
                    hands[seat] = unseen[start : start + observation.hand_sizes[seat]]
                    start += observation.hand_sizes[seat]
            kitty = unseen[start : start + observation.face_down]
            # The others pass as Medium would (they choose before anyone receives).
            passes = {
                seat: pass_order(cards, observation.pass_direction)[:CARDS_PASSED] for seat, cards in hands.items()
            }
            for candidate in candidates:
                dealt = {me: list(observation.hand), **{seat: list(cards) for seat, cards in hands.items()}}
                given = {**passes, me: list(candidate)}
                for seat, cards in given.items():
                    for face in cards:
                        dealt[seat].remove(face)
                for seat, cards in given.items():
                    dealt[(seat + offset) % n].extend(cards)
                position = _start_of_play(dealt, kitty, observation.dealer, table)
                penalty, bonus = play_out(position, table, self.rng.random, None, GREEDY)
                sums[candidate] += hand_score(rules, penalty, bonus, totals=observation.scores)[me]
            samples += 1
            if self.spent(samples * len(candidates), deadline, PASS_PLAYOUT_SHARE):
                break
        return Share(samples, {candidate: (total / samples,) for candidate, total in sums.items()})


def _lowest(share: Share) -> float:
    """The best (lowest) expected value among a share's choices."""
    return min(values[-1] for values in share.estimates.values())


def moon_in_reach(observation: Observation) -> bool:
    """Whether a moon is worth playing out: no other seat has taken a penalty point, nothing lies face down,
    and at least half the hand commands its suit (no unseen card of the suit above it)."""
    me = observation.seat
    if any(points for seat, points in enumerate(penalty_taken(observation)) if seat != me) or observation.face_down:
        return False
    unseen = observation.unseen()
    top = {suit_of(face): face for face in sorted(unseen)}  # the highest unseen face of each suit
    commanding = sum(1 for face in observation.hand if face > top.get(suit_of(face), -1))
    return 2 * commanding >= len(observation.hand)


class ShooterPolicy(GreedyPolicy):
    """The quick sensible policy for every seat but one, which tries to take every trick.

    That seat's hand is known by identity (a playout hands each policy call
    the seat's own lists): it leads and follows with its highest card, and
    when void throws its lowest card without points.
    """

    def __init__(self, hand: Hand) -> None:
        self.hand = hand

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """The shooter leads the top of its strongest suit (hearts once they may be led)."""
        if hand is not self.hand:
            return super().lead(hand, hearts_ok, queen_out, stop_moon, rnd)
        suits = [cards for cards in hand[:HEARTS] if cards] + ([hand[HEARTS]] if hand[HEARTS] and hearts_ok else [])
        suits = suits or [cards for cards in hand if cards]
        return max(suits, key=lambda cards: cards[-1] % RANKS_PER_SUIT).pop()

    def follow(
        self, cards: list[int], winning: int, points: int, last: bool, queen_out: bool, stop_moon: bool, rnd: Random
    ) -> int:
        """The shooter follows with its highest card."""
        if not any(cards is suit for suit in self.hand):
            return super().follow(cards, winning, points, last, queen_out, stop_moon, rnd)
        return cards.pop()

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        """The shooter, void, throws its lowest card without points (a point given away ends the moon)."""
        if hand is not self.hand:
            return super().discard(hand, no_points, queen_out, stop_moon, rnd)
        clean = [cards for cards in hand if cards and not PENALTY_POINTS[cards[0]]]
        if clean:
            return min(clean, key=lambda cards: cards[0] % RANKS_PER_SUIT).pop(0)
        return super().discard(hand, no_points, queen_out, stop_moon, rnd)


def _start_of_play(hands: dict[int, list[int]], kitty: list[int], dealer: int, table: PointTable) -> Position:
    """The fast-path position at the first lead: every hand after the pass, the leftover face down."""
    n = len(hands)
    lowest = [min((face for face in hands[seat] if suit_of(face) == CLUBS), default=FACES) for seat in range(n)]
    lead, leader = opening_lead(lowest, dealer)
    pile_penalty, pile_bonus = table.points(kitty)
    return Position(
        hands=[split_by_suit(sorted(hands[seat])) for seat in range(n)],
        leader=leader,
        trick=[],
        first_trick=True,
        first_lead=lead,
        hearts_broken=False,
        penalty=[0] * n,
        bonus=[0] * n,
        pile_penalty=pile_penalty,
        pile_bonus=pile_bonus,
    )
