"""Draw the app icons (PNG, for the web app manifest) from ``assets/icon.svg`` in headless Chromium.

``python -m tools.icons`` writes ``assets/icon-192.png``, ``assets/icon-512.png``
and ``assets/icon-maskable-512.png``.  The maskable icon fills the whole square
with the felt and keeps the card inside the central safe circle (80% of the
width), because launchers crop it to their own shape.  Run it after changing
the SVG and commit the PNGs with it.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.browser import launch

ASSETS = Path(__file__).resolve().parents[1] / "assets"
SOURCE = ASSETS / "icon.svg"
SAFE_SCALE = 0.72  # the card's corners then sit inside the maskable safe circle


def maskable(svg: str) -> str:
    """The icon with square corners and its content shrunk into the safe zone."""
    background, content = re.match(r"(<svg[^>]*>)(<rect[^>]*/>)(.*)</svg>", svg).group(2, 3)  # type: ignore[union-attr]
    square = re.sub(r'\s*rx="[^"]*"', "", background)
    offset = 32 * (1 - SAFE_SCALE)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
        f'{square}<g transform="translate({offset:g} {offset:g}) scale({SAFE_SCALE})">{content}</g></svg>'
    )


def render(svg: str, size: int, target: Path) -> None:
    """One PNG of ``size`` × ``size`` pixels, transparent around the drawing."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport={"width": size, "height": size})
        page.set_content(
            "<style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>" + svg
        )
        page.screenshot(path=str(target), omit_background=True)
        browser.close()


def main() -> None:
    """Write the three PNG icons next to the SVG."""
    svg = SOURCE.read_text()
    render(svg, 192, ASSETS / "icon-192.png")
    render(svg, 512, ASSETS / "icon-512.png")
    render(maskable(svg), 512, ASSETS / "icon-maskable-512.png")
    print("wrote", ", ".join(f"assets/{name}" for name in ("icon-192.png", "icon-512.png", "icon-maskable-512.png")))


if __name__ == "__main__":
    main()
