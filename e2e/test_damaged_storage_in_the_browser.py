"""Damaged storage in a real browser: the quota, MicroPython's heap and reloads (the rest is
tests/test_damaged_storage.py, on CPython)."""

from __future__ import annotations

import json

from conftest import FAST_SETTINGS
from table import NOTICES, hand, hands_scored, pass_three, said, wait_for_engine, wait_for_person

from pyapp.page.storage import BROKEN_KEY, BROKEN_PIECE_LIMIT, TOO_LARGE, VIEW_KEY
from pyapp.page.words.i18n import set_language, t
from pyapp.shared import protocol, storage_keys
from tests.helpers import Engine

QUOTA = 5 * 1024 * 1024  # characters Chromium keeps for an origin, keys included
# Every notice the page shows, kept (a notice replaces the last one on screen).
# A browser that refuses its store, once asked to (by the session's flag).
REFUSE = """
if (sessionStorage.getItem('refuse')) for (const name of ['getItem', 'setItem', 'removeItem'])
  Storage.prototype[name] = function () { throw new DOMException('refused', 'SecurityError'); };
"""
USED = "() => Object.keys(localStorage).reduce((sum, k) => sum + k.length + localStorage.getItem(k).length, 0)"


def walked_store() -> dict[str, str]:
    """A game after its first finished hand, read on (and statistics), as the page stores them."""
    engine = Engine(speed="instant")
    seats = [{"name": "", "bot": None}] + [{"name": "", "bot": "basic"}] * 3
    answer = engine.play_until(engine.start(seats, 21), lambda a: a.view.step == protocol.STEP_SUMMARY)
    answer = engine.send(protocol.READ_ON)
    store = dict(engine.store, **{VIEW_KEY: json.dumps(answer.raw_view)})
    store["hearts.stats"] = json.dumps({"version": 1, "presets": {}, "last": ""})
    store["hearts.settings"] = json.dumps(FAST_SETTINGS)
    return store


def put(page, url: str, store: dict[str, str]) -> None:
    """Make ``store`` all that the browser keeps for the page (from a file of the site, the game closed, so
    that nothing it does meanwhile is written)."""
    page.goto(url + "sw.js")
    page.evaluate(
        "(store) => { localStorage.clear(); for (const k in store) localStorage.setItem(k, store[k]); }", store
    )


def junk(page, key: str, size: int) -> None:
    """``size`` characters of junk under ``key``; a ``size`` of 0 or less: up to that many characters short of
    the quota (the junk there already counted out)."""
    page.evaluate("(key) => localStorage.removeItem(key)", key)
    size = size if size > 0 else QUOTA - page.evaluate(USED) - len(key) + size
    page.evaluate("([key, size]) => localStorage.setItem(key, 'junk'.repeat(size / 4 + 1).slice(0, size))", [key, size])


def reopen(page, url: str) -> None:
    """Open the game until the person has something to do."""
    page.goto(url)
    wait_for_engine(page)
    wait_for_person(page)


def test_junk_up_to_the_quota_is_set_aside_and_the_game_is_saved_after_it(page, server_url, context):
    set_language("en")
    false_words = (t("storage.unavailable"), t("storage.full"))
    context.add_init_script(NOTICES)
    context.add_init_script(REFUSE)
    store = walked_store()

    # The statistics filled with junk up to the quota (more than MicroPython's heap reads): set aside, the game
    # goes on, and what is played next is saved.
    put(page, server_url, store)
    junk(page, "hearts.stats", -1000)
    reopen(page, server_url)
    notices = said(page, t("aside.stats_damaged"))
    assert not any(word in notice for notice in notices for word in false_words), notices
    record = json.loads(page.evaluate(f"localStorage.getItem('{BROKEN_KEY}')"))
    assert record["hearts.stats"] in (TOO_LARGE, "junk" * (BROKEN_PIECE_LIMIT // 4))  # (its start, if read)
    assert hands_scored(page) == 1 and len(hand(page)) == 13  # the game, at its second hand's pass
    passed = pass_three(page)
    page.reload()
    wait_for_person(page)
    assert not set(passed) & set(hand(page)) and hands_scored(page) == 1  # the pass was saved

    # 4 MB of junk in the game's header: the game is set aside beside what was set aside before, a new one dealt.
    put(page, server_url, store | {BROKEN_KEY: json.dumps(record)})
    junk(page, storage_keys.SAVE_GAME, 4 * 1024 * 1024)
    reopen(page, server_url)
    notices = said(page, t("notice.broken_save", error=""))
    assert not any(word in notice for notice in notices for word in false_words), notices
    kept = json.loads(page.evaluate(f"localStorage.getItem('{BROKEN_KEY}')"))
    assert (
        kept["hearts.stats"] == record["hearts.stats"]
        and kept[storage_keys.hand_key(0)] == store[storage_keys.hand_key(0)]
    )
    assert hands_scored(page) == 0 and len(hand(page)) == 13

    # The store really full (of junk under a key the page never reads): that is said when a move is not saved.
    put(page, server_url, store)
    junk(page, "another.app", 0)
    reopen(page, server_url)
    junk(page, "another.app", 0)  # (full again, whatever the page has stored since)
    pass_three(page)  # the hand in progress, stored again, grows
    said(page, t("storage.full"))

    # A browser that refuses its store (it throws): that is said, and the game is played in memory.
    put(page, server_url, store)
    page.evaluate("sessionStorage.setItem('refuse', '1')")
    reopen(page, server_url)
    said(page, t("storage.unavailable"))
    pass_three(page)
