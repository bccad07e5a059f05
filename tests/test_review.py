"""The hand review: each of a person's decisions against every choice they had, from what they knew."""

import json
import random

import pytest
from helpers import QUEEN_BEHIND, arranged, play

from pyapp.bots import MediumBot
from pyapp.bots.judge import decision_seed, judge_play
from pyapp.bots.play_reasons import OVER_QUEEN
from pyapp.bots.review import PASS, Decision, lost_to_mistakes, review_decision, review_hand
from pyapp.engine.actions import ActionKind
from pyapp.engine.cards import parse_cards
from pyapp.engine.match import Match
from pyapp.engine.observation import observe
from pyapp.engine.rules import PRESETS, Rules
from pyapp.host.reviews import read_answer, review_job, run_job
from pyapp.workers import thinker


def medium_hand(seed: int, rules: Rules | None = None) -> Match:
    """A match whose first hand Medium players have played to the end."""
    match = Match(rules or Rules(), seed)
    while not match.results:
        seat = match.to_act[0]
        match.apply(MediumBot(seat).decide(observe(match, seat)))
    return match


class TestDecisions:
    def test_a_king_over_the_queen_is_a_mistake_and_says_why(self):
        match = arranged(QUEEN_BEHIND)
        play(match, "2C", "3C", "4C", "AC", "9S")
        (king,) = parse_cards("KS")
        (four,) = parse_cards("4S")
        decision = review_decision(observe(match, 0), (king,), seed=1, playouts=400)
        assert decision.best == (four,) and decision.mistake and decision.lost >= 2  # seat 0 cannot know QS is bare
        assert decision.why == (OVER_QUEEN, (king,))
        assert review_decision(observe(match, 0), (four,), seed=1, playouts=400).lost == 0

    def test_the_numbers_are_the_judges_verdict_from_the_seats_view(self):
        match = medium_hand(4)
        decisions = review_hand(match, 0, [0, 2], playouts=300)
        replay = match.at_hand_start(0)
        start, end = match.hand_span(0)
        expected = []
        for index, action in enumerate(match.history[start:end]):
            view = observe(replay, action.seat)
            if action.seat in (0, 2) and action.kind is ActionKind.PLAY and len(view.legal) > 1:
                verdict = judge_play(view, decision_seed(match.seed, 0, index), playouts=300)
                expected.append((action.seat, action.cards, [judged.points for judged in verdict.judged]))
            replay.apply(action)
        plays = [(d.seat, d.made, [points for _, points, _ in d.choices]) for d in decisions if d.trick != PASS]
        assert plays == expected
        assert [d.seat for d in decisions if d.trick == PASS] == [0, 2]

    def test_the_pass_made_is_among_the_choices_even_when_expert_would_not_consider_it(self):
        match = medium_hand(6)
        (decision,) = [d for d in review_hand(match, 0, [1], playouts=200) if d.trick == PASS]
        assert decision.made in {cards for cards, _, _ in decision.choices}
        assert len(decision.choices) >= 20

    @pytest.mark.parametrize("name", ["omnibus", "5-players", "cancellation"])
    def test_every_variant_is_reviewed(self, name):
        match = medium_hand(2, PRESETS[name])
        decisions = review_hand(match, 0, [0], playouts=100)
        assert decisions and all(d.lost >= 0 for d in decisions)

    def test_the_same_hand_gets_the_same_review(self):
        match = medium_hand(8)
        assert review_hand(match, 0, [0], playouts=150) == review_hand(match, 0, [0], playouts=150)

    def test_what_the_mistakes_cost_sums_only_the_mistakes_beyond_the_noise(self):
        small = Decision(0, 1, (1,), (((2,), 1.0, 0.1), ((1,), 1.5, 0.1)))
        big = Decision(0, 2, (3,), (((4,), 0.0, 0.0), ((3,), 2.5, 0.2)))
        noisy = Decision(0, 3, (5,), (((6,), 0.0, 0.0), ((5,), 1.5, 0.9)))  # 1.5 within two standard errors
        assert not small.mistake and big.mistake and not noisy.mistake and noisy.as_good((5,))
        assert not small.as_good((1,)) and lost_to_mistakes([small, big, noisy]) == 2.5


class TestJobs:
    def test_a_job_gives_what_the_host_reads_back(self):
        match = medium_hand(3)
        match.apply(MediumBot(0).decide(observe(match, 0)))  # the next hand goes on: the job holds only the first
        job = review_job(match, 0, [0], set(), playouts=100)
        assert len(json.loads(job)["match"]["history"]) == match.hand_span(0)[1]
        hand, seats, decisions = read_answer(run_job(job), match)
        direct = review_hand(match, 0, [0], playouts=100)
        assert hand == 0 and seats == {0}
        assert [d.to_dict() for d in decisions] == [d.to_dict() for d in direct]  # to hundredths

    def test_a_review_stored_before_each_person_had_a_job_of_their_own_covers_every_seat(self):
        match = medium_hand(3)
        answer = json.loads(run_job(review_job(match, 0, [0], set(), playouts=20)))
        del answer["seats"]
        assert read_answer(json.dumps(answer), match)[1] == {0, 1, 2, 3}

    def test_a_damaged_job_or_answer_is_refused_with_a_reason(self):
        assert "error" in json.loads(run_job('{"job": "review"}'))
        assert "error" in json.loads(run_job("[1"))
        match = medium_hand(3)
        answer = json.loads(run_job(review_job(match, 0, [0], set(), playouts=50)))
        foreign = (dict(answer, game=answer["game"] + 1), dict(answer, hand=5), dict(answer, played="0" * 16))
        seats = (dict(answer, seats=[1]), dict(answer, seats=[0, 9]), dict(answer, seats="0"))
        for damaged in (*foreign, *seats, dict(answer, decisions=[{}]), "{"):
            with pytest.raises(ValueError) as refused:
                read_answer(damaged if isinstance(damaged, str) else json.dumps(damaged), match)
            assert refused.value.args[0].code == "review_unusable"

    def test_the_thinker_runs_a_review_job_and_answers_anything_else_with_an_error(self):
        job = review_job(medium_hand(3), 0, [0], set(), playouts=40)
        assert thinker.handle(job) == run_job(job)
        for broken in ("[1", "null", '{"job": "other"}'):
            assert "error" in json.loads(thinker.handle(broken))

    def test_a_decision_reads_back_as_it_was_written(self):
        match = medium_hand(5)
        for decision in review_hand(match, 0, [0], playouts=60):
            assert Decision.from_dict(json.loads(json.dumps(decision.to_dict()))).to_dict() == decision.to_dict()
        with pytest.raises(ValueError):
            Decision.from_dict({"seat": 0, "trick": 0, "made": ["2C"], "choices": [[["3C"], 1.0]], "why": ""})

    def test_a_decision_stored_before_choices_had_their_noise_reads_with_none(self):
        old = {"seat": 0, "trick": 2, "made": ["KS"], "choices": [[["4S"], 1.0], [["KS"], 4.0]], "why": "over_queen"}
        decision = Decision.from_dict(old)
        assert decision.choices == (((parse_cards("4S")[0],), 1.0, 0.0), ((parse_cards("KS")[0],), 4.0, 0.0))
        assert decision.why == (OVER_QUEEN, tuple(parse_cards("KS"))) and decision.mistake


def test_a_random_seat_is_reviewed_in_order():
    match = medium_hand(random.Random(1).randrange(1000))
    tricks = [d.trick for d in review_hand(match, 0, [3], playouts=50)]
    assert tricks == sorted(tricks) and tricks[0] == PASS
