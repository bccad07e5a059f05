"""Deal of the day benchmark: prints figures, asserts nothing.  ``python -m e2e.bench_daily [--days 3]``.

For each of ``--days`` days (from 2026-12-01) the day's deal is played in
headless Chromium against the built site on 127.0.0.1, the person played
alike every time (their first three cards passed, their first legal card
played), once with the page's Expert players thinking on two workers and
once on one.  Printed:

* whether the two games' result links are the same (the same computer cards
  with one worker or two) and whether CPython's replay verifies it (the same
  as Pyodide's);
* the result link's length (its query: the payload and who played it), and
  on CPython the lengths of links of games whose person is played by Medium
  (a person's real choices: longer numbers than always the first);
* the time to verify a link in a fresh page (from the checking dialog to the
  verdict) against the time the computer players took for one hand on the
  same page (the sum of their decisions' time in the game, over four).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, sync_playwright

from e2e.browser import launch
from e2e.table import open_game, play_until
from pyapp.bots.medium import MediumBot
from pyapp.daily.day import PERSON, daily_game
from pyapp.daily.result import result_query
from pyapp.engine.match import Phase
from pyapp.engine.observation import observe
from pyapp.host.table import Table
from pyapp.host.verify import Verified, verify
from tools.build import build
from tools.serve import serve_in_background, url_of

SETTINGS = {"speed": "instant", "collect": "click", "name": "Ann"}
HANDS = 4
# Each computer decision's time as its view says (the page keeps its last view in storage).
DECISIONS = """
window.__decisions = [];
new MutationObserver(() => {
  const last = (JSON.parse(localStorage.getItem('hearts.view') || 'null') || {}).last_decision;
  if (last && JSON.stringify(last) !== JSON.stringify(window.__decisions.at(-1))) window.__decisions.push(last);
}).observe(document, { subtree: true, childList: true });
"""


def cores(count: int) -> str:
    """A script that makes the page say the device has ``count`` cores (one worker for an Expert, or two)."""
    return f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {count}}});"


def on_day(day: str) -> str:
    """A script that makes the page's today ``day`` (its clock at noon that day)."""
    noon = f"'{day}T12:00'"
    return f"window.Date = class extends Date {{ constructor(...a) {{ super(...(a.length ? a : [{noon}])); }} }};"


def play_in_browser(browser: Browser, url: str, day: str, workers: int) -> tuple[str, float]:
    """Play ``day``'s deal in a fresh profile with ``workers`` cores: its result link, and the computer
    players' thinking time for the whole game (ms, from the views' last decisions)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(cores(workers))
    context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(json.dumps(SETTINGS))})")
    context.add_init_script(DECISIONS)
    context.add_init_script(on_day(day))
    try:
        page = context.new_page()
        open_game(page, url)
        page.click("#nav [data-action=open][data-panel=daily]")
        page.locator("#dialog [data-action=daily]").click()
        page.locator("#dialog [data-action=daily][data-confirmed]").click()  # (the game in progress ends)
        page.wait_for_selector(".info:has-text('4')")
        play_until(page, "over", limit=1200)
        page.locator("#dialog [data-action=share]").click()
        page.wait_for_selector("#share-result")
        thinking = sum(decision["ms"] for decision in page.evaluate("() => window.__decisions"))
        return page.input_value("#share-result"), thinking
    finally:
        context.close()


def verify_in_browser(browser: Browser, link: str) -> float:
    """The time (ms) a fresh page takes to verify ``link``, from the checking dialog to the verdict."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(link)
        page.wait_for_selector("#dialog .checking", timeout=120_000)
        start = time.perf_counter()
        page.wait_for_selector("#dialog .verified", timeout=300_000)
        return (time.perf_counter() - start) * 1000
    finally:
        context.close()


def medium_link(day: str) -> str:
    """The result link's query of ``day``'s game with the person played by Medium (on CPython)."""
    table = Table.new(daily_game(day).options())
    person = MediumBot(7)
    while table.match.phase is not Phase.OVER:
        if table.people_to_act:
            table.act(person.decide(observe(table.match, PERSON)).to_dict())
        else:
            table.bot_step()
    return result_query(day, table.match, "Ann")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--days", type=int, default=3)
    days = [(date(2026, 12, 1) + timedelta(days=n)).isoformat() for n in range(parser.parse_args().days)]
    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        server = serve_in_background(build(Path(scratch) / "dist"))
        url = url_of(server)
        browser = launch(playwright)
        same, checked, lengths, ratios = 0, 0, [], []
        for day in days:
            two, thinking = play_in_browser(browser, url, day, 2)
            one, _ = play_in_browser(browser, url, day, 1)
            payload = urlsplit(two).query.split("=", 1)[1].split("&")[0]
            same += one == two
            checked += isinstance(verify(payload), Verified)
            verified_ms = verify_in_browser(browser, two)
            ratios.append(verified_ms / (thinking / HANDS))
            lengths.append(len(urlsplit(two).query))
            print(
                f"{day}: 1 and 2 workers alike {one == two}, CPython verifies {checked == len(ratios)}, "
                f"link {lengths[-1]} characters, verified in {verified_ms:.0f} ms, "
                f"the computer's thinking {thinking / HANDS:.0f} ms a hand",
                flush=True,
            )
        browser.close()
        server.shutdown()
    medium = [len(medium_link(day).split("?")[-1]) for day in days]
    print(f"{len(days)} days: the computer's cards alike with 1 and 2 workers in {same}, CPython verified {checked}")
    print(f"result link (query) {min(lengths)}–{max(lengths)} characters; Medium's choices {min(medium)}–{max(medium)}")
    print(f"verifying: {statistics.median(ratios):.2f} × one hand's thinking by the computer players (median)")


if __name__ == "__main__":
    main()
