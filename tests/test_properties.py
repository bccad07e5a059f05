"""Property tests: random deals and random legal play, for every preset and player count."""

import json
import random
from collections import Counter
from contextlib import suppress

from helpers import random_action
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.engine import save
from pyapp.engine.cards import card_text, cards_in, face_of, parse_card
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import PRESETS, Rules, Variant

RULE_SETS = [*PRESETS.values(), *(Rules(players=n, variant=Variant.CANCELLATION) for n in (6, 7, 9, 10))]
PROPERTY_SETTINGS = settings(max_examples=30, deadline=None)


def check_pack_conserved(match: Match) -> None:
    parts = [*match.hands, *match.taken, match.pile, *(1 << card for _, card in match.trick)]
    assert sum(part.bit_count() for part in parts) == match.rules.deck_size
    union = 0
    for part in parts:
        union |= part
    assert union == match.rules.deck


def cards_named(data: object) -> Counter[int]:
    """Every card named anywhere in JSON data, counted."""
    found: Counter[int] = Counter()
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        for item in data:
            found += cards_named(item)
    elif isinstance(data, str) and len(data) in (2, 3):
        with suppress(ValueError):
            found[parse_card(data)] += 1
    return found


def check_observations_hide_other_hands(match: Match) -> None:
    for seat in range(match.players):
        view = observe(match, seat)
        data = view.to_dict()
        # Not counted: option values such as "JD"; subsets of the hand; the last finished trick, which
        # repeats a trick already shown (or the previous hand's, all of whose cards were played openly);
        # the card that must open the hand (a rule: the lowest club dealt, which everybody is told).
        for key in ("rules", "legal", "received", "last_trick", "first_lead"):
            del data[key]
        named = cards_named(data)
        allowed = Counter(view.hand) + Counter(view.played()) + Counter(view.passed)
        assert not named - allowed, (seat, [card_text(f) for f in named - allowed])
        if match.rules.packs == 1:
            seen = set(named) - set(view.hand)
            for other in range(match.players):
                if other != seat:
                    leaked = seen & {face_of(card) for card in cards_in(match.hands[other])}
                    assert leaked <= set(view.passed), (seat, other, [card_text(f) for f in leaked])


def play_one_hand_checking(rules: Rules, seed: int, rng: random.Random, heavy: bool) -> None:
    match = Match(rules, seed)
    while not match.results:
        check_pack_conserved(match)
        for seat in match.to_act:
            assert any(True for _ in match.legal_actions(seat)), "a seat to act has no legal move"
        if heavy:
            check_observations_hide_other_hands(match)
            assert save.loads(save.dumps(match)).snapshot() == match.snapshot()
        action = random_action(match, rng)
        before = match.snapshot()
        match.apply(action)
        if heavy:
            after = match.snapshot()
            match.pop()
            assert match.snapshot() == before
            match.apply(action)
            assert match.snapshot() == after
    result = match.results[0]
    omnibus = -10 if rules.omnibus_face is not None else 0
    assert sum(result.taken) == rules.moon_points + omnibus
    expected_added = rules.moon_points * (rules.players - 1) if result.shooter is not None else rules.moon_points
    assert sum(result.added) == expected_added + omnibus
    assert match.phase in (Phase.PASS, Phase.PLAY, Phase.OVER)
    json.dumps(observe(match, 0).to_dict())


@PROPERTY_SETTINGS
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**31 - 1), rng=st.randoms(use_true_random=False))
def test_random_hand_keeps_every_invariant(rules, seed, rng):
    play_one_hand_checking(rules, seed, rng, heavy=True)


@settings(max_examples=100, deadline=None)
@given(rules=st.sampled_from(RULE_SETS), seed=st.integers(0, 2**31 - 1), rng=st.randoms(use_true_random=False))
def test_random_hands_conserve_the_pack_and_points(rules, seed, rng):
    play_one_hand_checking(rules, seed, rng, heavy=False)
