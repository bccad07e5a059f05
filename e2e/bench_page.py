"""Page benchmark: prints figures, asserts nothing.  ``python -m e2e.bench_page [--rounds 3]``.

Measured in headless Chromium against the built site on 127.0.0.1, next to a
bare Pyodide page (``loadPyodide`` and nothing else) served from the same
files in the same run:

* time from navigation to the table drawn by Python, and to the first
  clickable card, on a first visit (new profile) and a returning visit (the
  browser restarted on the same profile);
* the longest main-thread task (PerformanceObserver ``longtask``) and the
  longest gap between animation frames, at boot and during a hand with the
  computer players thinking;
* every file the first visit downloads (the page and the service worker's
  precache together), how often and how many bytes;
* a warm start offline (the browser restarted with the network off) against
  a warm start online;
* a hand against three Hard or Expert players on a device said to have one
  or two cores: how long the page waited for each computer card (after the
  speed's delay), the playouts a card, and how many decisions were thought
  ahead, at the instant speed and (Expert on two cores) the normal one.

The load figures are measured on 127.0.0.1 as it is, and again over each
line of ``--lines`` (:mod:`tools.line`: the local server plays a slower
network, a round trip a request and one download rate for all), each against
the bare page over the same line, with the bytes that had arrived before each
moment.

Other hosts are blocked with ``--host-resolver-rules`` rather than a
Playwright route, because a route turns the HTTP cache off.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from e2e.browser import CHROMIUM_ARGS, chromium_path
from e2e.table import play_until, store_game, take_turn
from pyapp.host.table import Table
from tests.helpers import Engine
from tools.build import build
from tools.line import LINES
from tools.serve import serve_in_background, url_of

BLOCK_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: "./runtime/pyodide/" });
pyodide.runPython("1 + 1");
window.__ready = performance.now();
</script>"""
# Installed before any page script: records long tasks, frame gaps and when the table and a card appear.
PROBE = """
window.__probe = { longtasks: [], frames: [], table: null, card: null, engine: null, accept: null };
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__probe.longtasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
let last = performance.now();
function frame(now) { window.__probe.frames.push([last, now - last]); last = now; requestAnimationFrame(frame); }
requestAnimationFrame(frame);
new MutationObserver(() => {
  const p = window.__probe, now = performance.now();
  if (p.table === null && document.querySelector('#table[data-ready]')) p.table = now;
  if (p.card === null && document.querySelector('#hand .card')) p.card = now;
  if (p.engine === null && document.querySelector('#table[data-ready=true]')) p.engine = now;
  // A card the page takes a click on: one to pick for the pass, or a legal one to play.
  if (p.accept === null && document.querySelector('#hand .card[aria-pressed], #hand .card:not(.dim)')) p.accept = now;
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
SETTINGS = "localStorage.setItem('hearts.settings', JSON.stringify({speed: 'fast', collect: 'timer'}));"
# A new game against three Hard players (300 ms a card), and a probe that reads each computer decision's
# own timing from the page's copy of the last view.
# The computer players timed a card at a time in Pyodide, on a device of one core and (Expert) of two; at the
# instant speed (the page asks for each card at once) and (Expert, thinking ahead) the normal speed.
THINKING_RUNS = (("hard", 1, "instant"), ("expert", 1, "instant"), ("expert", 2, "instant"), ("expert", 2, "normal"))
DECISION_PROBE = """
window.__decisions = [];
let lastDecision = "";
new MutationObserver(() => {
  const view = JSON.parse(localStorage.getItem('hearts.view') || 'null');
  if (!view || !view.last_decision) return;
  const key = JSON.stringify(view.last_decision) + view.turn;
  if (key !== lastDecision) { lastDecision = key; window.__decisions.push(view.last_decision); }
}).observe(document, { subtree: true, childList: true });
"""


def launch(playwright: Playwright, profile: Path) -> Any:
    """Chromium on a persistent profile (so a restart keeps its cache and storage)."""
    return playwright.chromium.launch_persistent_context(
        str(profile),
        executable_path=chromium_path(),
        args=[*CHROMIUM_ARGS, BLOCK_OTHER_HOSTS],
        viewport={"width": 1280, "height": 860},
    )


def worst(items: list[list[float]], start: float, end: float) -> float:
    """The longest duration among (start time, duration) pairs that begin within [start, end]."""
    return max((duration for at, duration in items if start <= at <= end), default=0.0)


def visit(context: Any, url: str, first: bool, delivered: list[tuple[float, int, str]]) -> dict[str, float]:
    """Load the game page once and time it (a first visit: until the game is also ready offline), with the
    bytes the server had sent by each of :data:`MOMENTS` (``delivered``: the server's record, cleared first)."""
    delivered.clear()
    if first:
        context.add_init_script(SETTINGS)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__probe.card !== null", timeout=120_000)
    if first:
        page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=180_000)
    page.wait_for_timeout(300)
    probe = page.evaluate("() => window.__probe")
    page.wait_for_function("() => window.__probe.engine !== null", timeout=120_000)
    probe = page.evaluate("() => window.__probe")
    figures = {
        "table_ms": round(probe["table"]),
        "card_ms": round(probe["card"]),
        "engine_ms": round(probe["engine"]),
        "first_click_accepted_ms": round(probe["accept"] if probe["accept"] is not None else probe["engine"]),
        "boot_longest_task_ms": round(worst(probe["longtasks"], 0, probe["card"])),
        "boot_longest_frame_gap_ms": round(worst(probe["frames"], 0, probe["card"])),
    }
    origin = page.evaluate("() => performance.timeOrigin")
    return {**figures, **bytes_by(delivered, origin, {key: figures[key] for key in MOMENTS})}


def bare_visit(browser: Browser, url: str, delivered: list[tuple[float, int, str]]) -> dict[str, float]:
    """Time a bare Pyodide page from navigation to ``runPython`` done, with the bytes it needed
    (``delivered``: the server's record, cleared first)."""
    delivered.clear()
    page = browser.new_page()
    page.goto(url + "bare-pyodide.html")
    page.wait_for_function("() => window.__ready", timeout=120_000)
    origin, ready = page.evaluate("() => [performance.timeOrigin, window.__ready]")
    page.close()
    return {"bare_pyodide_ms": round(ready), **bytes_by(delivered, origin, {"bare_pyodide_ms": ready})}


def bytes_by(delivered: list[tuple[float, int, str]], origin: float, moments: dict[str, float]) -> dict[str, int]:
    """For each moment (milliseconds after the time ``origin``), the bytes the server had finished sending
    since the origin (``delivered``: epoch milliseconds, bytes and path of each response)."""
    return {
        f"{name}_bytes": sum(size for at, size, _ in delivered if origin <= at <= origin + moment)
        for name, moment in moments.items()
    }


MOMENTS = ("card_ms", "first_click_accepted_ms", "engine_ms")


def play_hand(page: Page) -> dict[str, float]:
    """Play through a hand (the computer thinking between our cards) and report the main thread's worst."""
    start = page.evaluate("() => performance.now()")
    play_until(page, "summary")
    end = page.evaluate("() => performance.now()")
    probe = page.evaluate("() => window.__probe")
    take_turn(page)  # read the summary: the next visit resumes at the next hand's pass
    long_tasks = [d for at, d in probe["longtasks"] if start <= at <= end]
    return {
        "play_longest_task_ms": round(max(long_tasks, default=0)),
        "play_tasks_over_50ms": sum(1 for d in long_tasks if d > 50),
        "play_longest_frame_gap_ms": round(worst(probe["frames"], start, end)),
        "play_seconds": round((end - start) / 1000, 1),
    }


def thinking_hand(
    playwright: Playwright, url: str, profile: Path, level: str, cores: int, speed: str
) -> dict[str, float]:
    """A hand against three players of ``level`` thinking 300 ms a card on a device that says it has
    ``cores`` cores (Expert thinks on that many workers), at the page's ``speed``: how long the page waited
    for each of their cards (after the speed's delay) and their playouts a card, in Pyodide, and how many
    of their decisions were thought ahead (before the page asked for them)."""
    context = launch(playwright, profile)
    context.add_init_script(
        f"Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', {{get: () => {cores}}});"
    )
    settings = json.dumps({"speed": speed, "collect": "click", "think_ms": "300"})
    seats = [{"name": "You", "bot": None}] + [{"name": "", "bot": level}] * 3
    context.add_init_script(store_game(Table.new({"seats": seats, "seed": 2027})))
    context.add_init_script(f"localStorage.setItem('hearts.settings', {json.dumps(settings)});")
    context.add_init_script(PROBE)
    context.add_init_script(DECISION_PROBE)
    page = context.new_page()
    lines: list[str] = []  # what the engine's worker says: each decision thought ahead and taken
    page.on("worker", lambda worker: worker.on("console", lambda message: lines.append(message.text)))
    page.goto(url)
    page.wait_for_function("() => window.__probe.card !== null", timeout=60_000)
    figures = play_hand(page)
    decisions = page.evaluate("() => window.__decisions")
    context.close()
    thinking = [d["ms"] for d in decisions if d["choices"] > 1]
    label = f"{level}_{cores}_cores" + ("" if speed == "instant" else f"_{speed}")
    return {
        f"{label}_cards_timed": len(thinking),
        f"{label}_ms_per_card_median": round(statistics.median(thinking), 1) if thinking else 0,
        f"{label}_ms_per_card_max": round(max(thinking), 1) if thinking else 0,
        f"{label}_playouts_per_card_median": statistics.median(d["playouts"] for d in decisions if d["choices"] > 1)
        if thinking
        else 0,
        f"{label}_thought_ahead": sum("a decision thought ahead is taken" in line for line in lines),
        **{f"{label}_{key}": value for key, value in figures.items()},
    }


def bytes_per_action(hands: int = 10) -> dict[str, int]:
    """Characters the engine sends and writes to storage per action, in the first hand and in hand ``hands``.

    Measured on the engine the worker runs (:class:`pyapp.host.game.Host`), on CPython: the same messages.
    """
    engine = Engine(speed="instant")
    answer = engine.start([{"name": "You", "bot": None}] + [{"name": "", "bot": "basic"}] * 3, 2027, target=1000)
    per_hand: dict[int, list[tuple[int, int]]] = {}
    while answer.view.hand_index < hands:
        hand = answer.view.hand_index
        answer = engine.step(answer)
        per_hand.setdefault(hand, []).append((engine.sent[-1], engine.written[-1]))
    figures = {}
    for label, hand in (("hand_1", 0), (f"hand_{hands}", hands - 1)):
        sent, written = zip(*per_hand[hand], strict=True)
        figures[f"{label}_answer_chars_median"] = round(statistics.median(sent))
        figures[f"{label}_answer_chars_max"] = max(sent)
        figures[f"{label}_written_chars_median"] = round(statistics.median(written))
        figures[f"{label}_written_chars_max"] = max(written)
    return figures


def load_rounds(playwright: Playwright, server: Any, url: str, scratch: Path, rounds: int, line: str) -> dict:
    """The load figures over one line (``"loopback"``: 127.0.0.1 as it is), medians over ``rounds``, each
    visit against the bare page in the same round, with the bytes each moment needed; and,
    on 127.0.0.1, the hand played on the first visit, every file downloaded and the offline start."""
    loopback = line == "loopback"
    rows: list[dict[str, float]] = []
    downloads: Counter[str] = Counter()
    sizes: dict[str, int] = {}
    for round_number in range(rounds):
        server.line = None if loopback else LINES[line]()
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=[*CHROMIUM_ARGS, BLOCK_OTHER_HOSTS])
        bare = bare_visit(browser, url, server.delivered)
        browser.close()
        profile = scratch / f"profile-{line}-{round_number}"
        server.request_log.clear()
        context = launch(playwright, profile)
        first = visit(context, url, True, server.delivered)
        if round_number == 0 and loopback:
            for path, size in server.request_log:
                if size:
                    downloads[path] += 1
                    sizes[path] = size
            first.update(play_hand(context.pages[-1]))
        context.close()
        context = launch(playwright, profile)
        returning = visit(context, url, False, server.delivered)
        context.close()
        row = {
            **bare,
            **first,
            **{f"return_{k}": v for k, v in returning.items()},
        }
        if loopback:
            context = launch(playwright, profile)
            context.set_offline(True)
            offline = visit(context, url, False, server.delivered)
            context.close()
            row.update({f"offline_{k}": v for k, v in offline.items()})
        rows.append(row)
    server.line = None
    figures: dict[str, Any] = {key: statistics.median(row[key] for row in rows if key in row) for key in rows[0]}
    figures["card_vs_bare_pyodide"] = round(figures["card_ms"] / figures["bare_pyodide_ms"], 3)
    figures["click_vs_bare_pyodide"] = round(figures["first_click_accepted_ms"] / figures["bare_pyodide_ms"], 3)
    figures["engine_vs_bare_pyodide"] = round(figures["engine_ms"] / figures["bare_pyodide_ms"], 3)
    figures["return_engine_vs_bare_pyodide"] = round(figures["return_engine_ms"] / figures["bare_pyodide_ms"], 3)
    figures["return_card_vs_bare_pyodide"] = round(figures["return_card_ms"] / figures["bare_pyodide_ms"], 3)
    if loopback:
        figures["warm_start_offline_vs_online"] = round(figures["offline_card_ms"] / figures["return_card_ms"], 3)
    # Each round's own ratios (the machine's load varies between rounds; the bare page ran in the same round).
    for prefix in ("", "return_"):
        figures[f"{prefix}engine_vs_bare_pyodide_rounds"] = [
            round(row[f"{prefix}engine_ms"] / row["bare_pyodide_ms"], 3) for row in rows
        ]
    return {"figures": figures, "downloads": downloads, "sizes": sizes}


def run(rounds: int, lines: list[str], thinking_hands: bool = True) -> dict[str, Any]:
    """All figures: on 127.0.0.1, and the load figures over each of ``lines``; the hands against thinking
    players unless ``thinking_hands`` is false."""
    with tempfile.TemporaryDirectory() as scratch:
        site = build(Path(scratch) / "dist")
        (site / "bare-pyodide.html").write_text(BARE_PAGE)
        server = serve_in_background(site, log=True)
        url = url_of(server)
        with sync_playwright() as playwright:
            local = load_rounds(playwright, server, url, Path(scratch), rounds, "loopback")
            over_lines = {
                LINES[line]().describe(): load_rounds(playwright, server, url, Path(scratch), rounds, line)["figures"]
                for line in lines
            }
            thinking = {}
            for level, cores, speed in THINKING_RUNS if thinking_hands else ():
                profile = Path(scratch) / f"profile-{level}-{cores}-{speed}"
                thinking.update(thinking_hand(playwright, url, profile, level, cores, speed))
        server.shutdown()
    figures = {**local["figures"], **thinking}
    downloads, sizes = local["downloads"], local["sizes"]
    runtime = {
        path: {"times": downloads[path], "bytes": sizes[path]} for path in sorted(downloads) if "/runtime/" in path
    }
    return {
        "rounds": rounds,
        "figures": figures,
        "over_lines": over_lines,
        "bytes_per_action": bytes_per_action(),
        "first_visit_downloads": {path: {"times": downloads[path], "bytes": sizes[path]} for path in sorted(downloads)},
        "runtime_files_fetched_more_than_once": [path for path, info in runtime.items() if info["times"] > 1],
        "first_visit_total_bytes": sum(sizes[path] * downloads[path] for path in downloads),
    }


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description="Page load and responsiveness figures")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--lines", default="fast,4g", help=f"slower networks to load over too, comma-separated: {', '.join(LINES)}"
    )
    parser.add_argument("--no-thinking", action="store_true", help="skip the hands against thinking players")
    args = parser.parse_args()
    lines = [line.strip() for line in args.lines.split(",") if line.strip()]
    print(json.dumps(run(args.rounds, lines, not args.no_thinking), indent=2))


if __name__ == "__main__":
    main()
