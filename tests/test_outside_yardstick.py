"""The outside yardstick's bridge: OpenSpiel's Hearts follows our match card by card on any deal."""

import pytest

from tools.outside_yardstick import play_deal, play_hand

pyspiel = pytest.importorskip("pyspiel")


@pytest.mark.parametrize("deal_seed", [1, 2, 3])
def test_a_hand_is_played_in_lockstep_with_openspiel(deal_seed):
    """Medium in each seat against three IS-MCTS bots: passes and every card agree with both rulebooks,
    and the hand's 26 points are all scored (or a moon's 78)."""
    for seat in range(4):
        hand = play_hand("medium", seat, deal_seed, {}, simulations=20)
        assert sum(hand["points"]) in (26, 78)
        assert len(hand["times"]["ours"]) == 13
        assert len(hand["times"]["outside"]) == 39


def test_a_deal_gives_every_figure():
    deal = play_deal("basic", 5, {}, simulations=10)
    assert 0 <= deal["ours"] <= 26 and 0 <= deal["outside"] <= 26
    assert len(deal["times"]) == 4 * 13
