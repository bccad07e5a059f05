"""A friends' game in several browser profiles (devices): helpers for its tests and its benchmark."""

from __future__ import annotations

import json
import time

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError
from table import ENGINE_TIMEOUT, STEP_TIMEOUT, current_step, pass_three

# On every device: each message received on a connection, as it came, and the length of each sent; when
# each card was clicked to be played, and when each card first showed in the trick (ms since the epoch).
RECORD = """
window.received = []; window.sent = []; window.clicked = {}; window.seen = {};
const listen = RTCDataChannel.prototype.addEventListener;
RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
  if (type !== "message") return listen.call(this, type, listener, options);
  return listen.call(this, type, (event) => { window.received.push(event.data); listener(event); }, options);
};
const send = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) { window.sent.push(data.length); return send.call(this, data); };
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


def host_a_game(host: Page, url: str) -> None:
    """The host deals a game with two friends (Bo, Cy) and a computer player."""
    host.goto(url)
    host.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)
    host.click("header [data-panel=new]")
    host.select_option("#opt-level-1", "friend")
    host.fill("#opt-seatname-1", "Bo")
    host.select_option("#opt-level-3", "friend")
    host.fill("#opt-seatname-3", "Cy")
    host.click("#dialog [data-action=start]")


def join(host: Page, friend: Page, seat: int) -> float:
    """The friend opens their invitation, the host pastes the friend's reply; seconds until their hand shows."""
    host.wait_for_selector(f"#invite-{seat}", timeout=STEP_TIMEOUT)
    link = host.input_value(f"#invite-{seat}")
    start = time.perf_counter()
    friend.goto(link)
    friend.wait_for_selector("#join-reply", timeout=STEP_TIMEOUT)
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


def play_a_hand(pages: list[Page]) -> None:
    """Everyone does what their page asks (the host's timer collects the tricks) until a hand's summary has
    been read on every device."""
    read = set()
    deadline = time.monotonic() + 180
    while len(read) < len(pages):
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
