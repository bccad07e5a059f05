"""The engine's side of the page: the protocol, what happens next, the views and the save in pieces."""

import ast
import json
import random
from pathlib import Path

import pytest
from helpers import Engine, quick_review

from pyapp.bots.review import Decision
from pyapp.engine.cards import card_text, cards_in, face_of
from pyapp.engine.rng import is_name, is_secret
from pyapp.host.catalog import catalog
from pyapp.host.game import Host
from pyapp.host.page_intents import HANDLERS
from pyapp.host.steps import SPEED_DELAYS_MS
from pyapp.host.table import Table
from pyapp.shared import protocol, storage_keys

SEATS = [{"name": "Ann", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
PAGE = Path(__file__).resolve().parents[1] / "pyapp" / "page"
RECORDS = [
    protocol.Answer,
    protocol.View,
    protocol.Seat,
    protocol.Trick,
    protocol.Result,
    protocol.Refusal,
    protocol.Hint,
    protocol.PassHint,
    protocol.Link,
    protocol.Review,
    protocol.Decision,
    protocol.Verdict,
    protocol.DailyHand,
    protocol.Fault,
]


def raw(engine: Engine, intent: str, **arguments) -> dict:
    return json.loads(engine.host.handle(protocol.message(intent, **arguments)))


def whole_game(engine: Engine, seed: int, **rules) -> list[protocol.Answer]:
    answers = [engine.start(SEATS, seed, **rules)]
    rng = random.Random(seed)
    while answers[-1].view.step != protocol.STEP_OVER:
        answers.append(engine.step(answers[-1], rng))
        assert answers[-1].ok
    return answers


class TestProtocol:
    @pytest.mark.parametrize(
        ("intent", "arguments", "field"),
        [
            (protocol.CONFIGURE, {"settings": {"think_ms": "fast"}}, "configure.settings.think_ms"),
            (protocol.CONFIGURE, {"settings": {"speed": "warp"}}, "configure.settings.speed"),
            (protocol.CONFIGURE, {"settings": {"think_ms": 300, "colour": "red"}}, "configure.settings"),
            (protocol.START, {"options": {"seats": [{"bot": 5}] * 4}}, "start.options.seats[0].bot"),
            (protocol.START, {"options": {"rules": {"players": "4"}, "seats": []}}, "start.options.rules.players"),
            (protocol.START, {"options": {"seats": [], "seed": -1}}, "start.options.seats"),
            (protocol.LOAD, {"saved": {"game": {}, "hands": "all", "current": {}}}, "load.saved"),
        ],
    )
    def test_a_bad_setting_or_option_is_a_refusal_naming_its_field_never_a_fault(self, intent, arguments, field):
        engine = Engine()
        engine.start([{"name": "", "bot": None}] + [{"name": "", "bot": "basic"}] * 3, 3)
        answer = engine.send_unchecked(intent, **arguments)
        assert answer.fault is None and answer.refusal.code == "message_field"
        assert answer.refusal.values["field"] == field
        assert engine.send(protocol.CONFIGURE, settings={"think_ms": 600}).ok  # the engine plays on

    def test_the_speeds_the_page_offers_are_those_the_engine_times(self):
        assert set(SPEED_DELAYS_MS) == set(protocol.SPEEDS)

    def test_every_intent_has_a_handler_and_unknown_ones_are_refused(self):
        host = Host()
        assert set(HANDLERS) == set(protocol.INTENTS) and all(map(callable, HANDLERS.values()))
        with pytest.raises(ValueError):
            protocol.message("deal_me_aces")
        refused = json.loads(host.handle(json.dumps({"intent": "deal_me_aces", "version": protocol.VERSION})))
        assert not refused["ok"] and refused["refusal"]["code"] == "message_unreadable"
        old = json.loads(host.handle(json.dumps({"intent": protocol.HINT, "version": 0})))
        assert old["refusal"]["code"] == "versions_differ"
        assert not json.loads(host.handle("[1, 2"))["ok"]

    def test_the_engine_writes_exactly_the_declared_fields(self):
        engine = Engine(speed="instant", think_ms=20)
        seen: dict[str, set] = {record.__name__: set() for record in RECORDS}

        def check(data, record):
            assert set(data) == set(record.FIELDS), record.__name__
            if record is protocol.View:
                assert data["step"] in protocol.STEPS
            seen[record.__name__].update(name for name, value in data.items() if value is not None)
            for name, (kind, shape) in record.NESTED.items():
                value = data[name]
                if value is None:
                    continue
                items = [value] if shape == "one" else value if shape == "list" else list(value.values())
                for item in items:
                    check(item, kind)

        answer = engine.start(SEATS, 3, moon="shooter_chooses")
        texts = [raw(engine, protocol.HINT), raw(engine, protocol.READ_LINK, query="deal=5&players=3")]
        texts += [raw(engine, protocol.READ_LINK, query="players=2"), raw(engine, protocol.SHARE)]
        rng = random.Random(3)
        jobs: list[str] = []
        while answer.view.step != protocol.STEP_OVER:
            view = answer.view
            if view.step == protocol.STEP_PLAY and view.reasons:
                texts.append(raw(engine, protocol.PLAY, seat=0, card=next(iter(view.reasons))))
                texts.append(raw(engine, protocol.HINT))
            texts.append(raw(engine, protocol.CONTINUE, turn=-1))  # a stale timer: a quiet answer
            texts.append(raw(engine, protocol.HINT))  # the latest view, to go on from
            answer = engine.step(protocol.Answer(texts[-1]), rng)
            jobs.extend(answer.jobs)
        for data in texts:
            check(data, protocol.Answer)
        # A hand's review: its job run as the thinker worker runs it, the answer taken, the review shown.
        job = jobs[0]
        reviewed = raw(engine, protocol.REVIEWED, review=quick_review(job))
        assert reviewed["view"] is None and reviewed["reviews"]
        texts = [reviewed, raw(engine, protocol.REVIEW, hand=json.loads(job)["hand"])]
        whole = [*texts, json.loads(engine.host.handle(protocol.message(protocol.UNDO)))]
        for data in whole:
            check(data, protocol.Answer)
        # A friends' game: what goes to a friend's device (the outbox) is an Answer too.
        friends = Engine(speed="instant")
        seats = [SEATS[0], {"name": "Bo", "bot": None, "friend": True}, *SEATS[2:]]
        started = raw(friends, protocol.START, options={"seats": seats, "seed": 4})
        hello = protocol.friend_message(protocol.HELLO, 1, secret=started["view"]["friends"]["secret"])
        greeted = raw(friends, protocol.FRIEND, seat=1, text=hello)
        assert greeted["outbox"]
        for data in (started, greeted, *(json.loads(text) for _, text in greeted["outbox"])):
            check(data, protocol.Answer)
        whole = json.loads(greeted["outbox"][-1][1])["view"]
        cards = whole["hand"][:3]
        passed = raw(friends, protocol.FRIEND, seat=1, text=protocol.friend_message(protocol.PASS, 2, cards=cards))
        changes = json.loads(passed["outbox"][-1][1])  # after the first, a view comes as its changes
        assert changes["patch"] == whole["turn"] and set(changes["view"]) < set(protocol.View.FIELDS)
        check(protocol.patched(changes, whole), protocol.Answer)  # laid over the last: a whole view
        # The deal of the day (its whole game's answers in tests/test_daily.py).
        daily = Engine(speed="instant")
        for data in (raw(daily, protocol.DAILY, date="2026-12-02"), raw(daily, protocol.VERIFY, query="result=AQFP")):
            check(data, protocol.Answer)
        # A fault: a computer player that raises (tests/test_faults.py tells the rest).
        faulty = Engine(speed="instant")
        answer = faulty.start([SEATS[0]] + [{"name": "", "bot": "medium"}] * 3, 6)
        for bot in faulty.host.table.bots[1:]:
            bot.decide = lambda view: max([])
        answered, handle = [], faulty.host.handle
        faulty.host.handle = lambda text: answered.append(handle(text)) or answered[-1]
        while answer.fault is None:
            answer = faulty.step(answer)
        check(json.loads(answered[-1]), protocol.Answer)
        # Every field is written with a value somewhere in a game (none is always None).
        never = {name: set(record.FIELDS) - seen[record.__name__] for name, record in zip(seen, RECORDS, strict=False)}
        never["View"] -= {"after_ms", "summary_hand", "last_decision"}  # set in steps this game may skip
        # (A verified daily result's fields: in tests/test_daily.py, which plays a whole daily game.)
        whole_game = ("Result", "Verdict", "DailyHand")
        assert all(not fields for name, fields in never.items() if name not in whole_game), never

    def test_a_copy_stored_before_a_field_was_added_still_reads(self):
        answer = raw(Engine(), protocol.START, options={"seats": SEATS, "seed": 2})
        older = {name: value for name, value in answer["view"].items() if name not in protocol.View.ADDED}
        assert protocol.View(older).hands_read is None
        result = {"taken": [26], "added": [0], "shooter": 0, "choice": None, "queen": 0}
        assert protocol.Result(result).omnibus is None
        with pytest.raises(ValueError, match="has no queen"):
            protocol.Result({name: value for name, value in result.items() if name != "queen"})

    def test_the_page_reads_only_fields_the_engine_writes(self):
        """Every attribute the page reads on a view, an answer or one of their parts is a declared field."""
        declared = {name for record in RECORDS for name in record.FIELDS} | {"raw_view"}
        holders = {"view", "answer", "last", "result", "refusal", "hint", "link", "was", "now", "before", "after"}
        holders |= {"earlier", "last_trick", "verdict"}
        unknown = []
        for path in PAGE.rglob("*.py"):
            if path.name in ("worker.py", "protocol.py"):
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
                    continue
                owner = node.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", None)
                if name in holders and node.attr not in declared:
                    unknown.append(f"{path.name}:{node.lineno} {name}.{node.attr}")
        assert unknown == []

    def test_the_page_sends_only_intents_the_engine_knows(self):
        used = set()
        for path in PAGE.rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "protocol":
                    used.add(node.attr)
        missing = {name for name in used if not hasattr(protocol, name)}
        assert missing == set()
        sent = {getattr(protocol, name) for name in used} & set(protocol.INTENTS)
        assert sent == set(protocol.INTENTS)

    def test_the_built_catalogue_is_the_engines(self):
        data = catalog()
        assert next(p["name"] for p in data["presets"]) == "classic"
        assert {"players", "variant", "moon"} <= {option["name"] for option in data["options"]}
        assert data["levels"] == ["basic", "medium", "hard", "expert", "random"]


class TestWhatHappensNext:
    def test_a_whole_game_through_the_protocol(self):
        answers = whole_game(Engine(speed="instant"), 5, target=40)
        steps = {answer.view.step for answer in answers}
        assert {"pass", "play", "bot", "collect", "summary", "over"} <= steps
        results = []
        for answer in answers:
            results = results[: answer.results_count - len(answer.new_results)] + answer.new_results
        assert [sum(r.added[0] for r in results)] == [answers[-1].view.scores[0]]

    def test_computers_wait_for_continue_and_a_stale_timer_changes_nothing(self):
        engine = Engine(speed="fast")
        answer = engine.start(SEATS, 8)
        answer = engine.step(answer)  # the pass
        while answer.view.step != protocol.STEP_BOT:
            answer = engine.step(answer)
        assert answer.view.after_ms == 250
        stale = engine.send(protocol.CONTINUE, turn=answer.view.turn - 1)
        # Nothing happens, and the answer times nothing: two timers never chase each other's turns.
        assert stale.ok and stale.view is None and engine.host.page.turn == answer.view.turn
        played = engine.send(protocol.CONTINUE, turn=answer.view.turn)
        assert len(played.view.trick) == len(answer.view.trick) + 1 or played.view.step == protocol.STEP_COLLECT

    def test_a_hint_or_a_share_does_not_stop_a_computers_timed_card(self):
        engine = Engine(speed="fast")
        answer = engine.step(engine.start(SEATS, 8))  # the pass
        while answer.view.step != protocol.STEP_BOT:
            answer = engine.step(answer)
        for intent, arguments in ((protocol.SHARE, {}), (protocol.HINT, {}), (protocol.READ_LINK, {"query": "deal=3"})):
            engine.send(intent, **arguments)  # the page takes these answers without their view
        played = engine.send(protocol.CONTINUE, turn=answer.view.turn)  # the timer set before them
        assert played.view is not None and played.view.turn == answer.view.turn + 1

    def test_collect_by_timer_and_autoplay_are_timed_steps(self):
        engine = Engine(speed="instant", collect="timer", autoplay="on")
        answer = engine.play_until(engine.start(SEATS, 9), lambda a: a.view.step == protocol.STEP_COLLECT)
        assert answer.view.after_ms == 1200
        answer = engine.play_until(answer, lambda a: a.view.step == protocol.STEP_PLAY and len(a.view.legal) == 1)
        assert answer.view.after_ms == 0

    def test_a_finished_hand_stays_on_the_table_until_its_summary_is_read(self):
        engine = Engine(speed="instant")
        answer = engine.start(SEATS, 6)
        before = answer.view.scores
        last = engine.play_until(answer, lambda a: a.view.step == protocol.STEP_COLLECT and a.view.tricks_played == 13)
        summary = engine.step(last)
        assert summary.view.step == protocol.STEP_SUMMARY and summary.view.summary_hand == 0
        for view in (last.view, summary.view):
            # The last hand on show: its thirteen tricks, no cards left, not yet scored; the next not dealt.
            assert view.hand_index == 0 and view.hand == [] and view.hand_sizes == [0] * 4
            assert view.scores == before and view.hands_read == 0 and sum(view.points_taken) == 26
            assert view.last_trick.plays and not view.trick and not view.can_claim
        assert len(summary.new_results) + len(last.new_results) == 1  # the summary's figures are at hand
        next_hand = engine.send(protocol.READ_ON).view
        assert next_hand.hand_index == 1 and len(next_hand.hand) == 13 and next_hand.hands_read == 1
        assert next_hand.scores != before or sum(next_hand.scores) == 0

    def test_refusals_carry_a_code_and_the_view_to_roll_back_to(self):
        engine = Engine()
        answer = engine.start(SEATS, 4)
        refused = engine.send(protocol.PASS, seat=0, cards=answer.view.hand[:2])
        assert not refused.ok and refused.refusal.code == "pass_count" and refused.refusal.values == {"count": "3"}
        assert refused.view.hand == answer.view.hand
        answer = engine.play_until(engine.step(answer), lambda a: a.view.step == protocol.STEP_PLAY and a.view.reasons)
        card, reason = next(iter(answer.view.reasons.items()))
        refused = engine.send(protocol.PLAY, seat=0, card=card)
        assert refused.refusal.code == reason.code and refused.refusal.code
        assert engine.send(protocol.UNDO).ok
        assert engine.send(protocol.START, options={"seats": [{"bot": "basic"}] * 4}).refusal.code == "person_needed"

    def test_party_mode_hands_the_device_over(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        engine = Engine()
        answer = engine.start(seats, 3)
        assert answer.view.party and answer.view.step == protocol.STEP_HANDOFF and answer.view.seat == 0
        assert answer.view.hand == [] and answer.view.hand_sizes[0] == 13  # no card before Ann has the device
        answer = engine.send(protocol.TAKE_DEVICE)
        assert answer.view.step == protocol.STEP_PASS and len(answer.view.hand) == 13
        answer = engine.send(protocol.PASS, seat=0, cards=answer.view.hand[:3])
        assert answer.view.step == protocol.STEP_HANDOFF and answer.view.seat == 1
        assert answer.view.hand == answer.view.legal == answer.view.received == []  # nor of Bo's before he has

    def test_party_mode_hands_the_device_over_only_where_a_person_must_act(self):
        """No hand-over after a hand's last card (its last trick and summary hide nobody's cards), and of the
        people to pass, the one holding the device passes first."""
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        engine = Engine(speed="instant")
        steps = []

        def hand_read(answer: protocol.Answer) -> bool:
            steps.append((answer.view.step, answer.view.seat, answer.view.hands_read))
            return answer.view.hands_read == 1 and answer.view.step != protocol.STEP_HANDOFF

        engine.play_until(engine.start(seats, 3), hand_read)
        last_card = max(index for index, (step, _, read) in enumerate(steps) if step == protocol.STEP_PLAY and not read)
        after = [step for step, _, _ in steps[last_card + 1 :]]
        assert after[: after.index(protocol.STEP_SUMMARY) + 1].count(protocol.STEP_HANDOFF) == 0, after
        holder = steps[last_card][1]
        assert steps[-1][:2] == (protocol.STEP_PASS, holder)  # the holder passes first, no hand-over between

    def test_finishing_for_one_person_survives_a_reload(self):
        seats = [{"name": "Ann", "bot": None}, {"name": "Bo", "bot": None}] + [{"name": "", "bot": "basic"}] * 2
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(seats, 3), lambda a: a.view.step == protocol.STEP_PLAY)
        finisher = answer.view.seat
        answer = engine.send(protocol.FINISH)
        assert answer.view.hand_index == 0  # (this deal) another person's turn comes: the finishing waits
        reloaded = Engine(speed="instant")
        assert reloaded.send(protocol.LOAD, saved=engine.saved()).ok
        assert reloaded.host.table.finishing == {finisher: 0}

    def test_the_cards_the_computer_played_for_a_person_are_kept_and_not_reviewed_as_theirs(self):
        engine = Engine(speed="instant")
        engine.play_until(engine.start(SEATS, 7), lambda a: a.view.step == "play" and a.view.tricks_played == 2)
        finished_from = len(engine.host.table.match.history)
        engine.send(protocol.FINISH)
        table = engine.host.table
        assert len(table.match.results) == 1 and table.played_for
        assert min(table.played_for) == finished_from
        assert {table.match.history[index].seat for index in table.played_for} == {0}
        reloaded = Engine(speed="instant")
        loaded = reloaded.send(protocol.LOAD, saved=engine.saved())
        assert reloaded.host.table.played_for == table.played_for  # kept with the finished hand's record
        (job,) = loaded.jobs  # the last hand's review comes by itself
        assert json.loads(job)["played_for"] == sorted(table.played_for)
        tricks = [decision["trick"] for decision in json.loads(quick_review(job))["decisions"]]
        assert tricks and max(tricks) < 2  # the person chose up to the third trick; the computer played on

    def test_a_damaged_record_of_the_cards_played_for_a_person_costs_only_that_record(self):
        engine = Engine(speed="instant")
        engine.play_until(engine.start(SEATS, 7), lambda a: a.view.step == "play" and a.view.tricks_played == 2)
        engine.send(protocol.FINISH)
        saved = engine.saved()
        for damage in ("x", [-1, 10**6, "3", None], {"a": 1}):
            saved["hands"][0] = dict(saved["hands"][0], played_for=damage)
            reloaded = Engine(speed="instant")
            assert reloaded.send(protocol.LOAD, saved=saved).ok
            assert reloaded.host.table.played_for == set()
            assert len(reloaded.host.table.match.results) == 1


class TestFairness:
    def test_no_answer_holds_a_card_of_another_seats_hand(self):
        """Checked on the view and the results (the save is the browser's own: its deal number alone re-deals)."""
        engine = Engine(speed="instant")
        answer = engine.start(SEATS, 11)
        rng = random.Random(11)
        passed: set[str] = set()
        for _ in range(400):
            if answer.view.step == protocol.STEP_OVER:
                break
            if answer.view.step == protocol.STEP_PASS:
                passed = set(answer.view.hand[:3])
            answer = engine.step(answer, rng)
            match = engine.host.table.match
            if match.hand_index:
                break
            text = json.dumps(answer.raw_view)
            others = {card_text(face_of(c)) for s in range(1, 4) for c in cards_in(match.hands[s])} - passed
            hidden = [card for card in others if f'"{card}"' in text]
            assert hidden == [], (answer.view.step, hidden)


class TestSaving:
    def test_what_is_written_and_sent_per_action_does_not_grow_with_the_game(self):
        engine = Engine(speed="instant")
        answer = engine.start(SEATS, 21, target=400)
        sizes: dict[int, list[tuple[int, int]]] = {}
        for _ in range(20_000):
            hand = answer.view.hand_index
            if hand > 10:
                break
            answer = engine.step(answer)
            if answer.view.step in (protocol.STEP_PLAY, protocol.STEP_BOT) and answer.view.hand_index == hand:
                sizes.setdefault(hand, []).append((engine.sent[-1], engine.written[-1]))
        first, tenth = sizes[0], sizes[9]
        assert max(s for s, _ in tenth) <= max(s for s, _ in first) * 1.05
        assert max(w for _, w in tenth) <= max(w for _, w in first) * 1.05
        assert sum(1 for key in engine.store if key.startswith(storage_keys.SAVE_HAND)) == 11

    def test_a_finished_hand_is_stored_once(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(SEATS, 22), lambda a: a.view.hand_index == 1)
        stored = engine.store[storage_keys.hand_key(0)]
        writes = []
        for _ in range(30):
            text = engine.host.handle(protocol.message(protocol.CONTINUE, turn=answer.view.turn))
            answer = protocol.read_answer(text)
            writes += [key for key, _ in answer.writes]
            answer = engine.step(answer)
        assert storage_keys.hand_key(0) not in writes and engine.store[storage_keys.hand_key(0)] == stored
        record = json.loads(stored)
        assert record["hand"] == 0 and record["result"]["added"] and len(record["actions"]) > 52

    @pytest.mark.parametrize("seed", [1, 2, 3])
    def test_load_resumes_exactly_where_the_game_was(self, seed):
        engine = Engine(speed="instant")
        answer = engine.start(SEATS, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(80, 400)):
            answer = engine.step(answer, rng)
        again = Engine(speed="instant")
        loaded = again.send(protocol.LOAD, saved=engine.saved())
        assert loaded.ok, loaded.refusal.code or loaded.refusal.text
        assert again.host.table.match.snapshot() == engine.host.table.match.snapshot()
        assert loaded.view.step == answer.view.step and loaded.view.hand == answer.view.hand
        assert loaded.results_count == len(loaded.new_results) == len(engine.host.table.match.results)

    def test_a_new_game_is_dealt_from_a_secret_and_named_at_random_and_loads_again(self):
        engine = Engine(speed="instant")
        answer = engine.send(protocol.START, options={"rules": {}, "seats": SEATS})
        table = engine.host.table
        assert is_secret(table.match.seed) and is_name(table.name) and table.name not in table.match.seed
        assert answer.view.game_key == f"{table.name}:{len(table.match.history)}"
        answer = engine.play_until(answer, lambda a: a.view.hand_index == 1)
        again = Engine(speed="instant")
        loaded = again.send(protocol.LOAD, saved=engine.saved())
        assert loaded.ok and again.host.table.match.snapshot() == table.match.snapshot()
        assert loaded.view.game_key == answer.view.game_key and storage_keys.SAVE_GAME not in dict(loaded.writes)

    def test_a_game_saved_before_games_had_secrets_and_names_loads_plays_and_is_named_once(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(engine.start(SEATS, 4242), lambda a: a.view.hand_index == 1)
        saved = engine.saved()
        del saved["game"]["name"]  # as a save made before names: a 31-bit deal number and no name
        again = Engine(speed="instant")
        again.store.update(engine.store)  # (the same browser's storage)
        loaded = again.send(protocol.LOAD, saved=saved)
        assert loaded.ok and again.host.table.match.seed == 4242 and loaded.view.hand == answer.view.hand
        header = json.loads(dict(loaded.writes)[storage_keys.SAVE_GAME])
        assert header["seed"] == 4242 and header["name"] == again.host.table.name
        assert again.step(loaded).ok
        assert Engine().send(protocol.LOAD, saved=again.saved()).view.game_key.startswith(header["name"] + ":")

    def test_damaged_pieces_are_refused_with_a_reason(self):
        engine = Engine(speed="instant")
        engine.play_until(engine.start(SEATS, 5), lambda a: a.view.hand_index == 1)
        saved = engine.saved()
        assert Engine().send_unchecked(protocol.LOAD, saved="nonsense").refusal.code == "message_field"
        cases = [
            ("save_unreadable", {storage_keys.LEGACY_SAVE: "nonsense"}),
            ("save_foreign", dict(saved, game=[1, 2])),
            ("save_damaged", dict(saved, current=None)),
            ("save_hand", dict(saved, hands=[None])),
            ("save_damaged", dict(saved, current=dict(saved["current"], game=999))),
            ("save_decision", dict(saved, current=dict(saved["current"], actions=[{"seat": 0, "play": "AS"}]))),
            ("save_newer", dict(saved, game=dict(saved["game"], version=protocol.VERSION + 1))),
        ]
        for code, broken in cases:
            refused = Engine().send(protocol.LOAD, saved=broken)
            assert not refused.ok and refused.refusal.code == code, (code, refused.refusal.code)

    def test_a_save_of_the_earlier_format_is_taken_over(self):
        table = Table.new({"seats": SEATS, "seed": 6})
        legacy = {"save": table.to_document(), "view": {}, "page": {"collected": "", "summaries_seen": 0}}
        engine = Engine()
        answer = engine.send(protocol.LOAD, saved={storage_keys.LEGACY_SAVE: legacy})
        assert answer.ok and answer.view.step == protocol.STEP_PASS
        assert storage_keys.LEGACY_SAVE in [key for key, value in answer.writes if value is None]
        assert set(engine.store) == {storage_keys.SAVE_GAME, storage_keys.SAVE_CURRENT}
        assert Engine().send(protocol.LOAD, saved=engine.saved()).ok

    def test_undo_never_goes_back_into_a_scored_hand(self):
        engine = Engine(speed="instant")
        answer = engine.play_until(
            engine.start(SEATS, 7), lambda a: a.view.hand_index == 1 and a.view.step == protocol.STEP_PASS
        )
        assert storage_keys.hand_key(0) in engine.store and not answer.view.can_undo
        record = engine.store[storage_keys.hand_key(0)]
        refused = engine.send(protocol.UNDO)
        assert not refused.ok and refused.refusal.code == "nothing_to_undo"
        assert engine.store[storage_keys.hand_key(0)] == record and engine.host.table.match.results
        answer = engine.send(protocol.PASS, seat=0, cards=answer.view.hand[:3])
        assert answer.view.can_undo  # the new hand's own decisions are taken back as before
        assert engine.send(protocol.UNDO).view.step == protocol.STEP_PASS


class TestReviews:
    @staticmethod
    def first_hand(engine: Engine, seats: list | None = None) -> list[str]:
        """Play a new game to its first summary; the review jobs its answers gave."""
        jobs: list[str] = []

        def summary(answer: protocol.Answer) -> bool:
            jobs.extend(answer.jobs)
            return answer.view.step == protocol.STEP_SUMMARY

        engine.play_until(engine.start(seats or SEATS, 11), summary)
        return jobs

    def test_a_reload_while_hands_were_being_reviewed_has_every_one_reviewed_again(self):
        engine = Engine(speed="instant")
        jobs: list[str] = []

        def second_summary(answer: protocol.Answer) -> bool:
            jobs.extend(answer.jobs)
            return answer.view.step == protocol.STEP_SUMMARY and answer.results_count == 2

        engine.play_until(engine.start(SEATS, 11), second_summary)
        engine.send(protocol.REVIEWED, review=quick_review(jobs[1]))  # the first hand's was lost to the reload
        loaded = Engine(speed="instant").send(protocol.LOAD, saved=engine.saved())
        assert [json.loads(job)["hand"] for job in loaded.jobs] == [0]
        assert [hand for hand, _ in loaded.reviews] == [1] and loaded.reviews_reset

    def test_at_one_device_each_person_sees_only_their_own_review(self):
        engine = Engine(speed="instant")
        seats = [{"name": "Ann", "bot": None}, {"name": "", "bot": "basic"}, {"name": "Bo", "bot": None}, SEATS[1]]
        jobs = self.first_hand(engine, seats)
        viewer = engine.host.page.seat
        other = 2 - viewer
        assert [json.loads(job)["seats"] for job in jobs] == [[viewer], [other]]  # one each, the viewer's first
        answers = [quick_review(job) for job in jobs]
        decisions = [json.loads(answer)["decisions"] for answer in answers]
        (entry,) = engine.send(protocol.REVIEWED, review=answers[0]).reviews
        assert entry[1][other] is None  # the other person's: not yet (nor the computers', never reviewed)
        review = engine.send(protocol.REVIEW, hand=0).review  # ready before the other person's is computed
        assert review.decisions and {decision.seat for decision in review.decisions} == {viewer}
        assert engine.send(protocol.REVIEW, hand=0, seat=other).refusal.code == "review_pending"
        (entry,) = engine.send(protocol.REVIEWED, review=answers[1]).reviews
        for seat, mine in ((viewer, decisions[0]), (other, decisions[1])):
            assert {d["seat"] for d in mine} == {seat}
            reviewed = [Decision.from_dict(d) for d in mine]
            assert entry[1][seat] == round(sum(d.lost for d in reviewed if d.mistake), 2)
        loaded = Engine(speed="instant").send(protocol.LOAD, saved=engine.saved())
        assert loaded.reviews == [entry] and loaded.jobs == []  # both persons' kept together with the save

    def test_at_one_device_the_summary_opens_each_persons_review_and_no_computers(self):
        engine = Engine(speed="instant")
        seats = [{"name": "Ann", "bot": None}, {"name": "", "bot": "basic"}, {"name": "Bo", "bot": None}, SEATS[1]]
        for job in self.first_hand(engine, seats):
            engine.send(protocol.REVIEWED, review=quick_review(job))
        for seat in (0, 2):
            review = engine.send(protocol.REVIEW, hand=0, seat=seat).review
            assert review.decisions and {decision.seat for decision in review.decisions} == {seat}
        for seat in (1, 4):  # a computer's, no seat
            refused = engine.send(protocol.REVIEW, hand=0, seat=seat)
            assert not refused.ok and refused.refusal.code == "seat_not_yours"
        refused = engine.send_unchecked(protocol.REVIEW, hand=0, seat="0")  # not a number: not the contract's
        assert not refused.ok and refused.refusal.code == "message_field"

    def test_a_finished_hand_is_reviewed_once_kept_with_the_save_and_shown(self):
        engine = Engine(speed="instant")
        jobs = self.first_hand(engine)
        assert len(jobs) == 1 and json.loads(jobs[0])["seats"] == [0]
        assert not engine.send(protocol.COLLECT).jobs  # given once
        turn = engine.host.page.turn
        reviewed = engine.send(protocol.REVIEWED, review=quick_review(jobs[0]))
        assert reviewed.ok and reviewed.view is None and engine.host.page.turn == turn  # the table's timers stand
        assert [hand for hand, _ in reviewed.reviews] == [0] and storage_keys.review_key(0) in engine.store
        shown = engine.send(protocol.REVIEW, hand=0).review
        assert shown.hand == 0 and len(shown.tricks) == 13 and len(shown.passed) == 3
        assert shown.decisions[0].trick == -1  # the pass first
        assert shown.lost == round(sum(d.lost for d in shown.decisions if d.mistake), 2) == shown.game_lost

        again = Engine(speed="instant")
        loaded = again.send(protocol.LOAD, saved=engine.saved())
        assert loaded.reviews_reset and loaded.reviews == reviewed.reviews and loaded.jobs == []

    def test_a_review_asked_for_before_it_is_ready_is_pending_and_its_job_given_once(self):
        engine = Engine(speed="instant")
        jobs = self.first_hand(engine)
        engine.play_until(engine.send(protocol.READ_ON), lambda a: a.view.step == protocol.STEP_SUMMARY)
        loaded = engine.send(protocol.LOAD, saved=engine.saved())  # a reload: the page's jobs went with it
        assert [json.loads(job)["hand"] for job in loaded.jobs] == [0, 1]  # every hand not reviewed yet
        assert loaded.jobs[0] == jobs[0]
        early = engine.send(protocol.REVIEW, hand=0)
        assert not early.ok and early.refusal.code == "review_pending" and early.jobs == []  # (given once)
        assert engine.send(protocol.REVIEW, hand=5).refusal.code == "review_hand"

    def test_a_damaged_or_foreign_review_is_not_kept(self):
        engine = Engine(speed="instant")
        jobs = self.first_hand(engine)
        review = json.loads(quick_review(jobs[0]))
        foreign = engine.send(protocol.REVIEWED, review=json.dumps(dict(review, game=review["game"] + 1)))
        assert foreign.refusal.code == "review_unusable" and foreign.view is None
        engine.send(protocol.REVIEWED, review=json.dumps(review))
        engine.store[storage_keys.review_key(0)] = '{"game": 11, "hand": 0, "decisions": [{"seat": 0}]}'
        loaded = Engine(speed="instant").send(protocol.LOAD, saved=engine.saved())
        assert loaded.ok and loaded.reviews == [] and len(loaded.jobs) == 1  # computed again

    def test_a_new_game_forgets_the_last_games_reviews(self):
        engine = Engine(speed="instant")
        jobs = self.first_hand(engine)
        engine.send(protocol.REVIEWED, review=quick_review(jobs[0]))
        engine.send(protocol.READ_ON)
        fresh = engine.send(protocol.START, options={"seats": SEATS, "seed": 12}, stored_hands=1)
        assert fresh.reviews_reset and fresh.reviews == [] and storage_keys.review_key(0) not in engine.store
