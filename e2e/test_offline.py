"""Offline play, updates and installation: the service worker and the web app manifest in a real Chromium."""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

from browser import launch_profile
from table import (
    OFFLINE_TIMEOUT,
    hand,
    open_game,
    pass_three,
    play_until,
    saved_game,
    take_turn,
    trick,
    wait_for_person,
    wait_until_offline_ready,
)

from tools.build import precompress, service_worker
from tools.serve import serve_in_background, url_of

# The service worker's caches (the engine's snapshot is kept apart, see e2e/test_snapshot.py).
SITE_CACHES = "caches.keys().then((names) => names.filter((name) => name.startsWith('hearts:')))"


def precached_files(site: Path) -> dict[str, str]:
    """The FILES constant of the built service worker: path → content hash."""
    text = (site / "sw.js").read_text()
    return json.loads(re.search(r"const FILES = (\{.*?\});", text, re.S).group(1))  # type: ignore[union-attr]


def test_first_visit_downloads_each_file_once_and_precaches_what_the_page_loads(browser, site):
    # No request guard here: a Playwright route turns the HTTP cache off, and a real first visit has one.
    server = serve_in_background(site, log=True)
    context = browser.new_context()
    page = context.new_page()
    hosts = set()
    context.on("request", lambda request: hosts.add(urlparse(request.url).netloc or urlparse(request.url).scheme))
    try:
        open_game(page, url_of(server))
        wait_until_offline_ready(page)
        counts = Counter(path for path, _ in server.request_log)
        assert [path for path, count in counts.items() if count > 1] == []
        files = precached_files(site)
        loaded = {path.lstrip("/") for path in counts} - {"", "sw.js"}
        # The page's own requests and the precache together: every precached file once, nothing else.
        assert loaded == set(files)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert hosts - {"blob", "data"} == {urlparse(url_of(server)).netloc}
    finally:
        context.close()
        server.shutdown()


def test_after_one_visit_the_game_starts_and_plays_with_the_server_gone(page, site):
    server = serve_in_background(site, base="/hearts/")
    url = url_of(server)
    open_game(page, url)
    wait_until_offline_ready(page)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == url
    server.shutdown()
    server.server_close()
    page.context.set_offline(True)
    try:
        page.reload()
        if wait_for_person(page) == "pass":
            pass_three(page)
        play_until(page, "collect")  # a whole trick, every seat's card on the table
        assert len(trick(page)) == 4
        # Every court's figure is there too, drawn or not yet (assets/cards.css fetches one when it is drawn).
        figures = "Promise.all('JQK'.split('').map((rank) => fetch(`assets/cards/${rank}S.svg`).then((r) => r.ok)))"
        assert page.evaluate(figures) == [True, True, True]
        assert page.errors == []
    finally:
        page.context.set_offline(False)


def next_build(site: Path) -> str:
    """Change the stylesheet of a built ``site`` as a new build would (the service worker's list and the gzip
    copies written again); the new version."""
    with (site / "assets" / "style.css").open("a") as css:
        css.write("\n/* the next version */\n")
    version = service_worker(site)
    precompress(site)
    return version


def test_a_new_build_is_offered_and_taken_only_on_reload_and_the_game_survives(page, site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = serve_in_background(copy)
    try:
        open_game(page, url_of(server))
        first = wait_until_offline_ready(page)
        pass_three(page)
        wait_for_person(page)  # the computers have played up to the person: nothing moves now
        cards = hand(page)
        before = saved_game(page)

        second = next_build(copy)
        assert second != first
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        page.wait_for_selector("#update:not([hidden])", timeout=OFFLINE_TIMEOUT)
        assert hand(page) == cards  # nothing swapped under the game in progress
        assert sorted(page.evaluate(SITE_CACHES)) == sorted(f"hearts:{url_of(server)}:{v}" for v in (first, second))

        page.evaluate("window.beforeUpdate = true")
        page.click("#update button")
        page.wait_for_function("!window.beforeUpdate", timeout=OFFLINE_TIMEOUT)
        wait_for_person(page)
        assert wait_until_offline_ready(page) == second
        assert page.evaluate(SITE_CACHES) == [f"hearts:{url_of(server)}:{second}"]
        assert hand(page) == cards
        assert saved_game(page) == before
        assert page.is_hidden("#update")
    finally:
        server.shutdown()


def test_the_manifest_makes_the_game_installable(playwright, server_url, tmp_path):
    context = launch_profile(playwright, tmp_path / "profile")  # an incognito window cannot install
    try:
        page = context.pages[0]
        open_game(page, server_url)
        wait_until_offline_ready(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        data = json.loads(manifest["data"])
        assert data["display"] == "standalone" and data["short_name"] == "Hearts"
        sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in data["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    finally:
        context.close()


def test_a_tab_stays_on_its_build_while_another_takes_the_next(context, site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = serve_in_background(copy)
    url = url_of(server)
    css = "(path) => fetch(path).then((response) => response.text())"
    try:
        updated = context.new_page()
        open_game(updated, url)
        first = wait_until_offline_ready(updated)
        kept = context.new_page()  # a second tab of the game, on the same build
        errors: list[str] = []
        kept.on("pageerror", lambda error: errors.append(str(error)))
        open_game(kept, url)
        wait_until_offline_ready(kept)
        style = kept.evaluate(css, "assets/style.css")

        second = next_build(copy)
        updated.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        updated.wait_for_selector("#update:not([hidden])", timeout=OFFLINE_TIMEOUT)
        updated.evaluate("window.beforeUpdate = true")
        updated.click("#update button")
        updated.wait_for_function("!window.beforeUpdate", timeout=OFFLINE_TIMEOUT)
        assert wait_until_offline_ready(updated) == second
        assert "the next version" in updated.evaluate(css, "assets/style.css")

        # The other tab, under the new service worker now, is still served its own build: its page and its
        # engine's worker alike, and it plays on.
        assert kept.evaluate(css, "assets/style.css") == style
        (engine,) = [worker for worker in kept.workers if worker.evaluate("self.name") == "engine"]
        assert engine.evaluate(css, "../assets/style.css") == style
        assert sorted(kept.evaluate(SITE_CACHES)) == sorted(f"hearts:{url}:{v}" for v in (first, second))
        take_turn(kept)
        assert errors == []

        kept.close()  # its build's cache goes once no tab runs it
        updated.reload()
        wait_until_offline_ready(updated)
        assert updated.evaluate(SITE_CACHES) == [f"hearts:{url}:{second}"]
    finally:
        server.shutdown()
