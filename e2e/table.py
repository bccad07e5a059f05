"""Playing the page as a person would: small helpers over Playwright."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pyapp.shared import protocol, storage_keys
from tests.helpers import Engine

PERSON_SELECTORS = (
    "[data-action=pass]",
    "#hand .card:not(.dim):not([aria-pressed])",
    ".trick[data-action=collect]",
    "#dialog [data-action=next]",
    "#dialog [data-action=moon]",
    "#dialog [data-action=again]",
    "#dialog p.winner",  # a game's end (the deal of the day's offers Share before Play again)
)
ENGINE_TIMEOUT = 60_000
STEP_TIMEOUT = 20_000
OFFLINE_TIMEOUT = 60_000
# An init script that keeps every notice the page shows (window.notices), for said().
NOTICES = """
window.notices = [];
new MutationObserver(() => {
  const notice = document.getElementById('notice');
  if (notice && !notice.hidden && notice.textContent && window.notices.at(-1) !== notice.textContent)
    window.notices.push(notice.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


# What the page shows, read for a failing test's message (the table's state, the hand's cards as drawn).
SHOWN = """() => {
    const text = (selector) => document.querySelector(selector)?.textContent.trim() ?? null;
    const dialog = document.getElementById('dialog');
    return {
        url: location.href,
        ready: document.getElementById('table')?.dataset.ready,
        info: text('.info'),
        notice: document.getElementById('notice')?.hidden ? null : text('#notice'),
        dialog: dialog && !dialog.hidden ? dialog.textContent.trim().slice(0, 600) : null,
        controls: [...document.querySelectorAll('[data-action]')].map(c => c.dataset.action),
        hand: [...document.querySelectorAll('#hand .card')].map(
            c => `${c.dataset.card} ${c.className} ${c.getAttribute('aria-pressed') ?? ''}`.trim()),
        focus: document.activeElement?.outerHTML.slice(0, 120),
        notices: window.notices ?? null,
    };
}"""


def describe(page: Page) -> str:
    """What the page shows now and the last of what its console said: the message of a test that waited in vain."""
    try:
        shown = page.evaluate(SHOWN)
        said = [f"  {message.type}: {message.text[:300]}" for message in page.console_messages()[-40:]]
    except PlaywrightError as error:
        return f"(the page could not be read: {error})"
    lines = [f"  {name}: {value}" for name, value in shown.items()]
    return "\n".join(["the page shows:", *lines, "its console said, last:", *said])


@contextmanager
def told(page: Page, waiting_for: str) -> Iterator[None]:
    """Wait inside; a wait that times out fails saying what it waited for and what the page shows instead."""
    try:
        yield
    except PlaywrightTimeoutError as error:
        raise AssertionError(f"waited in vain for {waiting_for}\n{describe(page)}") from error


def open_game(page: Page, url: str) -> None:
    """Open the page and wait until the engine has dealt (cards in hand, clickable or passable)."""
    page.goto(url)
    wait_for_engine(page)
    wait_for_person(page)


def wait_until_offline_ready(page: Page) -> str:
    """Wait until the service worker holds every file the game needs; the build's version."""
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=OFFLINE_TIMEOUT)
    return page.evaluate("document.documentElement.dataset.version")


def wait_for_engine(page: Page) -> None:
    """Wait until the engine has answered (until then the page shows the game and may take one decision)."""
    with told(page, "the engine's first answer"):
        page.wait_for_selector("#table[data-ready=true]", timeout=ENGINE_TIMEOUT)


def wait_for_person(page: Page, timeout: int = ENGINE_TIMEOUT) -> str:
    """Wait until the person has something to do; which: pass, play, collect, summary, moon or over."""
    with told(page, "something for the person to do"):
        page.wait_for_function(
            "() => " + " || ".join(f"document.querySelector('{s}')" for s in PERSON_SELECTORS), timeout=timeout
        )
    return current_step(page)


def current_step(page: Page) -> str:
    """What the page is asking the person for right now."""
    return page.evaluate(
        """() => {
            if (document.querySelector('#dialog [data-action=next]')) return 'summary';
            if (document.querySelector('#dialog [data-action=moon]')) return 'moon';
            if (document.querySelector('#dialog [data-action=again], #dialog [data-action=leave], #dialog p.winner')) {
                return 'over';
            }
            if (document.querySelector('.trick[data-action=collect]')) return 'collect';
            if (document.querySelector('[data-action=pass]')) return 'pass';
            if (document.querySelector('#hand .card:not(.dim):not([aria-pressed])')) return 'play';
            return 'wait';
        }"""
    )


def hand(page: Page) -> list[str]:
    """The cards in the person's hand, as text (``QS``)."""
    return page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")


def trick(page: Page) -> list[str]:
    """The cards in the middle of the table."""
    return page.eval_on_selector_all(".trick .card", "cards => cards.map(c => c.dataset.card)")


def scores(page: Page) -> list[str]:
    """Each seat's total as shown at the seat."""
    return page.eval_on_selector_all(".seat .score", "items => items.map(i => i.textContent)")


def pass_three(page: Page) -> list[str]:
    """Pick the first three cards and pass them; returns what was passed."""
    cards = hand(page)[:3]
    for card in cards:
        with told(page, f"{card} picked to pass"):
            page.click(f'#hand .card[data-card="{card}"]')
            page.wait_for_selector(f'#hand .card[data-card="{card}"][aria-pressed="true"]')
    # A locator's click finds the button again if the engine's answer redraws it meanwhile; once passed,
    # no Pass button is left (until the next hand's pass).
    with told(page, f"{cards} passed"):
        page.locator("[data-action=pass]").click()
        page.wait_for_selector("[data-action=pass]", state="detached", timeout=STEP_TIMEOUT)
    return cards


STEP_TARGETS = {
    "play": "#hand .card:not(.dim)",
    "collect": ".trick[data-action=collect]",
    "summary": "#dialog [data-action=next]",
    "moon": "#dialog [data-action=moon]",
}


def click_and_wait(page: Page, selector: str) -> None:
    """Click the first match and wait until the page has redrawn it (the click was taken).

    A dialog may be redrawn by itself between finding the element and the
    click (a hand's review came in): the new one is clicked then.
    """
    for _ in range(5):
        element = page.locator(selector).first.element_handle(timeout=STEP_TIMEOUT)
        try:
            element.click(timeout=STEP_TIMEOUT)
        except PlaywrightError as error:
            if "not attached" in str(error):
                continue
            raise
        with told(page, f"{selector} redrawn after its click"):
            page.wait_for_function("element => !element.isConnected", arg=element, timeout=STEP_TIMEOUT)
        return
    raise AssertionError(f"{selector} was redrawn before every click")


def take_turn(page: Page) -> str:
    """Do whatever the page asks next (pass, play the first legal card, collect, read on); returns the step."""
    step = wait_for_person(page, STEP_TIMEOUT)
    if step == "pass":
        pass_three(page)
    elif step in STEP_TARGETS:
        click_and_wait(page, STEP_TARGETS[step])
    return step


def play_until(page: Page, wanted: str, limit: int = 600) -> None:
    """Take turns until the page asks for ``wanted`` (without doing it)."""
    for _ in range(limit):
        if wait_for_person(page, STEP_TIMEOUT) == wanted:
            return
        take_turn(page)
    raise AssertionError(f"never reached {wanted}")


def saved_game(page: Page) -> dict:
    """The game in localStorage, as the page's LOAD sends it: {"game", "hands", "current"} (parsed)."""
    return page.evaluate(
        """() => {
            const read = (key) => JSON.parse(localStorage.getItem(key));
            const current = read('hearts.current');
            const hands = [];
            for (let i = 0; current && i < current.hand; i++) hands.push(read('hearts.hand.' + i));
            return {game: read('hearts.game'), hands, current};
        }"""
    )


def hands_scored(page: Page) -> int:
    """How many finished hands are stored."""
    return page.evaluate("() => Object.keys(localStorage).filter(key => key.startsWith('hearts.hand.')).length")


def store_game(table) -> str:
    """A script that stores ``table`` (a :class:`pyapp.host.table.Table`) as the page saves a game, unless one is."""
    engine = Engine()
    answer = engine.send(protocol.LOAD, saved={storage_keys.LEGACY_SAVE: {"save": table.to_document()}})
    assert answer.ok, answer.refusal.text
    sets = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in engine.store.items())
    return f"if (!localStorage.getItem('hearts.game')) {{ {sets} }}"


def said(page: Page, text: str) -> list[str]:
    """The notices shown since the page loaded (with :data:`NOTICES`), once one says ``text``."""
    page.wait_for_function(
        "(text) => window.notices.some((notice) => notice.includes(text))", arg=text, timeout=ENGINE_TIMEOUT
    )
    return page.evaluate("window.notices")
