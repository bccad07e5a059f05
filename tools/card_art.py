"""Write the court cards' figures (``assets/cards/JS.svg`` … ``KC.svg``) from Adrian Kennard's CC0 deck.

``python -m tools.card_art`` fetches the deck with ``npm pack`` (the pinned
package below ships Kennard's SVG cards as files) and keeps, of each jack,
queen and king, only the figure inside its frame: the page draws the card's
paper, frame and corner indices itself (``assets/cards.css``), so they stay
readable at every size.  Each path's numbers are rounded to whole units of
the figure's 1300 × 2000 drawing (under 0.1 px at any size the page draws) and written
relative to the rounded point before, which keeps the twelve files small.
Run it only to change the art; commit the files it writes.
"""

from __future__ import annotations

import re
import subprocess
import tarfile
import tempfile
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "cards"
PACKAGE = "@heruka_urgyen/react-playing-cards@0.5.0"
SOURCE = "package/src/images/2color/{}.svg"
COURTS = [rank + suit for rank in "JQK" for suit in "SHDC"]

TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
ARGUMENTS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


def absolute_segments(d: str) -> list[tuple[str, list[float]]]:
    """A path's segments as absolute commands (H and V become L, every point a pair)."""
    tokens = TOKEN.findall(d)
    segments: list[tuple[str, list[float]]] = []
    x = y = start_x = start_y = 0.0
    command, i = "M", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
        upper = command.upper()
        count = ARGUMENTS[upper]
        numbers = [float(token) for token in tokens[i : i + count]]
        i += count
        relative = command.islower()
        if upper == "Z":
            segments.append(("Z", []))
            x, y = start_x, start_y
            continue
        if upper == "H":
            upper, numbers = "L", [numbers[0] + (x if relative else 0), y]
        elif upper == "V":
            upper, numbers = "L", [x, numbers[0] + (y if relative else 0)]
        elif upper == "A":
            numbers[5:7] = [numbers[5] + (x if relative else 0), numbers[6] + (y if relative else 0)]
        elif relative:
            numbers = [value + (y if index % 2 else x) for index, value in enumerate(numbers)]
        segments.append((upper, numbers))
        x, y = numbers[-2], numbers[-1]
        if upper == "M":
            start_x, start_y = x, y
            command = "l" if relative else "L"  # more pairs after a move are lines
    return segments


def number(value: float) -> str:
    """A rounded number, as short as it can be written."""
    return str(round(value))


def joined(values: list[str]) -> str:
    """Numbers in a row: a minus sign separates them without a space."""
    text = ""
    for value in values:
        text += value if not text or value.startswith("-") else " " + value
    return text


def compact_path(d: str) -> str:
    """The same path with whole numbers, each segment written relative (or absolute where that is shorter)."""
    out: list[str] = []
    x = y = start_x = start_y = 0
    last = ""  # the command letter written last
    for command, numbers in absolute_segments(d):
        if command == "Z":
            out.append("z")
            x, y, last = start_x, start_y, "z"
            continue
        points = [round(value) for value in numbers]
        if command == "A":
            rx, ry, turn, large, sweep, end_x, end_y = points
            flags = [number(rx), number(ry), number(turn), str(large), str(sweep)]
            absolute = "A" + joined([*flags, number(end_x), number(end_y)])
            relative = "a" + joined([*flags, number(end_x - x), number(end_y - y)])
        elif command in "LC" and all(value == (y if i % 2 else x) for i, value in enumerate(points)):
            continue  # a segment that goes nowhere
        elif command == "L" and (points[0] == x or points[1] == y):
            absolute = "V" + number(points[1]) if points[0] == x else "H" + number(points[0])
            relative = "v" + number(points[1] - y) if points[0] == x else "h" + number(points[0] - x)
        else:
            absolute = command + joined([number(value) for value in points])
            relative = command.lower() + joined([number(value - (y if i % 2 else x)) for i, value in enumerate(points)])
        segment = min(relative, absolute, key=len) if command != "M" or out else absolute
        letter = segment[0]
        if letter == last and letter not in "Mm":  # the same command again: its letter can go
            segment = segment[1:] if segment[1] == "-" else " " + segment[1:]
        out.append(segment)
        last = letter
        x, y = points[-2], points[-1]
        if command == "M":
            start_x, start_y = x, y
    return "".join(out)


def figure(card_svg: str) -> str:
    """A court card's figure alone: its six layers, drawn again upside down, in the frame's drawing units."""
    symbols = re.findall(r'<symbol id="(\w+)"[^>]*>(.*?)</symbol>', card_svg, re.S)
    suit = symbols[1][1]  # the suit's small shape, which the figure's ornaments reuse
    layers = "".join(body for _name, body in symbols[2:])
    body = f'<symbol id="s" viewBox="-600 -600 1200 1200">{suit}</symbol><g id="f">{layers}</g>'
    body = re.sub(r'xlink:href="#\w+"', 'href="#s"', body)
    body = re.sub(r' d="([^"]+)"', lambda match: f' d="{compact_path(match.group(1))}"', body)
    body = body.replace("></path>", "/>").replace("></use>", "/>")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1300 2000" preserveAspectRatio="none">'
        f'{body}<use href="#f" transform="rotate(180 650 1000)"/></svg>\n'
    )


def main() -> None:
    """Fetch the deck and write the twelve figures."""
    ASSETS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        name = subprocess.run(
            ["npm", "pack", PACKAGE], cwd=scratch, check=True, capture_output=True, text=True
        ).stdout.split()[-1]
        with tarfile.open(Path(scratch) / name) as archive:
            for card in COURTS:
                source = archive.extractfile(SOURCE.format(card))
                assert source is not None
                (ASSETS / f"{card}.svg").write_text(figure(source.read().decode()))
    print(f"wrote {len(COURTS)} figures to {ASSETS}")


if __name__ == "__main__":
    main()
