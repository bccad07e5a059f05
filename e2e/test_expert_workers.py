"""Expert thinks on every core: helper workers started for an Expert seat, the game played on with them, the
computers' next decisions thought ahead on them."""

from __future__ import annotations

import json

from conftest import FAST_SETTINGS
from table import ENGINE_TIMEOUT, open_game, store_game, take_turn

from pyapp.host.table import Table

EXPERTS = [{"name": "You", "bot": None}] + [{"name": "", "bot": "expert"}] * 3


def cores(count: int) -> str:
    """A script that makes the page say the device has ``count`` cores."""
    return f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {count}}});"


def decisions(page) -> list[dict]:
    """The computers' decisions as the stored views show them (the page keeps its last view)."""
    return page.evaluate("() => window.__decisions")


NORMAL = json.dumps({**FAST_SETTINGS, "speed": "normal"})  # a computer's card shown after 650 ms
NORMAL_SPEED = f"localStorage.setItem('hearts.settings', {json.dumps(NORMAL)});"
DECISIONS = """
window.__decisions = [];
new MutationObserver(() => {
  const view = JSON.parse(localStorage.getItem('hearts.view') || 'null');
  const last = view && view.last_decision;
  if (last && JSON.stringify(last) !== JSON.stringify(window.__decisions.at(-1))) window.__decisions.push(last);
}).observe(document, { subtree: true, childList: true });
"""


def wait_for_the_helper(page, lines: list[str]) -> None:
    """Until the engine's worker says (in ``lines``, its console) that an Expert thinks on two workers."""
    for _ in range(ENGINE_TIMEOUT // 100):
        if any("an Expert thinks on 2 workers" in line for line in lines):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"no helper worker started: {lines}")


def test_an_expert_seat_thinks_on_two_workers_where_there_are_two_cores(context, server_url):
    context.add_init_script(cores(2))
    context.add_init_script(NORMAL_SPEED)  # (a computer's card waits a while: its decision is thought ahead)
    context.add_init_script(store_game(Table.new({"seats": EXPERTS, "seed": 31})))
    context.add_init_script(DECISIONS)
    page = context.new_page()
    lines: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda message: lines.append(message.text)))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, server_url)
    wait_for_the_helper(page, lines)
    started = len(decisions(page))
    for _ in range(200):  # play on until computers have chosen among several cards with the helper's help,
        thought = [d for d in decisions(page)[started:] if d["choices"] > 1 and d["seat"] > 0]
        if len(thought) >= 2 and ahead(lines):  # one of them thought before the page asked for it
            break
        take_turn(page)
    assert thought and all(d["playouts"] > 0 for d in thought), json.dumps(decisions(page))
    assert ahead(lines), lines
    assert errors == []


def ahead(lines: list[str]) -> list[str]:
    """The engine's worker's words (``lines``) on decisions due now that were thought ahead."""
    return [line for line in lines if "a decision thought ahead is taken (due)" in line]


def test_one_core_starts_no_helper(context, server_url):
    context.add_init_script(cores(1))
    context.add_init_script(store_game(Table.new({"seats": EXPERTS, "seed": 32})))
    page = context.new_page()
    lines: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda message: lines.append(message.text)))
    open_game(page, server_url)
    take_turn(page)  # the pass: the Expert seats have chosen theirs, on this one worker
    assert not any("thinks on" in line for line in lines)


def test_a_helper_that_fails_is_dropped_and_expert_thinks_on_without_it(context, server_url):
    context.add_init_script(cores(2))
    context.add_init_script(store_game(Table.new({"seats": EXPERTS, "seed": 31})))
    context.add_init_script(DECISIONS)
    page = context.new_page()
    lines: list[str] = []
    workers: list = []
    closed: list = []

    def watch(worker) -> None:
        workers.append(worker)
        worker.on("console", lambda message: lines.append(message.text))
        worker.on("close", lambda ended: closed.append(ended))

    page.on("worker", watch)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_game(page, server_url)
    wait_for_the_helper(page, lines)
    (helper,) = [worker for worker in workers if worker.evaluate("self.name") == "thinker"]
    helper.evaluate("setTimeout(() => { throw new Error('the helper breaks'); })")
    started = len(decisions(page))
    for _ in range(200):  # play on until the computers have chosen among several cards a few times
        thought = [d for d in decisions(page)[started:] if d["choices"] > 1 and d["seat"] > 0]
        if len(thought) >= 3:
            break
        take_turn(page)
    assert all(d["playouts"] > 0 for d in thought), json.dumps(decisions(page))
    assert any("a helper worker failed and is dropped; an Expert thinks on 1 workers" in line for line in lines)
    for _ in range(ENGINE_TIMEOUT // 100):
        if helper in closed:
            break
        page.wait_for_timeout(100)
    assert helper in closed  # ended, not kept
    assert errors == []
