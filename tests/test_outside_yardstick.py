"""The outside yardstick's bridge: OpenSpiel's Hearts follows our match card by card on any deal."""

import pytest

from tools.outside_yardstick import merged, play_deal, play_hand, run, summary

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
    assert len(deal["ms"]) == 4 * 13 and len(deal["outside_ms"]) == 4 * 39


def test_a_long_run_goes_in_slices_that_merge_into_the_whole():
    """(OpenSpiel's IS-MCTS does not play alike twice from one seed, so slices are compared with their
    own merge, not with a second whole run.)"""

    def slice_of(first, count):
        return run(["basic", "medium"], range(first, first + count), seed=3, workers=1, playouts=0, simulations=5)

    head, tail = slice_of(0, 1), slice_of(1, 2)
    whole = merged([tail, head])
    assert whole["deals"] == [0, 3]
    assert whole["played"] == {level: head["played"][level] + tail["played"][level] for level in ("basic", "medium")}
    assert whole["levels"] == summary(whole["played"])
    assert whole["levels"]["medium"]["paired_against"]["level"] == "basic"
    with pytest.raises(ValueError, match="missing"):
        merged([head, slice_of(2, 1)])
