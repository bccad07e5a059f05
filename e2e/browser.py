"""Launching headless Chromium on this kind of machine (for the tests and the benchmark)."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """Debian's Chromium when it is installed (Playwright cannot download its own browser here)."""
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def launch(playwright: Playwright, extra_args: list[str] | None = None) -> Browser:
    """Headless Chromium with this machine's closed-network flags."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS + (extra_args or []))


def launch_profile(playwright: Playwright, profile: Path) -> BrowserContext:
    """Headless Chromium on a profile kept in a folder (not incognito: the browser can install apps)."""
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=chromium_path(), args=CHROMIUM_ARGS
    )
