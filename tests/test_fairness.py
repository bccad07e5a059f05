"""Fair play: a bot's decision, and a decision's review, depend only on what its seat may know.

For a fixed seed, re-dealing the other seats' hidden cards in any way that
agrees with the observation (hand sizes, shown voids, the cards this seat
passed) leaves the observation, and so every bot's decision, unchanged.
"""

import copy
import random

import pytest
from helpers import random_state

from pyapp.bots import BOTS, make_bot
from pyapp.bots.review import review_decision
from pyapp.bots.sampling import sample_hidden
from pyapp.engine.cards import FACES
from pyapp.engine.match import Match, Phase
from pyapp.engine.observation import observe
from pyapp.engine.rules import PRESETS

BOT_OPTIONS = {"hard": {"playouts": 120}, "expert": {"playouts": 120}}


def redeal_hidden(match: Match, seat: int, rng: random.Random) -> Match:
    """A copy of ``match`` whose other hands (and face-down cards) are re-dealt to agree with ``seat``'s view."""
    other = copy.deepcopy(match)
    hidden, kitty = sample_hidden(observe(match, seat), rng)
    used = {card for card in range(2 * FACES) if other.hands[seat] >> card & 1}
    for card_mask in [other.taken[s] for s in range(match.players)] + [other.pile & ~other.kitty]:
        used |= {card for card in range(2 * FACES) if card_mask >> card & 1}
    used |= {card for _, card in other.trick}

    def ids(faces: list[int]) -> int:
        mask = 0
        for face in faces:
            card = face if face not in used else face + FACES
            used.add(card)
            mask |= 1 << card
        return mask

    for s, faces in hidden.items():
        other.hands[s] = ids(faces)
    if match.kitty:
        new_kitty = ids(kitty)
        if other.pile & other.kitty:
            other.pile = (other.pile & ~other.kitty) | new_kitty
        other.kitty = new_kitty
    return other


@pytest.mark.parametrize("late", [False, True], ids=["early", "near-the-end"])
@pytest.mark.parametrize("name", ["classic", "omnibus", "5-players", "cancellation"])
def test_hidden_cards_never_change_a_decision(name, late):
    rules = PRESETS[name]
    # Early in the hand, or in its last tricks (where Expert solves each sampled deal).
    start = (rules.hand_size - 4) * rules.players if late else 0
    for seed in range(6):
        match = random_state(rules, seed, plays=start + random.Random(seed).randrange(0, 3 * rules.players))
        if match.phase is not Phase.PLAY:
            continue
        seat = match.current_seat
        view = observe(match, seat)
        redealt = [redeal_hidden(match, seat, random.Random(100 + attempt)) for attempt in range(3)]
        assert any(other.hands != match.hands for other in redealt), "the test must change hidden cards"
        for other in redealt:
            assert observe(other, seat) == view
            for level in BOTS:
                options = BOT_OPTIONS.get(level, {})
                first = make_bot(level, 42, **options).decide(view)
                second = make_bot(level, 42, **options).decide(observe(other, seat))
                assert first == second, (level, first, second)
            # The review of this decision (whatever the seat played) is as blind as the bots.
            made = (view.legal[-1],)
            assert review_decision(observe(other, seat), made, 42, 120) == review_decision(view, made, 42, 120)
