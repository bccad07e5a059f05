"""Friends at their own devices: what the host's engine takes from a friend's device, and what it sends."""

import itertools
import json
import random
from unittest import mock

import pytest
from helpers import Engine, quick_review, unchecked, unchecked_friend

from pyapp.engine.cards import card_text, cards_in, face_of
from pyapp.engine.match import Phase
from pyapp.engine.rng import chance_number, is_secret
from pyapp.host.friends import BURST, MAX_FRIEND_MESSAGE, STAND_IN_MS, Friends
from pyapp.host.steps import SUMMARY_ON_TABLE_MS
from pyapp.page.parts.guest import GuestClient
from pyapp.shared import protocol

SEATS = [
    {"name": "Ann", "bot": None},
    {"name": "Bo", "bot": None, "friend": True},
    {"name": "", "bot": "basic"},
    {"name": "Cy", "bot": None, "friend": True},
]


class Device:
    """A friend's device as the host's engine sees it: it says what its person does, numbering each
    message, and keeps the last answer the host sent it."""

    def __init__(self, engine: Engine, seat: int) -> None:
        self.engine, self.seat = engine, seat
        self.number = 0
        self.answers: list[protocol.Answer] = []
        self.texts: list[str] = []
        self.client = GuestClient()  # reads the host's messages as the device's page does
        self.client.pushed = self.answers.append
        self.client.stale = lambda: self.answers.append(None)  # (the page would greet again)

    def receive(self, text: str) -> None:
        """A message from the host, as the device's page reads it."""
        self.texts.append(text)
        self.client.receive(text)

    @property
    def view(self) -> protocol.View:
        return next(answer.view for answer in reversed(self.answers) if answer.view is not None)

    def say(self, intent: str, **arguments) -> protocol.Answer:
        """The host's answer to this device's message (and whatever it sent the other devices)."""
        self.number += 1
        return self.raw(protocol.friend_message(intent, self.number, **arguments))

    def say_unchecked(self, intent: object, **arguments: object) -> protocol.Answer:
        """The host's answer to a message that a friend's page would not write (:func:`unchecked_friend`)."""
        self.number += 1
        return self.raw(unchecked_friend(intent, self.number, **arguments))

    def raw(self, text: str) -> protocol.Answer:
        return self.engine.send(protocol.FRIEND, seat=self.seat, text=text)


class Table:
    """The host's engine with two friends' devices: every outbox delivered to its device."""

    def __init__(self, seed: int = 5, seats: list = SEATS, **rules) -> None:
        self.engine = Engine(speed="instant")
        self.devices = {seat: Device(self.engine, seat) for seat, s in enumerate(seats) if s.get("friend")}
        # A friends' game is dealt from a fresh secret: here one made from ``seed``, so that every run of a
        # test plays the same cards.
        with mock.patch("pyapp.host.table.new_seed", lambda: f"{seed:032x}"):
            self.host = self.deliver(self.engine.start(seats, seed, **rules))
        self.secret = self.engine.host.friends.secret
        self.engine.host.friends.clock = itertools.count().__next__  # a second between messages: never a flood

    def deliver(self, answer: protocol.Answer) -> protocol.Answer:
        for seat, text in answer.outbox:
            self.devices[seat].receive(text)
        return answer

    def send(self, intent: str, **arguments) -> protocol.Answer:
        answer = self.deliver(self.engine.send(intent, **arguments))
        if answer.view is not None:
            self.host = answer
        return answer

    def say(self, who: int, intent: str, **arguments) -> protocol.Answer:
        """What the host answers the friend in seat ``who`` (the host's own answer kept in ``host``)."""
        answer = self.deliver(self.devices[who].say(intent, **arguments))
        if answer.view is not None:
            self.host = answer
        return self.devices[who].answers[-1]

    def deliver_unchecked(self, who: int, intent: object, **arguments: object) -> protocol.Answer:
        """What the host answers a message from seat ``who`` that a friend's page would not write."""
        self.deliver(self.devices[who].say_unchecked(intent, **arguments))
        return self.devices[who].answers[-1]

    def join(self) -> None:
        for seat in self.devices:
            assert self.say(seat, protocol.HELLO, secret=self.secret).ok

    def step(self, rng: random.Random, idle: tuple = ()) -> bool:
        """One thing someone does: a friend whose turn it is (but those ``idle``), else the host's page (its
        person or timer)."""
        for seat, device in self.devices.items():
            if seat in idle:
                continue
            view = device.view
            if view.step == protocol.STEP_PASS and seat in view.to_act:
                return bool(self.say(seat, protocol.PASS, cards=view.hand[:3]))
            if view.step == protocol.STEP_PLAY:
                return bool(self.say(seat, protocol.PLAY, card=rng.choice(view.legal)))
            if view.step == protocol.STEP_MOON:
                return bool(self.say(seat, protocol.MOON, choice="add_to_others"))
            if view.step == protocol.STEP_SUMMARY:
                return bool(self.say(seat, protocol.READ_ON))
        view = self.host.view
        if view.step == protocol.STEP_PASS and view.seat in view.to_act:
            self.send(protocol.PASS, seat=0, cards=view.hand[:3])
        elif view.step == protocol.STEP_PLAY and view.after_ms is None:
            self.send(protocol.PLAY, seat=0, card=rng.choice(view.legal))
        elif view.step == protocol.STEP_MOON:
            self.send(protocol.MOON, seat=0, choice="add_to_others")
        elif view.step == protocol.STEP_SUMMARY and view.after_ms is None:
            self.send(protocol.READ_ON)
        elif view.after_ms is not None:
            self.send(protocol.CONTINUE, turn=view.turn)
        else:
            return False
        return True


class TestJoining:
    def test_a_friend_joins_with_the_games_secret_and_sees_only_their_own_seat(self):
        table = Table()
        assert table.host.outbox == []  # nobody has joined yet: nothing goes anywhere
        answer = table.say(1, protocol.HELLO, secret=table.secret)
        assert answer.ok and answer.view.seat == 1 and len(answer.view.hand) == 13 and answer.reply_to == 1
        assert answer.view.step == protocol.STEP_PASS and answer.writes == [] and answer.jobs == []
        # The secret stays with the host.
        assert answer.view.friends == {"secret": "", "here": [1], "away": [], "waited": [], "benched": []}
        assert table.host.view.friends is None or table.host.view.friends["secret"] == table.secret
        match = table.engine.host.table.match
        assert set(answer.view.hand) == {card_text(face_of(card)) for card in cards_in(match.hands[1])}
        assert table.devices[3].answers == []  # the other friend has not joined: nothing is sent there

    def test_an_old_or_guessed_invitation_cannot_join(self):
        table = Table()
        for secret in ("0" * 32, "", table.secret[:-1], "é" * 32):
            answer = table.say(1, protocol.HELLO, secret=secret)
            assert not answer.ok and answer.refusal.code == "friend_secret" and answer.view is None
        for secret in (None, 12, ["a"]):  # (no page of ours sends these: they are not even read)
            answer = table.deliver_unchecked(1, protocol.HELLO, secret=secret)
            assert not answer.ok and answer.refusal.code == "message_unreadable" and answer.view is None
        other = Table(seed=6)
        assert other.secret != table.secret
        assert not table.say(1, protocol.HELLO, secret=other.secret).ok

    def test_nothing_but_a_greeting_is_taken_before_one(self):
        table = Table()
        answer = table.say(1, protocol.PASS, cards=["2C", "3C", "4C"])
        assert answer.refusal.code == "friend_secret" and answer.view is None
        assert table.engine.host.table.match.passes[1] is None

    def test_the_host_screen_waits_for_a_friend_while_the_computer_passes(self):
        table = Table()
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        assert table.host.view.step == protocol.STEP_WAIT and table.host.view.seat == 0
        assert set(table.host.view.to_act) == {1, 3}


class TestAWholeGame:
    def test_three_devices_play_a_game_to_its_end_and_see_the_same_table(self):
        table = Table(seed=8, target=30)
        table.join()
        rng = random.Random(8)
        for _ in range(5000):
            if table.host.view.step == protocol.STEP_OVER:
                break
            assert table.step(rng), f"stuck at {table.host.view.step}"
            host, friends = table.host.view, [device.view for device in table.devices.values()]
            for view in friends:
                if view.step not in (protocol.STEP_SUMMARY, protocol.STEP_OVER) and host.step != protocol.STEP_SUMMARY:
                    assert (view.trick, view.scores) == (host.trick, host.scores)
        assert table.host.view.step == protocol.STEP_OVER
        for device in table.devices.values():
            assert device.view.step == protocol.STEP_OVER and device.view.winners == table.host.view.winners
            assert device.answers[-1].results_count == len(table.engine.host.table.match.results)

    def test_after_the_first_view_a_friend_is_sent_only_what_changed_and_their_page_sees_the_whole(self):
        table = Table(seed=3)
        table.join()
        rng = random.Random(3)
        host = table.engine.host
        for _ in range(60):
            assert table.step(rng)
            for seat, device in table.devices.items():
                whole = dict(host.view_for(host.friends.seats[seat]), turn=device.view.turn)
                assert device.client.last_view == whole  # the changes laid over the last view: the whole view
        patches = [json.loads(text) for text in table.devices[1].texts[1:]]
        assert all(patch["patch"] for patch in patches) and not json.loads(table.devices[1].texts[0])["patch"]
        sizes = [len(text) for text in table.devices[1].texts[1:]]
        assert sum(sizes) / len(sizes) < len(table.devices[1].texts[0]) / 2, sizes
        with pytest.raises(ValueError):
            protocol.read_answer(table.devices[1].texts[-1])  # changes with no view to lay them over

    def test_no_message_to_a_friend_holds_a_card_of_another_seats_hand(self):
        table = Table(seed=12)
        table.join()
        rng = random.Random(12)
        passed: dict[int, set[str]] = {1: set(), 3: set()}
        while table.engine.host.table.match.hand_index == 0:
            for seat, device in table.devices.items():
                if device.view.step == protocol.STEP_PASS and seat in device.view.to_act:
                    passed[seat] = set(device.view.hand[:3])
            sent = {seat: len(device.texts) for seat, device in table.devices.items()}
            table.step(rng)
            match = table.engine.host.table.match
            if match.hand_index:
                break  # dealt anew: the hands are the next hand's
            for seat, device in table.devices.items():
                for text in device.texts[sent[seat] :]:
                    data = json.loads(text)
                    (data["view"] or {}).pop("rules", None)  # (the Omnibus card's name is no secret)
                    text = json.dumps(data)
                    others = {
                        card_text(face_of(c)) for s in (0, 2, 3, 1) if s != seat for c in cards_in(match.hands[s])
                    }
                    hidden = [card for card in others - passed[seat] if f'"{card}"' in text]
                    assert hidden == [], (seat, hidden)


TABLE_SEATS = [
    {"name": "Ann", "bot": None, "friend": True},
    {"name": "", "bot": "basic"},
    {"name": "Bo", "bot": None, "friend": True},
    {"name": "Cy", "bot": None, "friend": True},
]  # this device is the table: it plays no seat


class TestTheTablesOwnScreen:
    def test_a_game_plays_to_its_end_with_this_device_holding_no_hand(self):
        table = Table(seed=9, seats=TABLE_SEATS, target=30)
        table.join()
        rng, steps, summaries = random.Random(9), set(), 0
        for _ in range(5000):
            view = table.host.view
            if view.step == protocol.STEP_OVER:
                break
            assert view.table_screen and view.hand == view.legal == view.received == [] and not view.reasons
            assert not view.can_claim and not view.can_undo and view.last_decision is None
            steps.add(view.step)
            if view.step == protocol.STEP_SUMMARY and view.after_ms == SUMMARY_ON_TABLE_MS:
                summaries += 1  # shown to the room for a while, then the table goes on by itself
            assert table.step(rng), f"stuck at {view.step}"
        assert table.host.view.step == protocol.STEP_OVER and summaries >= 2
        assert protocol.STEP_PLAY not in steps and protocol.STEP_PASS not in steps  # nobody decides here
        assert {protocol.STEP_WAIT, protocol.STEP_BOT, protocol.STEP_COLLECT} <= steps
        for device in table.devices.values():
            assert device.view.step == protocol.STEP_OVER and not device.view.table_screen

    def test_the_table_asks_nothing_for_a_seat(self):
        table = Table(seed=4, seats=TABLE_SEATS)
        table.join()
        for intent in (protocol.HINT, protocol.CLAIM, protocol.FINISH, protocol.TAKE_DEVICE):
            assert table.send(intent).refusal.code == "table_screen", intent
        assert table.send(protocol.PASS, seat=0, cards=table.devices[0].view.hand[:3]).refusal.code == "seat_not_yours"

    def test_the_hosts_device_becomes_the_table_mid_hand_and_its_person_plays_on_from_their_own(self):
        table = Table(seed=6)
        table.join()
        hand = table.host.view.hand
        assert table.send(protocol.PASS, seat=0, cards=hand[:3]).ok  # Ann has passed; Bo and Cy still choose
        kept = table.host.view.hand
        answer = table.send(protocol.BECOME_TABLE)
        view = answer.view
        assert view.table_screen and view.hand == [] and 0 not in view.friends["here"]
        assert table.send(protocol.BECOME_TABLE).refusal.code == "table_screen"  # (once is enough)
        # Ann's phone joins with an invitation for her seat: her cards as they were, her pass made.
        table.devices[0] = Device(table.engine, 0)
        assert table.say(0, protocol.HELLO, secret=table.secret).ok
        mine = table.devices[0].view
        assert mine.seat == 0 and mine.hand == kept and mine.passes_chosen[0] and not mine.table_screen
        assert 0 in table.host.view.friends["here"]
        # The game as saved is the table's: taken up again, nobody's cards are at this device.
        reloaded = Engine(speed="instant")
        assert reloaded.send(protocol.LOAD, saved=table.engine.saved()).view.table_screen

    def test_a_table_of_computers_alone_is_refused(self):
        seats = [{"name": "", "bot": "basic"}] * 4
        assert Engine().start(seats, 1).refusal.code == "person_needed"


class TestRefusals:
    def test_a_message_for_another_seat_an_illegal_card_or_a_forbidden_intent_changes_nothing(self):
        table = Table()
        table.join()
        history = len(table.engine.host.table.match.history)
        hand = table.devices[1].view.hand
        refused = table.say(1, protocol.PASS, seat=3, cards=hand[:3])
        assert refused.refusal.code == "seat_not_yours" and refused.reply_to == table.devices[1].number
        assert not table.say(1, protocol.PASS, cards=["AS", "AS", "AS"]).ok
        device = table.devices[1]
        for intent in (protocol.UNDO, protocol.CONTINUE, protocol.START, protocol.CLAIM, protocol.LOAD):
            device.number += 1
            text = json.dumps({"intent": intent, "version": protocol.FRIENDS_VERSION, "n": device.number})
            table.deliver(device.raw(text))
            assert device.answers[-1].refusal.code == "friend_intent"
        assert len(table.engine.host.table.match.history) == history
        assert table.say(1, protocol.PASS, cards=hand[:3]).ok  # and the game goes on

    def test_malformed_oversized_and_replayed_messages_are_refused(self):
        table = Table()
        table.join()
        device = table.devices[1]
        for text in ("{", "[]", "x" * (MAX_FRIEND_MESSAGE + 1), json.dumps({"intent": "pass", "n": 99})):
            table.deliver(device.raw(text))
            assert not device.answers[-1].ok
        codes = [answer.refusal.code for answer in device.answers[-4:]]
        assert codes == ["message_unreadable", "friend_intent", "message_unreadable", "versions_differ"]
        hand = device.view.hand
        replay = protocol.friend_message(protocol.PASS, device.number, cards=hand[:3])  # a number used before
        table.deliver(device.raw(replay))
        assert device.answers[-1].refusal.code == "friend_replayed"
        assert table.engine.host.table.match.passes[1] is None

    def test_the_host_page_cannot_act_for_a_friend_nor_undo(self):
        table = Table()
        table.join()
        answer = table.send(protocol.PASS, seat=1, cards=table.devices[1].view.hand[:3])
        assert answer.refusal.code == "seat_not_yours"
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        assert table.send(protocol.UNDO).refusal.code == "undo_friends" and not table.host.view.can_undo

    def test_a_friends_message_is_read_with_the_contracts_kinds_before_anything_is_done(self):
        table = Table()
        table.join()
        hand = table.devices[1].view.hand
        for intent, arguments in (
            (protocol.PASS, {"cards": " ".join(hand[:3])}),
            (protocol.PASS, {"cards": hand[:3], "discard": True}),
            (protocol.REVIEW, {"hand": "0"}),
            (protocol.HINT, {"now": 1}),
        ):
            answer = table.deliver_unchecked(1, intent, **arguments)
            assert answer.refusal.code == "message_unreadable", (intent, arguments)
        assert table.engine.host.table.match.passes[1] is None
        with pytest.raises(protocol.Refused):  # a friend's page writes no such message
            protocol.friend_message(protocol.PLAY, 1, card=12)
        assert table.say(1, protocol.PASS, cards=hand[:3]).ok

    def test_no_message_from_a_friends_device_breaks_the_host(self):
        table = Table()
        table.join()
        rng = random.Random(3)
        values = [None, 1, -1, 2**70, "x", "é", [], {}, [1], {"a": 1}, True, 1.5, "AS", ["AS"] * 3, ["2C", "3C"]]
        for number in range(400):
            intent = rng.choice([*protocol.FRIEND_INTENTS, "undo", None, 3])
            data = {"intent": intent, "version": rng.choice([1, 1, 1, 2, None]), "n": rng.choice([number + 9, None])}
            for key in ("seat", "cards", "card", "choice", "secret"):
                if rng.random() < 0.5:
                    data[key] = rng.choice(values)
            text = json.dumps(data) if rng.random() < 0.9 else json.dumps(data)[: rng.randrange(40)]
            seat = rng.choice([1, 3, 3, 0, 7, "1", None])
            answer = json.loads(table.engine.host.handle(unchecked(protocol.FRIEND, seat=seat, text=text)))
            assert answer["view"] is None or answer["view"]["seat"] == 0
        table.devices[1].number = 10_000
        assert table.say(1, protocol.PASS, cards=table.devices[1].view.hand[:3]).ok  # the game goes on

    def test_a_friend_reviews_their_own_decisions_only(self):
        table = Table(seed=31)
        table.join()
        rng = random.Random(31)
        jobs: list[str] = []
        while not table.engine.host.table.match.results:
            assert table.step(rng)
            jobs += table.host.jobs
        assert [json.loads(job)["seats"] for job in jobs][:2] == [[0], [1]]  # one job each person, the host's first
        for job in jobs:
            table.send(protocol.REVIEWED, review=quick_review(job))
        table.send(protocol.CONFIGURE, settings={"speed": "fast"})  # (any change: the friends hear of it)
        table.say(1, protocol.READ_ON)
        entries = [entry for answer in table.devices[1].answers for entry in answer.reviews]
        assert len(entries) == 1 and entries[0][0] == 0 and entries[0][1][0] == entries[0][1][3] == 0
        review = table.say(1, protocol.REVIEW, hand=0).review
        assert review.decisions and {decision.seat for decision in review.decisions} == {1}

    def test_a_friends_game_is_dealt_from_a_fresh_secret_that_nothing_sent_to_a_friend_holds(self):
        first, second = Engine(speed="instant"), Engine(speed="instant")
        for engine in (first, second):
            engine.start(SEATS, 77)  # a deal link's number: a game with a friend's seat does not use it
        seed = first.host.table.match.seed
        assert is_secret(seed) and seed != second.host.table.match.seed and first.host.table.name not in seed
        table = Table(seed=77)
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        rng = random.Random(1)
        while table.engine.host.table.match.phase.value != "play" or not table.devices[1].view.trick:
            table.step(rng)
        seed = table.engine.host.table.match.seed
        for device in table.devices.values():
            for text in device.texts:
                assert seed not in text and str(chance_number(seed)) not in text
            for answer in device.answers:
                if answer.view is not None:
                    assert answer.view.game_key.split(":")[0] == table.engine.host.table.name
                    assert answer.view.last_decision is None

    def test_what_changes_nothing_on_the_table_never_holds_up_the_hosts_timers(self):
        table = Table()
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        turn = table.host.view.turn
        for _ in range(5):
            assert table.say(1, protocol.HELLO, secret=table.secret).ok  # greeted again and again
            table.say(1, protocol.READ_ON)  # refused: nothing to read
        table.send(protocol.FRIEND_GONE, seat=3)
        assert table.engine.host.page.turn == turn  # the computers' timed steps of that turn still run
        lone = Engine()
        lone.start([SEATS[0], {"bot": "basic"}, {"bot": "basic"}, {"bot": "basic"}], 3)
        before = lone.host.page.turn
        assert lone.send(protocol.FRIEND, seat=1, text="{}").view is None and lone.host.page.turn == before

    def test_a_friend_has_one_hint_a_card(self):
        table = Table(seed=9)
        table.join()
        rng = random.Random(9)
        while not any(d.view.step == protocol.STEP_PLAY for d in table.devices.values()):
            assert table.step(rng)
        seat = next(seat for seat, d in table.devices.items() if d.view.step == protocol.STEP_PLAY)
        table.engine.send(protocol.CONFIGURE, settings={"think_ms": 20})
        assert table.say(seat, protocol.HINT).hint is not None
        assert table.say(seat, protocol.HINT).refusal.code == "hint_given"

    def test_a_flood_is_refused_and_the_game_goes_on(self):
        clock = [0.0]
        friends = Friends("a" * 32, [1], clock=lambda: clock[0])
        greeting = protocol.friend_message(protocol.HELLO, 1, secret="a" * 32)
        friends.read(1, greeting)
        for number in range(2, BURST + 1):
            friends.read(1, protocol.friend_message(protocol.READ_ON, number))
        with pytest.raises(ValueError) as flood:
            friends.read(1, protocol.friend_message(protocol.READ_ON, BURST + 1))
        assert flood.value.args[0].code == "friend_flood"
        assert friends.seats[1].read == BURST + 1  # the refusal names the message (its page waits for no answer)
        clock[0] += 1.0  # a second later some are taken again
        friends.read(1, protocol.friend_message(protocol.READ_ON, BURST + 2))

    def test_each_refused_message_is_answered_as_its_own(self):
        table = Table()
        table.engine.host.friends.clock = lambda: 0.0  # every message at once: the burst runs out
        table.join()
        device = table.devices[1]
        for _ in range(BURST + 3):
            table.deliver(device.say(protocol.READ_ON))  # (no summary to read: each is refused)
        refusals = device.answers[-(BURST + 3) :]
        codes = [answer.refusal.code for answer in refusals]
        assert codes.count("friend_flood") == 4 and set(codes) == {"no_summary", "friend_flood"}
        assert [answer.reply_to for answer in refusals] == list(range(2, BURST + 5))  # its page waits for none
        table.deliver(device.raw(json.dumps({"intent": protocol.UNDO, "version": protocol.FRIENDS_VERSION, "n": 99})))
        assert device.answers[-1].refusal.code == "friend_flood" and device.answers[-1].reply_to == 99

    def test_a_friend_who_left_is_waited_for_then_the_computer_plays_for_them_until_they_are_back(self):
        table = Table()
        clock = [0.0]
        table.engine.host.friends.clock = lambda: clock[0]
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        table.say(3, protocol.PASS, cards=table.devices[3].view.hand[:3])
        table.send(protocol.FRIEND_GONE, seat=1)
        view = table.host.view
        assert view.step == protocol.STEP_WAIT and view.after_ms == STAND_IN_MS and view.friends["away"] == [[1, 30000]]
        clock[0] += 10
        assert table.send(protocol.CONTINUE, turn=view.turn).view.after_ms == STAND_IN_MS - 10_000  # not yet
        clock[0] += 25
        match = table.engine.host.table.match
        table.send(protocol.CONTINUE, turn=table.host.view.turn)  # the computer passes for Bo
        assert match.phase is Phase.PLAY  # everyone has passed
        assert any(match.history[index].seat == 1 for index in table.engine.host.table.played_for)
        table.devices[1].number = 0
        back = table.say(1, protocol.HELLO, secret=table.secret)  # Bo is back, and plays his own cards again
        assert back.ok and back.view.phase == "play" and table.host.view.friends["away"] == []
        assert table.engine.host.friends.wait_ms(1) is None

    def test_a_host_who_chose_to_wait_waits_for_a_friend_who_left_as_long_as_it_takes(self):
        table = Table()
        clock = [0.0]
        table.engine.host.friends.clock = lambda: clock[0]
        table.engine.send(protocol.CONFIGURE, settings={"away": "wait"})
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        table.say(3, protocol.PASS, cards=table.devices[3].view.hand[:3])
        table.send(protocol.FRIEND_GONE, seat=1)
        view = table.host.view
        # No countdown: the table shows Bo away, and nothing is timed for him.
        assert view.step == protocol.STEP_WAIT and view.after_ms is None
        assert view.friends["away"] == [] and view.friends["waited"] == [1]
        clock[0] += 3600  # an hour later the computer has still not passed for him
        table.send(protocol.CONTINUE, turn=view.turn)
        match = table.engine.host.table.match
        assert match.phase is Phase.PASS and not table.engine.host.table.played_for
        assert table.host.view.friends["waited"] == [1]
        # The host changes their mind: the computer plays for him now (he left an hour ago).
        answer = table.send(protocol.CONFIGURE, settings={"away": "computer"})
        assert answer.view.after_ms == 0 and answer.view.friends["away"] == [[1, 0]]
        table.send(protocol.CONTINUE, turn=answer.view.turn)
        assert match.phase is Phase.PLAY and table.host.view.friends["waited"] == []
        table.devices[1].number = 0
        assert table.say(1, protocol.HELLO, secret=table.secret).ok  # Bo is back: waited for by nobody
        assert table.host.view.friends["away"] == [] and table.host.view.friends["waited"] == []

    def test_the_host_lets_the_computer_play_for_a_friend_who_is_here_until_they_are_back(self):
        table = Table()
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        table.say(3, protocol.PASS, cards=table.devices[3].view.hand[:3])
        assert table.host.view.step == protocol.STEP_WAIT and table.host.view.after_ms is None  # Bo decides
        view = table.send(protocol.STAND_IN, seat=1, on=True).view
        assert view.after_ms == 0 and view.friends["benched"] == [1] and view.friends["here"] == [1, 3]
        assert table.devices[1].view.friends["benched"] == [1]  # Bo's page hears of it
        match = table.engine.host.table.match
        table.send(protocol.CONTINUE, turn=view.turn)  # the computer passes for Bo at once
        assert match.phase is Phase.PLAY
        rng = random.Random(2)
        while sum(action.seat == 1 for action in match.history) < 3:  # Bo's pass and two cards: the computer's
            assert table.step(rng, idle=(1,))
        assert table.say(1, protocol.BACK).ok and table.host.view.friends["benched"] == []
        while match.current_seat != 1:
            assert table.step(rng, idle=(1,))
        assert table.host.view.step == protocol.STEP_WAIT and table.host.view.after_ms is None  # Bo's own turn
        assert table.send(protocol.STAND_IN, seat=2, on=True).refusal.code == "friend_unknown"  # a computer's

    def test_a_friend_the_computer_plays_for_is_back_with_their_own_decision(self):
        table = Table()
        table.join()
        table.send(protocol.STAND_IN, seat=1, on=True)
        assert table.say(1, protocol.PASS, cards=table.devices[1].view.hand[:3]).ok
        assert table.host.view.friends["benched"] == []

    def test_after_the_hosts_reload_the_friends_are_waited_for_then_the_computer_plays_for_them(self):
        table = Table()
        table.join()
        table.send(protocol.PASS, seat=0, cards=table.host.view.hand[:3])
        reloaded = Engine(speed="instant")
        answer = reloaded.send(protocol.LOAD, saved=table.engine.saved())
        assert answer.view.friends["here"] == [] and sorted(seat for seat, _ in answer.view.friends["away"]) == [1, 3]
        assert answer.view.step == protocol.STEP_WAIT and 0 < answer.view.after_ms <= STAND_IN_MS
        assert answer.view.friends["secret"] == table.secret  # the game's: new invitations carry it

    def test_a_closed_connection_greets_again_and_is_sent_everything(self):
        table = Table()
        table.join()
        table.send(protocol.FRIEND_GONE, seat=1)
        assert table.say(1, protocol.PASS, cards=table.devices[1].view.hand[:3]).refusal.code == "friend_secret"
        table.devices[1].number = 0  # a new connection numbers from the start
        answer = table.say(1, protocol.HELLO, secret=table.secret)
        assert answer.ok and answer.view.seat == 1 and len(answer.view.hand) == 13


class TestAFriendsPage:
    def test_the_page_lays_each_change_over_its_last_view_and_greets_again_when_one_went_astray(self):
        table = Table()
        table.join()
        device = table.devices[1]
        table.say(1, protocol.PASS, cards=device.view.hand[:3])
        greeting, changes = device.texts[:2]  # the whole view after the greeting, then its changes
        whole = json.loads(greeting)
        assert whole["patch"] is None and json.loads(changes)["patch"] == whole["view"]["turn"]
        page = GuestClient()
        seen: list = []
        page.pushed, page.stale = seen.append, lambda: seen.append("greet again")
        page.receive(changes)  # changes, but the page has no view yet
        assert seen == ["greet again"] and page.last_view is None
        for text in device.texts:
            page.receive(text)
        assert page.last_view == device.client.last_view and len(device.texts) > 2  # the same whole view
        page.receive(greeting)
        stale = dict(json.loads(changes), patch=page.last_view["turn"] + 5)  # changes to another view
        page.receive(json.dumps(stale))
        assert seen[-1] == "greet again" and page.last_view is None
        page.receive(greeting)
        page.reset()  # the connection closed: a new one starts from a whole view
        assert page.last_view is None and page.number == 0

    def test_a_deeply_nested_message_is_refused_not_a_crash(self):
        table = Table()
        table.join()
        device = table.devices[1]
        table.deliver(device.raw("[" * (MAX_FRIEND_MESSAGE - 1)))
        assert device.answers[-1].refusal.code == "message_unreadable"
        assert table.say(1, protocol.PASS, cards=device.view.hand[:3]).ok  # and the game goes on

    def test_back_when_the_computer_does_not_play_for_them_changes_nothing_and_only_a_true_on_benches(self):
        table = Table()
        table.join()
        turn = table.host.view.turn
        assert table.say(1, protocol.BACK).ok and table.engine.host.page.turn == turn  # nothing to redraw
        table.engine.host.handle(unchecked(protocol.STAND_IN, seat=1, on="0"))  # (not a yes: not the contract's)
        assert table.host.view.friends["benched"] == []
