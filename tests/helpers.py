"""Test helpers: matches arranged with chosen hands, random play, and the page's engine in-process."""

from __future__ import annotations

import json
import random

from pyapp.engine.actions import Action
from pyapp.engine.cards import FACES, parse_cards
from pyapp.engine.match import Match, Phase
from pyapp.engine.rules import CARDS_PASSED, Rules
from pyapp.host.game import Host
from pyapp.host.reviews import run_job
from pyapp.page.storage import MemoryStore, Storage, read_saved_game
from pyapp.shared import protocol

# Seat 3 takes the first trick with AC and leads 9S; seat 0 holds KS and 4S, and seat 1's only spade is QS.
QUEEN_BEHIND = [
    "2C KS 4S 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
    "3C QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "4C 5C 6C 7C 8C 9C TC JC QC KC KH AH QD",
    "AC 9S 2S 3S 5S 6S 7S 8S TS JS AS KD AD",
]

QUICK_REVIEW = 20  # a decision's playouts in a review whose test is where it goes, not what it finds


def unchecked(intent: object, **arguments: object) -> str:
    """An intent's message as a page of another build (or not ours) might send it: not read with the
    contract's kinds (:func:`pyapp.shared.protocol.read_intent`), which the page's own messages are."""
    return json.dumps({**arguments, "intent": intent, "version": protocol.VERSION})


def unchecked_friend(intent: object, number: object, **arguments: object) -> str:
    """A friend's message as a device of another build (or not ours) might send it: not read with the
    contract's kinds (:func:`pyapp.shared.protocol.read_friend_intent`), which a friend's page's are."""
    return json.dumps({**arguments, "intent": intent, "version": protocol.FRIENDS_VERSION, "n": number})


def quick_review(job: str) -> str:
    """The answer a thinker gives to the review ``job``, on :data:`QUICK_REVIEW` playouts a decision."""
    return run_job(dict(json.loads(job), playouts=QUICK_REVIEW))


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


class Engine:
    """The page's engine in-process: intents in, protocol answers out, storage writes kept in ``store``."""

    def __init__(self, **settings: object) -> None:
        self.host = Host()
        self.store: dict[str, str] = {}
        self.sent: list[int] = []  # the length of every answer, in characters
        self.written: list[int] = []  # the characters written to storage by every answer
        if settings:
            self.send(protocol.CONFIGURE, settings=settings)

    def send(self, intent: str, **arguments: object) -> protocol.Answer:
        """The host's answer to an intent (its writes carried out)."""
        text = self.host.handle(protocol.message(intent, **arguments))
        self.sent.append(len(text))
        answer = protocol.read_answer(text)
        self.written.append(sum(len(value or "") for _, value in answer.writes))
        for key, value in answer.writes:
            if value is None:
                self.store.pop(key, None)
            else:
                self.store[key] = value
        return answer

    def send_unchecked(self, intent: str, **arguments: object) -> protocol.Answer:
        """The host's answer to an intent whose arguments the contract does not take (:func:`unchecked`)."""
        return protocol.read_answer(self.host.handle(unchecked(intent, **arguments)))

    def start(self, seats: list, seed: int, **rules: object) -> protocol.Answer:
        """A new game."""
        return self.send(protocol.START, options={"rules": rules, "seats": seats, "seed": seed})

    def saved(self) -> dict:
        """The stored game as the page's LOAD sends it."""
        storage = Storage(MemoryStore())
        for key, value in self.store.items():
            storage.set(key, value)
        return read_saved_game(storage)

    def step(self, answer: protocol.Answer, rng: random.Random | None = None) -> protocol.Answer:
        """Do what a person (and the page's timer) would do next: pass the first three, play a legal card, …"""
        view = answer.view
        if view.step == protocol.STEP_PASS:
            return self.send(protocol.PASS, seat=view.seat, cards=view.hand[:3])
        if view.step == protocol.STEP_PLAY and view.after_ms is None:
            card = rng.choice(view.legal) if rng else view.legal[0]
            return self.send(protocol.PLAY, seat=view.seat, card=card)
        if view.step == protocol.STEP_COLLECT:
            return self.send(protocol.COLLECT)
        if view.step == protocol.STEP_SUMMARY:
            return self.send(protocol.READ_ON)
        if view.step == protocol.STEP_MOON:
            return self.send(protocol.MOON, seat=view.seat, choice="add_to_others")
        if view.step == protocol.STEP_HANDOFF:
            return self.send(protocol.TAKE_DEVICE)
        assert view.after_ms is not None, f"stuck at {view.step}"
        return self.send(protocol.CONTINUE, turn=view.turn)

    def play_until(self, answer: protocol.Answer, done, rng: random.Random | None = None) -> protocol.Answer:
        """Take steps until ``done(answer)``."""
        for _ in range(5000):
            if done(answer):
                return answer
            answer = self.step(answer, rng)
            assert answer.ok, answer.refusal.code or answer.refusal.text
        raise AssertionError("never done")
