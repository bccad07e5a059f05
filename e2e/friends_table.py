"""A friends' game in several browser profiles (devices): helpers for its tests and its benchmark."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from table import ENGINE_TIMEOUT, STEP_TIMEOUT, current_step, pass_three

# On every device: each message received on a connection and each sent, as they went (but the heartbeat's
# empty ones), and the channels (a test may send on one what no page would); when each card was clicked to be
# played, and when each card first showed in the trick (ms since the epoch).
RECORD = """
window.received = []; window.sent = []; window.channels = []; window.clicked = {}; window.seen = {};
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return listen.call(this, type, listener, options);
  const record = (event) => { if (event.data !== "") window.received.push(event.data); listener(event); };
  return listen.call(this, type, record, options);
};
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) {
  if (!window.channels.includes(this)) window.channels.push(this);
  if (data !== "") window.sent.push(data);
  return send.call(this, data);
};
const now = () => performance.timeOrigin + performance.now();
document.addEventListener("click", (event) => {
  const card = event.target.closest && event.target.closest("#hand .card");
  const passing = document.querySelector("[data-action=pass]");  // a card picked to pass is not played
  if (card && !passing) window.clicked[card.dataset.card] = now();
}, true);
new MutationObserver(() => {
  for (const card of document.querySelectorAll(".trick .card")) {
    if (!(card.dataset.card in window.seen)) window.seen[card.dataset.card] = now();
  }
}).observe(document, { subtree: true, childList: true });
"""
# A camera for the host's page: what it films is a canvas, on which showToCamera(svg) draws a QR code.
FAKE_CAMERA = """
const film = document.createElement("canvas");
film.width = film.height = 480;
let shown = null;
navigator.mediaDevices.enumerateDevices = async () => [{ kind: "videoinput", deviceId: "film", groupId: "" }];
navigator.mediaDevices.getUserMedia = async () => film.captureStream(10);
setInterval(() => {
  const context = film.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, 480, 480);
  if (shown) context.drawImage(shown, 60, 60, 360, 360);
}, 100);
window.showToCamera = async (svg) => {
  const image = new Image();
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
  await image.decode();
  shown = image;
};
"""
SETTINGS = json.dumps(json.dumps({"speed": "fast", "collect": "click", "name": "Ann"}))


def device(browser: Browser, guard, width: int = 1280, height: int = 800, touch: bool = False) -> Page:
    """A browser profile of its own (another device) whose requests may go to 127.0.0.1 only."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    context.route("**/*", guard.route)
    context.add_init_script(
        f"if (!localStorage.getItem('hearts.settings')) localStorage.setItem('hearts.settings', {SETTINGS});"
    )
    context.add_init_script(RECORD)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    return page


def host_a_game(host: Page, url: str, target: int | None = None) -> None:
    """The host deals a game with two friends (Bo, Cy) and a computer player (to ``target`` points)."""
    host.goto(url)
    host.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)
    host.click("header [data-panel=new]")
    if target is not None:
        host.fill("#opt-target", str(target))
    host.select_option("#opt-level-1", "friend")
    host.fill("#opt-seatname-1", "Bo")
    host.select_option("#opt-level-3", "friend")
    host.fill("#opt-seatname-3", "Cy")
    host.click("#dialog [data-action=start]")


def host_a_table(table: Page, url: str) -> int:
    """The table's device deals a game it plays no seat of: Ann (seat 0, the form's own name), Bo and Cy on
    their phones, a computer in seat 2; how many answers its engine had given before (its page's first game,
    which it holds the cards of: counted where its page records them, as e2e/test_table_screen.py's does)."""
    table.goto(url)
    table.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)
    table.click("header [data-panel=new]")
    table.check("#opt-table")
    table.select_option("#opt-level-1", "friend")
    table.fill("#opt-seatname-1", "Bo")
    table.select_option("#opt-level-3", "person")  # a person at this device: on the table, at their own phone
    table.fill("#opt-seatname-3", "Cy")
    before = table.evaluate("(window.engineAnswers || []).length")
    table.click("#dialog [data-action=start]")
    return before


def passed_at_the_table(browser: Browser, guard, url: str, phone: bool = False) -> tuple[Page, Page, Page]:
    """The host's page and two friends' (Bo in seat 1, Cy in seat 3; Cy on a phone when ``phone``), joined
    to a new game, each of them with their first pass made."""
    host = device(browser, guard)
    bo = device(browser, guard)
    cy = device(browser, guard, 360, 640, touch=True) if phone else device(browser, guard)
    host_a_game(host, url)
    join(host, bo, 1)
    join(host, cy, 3)
    host.wait_for_selector("#dialog", state="hidden", timeout=STEP_TIMEOUT)
    for page in (host, bo, cy):
        pass_three(page)
    return host, bo, cy


def join(host: Page, friend: Page, seat: int, camera: bool = False) -> float:
    """The friend opens their invitation, the host pastes the friend's reply (or scans its QR code with the
    ``camera``: :data:`FAKE_CAMERA`); seconds until their hand shows."""
    host.wait_for_selector(f"#invite-{seat}", timeout=STEP_TIMEOUT)
    link = host.input_value(f"#invite-{seat}")
    start = time.perf_counter()
    friend.goto(link)
    friend.wait_for_selector("#join-reply", timeout=STEP_TIMEOUT)
    if camera:
        host.evaluate("svg => window.showToCamera(svg)", friend.eval_on_selector("#dialog .qr svg", "e => e.outerHTML"))
        host.click(f"[data-action=scan][data-seat='{seat}']")
    else:
        host.fill(f"#reply-{seat}", friend.input_value("#join-reply"))
        host.click(f"[data-action=accept-reply][data-seat='{seat}']")
    friend.wait_for_selector("#hand .card", timeout=STEP_TIMEOUT)
    return time.perf_counter() - start


def dialog_title(page: Page) -> str:
    """The open dialog's title on ``page`` ("" when none is open)."""
    return page.evaluate("(document.querySelector('#dialog:not([hidden]) h2') || {}).textContent || ''")


def act(page: Page, selector: str) -> bool:
    """Click what the page asks for and wait until it is taken (redrawn away); False when a dialog that
    opened over it meanwhile (the hand ended on another device's card) leaves it for the next look."""
    element = page.locator(selector).first.element_handle(timeout=STEP_TIMEOUT)
    try:
        element.click(timeout=2_000, trial=True)  # clickable now, with nothing over it
    except PlaywrightError:
        return False
    try:
        element.click(timeout=STEP_TIMEOUT)
    except PlaywrightError as error:
        if "not attached" in str(error) or dialog_title(page):
            return False
        raise
    page.wait_for_function("element => !element.isConnected", arg=element, timeout=STEP_TIMEOUT)
    return True


def play_on(pages: list[Page], until: str, seconds: float = 180) -> None:
    """Everyone does what their page asks (the host's timer collects the tricks) until a hand's summary has
    been read on every device (``until="hand"``) or the game is over on every device (``"game"``)."""
    read = set()
    deadline = time.monotonic() + seconds
    while len(read) < len(pages) if until == "hand" else any(current_step(page) != "over" for page in pages):
        looks = [(current_step(page), dialog_title(page)) for page in pages]
        assert time.monotonic() < deadline, looks
        acted = False
        for index, page in enumerate(pages):
            step = current_step(page)
            if step == "pass":
                pass_three(page)
            elif step == "play":
                act(page, "#hand .card:not(.dim)")
            elif step == "summary" and act(page, "#dialog [data-action=next]"):
                read.add(index)
            else:
                continue
            acted = True
        if not acted:
            pages[0].wait_for_timeout(50)  # another device's turn: look again (each look is a state check)


def play_a_hand(pages: list[Page]) -> None:
    """Play on until a hand's summary has been read on every device."""
    play_on(pages, "hand")


def play_until(pages: list[Page], done, seconds: float = 90) -> None:
    """Each of ``pages`` plays what it is asked to until ``done()`` (the others' devices do nothing)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, [current_step(page) for page in pages]
        for page in pages:
            if current_step(page) == "play":
                act(page, "#hand .card:not(.dim)")
        pages[0].wait_for_timeout(50)


def stand_in(host: Page, friend: Page, seat: int, name: str) -> None:
    """The host lets the computer play for ``name``, the friend in ``seat``; the friend's page says so."""
    host.click(".friends-line")
    host.click(f"[data-action=stand-in][data-seat='{seat}']")
    friend.wait_for_selector("[data-action=back]", timeout=STEP_TIMEOUT)  # (their page offers to play again)
    host.wait_for_selector(f"text=Give {name} the seat back", timeout=STEP_TIMEOUT)
    host.keyboard.press("Escape")


def flood(friend: Page, host: Page, count: int = 3000, size: int = 3000) -> None:
    """The friend's page sends ``count`` messages of ``size`` characters at once on its connection (what no
    page of the game would), and waits until the host's page has had them all."""
    before = host.evaluate("window.received.length")
    script = "([count, size]) => { for (let i = 0; i < count; i++) window.channels[0].send('x'.repeat(size)); }"
    friend.evaluate(script, [count, size])
    host.wait_for_function(f"window.received.length >= {before + count}", timeout=ENGINE_TIMEOUT)


def send_raw(page: Page, text: str) -> None:
    """Send ``text`` on the page's connection as it is (what no page of the game would send)."""
    page.evaluate("text => window.channels[0].send(text)", text)


def refusals(page: Page) -> list[str]:
    """The codes of the refusals the page has received from the host."""
    return page.evaluate(
        "() => window.received.map(text => JSON.parse(text).refusal).filter(Boolean).map(refusal => refusal.code)"
    )
