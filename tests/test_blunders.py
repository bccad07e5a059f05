"""The blunder suite: constructed positions with one clearly right card (or a few equally right ones).

Each case is a position from the blunders players complain about in Hearts
programs (not stopping a moon, taking Q♠ when a duck was there, not dropping
her on A♠/K♠, leading into a shown void, keeping the wrong card when void,
wasting low cards, end-of-hand plays) and from the rules' corners (3 to 8
players, Omnibus, Cancellation, no points on the first trick, hearts not
broken, Q♠ breaking hearts, the moon).  A position is written as the cards
each seat still holds (``left``), the finished tricks (each in play order,
the first card led by the seat that took the trick before, or by the
opening leader) and the trick in progress (``now``); the full deal follows
from them, so the history is the real one (voids shown, hearts broken,
points taken) and every card of the pack is dealt once.

Every level plays each position with seeds 1, 2 and 3, and a case counts as
found only when every seed plays a right card.  Expert must find every case
(a test per case); Hard and Medium are counted (at least :data:`HARD_MIN`
and :data:`MEDIUM_MIN`).  Where a position is late enough, the right card
was checked by solving every deal of the unseen cards that fits what the
seat has seen.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest
from helpers import arranged, play

from pyapp.bots import ExpertBot, HardBot, MediumBot
from pyapp.engine.cards import card_text, cards_in, face_of, parse_cards
from pyapp.engine.match import Match
from pyapp.engine.observation import observe
from pyapp.engine.rules import Rules, Variant
from pyapp.engine.tricks import trick_winner

REST = "*"
SEEDS = (1, 2, 3)
PLAYOUTS = 1000


@dataclass(frozen=True)
class Case:
    """A position: the deal, the cards played so far, and the right card(s) for the seat to play."""

    name: str
    why: str  # one line: what the right card does and what the blunder costs
    rules: Rules
    hands: tuple[str, ...]  # the whole deal, a seat's cards as text
    played: tuple[str, ...]  # every card played so far, in order
    seat: int  # the seat to play
    right: tuple[str, ...]
    scores: tuple[int, ...] | None = None

    def match(self) -> Match:
        """The match at the position (its history played through the engine, so every card is legal)."""
        match = arranged(list(self.hands), self.rules, list(self.scores) if self.scores else None)
        play(match, *self.played)
        assert match.current_seat == self.seat, f"{self.name}: seat {match.current_seat} is to play"
        return match


def position(
    name: str,
    why: str,
    right: str,
    *,
    left: list[str],
    tricks: tuple[str, ...] | list[str] = (),
    now: str = "",
    lead: int = 0,
    rules: Rules | None = None,
    scores: tuple[int, ...] | None = None,
) -> Case:
    """A case from what each seat still holds (``left``; :data:`REST`: the cards not written elsewhere, in
    order, as many as the seat is short), the finished ``tricks`` and the trick ``now`` in progress, each
    written in play order; ``lead`` is the seat that leads the first trick."""
    rules = rules or Rules(players=len(left))
    n = rules.players
    assert len(left) == n, name
    dealt: list[list[int]] = [list(parse_cards(text)) if text != REST else [] for text in left]
    played: list[str] = []
    leader = lead
    for text in [*tricks, now]:
        faces = parse_cards(text)
        plays = [((leader + i) % n, face) for i, face in enumerate(faces)]
        for seat, face in plays:
            dealt[seat].append(face)
        played += text.split()
        if len(faces) == n:
            winner = trick_winner(plays, rules.cancellation, last=False)
            leader = leader if winner is None else winner
        else:
            assert text == now, f"{name}: a finished trick of {len(faces)} cards"
    deck = Counter(face_of(card) for card in cards_in(rules.deck))
    rest = sorted((deck - Counter(face for faces in dealt for face in faces)).elements())
    for seat in (seat for seat, text in enumerate(left) if text == REST):  # the cards nobody else holds, in order
        room = rules.hand_size - len(dealt[seat])
        dealt[seat] += rest[:room]
        rest = rest[room:]
    for seat, faces in enumerate(dealt):
        assert len(faces) == rules.hand_size, f"{name}: seat {seat} is dealt {len(faces)} cards"
    dealt_faces = Counter(face for faces in dealt for face in faces)
    assert dealt_faces == deck, f"{name}: {sorted(map(card_text, (dealt_faces - deck).elements()))} dealt too often"
    hands = tuple(" ".join(card_text(face) for face in sorted(faces)) for faces in dealt)
    seat = (leader + len(now.split())) % n
    return Case(name, why, rules, hands, tuple(played), seat, tuple(right.split()), scores)


OMNIBUS = Rules(variant=Variant.OMNIBUS)
CANCELLATION = Rules(players=8, variant=Variant.CANCELLATION)

CASES: list[Case] = [
    # Stopping a moon -------------------------------------------------------------------------------
    position(
        "moon_take_the_heart_now",
        "Seat 3 holds all 20 points, K♥ Q♥ are out: J♥ wins this heart trick and stops the moon for 3 points",
        "JH",
        left=["JH 2H 3D 4D", "TD 8D 7D", "6S TS JS", "KD QH KH"],
        tricks=[
            "2C 5C 8C AC",
            "KC 3C 6C 9C",
            "QC 4C 7C TC",
            "AS 2S QS 7S",
            "AD 9D QD 9H",
            "KS 4S 6H 8S",
            "AH 4H 5H 8H",
            "JC 6D 3H 3S",
            "5D 2D JD 5S",
        ],
        now="7H 9S TH",
    ),
    position(
        "moon_keep_the_last_heart",
        "Seat 3 has Q♠ and twelve hearts: 2♥ thrown on its J♠ completes the moon (+26); kept, it may fall elsewhere",
        "5D",
        left=["2H 5D", "8S QD", "5S 4S", "3D"],
        tricks=[
            "2C 4C 6C AC",
            "KC 3C 5C 7C",
            "QC AH QS 7H",
            "JC KH 6H 5H",
            "TC QH 4H 3H",
            "9C JH 2D 2S",
            "8C TH 6D 3S",
            "AD 9D JD TD",
            "KD 8D 7D 4D",
            "AS 9H TS 7S",
            "KS 8H 9S 6S",
        ],
        now="JS",
    ),
    position(
        "moon_finish_your_own",
        "Seat 0 holds all 23 points: 9♥ takes 5♥ and 2♥ then takes the last trick, a moon (0, the others +26)",
        "9H",
        left=["9H 2H", "2D", "JS", "TS"],
        tricks=[
            "2C 4C 6C AC",
            "KC 3C 5C 7C",
            "QC AH 8C 9C",
            "JC KH QS QH",
            "TC TH JH 8H",
            "AD JD 7H 9D",
            "KD TD 6H 8D",
            "QD 5D 4H 7D",
            "AS 3H 3S 2S",
            "KS 6D 5S 4S",
            "3D 4D 7S 6S",
        ],
        now="5H 9S 8S",
        lead=1,
    ),
    position(
        "moon_take_the_queen_to_stop_it",
        "Seat 3 has all 13 hearts: letting its K♠ take Q♠ is a moon (+26); A♠ takes her for 13",
        "AS",
        left=["AS 3S 4S", "TS KD", "JC QC", "3C 4D"],
        tricks=[
            "2C 5C 6C AC",
            "KC 4C 4H 7C",
            "AH 2H 5H 6H",
            "KH 3H 6S 7H",
            "QH 5D 7S 2S",
            "JH 6D 8S JS",
            "TH 7D 9S 8C",
            "9H 8D JD 9C",
            "8H 9D QD TC",
            "2D TD AD 3D",
        ],
        now="5S QS KS",
    ),
    # Q♠: ducking her, dropping her, keeping clear of her -------------------------------------------
    position(
        "second_hand_low_under_the_queen",
        "Q♠ is out and 8♠ is led: a low spade ducks; A♠ invites Q♠ from anyone behind",
        "5S 4S",
        left=[
            "4C 7C 3D 6D 8D KD 2S 6S 9S 2H 5H 9H",
            "AC JC 4D 7D TD 3S 7S TS 4H 6H JH",
            "AS 5S 4S 3C 6C 2D 5D 9D JD 3H 7H TH",
            REST,
        ],
        tricks=["2C KC 5C 9C"],
        now="8S",
    ),
    position(
        "duck_under_the_queen_on_the_table",
        "Q♠ is winning the trick: T♠ ducks under her, A♠ or K♠ takes 13",
        "TS",
        left=[
            "AS KS TS 3C 5C 2D 4D 6D 8D 2H 4H 6H",
            REST,
            "AC KC QC 9S 7S 3S 9D TD JD 3H 5H",
            "6C 7C 3D 5D 7D QD KD AD 7H 8H 9H",
        ],
        tricks=["2C 8C JC 4C"],
        now="8S QS",
    ),
    position(
        "drop_the_queen_on_the_ace",
        "A♠ is led: Q♠ under it goes to the leader and can never come back to us",
        "QS",
        left=[REST, REST, "KC QC 8C KD QD JD KS 9S 5H 7H 9H", "QS 7S 2S 3C 4C 6C 3D 5D 7D 2H 3H 4H"],
        tricks=["2C 5C 9C AC"],
        now="AS",
        lead=3,
    ),
    position(
        "drop_the_queen_on_the_king",
        "A♠ is gone and K♠ wins this spade trick: Q♠ goes to it, 9♠ keeps her in hand",
        "QS",
        left=["4C 9C QC 3D 6D 9D 3H 5H 8H TH", "QS 9S 3C 7C TC 2D 5D 8D JD 2H 6H", REST, REST],
        tricks=["2C 6C KC 8C", "3S AS 5S 4S"],
        now="6S KS",
    ),
    position(
        "void_dump_the_bare_ace_of_spades",
        "Void in diamonds with Q♠ out: the bare A♠ is the card that catches her, throw it now",
        "AS",
        left=["4C 5C 2D 3D 8D TD 2S 3S 4S 9H TH", "6C 9C JC QC KC AS 2H 3H 4H 5H 6H 7H", REST, REST],
        tricks=["2C 3C 8C AC"],
        now="5D 7D",
    ),
    position(
        "void_dump_the_ace_of_hearts",
        "Q♠ has gone, the points are shared; void in diamonds with A♥ 2♥: throw A♥, sure to take a heart trick later",
        "AH",
        left=["3C 6C 7C 2S 4S 5S 6S 7S AH 2H", "2D 4D 7D TD JS 9S 6H 7H 8H 9H", REST, REST],
        tricks=["2C 5C KC 8C", "AS QS 3S 8S", "9C QC 4C 5H"],
        now="6D",
    ),
    # Leading ---------------------------------------------------------------------------------------
    position(
        "lead_away_from_the_shown_void",
        "Seat 2 threw a club on diamonds: A♦ or 7♦ would win and let it throw Q♠ or hearts; a low spade is safe",
        "2S 3S",
        left=[
            REST,
            "AD 7D 2S 3S 2H 4H 6H 8H TH QH",
            "TC QS JS 9S 7S 5H 7H 9H JH KH",
            "TD 5D 4D 3D 2D KS TS 8S 3H 5S",
        ],
        tricks=["2C AC 3C 4C", "9D 5C JD QD", "6C KC 8C 7C"],
    ),
    position(
        "only_hearts_and_the_queen_lead_a_heart",
        "Hearts are unbroken but the hand is Q♠ and hearts, so a heart may be led; Q♠, the last spade, led takes 13",
        "2H 3H 4H 5H 6H",
        left=["QS 2H 3H 4H 5H 6H", REST, REST, REST],
        tricks=[
            "2C 3C KC 4C",
            "6C 7C 5C 8C",
            "2D 4D 5D 3D",
            "6D 7D 8D 9D",
            "2S 5S 3S 6S",
            "7S 8S 9S 4S",
            "TS AS JS KS",
        ],
    ),
    position(
        "five_players_dont_lead_the_king_of_spades",
        "5 players, Q♠ out: K♠ led lets her holder drop her on it; 4♣, 3♦ and 4♦ are the lowest of their suits",
        "4C 3D 4D",
        left=["4C KS 3D 4D 2H 3H 4H 6H 8H", REST, REST, REST, REST],
        tricks=["3C 5C 6C 8C AC"],
        lead=1,
        rules=Rules(players=5),
    ),
    position(
        "queen_breaks_hearts_lead_a_heart",
        "Hearts break on Q♠ too (option): 2♥ or 3♥ may be led and lose; A♦ or K♣ led wins and collects hearts",
        "2H 3H",
        left=["KC AD 2H 3H", "8S 4H 5H 6H", "7H 8H 9H TH", "JH QH KH AH"],
        tricks=[
            "2C 3C 7C AC",
            "QC 5C 4C 8C",
            "JC 9C 6C TC",
            "7D 2D 3D KD",
            "QD 8D 5D 4D",
            "JD TD 9D 6D",
            "7S KS 2S 3S",
            "9S 5S 4S TS",
            "QS JS AS 6S",
        ],
        rules=Rules(hearts_break="heart_or_queen"),
    ),
    # Ducking and taking ----------------------------------------------------------------------------
    position(
        "last_to_a_clean_trick_takes_it_high",
        "Last to a trick without points: K♦ takes it for nothing and sheds a card that could take hearts later",
        "KD",
        left=[REST, REST, "KD 4D 3C 6C 9C 2S 5S 7S 2H 5H 8H JH", REST],
        tricks=["2C 5C 8C AC"],
        now="6D 9D 7D",
    ),
    position(
        "duck_the_heart_trick_high",
        "J♥ wins three hearts: T♥ ducks under it and keeps 3♥ for later; Q♥ takes four points",
        "TH",
        left=[REST, "QH TH 3H 3C 7C JC QC 2S 5S 8S JS", REST, REST],
        tricks=["2C 9C 5C AC", "4D 6D 2H KD"],
        now="9H JH 4H",
    ),
    # The first trick -------------------------------------------------------------------------------
    position(
        "first_trick_take_it_with_the_ace",
        "Nothing can score on the first trick: last to play, A♣ takes it for free",
        "AC",
        left=["AC 8C 4C 2D 5D 7D 3S 6S 8S 2H 4H 6H 8H", REST, REST, REST],
        now="2C 5C 9C",
        lead=1,
    ),
    position(
        "first_trick_throw_the_bare_king_of_spades",
        "Void in clubs on the first trick (no points allowed): throw the bare K♠ that would catch Q♠",
        "KS",
        left=[REST, REST, REST, "KS AD 9D 6D 3D 2D 2H 3H 4H 5H 6H 7H 8H"],
        now="2C 6C 9C",
    ),
    # Omnibus: J♦ scores -10 -----------------------------------------------------------------------
    position(
        "omnibus_overtake_the_jack",
        "Omnibus: last to a clean diamond trick with J♦ on it: Q♦ takes it for -10",
        "QD",
        left=[REST, "QD 4D 3C 7C 9C 2S 5S 8S 2H 4H 6H 9H", REST, REST],
        tricks=["2C 6C KC 4C"],
        now="5D JD 3D",
        rules=OMNIBUS,
    ),
    position(
        "omnibus_jack_with_a_heart",
        "Omnibus: J♦ and 2♥ on the trick, last to play: K♦ takes -10 + 1 = -9",
        "KD",
        left=["4C 5C 9C TC 3S 6S 9S JS 5H 7H 9H", "KD 3D 6C 7C JC 2S 4S 7S 3H 4H 6H 8H", REST, REST],
        tricks=["2C 8C AC 3C"],
        now="8D JD 2H",
        rules=OMNIBUS,
    ),
    position(
        "omnibus_jack_and_queen_duck",
        "Omnibus: J♦ and Q♠ on the trick: A♦ takes 13 - 10 = +3, 2♦ ducks for nothing",
        "2D",
        left=[REST, "3C 5C 6C 7C 8C 2S 3S 4S 2H 3H 4H", "AD 2D TC JC 5S 6S 7S 8S 5H 6H 7H 8H", REST],
        tricks=["2C 9C 4C KC"],
        now="9D JD QS",
        rules=OMNIBUS,
    ),
    position(
        "omnibus_win_with_your_own_jack",
        "Omnibus: last to a clean diamond trick: J♦ wins it and scores -10 for us; 5♦ leaves her in danger",
        "JD",
        left=[REST, REST, "JD 5D 3C 6C 9C 2S 5S 7S 2H 5H 8H TH", REST],
        tricks=["2C 5C 8C AC"],
        now="9D 4D 2D",
        rules=OMNIBUS,
    ),
    position(
        "omnibus_first_trick_keep_the_jack",
        "Omnibus: J♦ is no penalty card and may go on the first trick, but that gives -10 away; throw the bare A♠",
        "AS",
        left=[REST, REST, REST, "AS JD 8D 4D 2D 2H 3H 4H 5H 6H 7H 8H 9H"],
        now="2C 6C 9C",
        rules=OMNIBUS,
    ),
    # Cancellation: two packs, identical cards of the suit led cancel --------------------------------
    position(
        "cancellation_twin_kings_cancel",
        "Cancellation: the two K♦ cancel, so Q♦ would win Q♠ and 9♥; 3♦ stays under the 7♦ led",
        "3D",
        left=[
            REST,
            REST,
            "9C TC 5S 6S 7S 8S 9S 6H 7H 8H 9H",
            REST,
            "JC QC KC JS TS AS KH QH JH AH 2S",
            REST,
            "QD 3D 9C TC JC 2S 3S 4S 2H 3H 4H 5H",
            REST,
        ],
        tricks=["2C 3C 4C 5C 6C 7C 8C AC"],
        now="7D KD KD QS 5D 9H 4D",
        rules=CANCELLATION,
    ),
    position(
        "cancellation_the_pile_waits",
        "Cancellation: every spade cancelled, so both Q♠ and two hearts (28) go with this trick: 2♦ ducks it",
        "2D",
        left=[
            REST,
            REST,
            REST,
            REST,
            REST,
            "KD QD JD TD 8H 9H TH JH QH KH",
            "AD 2D 9C TC JC KC QC 4H 5H 6H 7H",
            REST,
        ],
        tricks=["2C 3C 4C 5C 6C 7C 8C AC", "9S 9S QS QS TS TS 2H 3H"],
        now="5D 9D 6D 8D 7D 4D 3D",
        rules=CANCELLATION,
    ),
    # Other player counts ---------------------------------------------------------------------------
    position(
        "three_players_keep_the_queen_from_the_moon",
        "3 players: seat 1 has all 13 hearts; Q♠ thrown on its Q♦ is a moon (+26), K♠ keeps her for its losing 3♦",
        "KS",
        left=["TD JD", "3D", "KS QS"],
        tricks=[
            "2C AC 3C",
            "KC 5C 4C",
            "QC 7C 6C",
            "JC 2H 8C",
            "TC 4S 2S",
            "9C 5S 3S",
            "AH 3H 7H",
            "KH 4H 6H",
            "QH 6S 5H",
            "JH 7S 4D",
            "TH 8S 5D",
            "9H 9S 6D",
            "8H TS 7D",
            "AD JS 8D",
            "KD AS 9D",
        ],
        now="QD",
        rules=Rules(players=3),
    ),
    position(
        "five_players_first_trick_ace",
        "5 players (2♣ out, 3♣ leads): last to the first trick, A♣ takes it for free",
        "AC",
        left=["AC 9C 5C 3D 6D 9D 4S 7S 3H 6H", REST, REST, REST, REST],
        now="3C 6C 8C TC",
        lead=1,
        rules=Rules(players=5),
    ),
    position(
        "six_players_void_dump_the_queen",
        "6 players: void in diamonds, Q♠ goes first (before A♥)",
        "QS",
        left=[REST, REST, "8C TC QS 3S AH 6H 2H", REST, REST, REST],
        tricks=["2C 5C 7C 9C JC AC"],
        now="4D 8D TD",
        rules=Rules(players=6),
    ),
    position(
        "seven_players_lead_away_from_the_void",
        "7 players: seat 3 showed a club void; K♣/Q♣ would win and let it throw points, a low spade is safe",
        "2S 3S 4S",
        left=[REST, REST, REST, "TD JD QD 5S 6S 7S", REST, "KC QC 2S 3S 4S 7H", REST],
        tricks=["2C 4C 6C 9D 8C AC 5C"],
        rules=Rules(players=7),
    ),
    # End of the hand -------------------------------------------------------------------------------
    position(
        "endgame_smoke_out_the_bare_queen",
        "Q♠ is the only spade out: 2♠ makes her holder play her and take her; A♠ or 9♦ (a sure winner) takes her",
        "2S",
        left=["AS 2S 9D", "8H 9H TH", "QS 5H 6H", "2H 3H 4H"],
        tricks=[
            "2C 3C 8C 7C",
            "TC 4C 5C KC",
            "AC 6C JC 9C",
            "QC 5S 7S KH",
            "2D 3D 4D AD",
            "KD 8D 7D 5D",
            "QD JD TD 6D",
            "3S KS 8S TS",
            "6S 9S JS 4S",
            "7H AH JH QH",
        ],
    ),
    position(
        "endgame_throw_the_king_keep_the_low_spade",
        "Void in clubs with Q♠ and 3♠ out: throw K♠ now; with 4♠ and 2♥ left no trick can give us Q♠",
        "KS",
        left=["KS 4S 2H", "QS 3S 6H", "7H 8H", "9H TH"],
        tricks=[
            "2C 3C 4C AC",
            "KC 5C 6C QC",
            "7C 9C KH 8C",
            "3D 4D AD 5D",
            "KD 8D 6D 7D",
            "QD JD 9D TD",
            "2D JS 5H QH",
            "2S 9S 5S 7S",
            "TS 6S 8S AS",
            "AH 3H 4H JH",
        ],
        now="JC TC",
        lead=0,
    ),
    position(
        "endgame_give_the_lead_away",
        "Nobody else holds a club or a diamond: 2♥ loses and A♦ K♣ are then thrown away; A♦ or K♣ led collects hearts",
        "2H",
        left=["KC AD 2H", "QS 5H 9H", "3H 6H TH", "4H 7H JH"],
        tricks=[
            "2C 3C 7C AC",
            "QC 5C 4C 8C",
            "JC 9C 6C TC",
            "KD 2D 3D 7D",
            "QD 5D 4D 8D",
            "JD 9D 6D TD",
            "8S 2S 3S 7S",
            "TS 5S 4S KS",
            "AS JS 9S 6S",
            "8H KH AH QH",
        ],
    ),
]

# The levels, each a bot for a seed.
LEVELS = {
    "medium": lambda seed: MediumBot(seed),
    "hard": lambda seed: HardBot(seed, budget_ms=None, playouts=PLAYOUTS),
    "expert": lambda seed: ExpertBot(seed, budget_ms=None, playouts=PLAYOUTS),
}
HARD_MIN = len(CASES) - 3  # Hard may miss at most three
MEDIUM_MIN = 24  # measured (of 32): Medium misses the free tricks, J♦, the cancelled kings and giving the lead away


def choices(level: str, case: Case) -> list[str]:
    """The card the level plays in the case's position, for each seed."""
    observation = observe(case.match(), case.seat)
    return [card_text(LEVELS[level](seed).choose_play(observation)) for seed in SEEDS]


def wrong(level: str) -> dict[str, list[str]]:
    """The cases the level gets wrong for some seed, with its cards (seeds 1, 2, 3)."""
    found = {}
    for case in CASES:
        cards = choices(level, case)
        if not set(cards) <= set(case.right):
            found[case.name] = cards
    return found


class TestPositions:
    def test_every_position_is_a_real_one_with_legal_right_cards(self):
        names = [case.name for case in CASES]
        assert len(CASES) >= 32 and len(set(names)) == len(names)
        for case in CASES:
            observation = observe(case.match(), case.seat)
            legal = {card_text(face) for face in observation.legal}
            assert set(case.right) <= legal and set(case.right) != legal, case.name

    def test_the_rules_corners_are_all_here(self):
        players = {case.rules.players for case in CASES}
        variants = {case.rules.variant for case in CASES}
        assert {3, 4, 5, 6, 7, 8} <= players and set(Variant) <= variants


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_expert_finds_the_right_card(case):
    cards = choices("expert", case)
    assert set(cards) <= set(case.right), f"{case.why}: Expert played {cards} (seeds {SEEDS}), right: {case.right}"


def test_hard_finds_nearly_every_right_card():
    missed = wrong("hard")
    assert len(CASES) - len(missed) >= HARD_MIN, missed


def test_medium_finds_its_share():
    missed = wrong("medium")
    assert len(CASES) - len(missed) >= MEDIUM_MIN, missed
