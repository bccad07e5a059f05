"""End-to-end fixtures: the built site on 127.0.0.1, headless Chromium, no other host reachable."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
from browser import launch
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tools.build import build
from tools.serve import serve_in_background, url_of

FAST_SETTINGS = {"speed": "instant", "collect": "click", "name": "You"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests first (marked ``long``): the two test processes (``-n 2 --dist worksteal``) then end
    together, sharing out the short ones, instead of one waiting while the other runs a long test last."""
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for the whole run."""
    return build(tmp_path_factory.mktemp("site") / "dist")


@pytest.fixture(scope="session")
def server_url(site: Path) -> Iterator[str]:
    """The built site served at the root of a free port on 127.0.0.1."""
    server = serve_in_background(site)
    yield url_of(server)
    server.shutdown()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright, started once for the run."""
    with sync_playwright() as started:
        yield started


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """One headless Chromium for the run."""
    chromium = launch(playwright)
    yield chromium
    chromium.close()


class Guard:
    """Aborts and records every request that is not for 127.0.0.1."""

    def __init__(self) -> None:
        self.foreign: list[str] = []

    def route(self, route) -> None:
        """Let 127.0.0.1 through; abort anything else."""
        host = urlparse(route.request.url).hostname
        if host == "127.0.0.1":
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()


@pytest.fixture
def guard() -> Guard:
    """The request guard of one test."""
    return Guard()


@pytest.fixture
def context(browser: Browser, guard: Guard) -> Iterator[BrowserContext]:
    """A fresh browser profile whose requests may go to 127.0.0.1 only; fast computer players."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.route("**/*", guard.route)
    settings = json.dumps(json.dumps(FAST_SETTINGS))
    ctx.add_init_script(
        f"if (!localStorage.getItem('hearts.settings')) localStorage.setItem('hearts.settings', {settings});"
    )
    yield ctx
    ctx.close()
    assert guard.foreign == [], f"requests to other hosts: {guard.foreign}"


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """A page whose errors fail the test."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page
