"""Faults injected in the browser: each is seen, survived and told, and nothing of the game is lost.

- a computer player raises: the fault dialog, nothing sent again, the save holds every move, Reload plays on
  with that seat a level simpler;
- the engine's worker stops mid-hand: another starts, takes the game up from its save, and the person is told;
- a helper worker stops while Expert thinks: the decision still comes, on the workers left;
- every write to storage fails (full): said once, and the game goes on in memory;
- the tab sleeps for ten minutes (its timers frozen, then the clock ten minutes on): the game is where it was.
"""

from __future__ import annotations

import json
import time

from conftest import FAST_SETTINGS
from table import (
    ENGINE_TIMEOUT,
    NOTICES,
    PERSON_SELECTORS,
    STEP_TIMEOUT,
    hand,
    open_game,
    said,
    saved_game,
    store_game,
    take_turn,
    wait_for_person,
)

from pyapp.host.table import Table
from pyapp.page.words.i18n import set_language, t

MEDIUM = [{"name": "You", "bot": None}] + [{"name": "", "bot": "medium"}] * 3
EXPERTS = [{"name": "You", "bot": None}] + [{"name": "", "bot": "expert"}] * 3
# Every intent the page sends its engine, counted (the page's side of the worker's messages).
COUNTED = """
window.intents = 0;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (data, ...rest) {
  if (data && data.text !== undefined) window.intents += 1;
  return post.call(this, data, ...rest);
};
"""
BREAK_THE_COMPUTERS = """
from pyapp.workers import engine_worker

def broken(view):
    return max([])  # the issue's bug: max() of an empty sequence

for bot in engine_worker.host.table.bots:
    if bot is not None:
        bot.decide = broken
"""
HISTORY = "from pyapp.workers import engine_worker; len(engine_worker.host.table.match.history)"


def living_workers(page) -> list:
    """The page's workers, each from when it starts until it stops (kept up to date)."""
    workers: list = []

    def started(worker) -> None:
        workers.append(worker)
        worker.on("close", lambda ended: workers.remove(ended) if ended in workers else None)

    page.on("worker", started)
    return workers


def stored_game_page(context, seed: int, script: str) -> tuple:
    """A page (not yet opened) of a stored game against three Medium players dealt from ``seed``, with an
    init ``script``, in English: (the page, its living workers)."""
    set_language("en")
    context.add_init_script(store_game(Table.new({"seats": MEDIUM, "seed": seed})))
    context.add_init_script(script)
    page = context.new_page()
    return page, living_workers(page)


def engine_of(page, workers: list) -> object:
    """The engine's worker among those the page started (the newest, after a restart)."""
    for _ in range(ENGINE_TIMEOUT // 100):
        engines = [worker for worker in workers if worker.evaluate("self.name") == "engine"]
        if engines:
            return engines[-1]
        page.wait_for_timeout(100)
    raise AssertionError("no engine worker")


def run_python(worker, code: str):
    """Run ``code`` in the worker's Pyodide (the engine's Python); its last expression's value."""
    return worker.evaluate("(code) => self.heartsPython.runPython(code)", code)


def fault_or_person(page) -> bool:
    """Wait until the fault is on screen (True) or the person has something to do (False)."""
    fault = "#dialog [data-action=reload]"
    either = " || ".join(f"document.querySelector('{s}')" for s in (fault, *PERSON_SELECTORS))
    page.wait_for_function("() => " + either, timeout=STEP_TIMEOUT)
    return page.query_selector(fault) is not None


def test_a_computer_player_that_raises_is_told_at_once_and_reload_plays_on(context, server_url):
    page, workers = stored_game_page(context, 61, COUNTED)
    consoled: list[str] = []
    page.on("console", lambda message: consoled.append(message.text))
    open_game(page, server_url)
    run_python(engine_of(page, workers), BREAK_THE_COMPUTERS)
    while not fault_or_person(page):  # the person's turns, until a computer's card is asked for
        started = time.monotonic()
        take_turn(page)
    seconds = time.monotonic() - started
    print(f"the fault on screen {seconds:.2f} s after the person's last move")
    dialog = page.inner_text("#dialog")
    assert t("fault.title") in dialog and "Easy" in dialog, dialog
    assert any("max()" in line for line in consoled), consoled  # the whole traceback, in the console
    assert "max()" in page.input_value("#fault-details")
    sent = page.evaluate("window.intents")
    page.wait_for_timeout(2000)  # (a refusal's timer asked again every 650 ms: nothing may go now)
    assert page.evaluate("window.intents") == sent
    taken = run_python(engine_of(page, workers), HISTORY)
    saved = saved_game(page)
    kept = sum(len(h["actions"]) for h in saved["hands"]) + len(saved["current"]["actions"])
    assert kept == taken  # every move the table took is stored
    assert [seat["bot"] for seat in saved["game"]["seats"]].count("basic") == 1
    page.click("#dialog [data-action=reload]")
    page.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)
    for _ in range(8):  # the game goes on: tricks are played
        take_turn(page)
    assert not page.query_selector("#dialog [data-action=reload]")
    assert len(saved_game(page)["current"]["actions"]) > len(saved["current"]["actions"])


def test_the_engine_stopping_mid_hand_starts_another_that_takes_the_game_up(context, server_url):
    page, workers = stored_game_page(context, 62, NOTICES)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, server_url)
    for _ in range(3):  # into the hand
        take_turn(page)
    before = saved_game(page)["current"]["actions"]
    cards = hand(page)
    first = engine_of(page, workers)
    first.evaluate("close()")  # the engine's worker stops, without a word to the page
    said(page, t("fault.recovered"))
    wait_for_person(page, ENGINE_TIMEOUT)
    assert hand(page) == cards and saved_game(page)["current"]["actions"] == before  # where it was
    for _ in range(6):
        take_turn(page)
    assert len(saved_game(page)["current"]["actions"]) > len(before)
    assert engine_of(page, workers) is not first
    assert not page.query_selector("#dialog [data-action=reload]") and errors == []


def test_a_helper_that_stops_while_expert_thinks_leaves_the_decision_to_the_workers_left(context, server_url):
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 2});")
    context.add_init_script(store_game(Table.new({"seats": EXPERTS, "seed": 63})))
    page = context.new_page()
    workers: list = []
    lines: list[str] = []

    def watch(worker) -> None:
        workers.append(worker)
        worker.on("console", lambda message: lines.append(message.text))

    page.on("worker", watch)
    open_game(page, server_url)
    for _ in range(ENGINE_TIMEOUT // 100):
        if any("an Expert thinks on 2 workers" in line for line in lines):
            break
        page.wait_for_timeout(100)
    (helper,) = [worker for worker in workers if worker.evaluate("self.name") == "thinker"]
    # The helper stops as soon as it is given a part of a decision, before it answers.
    helper.evaluate("self.addEventListener('message', (event) => event.data.text && close())")
    for _ in range(60):
        if any("a helper worker failed and is dropped; an Expert thinks on 1 workers" in line for line in lines):
            break
        take_turn(page)
    assert any("a helper worker failed and is dropped" in line for line in lines), lines
    played = len(saved_game(page)["current"]["actions"])
    for _ in range(6):  # the computers' decisions come, thought on the engine's worker alone
        take_turn(page)
    assert len(saved_game(page)["current"]["actions"]) > played
    assert not page.query_selector("#dialog [data-action=reload]")


def test_storage_that_refuses_every_write_is_said_and_the_game_goes_on_in_memory(context, server_url):
    set_language("en")
    context.add_init_script(NOTICES)
    page = context.new_page()
    open_game(page, server_url)
    full = "() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }"
    page.evaluate(full)
    before = json.dumps(saved_game(page))
    for _ in range(8):
        take_turn(page)
    said(page, t("storage.full"))
    assert json.dumps(saved_game(page)) == before  # nothing more could be stored ...
    assert len(hand(page)) < 13 or page.query_selector("#dialog")  # ... and the game went on in memory
    assert not page.query_selector("#dialog [data-action=reload]")


def test_a_tab_asleep_for_ten_minutes_wakes_where_it_was(context, server_url):
    context.add_init_script(store_game(Table.new({"seats": MEDIUM, "seed": 64})))
    normal = json.dumps(json.dumps({**FAST_SETTINGS, "speed": "normal"}))
    context.add_init_script(f"localStorage.setItem('hearts.settings', {normal});")
    page = context.new_page()
    page.clock.install()
    open_game(page, server_url)
    for _ in range(3):
        take_turn(page)
    session = context.new_cdp_session(page)
    before = saved_game(page)
    session.send("Page.setWebLifecycleState", {"state": "frozen"})  # the tab asleep: its timers do not run
    page.clock.fast_forward("10:00")  # (what ten minutes asleep leave: every timer due at once on waking)
    session.send("Page.setWebLifecycleState", {"state": "active"})
    wait_for_person(page, ENGINE_TIMEOUT)
    after = saved_game(page)
    assert after["current"]["actions"][: len(before["current"]["actions"])] == before["current"]["actions"]
    for _ in range(6):
        take_turn(page)
    assert len(saved_game(page)["current"]["actions"]) > len(after["current"]["actions"])
    assert not page.query_selector("#dialog [data-action=reload]")
