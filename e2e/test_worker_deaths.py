"""Every worker the page made, terminated from the page (as a crash or the browser's out-of-memory kill ends
it) at the worst moments: the person's pass in flight, the person's card in flight, a computer player (an
Expert, thinking with its helper) in the middle of its decision.

Each time the page notices at once, another engine takes the game up from its save, the decision in flight
goes to it again, and the person is told in a notice (not a dialog) that the game goes on; their next tap
plays.  Nothing of the game is lost.  Each test prints how long after the death the decision in flight
was on the table and the next tap played.
"""

from __future__ import annotations

import json

from table import (
    ENGINE_TIMEOUT,
    NOTICES,
    STEP_TIMEOUT,
    hand,
    open_game,
    play_until,
    said,
    saved_game,
    store_game,
    take_turn,
    wait_for_person,
)

from pyapp.host.table import Table
from pyapp.page.words.i18n import set_language, t

EXPERTS = [{"name": "You", "bot": None}] + [{"name": "", "bot": "expert"}] * 3
# Every worker the page makes is kept; once ``window.dieOn`` names an intent, the page's sending it
# terminates them all (the engine's helpers end with the engine) right after it is posted: that intent is
# in flight.  ``window.diedAt``: when (performance.now()).
KILL = """
window.pageWorkers = [];
const Original = window.Worker;
window.Worker = class extends Original {
  constructor(...args) { super(...args); window.pageWorkers.push(this); }
  postMessage(data, ...rest) {
    const posted = super.postMessage(data, ...rest);
    if (window.dieOn && data && typeof data.text === 'string' && JSON.parse(data.text).intent === window.dieOn) {
      window.dieOn = null;
      window.diedAt = performance.now();
      window.pageWorkers.forEach((worker) => worker.terminate());
    }
    return posted;
  }
};
"""
SINCE_DEATH = "() => (performance.now() - window.diedAt) / 1000"


def dying_page(context, server_url: str, table: Table | None = None):
    """A page in English whose workers die on the intent it is told (``window.dieOn``), opened at its
    game (``table`` stored first, or a new game), with nothing for the person to wait for."""
    set_language("en")
    if table is not None:
        context.add_init_script(store_game(table))
    context.add_init_script(NOTICES)
    context.add_init_script(KILL)
    page = context.new_page()
    errors: list[str] = []
    lines: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: lines.append(message.text))
    page.errors = errors  # type: ignore[attr-defined]
    open_game(page, server_url)
    # The engine's memory is stored once it is up (a snapshot the next engine starts from, as on any visit
    # after the first): the deaths below are measured from there.
    for _ in range(ENGINE_TIMEOUT // 100):
        if any(line.startswith("Engine snapshot:") for line in lines):
            break
        page.wait_for_timeout(100)
    return page


def next_tap(page) -> float:
    """The person's next decision taken (the game went on to it); seconds since the death when it was."""
    take_turn(page)
    return page.evaluate(SINCE_DEATH)


def survived(page, before: int) -> None:
    """Told in a notice, no fault dialog, no error, and the stored game holds more moves than ``before``."""
    said(page, t("fault.recovered"))
    assert not page.query_selector("#dialog [data-action=reload]") and page.errors == []  # type: ignore[attr-defined]
    assert len(saved_game(page)["current"]["actions"]) > before


def test_the_engine_dying_with_the_persons_pass_in_flight(context, server_url):
    page = dying_page(context, server_url)
    assert wait_for_person(page) == "pass"
    before = len(saved_game(page)["current"]["actions"])
    cards = hand(page)[:3]
    for card in cards:
        page.click(f'#hand .card[data-card="{card}"]')
        page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
    page.evaluate("window.dieOn = 'pass'")
    page.locator("[data-action=pass]").click()
    gone = "(card) => !document.querySelector(`#hand .card[data-card='${card}']`)"
    passed = f"() => window.diedAt && {json.dumps(cards)}.every({gone})"
    page.wait_for_function(passed, timeout=STEP_TIMEOUT)
    on_table = page.evaluate(SINCE_DEATH)
    tapped = next_tap(page)
    print(f"the pass in flight: passed {on_table:.1f} s after the death, the next tap played at {tapped:.1f} s")
    survived(page, before)


def test_the_engine_dying_with_the_persons_card_in_flight(context, server_url):
    page = dying_page(context, server_url)
    play_until(page, "play")
    before = len(saved_game(page)["current"]["actions"])
    card = page.eval_on_selector("#hand .card:not(.dim)", "card => card.dataset.card")
    count = len(hand(page))
    page.evaluate("window.dieOn = 'play'")
    page.click(f'#hand .card[data-card="{card}"]')
    played = f"() => window.diedAt && document.querySelectorAll('#hand .card').length === {count - 1}"
    page.wait_for_function(played, timeout=STEP_TIMEOUT)
    assert card not in hand(page)
    on_table = page.evaluate(SINCE_DEATH)
    tapped = next_tap(page)
    print(f"the card in flight: played {on_table:.1f} s after the death, the next tap played at {tapped:.1f} s")
    survived(page, before)


def test_the_engine_and_its_helper_dying_while_an_expert_thinks(context, server_url):
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {get: () => 2});")
    page = dying_page(context, server_url, Table.new({"seats": EXPERTS, "seed": 64}))
    play_until(page, "play")
    before = len(saved_game(page)["current"]["actions"])
    page.evaluate("window.dieOn = 'continue'")  # the next computer's decision (after the person's card)
    for _ in range(20):  # (the person's card may end a trick: then their collecting comes first)
        take_turn(page)
        if page.evaluate("() => window.diedAt !== undefined"):
            break
    page.wait_for_function("() => window.diedAt", timeout=STEP_TIMEOUT)
    step = wait_for_person(page, STEP_TIMEOUT)  # the computers' decisions came from the next engine
    back = page.evaluate(SINCE_DEATH)
    tapped = next_tap(page)
    print(f"an Expert thinking: the person's turn ({step}) {back:.1f} s after the death, the tap at {tapped:.1f} s")
    survived(page, before)
