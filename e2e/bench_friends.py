"""Friends' game benchmark: prints figures, asserts nothing.

``python -m e2e.bench_friends [--hands 1] [--floods 5]``: three browser
profiles in headless Chromium on 127.0.0.1 (the host, two friends; one
computer seat), the built site served once:

* seconds from a friend opening their invitation to their hand on screen
  (the reply pasted by the host as soon as it shows);
* the delay from a card clicked on one device to it showing in the trick on
  each of the others (median and worst, milliseconds);
* the bytes that cross the connections (both ways, every friend) per card
  played;
* under a flood (``--floods`` times, each at the host's turn to play: one
  friend's page, which the computer plays for, sends 3,000 messages of 3,000
  characters, and the host's page has them all), the host's own card from
  click to drawn (median and worst, milliseconds), and the other friend's
  next card from click to drawn on the host's table (median and worst, and
  how many took over 10 s), and how many messages the flooding page got
  meanwhile.

``--table``: this device the table (1920×1080, no hand) and three phones
(360×640) on it, one computer seat: each phone's seconds from its
invitation opened to its hand on screen, and the delay from a card clicked
on a phone to its showing on the table (median and worst, milliseconds).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the e2e helpers import each other by name

from e2e.browser import launch
from e2e.friends_table import (
    device,
    flood,
    host_a_game,
    host_a_table,
    join,
    play_a_hand,
    play_on,
    play_until,
    stand_in,
)
from e2e.table import current_step, pass_three
from tools.build import build
from tools.serve import serve_in_background, url_of


class LocalOnly:
    """Lets requests for 127.0.0.1 through and aborts the rest."""

    @staticmethod
    def route(route) -> None:
        """Continue or abort one request."""
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            route.abort()


LATE_MS = 10_000  # the measure: another friend's card not on the host's table by then
MOST_FLOODS = 6  # in one hand (each flood's run plays up to two of the host's cards)
SEEN = "card => card in window.seen"


def median_and_worst(values: list[float]) -> dict:
    """The median and the largest of ``values``, rounded to 0.1."""
    return {"median": round(statistics.median(values), 1), "worst": round(max(values), 1)}


def floods(host, bo, cy, count: int) -> dict:
    """``count`` floods from Cy's page (the computer plays for her), each at the host's turn in one hand: how
    soon the host's own card is drawn, and how soon Bo's next card reaches the host's table."""
    stand_in(host, cy, 3, "Cy")
    for page in (host, bo):
        page.evaluate("window.clicked = {}; window.seen = {}")  # (a card shows again in every hand)
        if current_step(page) == "pass":
            pass_three(page)
    answers = len(cy.evaluate("window.received"))
    mine, others, late = [], [], 0
    clicks = "Object.keys(window.clicked)"
    for _ in range(count):
        play_until([bo], lambda: current_step(host) == "play")  # Bo plays until it is the host's turn
        flood(cy, host)
        card = host.eval_on_selector("#hand .card:not(.dim)", "card => card.dataset.card")
        host.click(f'#hand .card[data-card="{card}"]')
        host.wait_for_function(SEEN, arg=card, timeout=600_000)
        mine.append(host.evaluate("card => window.seen[card] - window.clicked[card]", card))
        known = len(bo.evaluate(clicks))
        play_until([bo, host], lambda known=known: len(bo.evaluate(clicks)) > known)  # Bo's next card
        played = bo.evaluate(f"{clicks}.at(-1)")
        clicked = bo.evaluate("card => window.clicked[card]", played)
        try:
            host.wait_for_function(SEEN, arg=played, timeout=LATE_MS)
        except PlaywrightError:
            late += 1
            host.wait_for_function(SEEN, arg=played, timeout=600_000)  # (before the next flood)
        others.append(host.evaluate("card => window.seen[card]", played) - clicked)
    return {
        "floods": count,
        "host_card_ms": median_and_worst(mine),
        "other_friend_card_ms": {**median_and_worst(others), "over_10_s": late},
        "messages_to_the_flooder": len(cy.evaluate("window.received")) - answers,
    }


def run(hands: int, count: int) -> dict:
    """Join two friends, play ``hands`` hands, then ``count`` floods; the figures."""
    site = build(Path(__file__).resolve().parents[1] / "dist")
    server = serve_in_background(site)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            pages = [device(browser, LocalOnly()) for _ in range(3)]
            host, bo, cy = pages
            host_a_game(host, url_of(server))
            joined = [round(join(host, bo, 1), 2), round(join(host, cy, 3), 2)]
            for _ in range(hands):
                play_a_hand(pages)
            script = "({clicked, seen, received: received.map(text => text.length), sent: sent.map(t => t.length)})"
            records = [page.evaluate(script) for page in pages]
            flooded = floods(host, bo, cy, count) if count else None
            browser.close()
    finally:
        server.shutdown()
    delays = []
    for index, record in enumerate(records):
        for card, clicked in record["clicked"].items():
            for other, seen in enumerate(records):
                if other != index and card in seen["seen"] and seen["seen"][card] >= clicked:
                    delays.append(seen["seen"][card] - clicked)
    friends = records[1:]
    crossing = sum(sum(record["received"]) + sum(record["sent"]) for record in friends)
    cards = 52 * hands
    return {
        "join_seconds": joined,
        "card_delay_ms": {
            "median": round(statistics.median(delays), 1),
            "worst": round(max(delays), 1),
            "measured": len(delays),
        },
        "bytes_per_card": round(crossing / cards),
        "messages_per_card": round(sum(len(r["received"]) + len(r["sent"]) for r in friends) / cards, 2),
        "flood": flooded,
    }


def run_table(hands: int) -> dict:
    """This device the table (1920×1080) and three phones (360×640) that join it by their codes and play
    ``hands`` hands; the figures."""
    site = build(Path(__file__).resolve().parents[1] / "dist")
    server = serve_in_background(site)
    try:
        with sync_playwright() as playwright:
            browser = launch(playwright)
            table = device(browser, LocalOnly(), 1920, 1080)
            phones = [device(browser, LocalOnly(), 360, 640, touch=True) for _ in range(3)]
            host_a_table(table, url_of(server))
            joined = [round(join(table, phone, seat), 2) for seat, phone in zip((0, 1, 3), phones, strict=True)]
            for _ in range(hands):
                play_on(phones, "hand", seconds=600)
            records = [page.evaluate("({clicked, seen})") for page in (table, *phones)]
            browser.close()
    finally:
        server.shutdown()
    shown = records[0]["seen"]  # a phone's card, from its click to the table's screen
    delays = [shown[card] - at for phone in records[1:] for card, at in phone["clicked"].items() if card in shown]
    return {
        "join_seconds": joined,
        "table_shows_a_phones_card_ms": {**median_and_worst(delays), "measured": len(delays)},
    }


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description="Friends' game figures")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--floods", type=int, default=5)
    parser.add_argument("--table", action="store_true", help="this device the table, three phones its hands")
    arguments = parser.parse_args()
    if arguments.table:
        print(json.dumps(run_table(arguments.hands), indent=2))
        return
    if not 0 <= arguments.floods <= MOST_FLOODS:
        parser.error(f"--floods: 0 to {MOST_FLOODS}")
    print(json.dumps(run(arguments.hands, arguments.floods), indent=2))


if __name__ == "__main__":
    main()
