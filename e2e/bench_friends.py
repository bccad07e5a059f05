"""Friends' game benchmark: prints figures, asserts nothing.  ``python -m e2e.bench_friends [--hands 1]``.

Three browser profiles in headless Chromium on 127.0.0.1 (the host, two
friends; one computer seat), the built site served once:

* seconds from a friend opening their invitation to their hand on screen
  (the reply pasted by the host as soon as it shows);
* the delay from a card clicked on one device to it showing in the trick on
  each of the others (median and worst, milliseconds);
* the bytes that cross the connections (both ways, every friend) per card
  played.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the e2e helpers import each other by name

from e2e.browser import launch
from e2e.friends_table import device, host_a_game, join, play_a_hand
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


def run(hands: int) -> dict:
    """Join two friends, play ``hands`` hands; the figures."""
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
    }


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description="Friends' game figures")
    parser.add_argument("--hands", type=int, default=1)
    print(json.dumps(run(parser.parse_args().hands), indent=2))


if __name__ == "__main__":
    main()
