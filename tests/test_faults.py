"""Faults on the engine's side: a bug is told as a fault, never answered as a refusal (which a page retries).

A computer player that raises is injected (its ``decide`` replaced); the
answer is a fault with the traceback and no view, the save holds every
action the table took, the seat falls back to a simpler level in the stored
header, and the game loaded from the save plays on.  A friend's device is
told that the host hit a fault, without the traceback.
"""

import json
import random

from helpers import Engine, unchecked

from pyapp.engine.actions import Action
from pyapp.host import faults
from pyapp.host.game import Host
from pyapp.host.page_intents import HANDLERS
from pyapp.host.thinking import FAILED, PartFailed, read_part, run_job
from pyapp.shared import protocol, storage_keys

SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "medium"}] * 3


def broken(view):
    """A computer player's decision with the bug of the issue: ``max()`` of an empty sequence."""
    return max([])


def play_until_fault(engine: Engine, answer: protocol.Answer, seed: int = 1) -> protocol.Answer:
    """Take a person's (and the timer's) steps until the engine answers with a fault."""
    rng = random.Random(seed)
    for _ in range(500):
        if answer.fault is not None:
            return answer
        assert answer.ok, answer.refusal
        answer = engine.step(answer, rng)
    raise AssertionError("no fault came")


def test_a_computer_player_that_raises_is_a_fault_and_its_seat_falls_back():
    engine = Engine(speed="instant")
    answer = engine.start(SEATS, 7)
    engine.host.table.bots[2].decide = broken  # (it has passed already: Medium passes at once)
    fault_answer = play_until_fault(engine, answer, 3)
    fault = fault_answer.fault
    assert not fault_answer.ok and fault_answer.refusal is None and fault_answer.view is None
    assert fault.seat == 2 and fault.level == "basic"  # Medium → Easy
    assert "max()" in fault.trace and "BotFault" in fault.trace  # the whole chain of causes
    # The save holds every action the table took (the person's last one too), and the simpler level.
    header = json.loads(engine.store[storage_keys.SAVE_GAME])
    assert [seat["bot"] for seat in header["seats"]] == [None, "medium", "basic", "medium"]
    taken = len(engine.host.table.match.history)
    reloaded = Engine(speed="instant")
    loaded = reloaded.send(protocol.LOAD, saved=engine.saved())
    assert loaded.ok and len(reloaded.host.table.match.history) == taken
    # It plays on: the seat that failed decides at its simpler level.
    over = reloaded.play_until(loaded, lambda a: a.view.hand_index > 0 or a.view.step == protocol.STEP_SUMMARY)
    assert over.ok


def test_a_fault_is_not_retried_the_timer_is_not_set_again():
    """The issue's loop: a refusal's view came with a CONTINUE timer, so the page asked again every 650 ms."""
    engine = Engine(speed="normal")
    answer = engine.start(SEATS, 11)
    for bot in engine.host.table.bots[1:]:
        bot.decide = broken
    answer = play_until_fault(engine, answer)
    assert answer.view is None  # no view: no step, no after_ms, nothing for the page to time
    again = engine.send(protocol.HINT)  # the engine still answers what it can
    assert again.view is not None


def test_the_simplest_level_has_no_fallback_and_the_deal_of_the_day_never_changes_its_players():
    engine = Engine(speed="instant")
    answer = engine.start([SEATS[0]] + [{"name": "", "bot": "random"}] * 3, 5)
    for bot in engine.host.table.bots[1:]:
        bot.decide = broken
    answer = play_until_fault(engine, answer)
    assert answer.fault.seat is not None and answer.fault.level is None
    daily = Engine(speed="instant")
    started = daily.send(protocol.DAILY, date="2026-12-04", name="Ann")
    table = daily.host.table
    assert faults.fall_back(table, 1) is None and table.seats[1].bot == "expert"
    assert started.ok


def test_a_computer_player_that_plays_an_illegal_card_is_a_fault():
    engine = Engine(speed="instant")
    answer = engine.start(SEATS, 9)
    table = engine.host.table

    def illegal(view):
        """A card the rules do not allow now (one not in the hand when every card is)."""
        others = [face for face in range(52) if face not in view.legal]
        return Action.play(view.seat, others[0])

    for bot in table.bots[1:]:
        bot.decide = illegal
    answer = play_until_fault(engine, answer)
    assert "IllegalAction" in answer.fault.trace or "ActionError" in answer.fault.trace


def test_a_bare_value_error_is_a_fault_a_refusal_stays_a_refusal():
    host = Host()
    host.handle(protocol.message(protocol.START, options={"seats": SEATS, "seed": 3}))
    refused = json.loads(host.handle(unchecked(protocol.PLAY, seat=0, card="ZZ")))
    assert refused["refusal"] is not None and refused["fault"] is None
    original = HANDLERS[protocol.HINT]
    HANDLERS[protocol.HINT] = lambda host, data: int("not a number")
    try:
        answer = json.loads(host.handle(protocol.message(protocol.HINT)))
    finally:
        HANDLERS[protocol.HINT] = original
    assert answer["ok"] is False and answer["refusal"] is None
    assert "invalid literal" in answer["fault"]["trace"] and answer["fault"]["seat"] is None


def test_a_friend_is_told_of_the_fault_without_the_traceback():
    engine = Engine(speed="instant")
    seats = [SEATS[0], {"name": "Bo", "bot": None, "friend": True}, *SEATS[2:]]
    started = engine.send(protocol.START, options={"seats": seats, "seed": 4})
    hello = protocol.friend_message(protocol.HELLO, 1, secret=started.view.friends["secret"])
    engine.send(protocol.FRIEND, seat=1, text=hello)
    original = HANDLERS[protocol.HINT]
    HANDLERS[protocol.HINT] = lambda host, data: {}["a key nobody wrote"]
    try:
        answer = engine.send(protocol.HINT)
    finally:
        HANDLERS[protocol.HINT] = original
    assert "KeyError" in answer.fault.trace
    told = [protocol.read_answer(text) for seat, text in answer.outbox if seat == 1]
    assert len(told) == 1 and told[0].fault is not None and told[0].fault.trace == ""
    assert told[0].view is None and told[0].writes == []


def test_a_part_that_fails_on_its_worker_is_its_seats_fault():
    answer = run_job({"job": "share", "level": "expert"})  # (not a whole job: the thinking raises)
    assert FAILED in json.loads(answer)
    try:
        read_part(answer)
    except PartFailed as failed:
        assert "Traceback" in str(failed)
    else:
        raise AssertionError("a failed part was read as thought")
