"""Test helpers: matches arranged with chosen hands, and random play."""

from __future__ import annotations

import random

from pyapp.engine.actions import Action
from pyapp.engine.cards import FACES, parse_cards
from pyapp.engine.match import Match, Phase
from pyapp.engine.rules import CARDS_PASSED, Rules


def hand_mask(text: str, used: set[int]) -> int:
    """The ids of the written faces; a face written twice (or already used) takes the second pack's copy."""
    mask = 0
    for face in parse_cards(text):
        card = face if face not in used else face + FACES
        assert card not in used, f"{text}: more than two copies"
        used.add(card)
        mask |= 1 << card
    return mask


def arranged(hands: list[str], rules: Rules | None = None, scores: list[int] | None = None) -> Match:
    """A match in its play phase with exactly these hands (written like ``"2C QS AH"``)."""
    rules = rules or Rules(players=len(hands))
    match = Match(rules, seed=1)
    used: set[int] = set()
    match.hands = [hand_mask(text, used) for text in hands]
    match.dealt = list(match.hands)
    match.kitty = match.pile = 0
    match.pass_offset = 0
    match.passes = [None] * rules.players
    if scores is not None:
        match.scores = list(scores)
    match._start_play()
    return match


def play(match: Match, *cards: str) -> None:
    """Play these cards in turn order."""
    for text in cards:
        seat = match.current_seat
        assert seat is not None
        (face,) = parse_cards(text)
        match.apply(Action.play(seat, face))


def random_action(match: Match, rng: random.Random) -> Action:
    """A random legal decision for the first seat to act."""
    seat = match.to_act[0]
    if match.phase is Phase.PASS:
        return Action.pass_cards(seat, rng.sample(match.hand_faces(seat), CARDS_PASSED))
    return rng.choice(list(match.legal_actions(seat)))


def play_randomly(match: Match, rng: random.Random, until_hands: int = 1) -> None:
    """Random legal play until ``until_hands`` hands are scored or the match is over."""
    while len(match.results) < until_hands and match.phase is not Phase.OVER:
        match.apply(random_action(match, rng))


def random_state(rules: Rules, seed: int, plays: int) -> Match:
    """A match after random passes and ``plays`` random cards (both from ``seed``)."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    while match.phase is Phase.PASS:
        match.apply(random_action(match, rng))
    for _ in range(plays):
        match.apply(random_action(match, rng))
    return match
