"""The score chart: each player's total after every hand, as an SVG line chart (plain Python).

The chart is scaled to the totals, not to the target: early in a game the
lines would otherwise lie in a heap near 0.  The target's dashed line shows
once the totals come near it (an arrow at the top says it is higher up
until then); round grid lines give the scale, and lines that run together
are drawn a pixel apart so that each stays visible.
"""

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24
COLOURS = ("#f5c542", "#7ec8f2", "#f28b82", "#a7e07b", "#d7a6f5", "#f7a85d", "#8be0d4", "#f2f2f2", "#c9b18a", "#9aa7ff")
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)  # the grid's round steps
GRID_LINES = 5  # at most, between the lowest and the highest value shown
NEAR_TARGET = 0.6  # the target's line shows once the highest total is this share of it
SPREAD = 1.2  # pixels between the lines of seats next to each other, so that equal totals do not hide each other


def totals_by_hand(results: list, players: int) -> list:
    """Each seat's running totals: [[0, after hand 1, after hand 2, …], …]."""
    return [[0] + [result.totals[seat] for result in results] for seat in range(players)]


def grid_step(span: int) -> int:
    """The round step that draws at most :data:`GRID_LINES` grid lines over ``span`` points."""
    for step in STEPS:
        if span <= step * GRID_LINES:
            return step
    return STEPS[-1] * (span // (STEPS[-1] * GRID_LINES) + 1)


def value_range(lines: list, target) -> tuple:
    """The lowest and highest values the chart shows (on the grid's steps) and the step between them
    (``target``: the game's, or None in a game of a fixed number of hands)."""
    lowest = min(0, min(min(line) for line in lines))
    highest = max(1, max(max(line) for line in lines))
    if target is not None and highest >= target * NEAR_TARGET:
        highest = max(highest, target)
    step = grid_step(highest - lowest)
    low = -((-lowest + step - 1) // step) * step  # rounded down to a step
    high = (highest + step - 1) // step * step  # rounded up to a step
    return low, high, step


def render_chart(names: list, results: list, target, title: str) -> str:
    """An SVG chart of the totals hand by hand, with a grid, the target as a dashed line (none in a game of
    a fixed number of hands: ``target`` None) and a legend.

    ``names`` must already be escaped for HTML.
    """
    players = len(names)
    lines = totals_by_hand(results, players)
    hands = len(results)
    low, high, step = value_range(lines, target)
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM

    def x(hand):
        return round(LEFT + span_x * hand / max(hands, 1), 1)

    def y(value):
        return round(TOP + span_y * (high - value) / max(high - low, 1), 1)

    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{title}">']
    for value in range(low, high + 1, step):
        parts.append(
            f'<line class="{"axis" if value == 0 else "grid"}" x1="{LEFT}" y1="{y(value)}" x2="{WIDTH - RIGHT}" y2="{y(value)}"/>'
        )
        parts.append(f'<text x="{LEFT - 4}" y="{y(value) + 4}" text-anchor="end">{value}</text>')
    if target is not None and target <= high:
        parts.append(f'<line class="target" x1="{LEFT}" y1="{y(target)}" x2="{WIDTH - RIGHT}" y2="{y(target)}"/>')
    elif target is not None:  # still far off: where it is, in words of numbers
        parts.append(f'<text class="target-note" x="{WIDTH - RIGHT}" y="{TOP + 4}" text-anchor="end">↑ {target}</text>')
    for hand in range(1, hands + 1):
        parts.append(f'<text x="{x(hand)}" y="{HEIGHT - 6}" text-anchor="middle">{hand}</text>')
    for seat, line in enumerate(lines):
        colour = COLOURS[seat % len(COLOURS)]
        shift = round((seat - (players - 1) / 2) * SPREAD, 1)
        points = " ".join(f"{x(hand)},{round(y(value) + shift, 1)}" for hand, value in enumerate(line))
        parts.append(f'<polyline points="{points}" stroke="{colour}"/>')
        parts.append(f'<circle cx="{x(hands)}" cy="{round(y(line[-1]) + shift, 1)}" r="3" fill="{colour}"/>')
    parts.append("</svg>")
    legend = "".join(
        f'<li><span class="swatch" style="background:{COLOURS[seat % len(COLOURS)]}"></span>{name}</li>'
        for seat, name in enumerate(names)
    )
    return "".join(parts) + f'<ul class="legend">{legend}</ul>'
