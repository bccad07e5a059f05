"""Damaged storage loses nothing and says so: every stored key × every kind of damage, after a finished hand.

Each case damages one piece of a store that holds a game with a finished
(and reviewed) hand, settings, statistics and an earlier visit's set-aside
record, boots the page on it (the real engine in-process, a store with the
browser's quota and MicroPython's smaller heap), and checks the promise:
no false word about the storage, the damaged piece set aside, everything
else kept, and a notice that says what happened.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from helpers import Engine, quick_review
from test_controller import Actuator, Worker, dealt, fetch_language, run_async
from test_web_view import QuotaStore

from pyapp.host.catalog import catalog
from pyapp.host.game import Host
from pyapp.page import daily_board, lesson, player_stats
from pyapp.page.client import EngineClient
from pyapp.page.parts.controller import Controller
from pyapp.page.session import Session
from pyapp.page.storage import (
    BROKEN_KEY,
    BROKEN_PIECE_LIMIT,
    PENDING_KEY,
    SETTINGS_KEY,
    TOO_LARGE,
    VIEW_KEY,
    MemoryStore,
    Storage,
)
from pyapp.page.stored_settings import load_settings
from pyapp.page.waiting_game import WAITING_KEY
from pyapp.page.words.i18n import set_language, t
from pyapp.shared import protocol, storage_keys

STATS_KEY = player_stats.STATS_KEY
DAILY_KEY = daily_board.DAILY_KEY
HAND = {"passed": ["QS", "AH", "KH"], "taken": [0, 13, 5, 8], "queen": 1, "shooter": None}
BOARD = {"mine": {"link": "result=AQFP", "name": "", "scores": [20, 30, 26, 28], "hands": [HAND] * 4}, "friends": []}
SETTINGS = {"speed": "instant", "collect": "click", "name": "Ann", "sound": "off", "think_ms": "150"}
HEAP = 1_000_000  # characters: a longer value is more than the page's MicroPython can read (MemoryError)
EARLIER = {"hearts.older": "what an earlier visit set aside"}
KINDS = ("truncated", "array", "string", "number", "boolean", "null", "empty", "foreign", "future", "junk")
GAME = (storage_keys.SAVE_GAME, storage_keys.SAVE_CURRENT, storage_keys.hand_key(0))
KEYS = (
    *GAME,
    storage_keys.LEGACY_SAVE,
    storage_keys.review_key(0),
    VIEW_KEY,
    PENDING_KEY,
    SETTINGS_KEY,
    STATS_KEY,
    DAILY_KEY,
    lesson.LESSON_KEY,
    WAITING_KEY,
    BROKEN_KEY,
)


class BrowserStore(QuotaStore):
    """The browser's store as the page's MicroPython reads it: about five million characters in all, and a
    value longer than its heap holds raises MemoryError."""

    def getItem(self, key):
        value = super().getItem(key)
        if value is not None and len(value) > HEAP:
            raise MemoryError("memory allocation failed")
        return value


@cache
def walked() -> tuple[dict[str, str], str]:
    """What the browser keeps after a new player's first finished hand (reviewed), read on; and the same game
    as a store from before protocol 1 kept it (one record, :data:`storage_keys.LEGACY_SAVE`)."""
    engine = Engine(speed="instant")
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
    answer, jobs = engine.start(seats, 11), []
    while answer.view.step != protocol.STEP_SUMMARY:
        answer = engine.step(answer)
        jobs += answer.jobs
    (job,) = jobs
    engine.send(protocol.REVIEWED, review=quick_review(job))
    answer = engine.send(protocol.READ_ON)
    store = dict(engine.store)
    store[VIEW_KEY] = json.dumps(answer.raw_view)
    store[SETTINGS_KEY] = json.dumps(SETTINGS)
    stats = player_stats.empty()
    stats["presets"]["classic"] = {"games": 3, "wins": 1, "hands": 17, "points": 190, "moons": 1, "queens": 4}
    stats["last"] = "an-earlier-game"
    store[STATS_KEY] = json.dumps(stats)
    store[DAILY_KEY] = json.dumps({"version": 1, "days": {"2026-12-01": BOARD}})
    store[BROKEN_KEY] = json.dumps(EARLIER)
    # The game began as a lesson, skipped after its pass (it is never counted in the statistics).
    record = {"game": lesson.game_of(answer.view), "on": False, "seen": {"pass": "0.pass.0"}}
    store[lesson.LESSON_KEY] = json.dumps(record)
    # A game waits while a hand is played again (the same game, for the walk).
    pieces = (storage_keys.SAVE_GAME, storage_keys.SAVE_CURRENT, storage_keys.hand_key(0), storage_keys.review_key(0))
    store[WAITING_KEY] = json.dumps({key: store[key] for key in pieces})
    assert storage_keys.review_key(0) in store and storage_keys.hand_key(0) in store
    document = engine.host.table.to_document()
    record = {"save": document, "view": {}, "page": {"collected": "", "summaries_seen": 1}}
    return store, json.dumps(record)


def stored(key: str) -> dict[str, str]:
    """The store whose ``key`` is damaged in the walk: a legacy record with the settings, statistics and
    set-aside record beside it, or the game in pieces."""
    store, record = walked()
    if key != storage_keys.LEGACY_SAVE:
        return store
    return {SETTINGS_KEY: store[SETTINGS_KEY], STATS_KEY: store[STATS_KEY], BROKEN_KEY: store[BROKEN_KEY], key: record}


def future(key: str, text: str) -> str:
    """The piece as a newer version of the game might store it."""
    data = json.loads(text)
    if key == storage_keys.LEGACY_SAVE:
        data["save"]["version"] = 99
    elif key == SETTINGS_KEY:
        data.update(speed="warp", theme="dark")  # a choice and a setting this version does not know
    else:
        data["version"] = data.get("version", 1) + 98 if isinstance(data.get("version", 1), int) else 99
    return json.dumps(data)


def damaged(kind: str, key: str, text: str) -> str:
    """``text`` (the piece under ``key``) damaged in this ``kind`` of way."""
    return {
        "truncated": lambda: text[: len(text) // 2],
        "array": lambda: "[1, 2]",
        "string": lambda: '"text"',
        "number": lambda: "5",
        "boolean": lambda: "true",
        "null": lambda: "null",
        "empty": lambda: "{}",
        "foreign": lambda: '{"format": "another-game", "data": [1, 2, 3]}',
        "future": lambda: future(key, text),
        "junk": lambda: "junk" * 1_048_576,  # 4 MB
    }[kind]()


ORIGINAL_PENDING = json.dumps({"ahead": {"play": "2C"}})  # (no move waits after a finished hand: one made up)


def harmless(key: str, kind: str) -> bool:
    """The damage this version reads as it is (nothing lost, nothing to say)."""
    if key == BROKEN_KEY:
        return True  # the set-aside record itself is read only when something more is set aside
    if kind == "future":  # a field this version does not look at
        return key in (
            storage_keys.SAVE_CURRENT,
            storage_keys.hand_key(0),
            storage_keys.review_key(0),
            lesson.LESSON_KEY,
        )
    return kind == "empty" and key in (SETTINGS_KEY, PENDING_KEY)  # no setting, no move waiting: nothing lost


def notice_key(key: str, kind: str) -> str:
    """The catalogue key of what the person is told."""
    if key in GAME or key == storage_keys.LEGACY_SAVE:
        return "notice.broken_save"
    if key == SETTINGS_KEY:
        return {"truncated": "aside.settings_cut", "future": "aside.settings", "foreign": "aside.settings_unknown"}.get(
            kind, "aside.settings_all"
        )
    if key == STATS_KEY:
        return "aside.stats_newer" if kind == "future" else "aside.stats_damaged"
    if key == DAILY_KEY:
        return "aside.daily_newer" if kind == "future" else "aside.daily_damaged"
    return {
        storage_keys.review_key(0): "aside.review",
        VIEW_KEY: "aside.view",
        PENDING_KEY: "aside.pending",
        lesson.LESSON_KEY: "aside.lesson",
        WAITING_KEY: "aside.waiting",
    }[key]


def boot(store: MemoryStore) -> tuple[Controller, Actuator]:
    """The page booted on ``store`` as main.py boots it, its engine up at once."""
    storage = Storage(store)
    actuator = Actuator()
    session = Session(load_settings(storage), 3)
    controller = Controller(EngineClient(), actuator, storage, session, catalog(), fetch_language)
    worker = Worker(Host())
    worker.gate.set()
    run_async(controller.startup.boot(worker.started(), "", dealt(5)))
    return controller, actuator


def promise(key: str, kind: str) -> list[str]:
    """The promises broken when ``key`` is damaged in this ``kind`` of way (none, when all are kept)."""
    base = stored(key)
    original = ORIGINAL_PENDING if key == PENDING_KEY else base.get(key, json.dumps(EARLIER))
    text = damaged(kind, key, original)
    store = BrowserStore()
    store.items.update(base)
    store.items[key] = text
    set_language("en")
    controller, actuator = boot(store)
    broken = []
    said = " ".join(actuator.notices)
    if t("storage.unavailable") in said or t("storage.full") in said:
        broken.append("a false word about the storage")
    try:
        record = json.loads(store.items.get(BROKEN_KEY) or "{}")
    except ValueError:
        record = {}
    harmless_case = harmless(key, kind)
    if not harmless_case:
        kept = TOO_LARGE if len(text) > HEAP else text[:BROKEN_PIECE_LIMIT]
        if kept not in record.values():
            broken.append("the damaged piece not set aside")
        if store.items.get(key) == text:
            broken.append("the damaged piece still in the way")
        wanted = t(notice_key(key, kind), error="", names="", number="1").split(":")[0].split("{")[0]
        if wanted not in said:
            broken.append("no notice")
    elif said:
        broken.append("a notice of nothing: " + said)
    if key != BROKEN_KEY and any(record.get(name) != value for name, value in EARLIER.items()):
        broken.append("an earlier set-aside piece lost")
    if key != SETTINGS_KEY and any(controller.session.settings[name] != value for name, value in SETTINGS.items()):
        broken.append("the settings lost")
    if key == SETTINGS_KEY and kind in ("truncated", "future"):  # the settings still readable are kept
        readable = {
            name: value
            for name, value in SETTINGS.items()
            if (kind == "future" and name != "speed") or f"{json.dumps(name)}: {json.dumps(value)}," in text
        }
        if len(readable) < 2 or any(controller.session.settings[name] != value for name, value in readable.items()):
            broken.append("readable settings reset")
    if key != STATS_KEY and controller.session.stats != json.loads(base[STATS_KEY]):
        broken.append("the statistics lost")
    if key != DAILY_KEY and key != storage_keys.LEGACY_SAVE and controller.session.daily != json.loads(base[DAILY_KEY]):
        broken.append("the deal of the day's board lost")
    if key not in (WAITING_KEY, storage_keys.LEGACY_SAVE) and store.items.get(WAITING_KEY) != base[WAITING_KEY]:
        broken.append("the waiting game lost")
    view = controller.session.view
    if key not in (*GAME, storage_keys.LEGACY_SAVE) or harmless_case:
        if view is None or view.hand_index != 1:
            broken.append("the game lost")
        if key != lesson.LESSON_KEY and store.items.get(lesson.LESSON_KEY) != base.get(lesson.LESSON_KEY):
            broken.append("the lesson's record lost")
    elif view is None or view.hand_index != 0 or not controller.session.ready:
        broken.append("no new game")
    return broken


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("key", KEYS)
def test_a_damaged_piece_is_set_aside_and_said_and_nothing_else_is_lost(key, kind):
    assert promise(key, kind) == []


def test_of_damaged_statistics_the_readable_presets_are_kept_and_stored_again():
    store = MemoryStore()
    good = {"games": 2, "wins": 1, "hands": 9, "points": 80, "moons": 0, "queens": 1}
    text = json.dumps({"version": 1, "presets": {"classic": good, "omnibus": dict(good, wins="x")}, "last": ""})
    store.setItem(STATS_KEY, text)
    storage = Storage(store)
    stats = player_stats.load(storage)
    assert stats["presets"] == {"classic": good} and json.loads(store.getItem(STATS_KEY)) == stats
    assert json.loads(store.getItem(BROKEN_KEY)) == {STATS_KEY: text} and storage.aside == [("aside.stats_damaged", {})]


def test_a_piece_set_aside_twice_keeps_both_and_a_damaged_record_is_kept_too():
    store = MemoryStore()
    storage = Storage(store)
    store.setItem(BROKEN_KEY, "[not ours")
    for text in ('{"version": 2, "new": 1}', '{"version": 3}'):  # a newer version's statistics, twice
        store.setItem(STATS_KEY, text)
        player_stats.load(storage)
    record = json.loads(store.getItem(BROKEN_KEY))
    assert record == {
        BROKEN_KEY: "[not ours",
        STATS_KEY: '{"version": 2, "new": 1}',
        STATS_KEY + "#2": '{"version": 3}',
    }
    assert store.getItem(STATS_KEY) is None  # this version counts afresh, beside (not over) the newer data


def test_settings_keep_each_readable_one_and_name_the_ones_reset():
    store = MemoryStore()
    stored = {"speed": "slow", "sound": 7, "language": "xx", "name": "Eva", "form": {"rules": [1]}, "undo": "off"}
    store.setItem(SETTINGS_KEY, json.dumps(stored))
    storage = Storage(store)
    settings = load_settings(storage)
    assert settings == {"speed": "slow", "name": "Eva", "undo": "off"}
    assert json.loads(store.getItem(SETTINGS_KEY)) == settings
    ((key, values),) = storage.aside
    assert key == "aside.settings" and sorted(values["names"]) == ["new.title", "settings.language", "settings.sound"]
    assert load_settings(storage) == settings and len(storage.aside) == 1  # said once: the next visit reads them


def test_a_store_that_answers_false_instead_of_throwing_is_full_or_refused():
    class PageStore(MemoryStore):
        """assets/boot.js's heartsStorage over a browser that refuses everything (MicroPython cannot catch a
        JavaScript exception, so it answers False)."""

        def getItem(self, key):
            return False

        def setItem(self, key, value):
            return False

    storage = Storage(PageStore())
    assert storage.set(SETTINGS_KEY, "x") is False and storage.problem == "storage.full"
    assert storage.get(SETTINGS_KEY) == "x"  # kept in memory while the page is open
    assert storage.get(STATS_KEY) is None and storage.problem == "storage.unavailable"


def test_storage_is_said_to_be_unavailable_only_when_the_browser_refuses_it():
    class Refusing(MemoryStore):
        def getItem(self, key):
            raise RuntimeError("SecurityError")

    refused = Storage(Refusing())
    assert refused.get(SETTINGS_KEY) is None and refused.problem == "storage.unavailable"
    huge = Storage(BrowserStore())
    huge.store.items[SETTINGS_KEY] = "x" * (HEAP + 1)
    assert huge.get(SETTINGS_KEY) == TOO_LARGE and huge.problem == ""
