import copy
import itertools
import random

import pytest
from helpers import arranged, hand_mask, random_state

from pyapp.bots import moon_choice
from pyapp.engine.actions import Action
from pyapp.engine.cards import (
    HEARTS,
    HEARTS_MASK,
    QUEEN_OF_SPADES,
    face_of,
    ids_of_face,
    mask_of,
    parse_card,
    parse_cards,
    suit_of,
)
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.playout import (
    GREEDY,
    RANDOM,
    Hand,
    PointTable,
    Random,
    RandomPolicy,
    play_out,
    position_from_match,
    random_deal,
    random_hands,
    split_by_suit,
)
from pyapp.engine.rules import PRESETS, HeartsBreak, MoonChoice, MoonScoring, Rules, Variant
from pyapp.engine.scoring import hand_score, moon_threat

ALL_POINTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH QS"
HEARTS_AND_QUEENS = HEARTS_MASK | ids_of_face(QUEEN_OF_SPADES)  # what the moon counts, as RULES.md says

# Every option that decides what breaks hearts, what may be led or how a hand scores, in each game.
RULE_OPTIONS = [
    game.replace(hearts_break=hearts_break, moon=moon, no_points_first_trick=no_points)
    for game, hearts_break, moon, no_points in itertools.product(
        [Rules(), Rules(players=3), Rules(variant=Variant.OMNIBUS), Rules(players=7, variant=Variant.CANCELLATION)],
        HeartsBreak,
        MoonScoring,
        [True, False],
    )
]

SIX = Rules(players=6, variant=Variant.CANCELLATION)
# Six hands of Cancellation, with the leftover, whose first trick cancels.
FORCED_PILES = {
    "cancelled-first-trick": (["2C 3D", "2C 8D", "4D 9H", "5D 6H", "6D 7H", "7D 8H"], "QS 2H"),
    "cancelled-last-trick": (["2C", "2C", "3D", "4D", "5H", "6D"], "QS"),
}
# The classic games, and Cancellation with every count of players (a leftover of 2, 6, none, 5 and 4 cards).
EVERY_PILE = [Rules(), Rules(variant=Variant.OMNIBUS)] + [
    Rules(players=n, variant=Variant.CANCELLATION) for n in range(6, 11)
]


def rules_id(rules: Rules) -> str:
    points = "no-points-first" if rules.no_points_first_trick else "points-first"
    return f"{rules.variant}{rules.players}-{rules.hearts_break}-{rules.moon}-{points}"


def finish_like_the_fast_path(match: Match, record: list[tuple[int, int]], choice: MoonChoice | None = None) -> None:
    """Replay the fast path's plays through the engine (which refuses an illegal one) and score the hand.

    A moon the shooter chooses how to score is scored by ``choice``, or as the bots choose.
    """
    for seat, face in record:
        match.apply(Action.play(seat, face))
    if match.phase is Phase.MOON:
        shooter = match.current_seat
        match.apply(Action.moon(shooter, choice or moon_choice(observe(match, shooter))))


def winner_by_the_rules(plays: list[tuple[int, int]], cancellation: bool, last: bool) -> int | None:
    """RULES.md's trick winner, written out apart from the engine: the highest card of the suit led, leaving out
    (in Cancellation) every card that has a twin among them; when none is left, nobody (the cards wait on the
    pile), except on the last trick, which its leader takes."""
    led = suit_of(plays[0][1])
    led_faces = [face for _, face in plays if suit_of(face) == led]
    standing = [(face, seat) for seat, face in plays if face in led_faces]
    if cancellation:
        standing = [(face, seat) for face, seat in standing if led_faces.count(face) == 1]
    if standing:
        return max(standing)[1]
    return plays[0][0] if last else None


def check_tricks_by_the_rules(ended: Match, penalty: list[int], bonus: list[int]) -> int:
    """Every trick of the played hand ``ended`` went to the seat RULES.md names, with the pile (the leftover and
    cancelled tricks' cards, waiting for the next trick taken), and the fast path's ``penalty`` (hearts and Q♠)
    and ``bonus`` (the rest) are what each seat so took.  Returns how many tricks cancelled (the last one too)."""
    rules = ended.rules
    taken = [0] * rules.players
    pile, cancelled = ended.kitty, 0
    for number, trick in enumerate(ended.tricks):
        plays = [(seat, face_of(card)) for seat, card in trick.plays]
        winner = winner_by_the_rules(plays, rules.cancellation, last=number == len(ended.tricks) - 1)
        assert trick.winner == winner
        cancelled += winner_by_the_rules(plays, rules.cancellation, last=False) is None
        pile |= mask_of(card for _, card in trick.plays)
        if winner is not None:
            taken[winner] |= pile
            pile = 0
    assert pile == ended.pile == 0 and taken == ended.taken
    assert penalty == [rules.points(cards & HEARTS_AND_QUEENS) for cards in taken]
    assert bonus == [rules.points(cards & ~HEARTS_AND_QUEENS) for cards in taken]
    return cancelled


def check_playout_against_engine(rules: Rules, seed: int, plays_before: int, policy: RandomPolicy = RANDOM) -> None:
    match = random_state(rules, seed, plays_before)
    if match.phase is not Phase.PLAY or match.results:
        return
    check_playout_from(match, seed, policy)


def check_playout_from(match: Match, seed: int, policy: RandomPolicy = RANDOM) -> int:
    """The fast path plays the hand on from ``match``; the engine takes its plays (refusing an illegal one) and
    scores the hand alike, and both gave every trick where the rules say (:func:`check_tricks_by_the_rules`).
    Returns how many of the hand's tricks cancelled."""
    rules = match.rules
    totals = list(match.scores)
    table = PointTable(rules)
    record: list[tuple[int, int]] = []
    position = position_from_match(match).copy()
    penalty, bonus = play_out(position, table, random.Random(seed).random, record, policy)
    ended = copy.deepcopy(match)
    ended.stop_at_hand_end = True  # every trick kept, the hand not scored
    finish_like_the_fast_path(ended, record)
    finish_like_the_fast_path(match, record)
    result = match.results[-1]
    assert [p + b for p, b in zip(penalty, bonus, strict=True)] == list(result.taken)
    assert hand_score(rules, penalty, bonus, totals=totals) == list(result.added)
    return check_tricks_by_the_rules(ended, penalty, bonus)


# Hands of one trick to go, with the points already taken: a moon (or one queen short of it).
MOON_GAMES = {
    "classic": (Rules(), ["2C", "3C", "4C", "5C"], {1: ALL_POINTS}),
    "omnibus-shooter-keeps-minus-ten": (
        Rules(variant=Variant.OMNIBUS),
        ["2C", "3C", "4C", "5C"],
        {1: ALL_POINTS + " JD"},
    ),
    "omnibus-other-keeps-minus-ten": (
        Rules(variant=Variant.OMNIBUS),
        ["2C", "3C", "4C", "5C"],
        {1: ALL_POINTS, 2: "JD"},
    ),
    "cancellation": (
        Rules(players=6, variant=Variant.CANCELLATION),
        ["2C", "3C", "4C", "5C", "6C", "7C"],
        {1: f"{ALL_POINTS} {ALL_POINTS}"},
    ),
    "cancellation-one-queen-short": (
        Rules(players=6, variant=Variant.CANCELLATION),
        ["2C", "3C", "4C", "5C", "6C", "7C"],
        {1: f"{ALL_POINTS} {ALL_POINTS[:-3]}", 3: "QS"},
    ),
}


class HeartsFirst(RandomPolicy):
    """Leads a heart whenever it may and throws Q♠ whenever it can: tells when the fast path thinks hearts broken."""

    def lead(self, hand: Hand, hearts_ok: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        if hearts_ok and hand[HEARTS]:
            return hand[HEARTS].pop(0)
        return next(cards for cards in hand if cards).pop(0)  # hearts come last: not a heart unless hearts_ok

    def discard(self, hand: Hand, no_points: bool, queen_out: bool, stop_moon: bool, rnd: Random) -> int:
        clubs, diamonds, spades, _ = hand
        clean = clubs or diamonds or any(card != QUEEN_OF_SPADES for card in spades)
        if QUEEN_OF_SPADES in spades and not (no_points and clean):
            return spades.pop(spades.index(QUEEN_OF_SPADES))
        return super().discard(hand, no_points, queen_out, stop_moon, rnd)


class TestFastPathAgreesWithTheEngine:
    @pytest.mark.parametrize("policy", [RANDOM, GREEDY], ids=["random", "greedy"])
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_recorded_plays_are_legal_and_score_the_same(self, name, policy):
        for seed in range(25):
            check_playout_against_engine(PRESETS[name], seed, plays_before=seed % 17, policy=policy)

    @pytest.mark.parametrize("policy", [RANDOM, GREEDY], ids=["random", "greedy"])
    @pytest.mark.parametrize("rules", RULE_OPTIONS, ids=rules_id)
    def test_rule_options(self, rules, policy):
        for seed in range(25):
            check_playout_against_engine(rules, seed, plays_before=seed % 5, policy=policy)

    @pytest.mark.parametrize("rules", EVERY_PILE, ids=rules_id)
    def test_tricks_and_piles_go_where_the_rules_say_over_many_hands(self, rules):
        """Both paths give every trick, and the pile with it, to the same seat: the one RULES.md names."""
        for seed in range(80):
            check_playout_against_engine(rules, seed, plays_before=seed % 13, policy=(RANDOM, GREEDY)[seed % 2])

    @pytest.mark.parametrize("name", sorted(FORCED_PILES))
    def test_piles_in_hands_where_every_card_is_forced(self, name):
        """A cancelled trick's cards and the leftover wait for the next trick taken; a cancelled last trick goes
        to its leader (every card here is forced, so the fast path plays these very tricks)."""
        hands, leftover = FORCED_PILES[name]
        match = arranged(hands, SIX)
        match.kitty = match.pile = hand_mask(leftover, set())
        assert check_playout_from(match, 0) == 1

    @pytest.mark.parametrize("rules", RULE_OPTIONS, ids=rules_id)
    def test_hearts_break_alike(self, rules):
        """Leading a heart whenever the fast path allows it leads one exactly when the match allows it."""
        policy = HeartsFirst()
        for seed in range(20):
            match = random_state(rules, seed, plays=seed % 7)
            if match.phase is not Phase.PLAY or match.results:
                continue
            table = PointTable(rules)
            record: list[tuple[int, int]] = []
            play_out(position_from_match(match), table, random.Random(seed).random, record, policy)
            for seat, face in record:
                if not match.trick:
                    hand_has_hearts = any(suit_of(card) == HEARTS for card in match.hand_faces(seat))
                    may_lead_a_heart = any(suit_of(card) == HEARTS for card in match.legal_cards(seat))
                    assert (suit_of(face) == HEARTS) == may_lead_a_heart or not hand_has_hearts
                match.apply(Action.play(seat, face))

    def test_the_queen_breaks_hearts_only_under_heart_or_queen(self):
        for hearts_break, broken in [(HeartsBreak.HEART, False), (HeartsBreak.HEART_OR_QUEEN, True)]:
            rules = Rules(players=3, hearts_break=hearts_break)
            # Seat 1 throws Q♠ on seat 0's A♣ in the second trick; seat 0 then leads from 3♣ and 2♥.
            match = arranged(["2C AC 3C 2H", "4C QS 5D 6D", "5C 6C 7D 8D"], rules)
            match.apply(Action.play(0, parse_card("2C")))
            match.apply(Action.play(1, parse_card("4C")))
            match.apply(Action.play(2, parse_card("5C")))
            match.apply(Action.play(2, parse_card("6C")))
            match.apply(Action.play(0, parse_card("AC")))
            table = PointTable(rules)
            record: list[tuple[int, int]] = []
            play_out(position_from_match(match), table, random.Random(0).random, record, HeartsFirst())
            assert record[:2] == [(1, QUEEN_OF_SPADES), (0, parse_card("2H") if broken else parse_card("3C"))]
            match.apply(Action.play(1, QUEEN_OF_SPADES))
            assert match.hearts_broken is broken
            assert (parse_card("2H") in match.legal_cards(0)) is broken


class TestFastPathScoresLikeTheEngine:
    """The fast path's hand score is the engine's, for every moon option and choice, in every game."""

    @pytest.mark.parametrize("choice", [None, *MoonChoice], ids=["bots-choice", *MoonChoice])
    @pytest.mark.parametrize("moon", MoonScoring)
    @pytest.mark.parametrize("game", sorted(MOON_GAMES))
    @pytest.mark.parametrize("behind", [False, True], ids=["leading", "behind"])
    def test_moon_options(self, game, moon, choice, behind):
        base, hands, taken = MOON_GAMES[game]
        rules = base.replace(moon=moon)
        totals = [40 if behind and seat == 1 else 20 for seat in range(rules.players)]  # seat 1 shoots
        match = arranged(hands, rules, totals)
        used: set[int] = set()
        for seat, text in taken.items():
            match.taken[seat] = hand_mask(text, used)
        table = PointTable(rules)
        record: list[tuple[int, int]] = []
        penalty, bonus = play_out(position_from_match(match), table, random.Random(1).random, record)
        finish_like_the_fast_path(match, record, choice)
        result = match.results[-1]
        assert (result.shooter == 1) is not game.endswith("short")
        assert hand_score(rules, penalty, bonus, choice, totals) == list(result.added)


class TestRandomHands:
    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_points_add_up(self, name):
        rules = PRESETS[name]
        for added in random_hands(rules, 200, seed=3):
            total = sum(added)
            omnibus = -10 if rules.omnibus_face is not None else 0
            moon_total = rules.moon_points * (rules.players - 1) + omnibus
            assert total in (rules.moon_points + omnibus, moon_total)

    def test_random_deal_holds_the_whole_pack(self):
        rules = PRESETS["cancellation"].replace(players=7)
        table = PointTable(rules)
        position = random_deal(table, random.Random(1).random)
        faces = sorted(f for hand in position.hands for suit in hand for f in suit)
        assert len(faces) == rules.hand_size * 7
        assert all(sum(len(suit) for suit in hand) == 14 for hand in position.hands)

    def test_moon_scoring(self):
        rules = Rules()
        assert hand_score(rules, [0, 26, 0, 0], [0, 0, 0, 0]) == [26, 0, 26, 26]
        assert hand_score(rules, [5, 21, 0, 0], [0, 0, 0, 0]) == [5, 21, 0, 0]
        assert hand_score(rules.replace(moon=MoonScoring.SELF_MINUS), [0, 26, 0, 0], [0, 0, 0, 0]) == [0, -26, 0, 0]

    @pytest.mark.parametrize("moon", MoonScoring)
    def test_random_hands_score_moons_by_the_rules(self, moon):
        rules = Rules(players=3, moon=moon)
        moons = [added for added in random_hands(rules, 3000, seed=8) if sum(added) != rules.moon_points]
        assert moons  # random play sometimes shoots the moon
        expected = [-26, 0, 0] if moon is MoonScoring.SELF_MINUS else [0, 26, 26]  # the bots add when level
        assert all(sorted(added) == expected for added in moons)


class TestGreedyPolicy:
    """The playout player's habits, on suits kept in ascending order."""

    @staticmethod
    def hand(text: str) -> list[list[int]]:
        return split_by_suit(sorted(parse_cards(text)))

    def test_ducks_as_high_as_it_can(self):
        clubs = self.hand("3C 5C 9C")[0]
        assert GREEDY.follow(clubs, parse_card("8C"), 0, False, True, False, random.random) == parse_card("5C")
        assert clubs == parse_cards("3C 9C")

    def test_sheds_its_highest_card_last_or_on_a_pointless_trick_and_its_lowest_otherwise(self):
        assert GREEDY.follow(
            self.hand("9C JC")[0], parse_card("3C"), 0, True, True, False, random.random
        ) == parse_card("JC")
        assert GREEDY.follow(
            self.hand("9C JC")[0], parse_card("3C"), 1, False, True, False, random.random
        ) == parse_card("9C")
        spades = self.hand("KS AS QS")[2]
        assert GREEDY.follow(spades, parse_card("JS"), 0, True, True, False, random.random) == parse_card("AS")

    def test_flushes_the_queen_with_spades_below_her(self):
        hand = self.hand("2C 4S 9S")
        assert GREEDY.lead(hand, False, True, False, random.random) == parse_card("9S")

    def test_throws_the_queen_then_high_spades_then_high_hearts(self):
        hand = self.hand("QS AS 4H KH 2C")
        throws = [GREEDY.discard(hand, False, True, False, random.random) for _ in range(3)]
        assert throws == parse_cards("QS AS KH")

    def test_keeps_points_off_a_first_trick_that_forbids_them(self):
        hand = self.hand("QS AH 4D JS")
        assert GREEDY.discard(hand, True, True, False, random.random) == parse_card("JS")

    def test_stops_a_moon(self):
        assert GREEDY.lead(self.hand("2C 4H 9H"), True, True, True, random.random) == parse_card("9H")
        hearts = self.hand("2H 9H KH")[3]
        assert GREEDY.follow(hearts, parse_card("5H"), 1, False, True, True, random.random) == parse_card("9H")
        assert GREEDY.discard(self.hand("QS AH 4D JC"), False, True, True, random.random) == parse_card("JC")

    def test_amoon_threat_is_one_seat_holding_every_point(self):
        assert moon_threat([0, 9, 0, 0]) == 1
        assert moon_threat([0, 7, 0, 0]) == -1
        assert moon_threat([1, 9, 0, 0]) == -1
